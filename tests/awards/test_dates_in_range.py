"""Dates the register cannot hold (year 1, 1900) are refused naming the field, on the upload
page and in the API, for a club and a state, before anything is credited."""

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.ledger.models import Credit
from tests.awards.conftest import grn
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

UPLOADERS = {
    # who: (fixture, file name, grade)
    "club": ("secretary_a", "monday.grn", "E"),
    "state": ("state_secretary_a", "congress.red", "B4"),
}


@pytest.fixture
def member(club_a):
    return PlayerFactory(home_club=club_a)


def _body(name: str, grade: str, member, **dates) -> dict:
    return {
        "file": SimpleUploadedFile(name, grn((member.abf_number, 42))),
        "name": "Old pairs",
        "grade": grade,
        "kind": "pairs",
        "sessions": "1",
        **dates,
    }


@pytest.mark.parametrize("who", sorted(UPLOADERS))
@pytest.mark.parametrize("day", ["0001-01-01", "1900-01-01", "1949-12-31"])
def test_an_event_before_the_register_is_refused_by_the_api_naming_the_field(
    request, who, day, member
):
    fixture, name, grade = UPLOADERS[who]
    client = APIClient()
    client.force_authenticate(request.getfixturevalue(fixture))

    response = client.post(
        reverse("upload-check"), _body(name, grade, member, starts_on=day), format="multipart"
    )

    assert response.status_code == 400
    fields = response.json()["error"]["fields"]
    assert fields["event.starts_on"] == [
        f"The event's first day must be between 1 January 1950 and today; {day} is not."
    ]
    assert not Credit.objects.exists()


@pytest.mark.parametrize("who", sorted(UPLOADERS))
@pytest.mark.parametrize("day", ["0001-01-01", "1900-01-01"])
def test_an_event_before_the_register_is_refused_on_the_page_naming_the_field(
    request, who, day, member
):
    fixture, name, grade = UPLOADERS[who]
    client = request.getfixturevalue({"secretary_a": "client_a"}.get(fixture, "state_client_a"))

    response = client.post(reverse("awards:upload_new"), _body(name, grade, member, starts_on=day))

    assert response.status_code == 400
    page = response.content.decode()
    assert (
        f"The event&#x27;s first day must be between 1 January 1950 and today; {day} is not."
        in page
    )
    assert not Credit.objects.exists()


def test_an_event_ending_in_a_year_far_ahead_is_refused_naming_the_field(secretary_a, member):
    client = APIClient()
    client.force_authenticate(secretary_a)

    response = client.post(
        reverse("upload-check"),
        _body("monday.grn", "E", member, starts_on="2024-03-04", ends_on="9999-12-31"),
        format="multipart",
    )

    assert response.status_code == 400
    message = response.json()["error"]["fields"]["event.ends_on"][0]
    assert message.startswith("The event's last day must be between 1 January 1950 and ")
    assert message.endswith("; 9999-12-31 is not.")


# --- every other date a user gives -----------------------------------------------------------

OUT_OF_RANGE = "must be between 1 January 1950 and"


def test_a_statement_from_year_one_is_refused_naming_the_field(secretary_a, member):
    client = APIClient()
    client.force_authenticate(secretary_a)

    response = client.get(
        reverse("masterpoints-statement", args=[member.abf_number]), {"start": "0001-01-01"}
    )

    assert response.status_code == 400
    [message] = response.json()["error"]["fields"]["start"]
    assert message.startswith("The statement's first day " + OUT_OF_RANGE)


def test_a_clubs_affiliation_in_1900_is_refused_naming_the_field(staff, staff_client, club_a):
    client = APIClient()
    client.force_authenticate(staff)

    by_api = client.post(
        reverse("api-club-update", args=[club_a.number]),
        {"affiliated_since": "1900-01-01"},
        format="json",
    )

    assert by_api.status_code == 400
    [message] = by_api.json()["error"]["fields"]["affiliated_since"]
    assert message == (
        "The affiliation's day must be between 1 January 1950 and today; 1900-01-01 is not."
    )


def test_a_payment_received_in_year_one_is_refused_naming_the_field(staff_client, club_a):
    response = staff_client.post(
        reverse("billing:payment_new"),
        {"club_number": club_a.number, "amount": "8.70", "received_on": "0001-01-01"},
    )

    page = response.content.decode()
    assert "The day the payment was received " + OUT_OF_RANGE in page
    assert "0001-01-01 is not." in page


def test_reciprocity_points_won_in_1900_are_refused_naming_the_day(staff_client, member):
    response = staff_client.post(
        reverse("awards:reciprocity"),
        {
            "abf_number": member.abf_number,
            "kind": "nz:B",
            "amount": "4",
            "event_name": "NZ Congress",
            "won_on": "1900-03-01",
        },
    )

    assert "The day the points were won " + OUT_OF_RANGE in response.content.decode()
    assert not Credit.objects.exists()


@pytest.mark.parametrize(
    ("field", "day", "words"),
    [
        ("start", "0001-01-01", "The statement's first day"),
        ("start", "1900-01-01", "The statement's first day"),
        ("end", "1949-12-31", "The statement's last day"),
        ("end", "9999-12-31", "The statement's last day"),
    ],
)
def test_the_player_pages_statement_period_is_refused_outside_the_register_naming_it(
    client, member, field, day, words
):
    response = client.get(reverse("awards:player", args=[member.abf_number]), {field: day})

    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert f"{words} must be between 1 January 1950 and" in page
    assert "The statement shows every award." in page
