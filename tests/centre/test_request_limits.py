"""Refusals before any view works: a NUL character in the address, a body larger than the
settings allow; and a bad parameter of a page answered as a 400 page naming it."""

import pytest
from rest_framework.test import APIClient

from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("url", "name"),
    [
        ("/awards/lookup/?q=%00", "q"),
        ("/awards/lookup/?q=ab%00cd", "q"),
        ("/api/v1/masterpoints/lookup?q=%00", "q"),
        ("/api/v1/masterpoints/%00", "path"),
        ("/awards/players/%00/", "path"),
        ("/national/players.csv?%00=1", "\\x00"),
    ],
)
def test_a_nul_character_in_the_address_is_a_400_naming_where(client, url, name):
    response = client.get(url)

    assert response.status_code == 400
    assert name in response.content.decode()


def test_the_api_answers_a_nul_character_in_its_error_shape(client):
    response = client.get("/api/v1/masterpoints/lookup", {"q": "\x00"})

    assert response.status_code == 400
    assert response.json()["error"]["fields"] == {
        "q": ["The q holds a NUL character (\\x00), which no address may hold."]
    }


def test_a_form_body_over_the_limit_is_refused_with_413_before_login_is_checked(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000

    response = client.post(
        "/awards/uploads/new/",
        "name=" + "x" * 2000,
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 413
    assert "1,000 bytes" in response.content.decode()


def test_a_multipart_body_over_the_file_and_fields_limit_is_refused_with_413(client, settings):
    settings.MAX_REQUEST_BYTES = 1000

    response = client.post("/awards/uploads/new/", {"name": "x" * 2000})

    assert response.status_code == 413


def test_a_content_length_that_is_not_a_number_is_a_400(client):
    response = client.generic("POST", "/api/v1/calculator/awards", b"{}", CONTENT_LENGTH="ten")

    assert response.status_code == 400


def test_the_standings_of_year_zero_are_a_400_page_naming_the_year(client):
    response = client.get("/awards/standings/0/")

    assert response.status_code == 400
    assert "year must be a whole number from 1950 to 2100" in response.content.decode()


@pytest.mark.parametrize("value", [2**31, 2**63, -1])
def test_pre_1982_red_points_beyond_the_bound_are_refused_naming_the_field(staff, club_a, value):
    player = PlayerFactory(home_club=club_a)
    client = APIClient()
    client.force_authenticate(staff)

    response = client.post(
        f"/api/v1/players/{player.abf_number}/update/", {"pre_1982_red": value}, format="json"
    )

    assert response.status_code == 400
    assert "pre_1982_red" in response.json()["error"]["fields"]
    player.refresh_from_db()
    assert player.pre_1982_red == 0
