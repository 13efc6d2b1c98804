"""What a refusal of the registry may tell: that a likely duplicate exists and how to reach it
(transfer in, reactivate), never a private field (birth year, email) of a player the login may
not read in full."""

import json

import pytest

from players.models import Player
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

NEW = {
    "given_names": "Lisa",
    "family_name": "Morris",
    "email": "lisa.new@example.org",
    "confirmed_never_registered": True,
}


@pytest.fixture
def other_clubs_lisa(club_b):
    return PlayerFactory(
        given_names="Lisa",
        family_name="Morris",
        birth_year=1988,
        email="lisa.private@example.org",
        home_club=club_b,
    )


def _api_register(client, **data):
    return client.post(
        "/api/v1/clubs/201/players/", json.dumps({**NEW, **data}), content_type="application/json"
    )


def _page_register(client, **data):
    client.get("/players/search/", {"q": "morris"})
    form = {**NEW, "confirmed_never_registered": "on", **data}
    return client.post("/players/new/", {k: v for k, v in form.items() if v is not None})


@pytest.mark.parametrize("birth_year", [None, 1988, 1987])
def test_api_refusal_names_another_clubs_duplicate_without_its_birth_year(
    client_a, other_clubs_lisa, birth_year
):
    response = _api_register(client_a, birth_year=birth_year)

    assert response.status_code == 400
    message = response.json()["error"]["fields"]["duplicates_reviewed"][0]
    assert message.startswith("Likely already registered: ")
    assert f"{other_clubs_lisa.abf_number} Lisa Morris (active, Club B)" in message
    assert "Transfer that player in" in message
    assert "1988" not in response.content.decode()
    assert "lisa.private@example.org" not in response.content.decode()
    assert Player.objects.count() == 1


def test_api_answer_is_the_same_whatever_birth_year_is_tried(client_a, other_clubs_lisa):
    """No yes/no oracle: guessing the birth year changes nothing in the answer."""
    answers = {
        year: _api_register(client_a, birth_year=year).json() for year in (1950, 1987, 1988, 1989)
    }

    assert len({json.dumps(answer, sort_keys=True) for answer in answers.values()}) == 1
    assert Player.objects.count() == 1


@pytest.mark.parametrize("birth_year", ["", "1988", "1987"])
def test_page_refusal_names_another_clubs_duplicate_without_its_birth_year(
    client_a, other_clubs_lisa, birth_year
):
    response = _page_register(client_a, birth_year=birth_year)

    text = response.content.decode()
    assert response.status_code == 200
    assert "Likely already registered" in text
    assert other_clubs_lisa.abf_number in text
    assert "1988" not in text.replace('value="1988"', "")
    assert "lisa.private@example.org" not in text
    assert Player.objects.count() == 1


def test_own_clubs_duplicate_is_shown_with_its_birth_year(client_a, club_a):
    own = PlayerFactory(given_names="Lisa", family_name="Morris", birth_year=1988, home_club=club_a)

    matching = _api_register(client_a, birth_year=1988)
    other_year = _api_register(client_a, birth_year=1970)

    message = matching.json()["error"]["fields"]["duplicates_reviewed"][0]
    assert f"{own.abf_number} Lisa Morris (1988, active, Club A)" in message
    # The club reads its own member in full, so a different birth year is not a duplicate.
    assert other_year.status_code == 201


def test_staff_see_the_birth_year_of_any_duplicate(staff_client, club_a, other_clubs_lisa):
    response = staff_client.post(
        "/api/v1/clubs/201/players/",
        json.dumps({**NEW, "birth_year": 1988}),
        content_type="application/json",
    )

    assert "(1988, active, Club B)" in response.json()["error"]["fields"]["duplicates_reviewed"][0]


def test_reviewed_duplicate_registers_a_new_player(client_a, other_clubs_lisa):
    response = _api_register(client_a, birth_year=1987, duplicates_reviewed=True)

    assert response.status_code == 201
    assert Player.objects.count() == 2


def test_transfer_and_alternate_refusals_name_only_public_fields(client_a, club_b):
    gone = PlayerFactory(
        home_club=None, status="deceased", birth_year=1931, email="gone@example.org"
    )

    for path in ("/api/v1/clubs/201/transfers/", "/api/v1/clubs/201/alternates/add/"):
        response = client_a.post(
            path, json.dumps({"abf_number": gone.abf_number}), content_type="application/json"
        )
        assert response.status_code == 400
        assert "1931" not in response.content.decode()
        assert "gone@example.org" not in response.content.decode()
