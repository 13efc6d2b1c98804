"""The clubs API: scoped as the pages, and the secretary's contact details (guide F4)."""

import pytest
from django.core import mail
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_each_login_lists_only_the_clubs_it_may_read(
    secretary_a, state_secretary_b, staff, club_a, club_b
):
    def numbers(user) -> list[int]:
        return [c["number"] for c in api_for(user).get("/api/v1/clubs/").json()["results"]]

    assert numbers(secretary_a) == [201]
    assert numbers(state_secretary_b) == [301]
    assert numbers(staff) == [201, 301]


def test_secretary_changes_contact_details_and_both_addresses_hear_of_it(
    secretary_a, club_a, django_capture_on_commit_callbacks
):
    old = club_a.secretary_email

    with django_capture_on_commit_callbacks(execute=True):
        response = api_for(secretary_a).post(
            "/api/v1/clubs/201/update/",
            {"secretary_email": "next@example.org", "postal_address": "PO Box 9"},
            format="json",
        )

    assert response.status_code == 200
    assert response.json()["secretary_email"] == "next@example.org"
    assert sorted(m.to[0] for m in mail.outbox) == sorted([old, "next@example.org"])


def test_secretary_cannot_change_what_is_the_centres(secretary_a, club_a):
    response = api_for(secretary_a).post(
        "/api/v1/clubs/201/update/", {"name": "Renamed", "remote": True}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["error"]["fields"]["name"] == ["This field cannot be changed here."]
    club_a.refresh_from_db()
    assert (club_a.name, club_a.remote) == ("Club A", False)


def test_staff_change_a_clubs_state_and_flags(staff, club_b, state_a):
    response = api_for(staff).post(
        "/api/v1/clubs/301/update/",
        {"state": "NSW", "remote": True, "sessions_per_year": 200},
        format="json",
    )

    assert response.status_code == 200
    club_b.refresh_from_db()
    assert (club_b.state, club_b.remote, club_b.sessions_per_year) == (state_a, True, 200)


def test_staff_add_a_state_and_a_club_through_the_api(staff):
    client = api_for(staff)

    state = client.post("/api/v1/states/create/", {"code": "NT", "name": "Northern Territory"})
    club = client.post(
        "/api/v1/clubs/create/",
        {"number": 801, "name": "Darwin Bridge Club", "state": "NT", "remote": True},
        format="json",
    )
    opted_out = client.post(
        "/api/v1/states/NT/update/", {"requires_authorisation": False}, format="json"
    )

    assert (state.status_code, club.status_code) == (201, 201)
    assert club.json()["state"] == "NT"
    assert opted_out.json()["requires_authorisation"] is False


def test_a_special_club_needs_no_state_but_an_ordinary_one_does(staff):
    client = api_for(staff)

    youth = client.post(
        "/api/v1/clubs/create/",
        {"number": 994, "name": "Youth Players' Club", "kind": "youth"},
        format="json",
    )
    stateless = client.post(
        "/api/v1/clubs/create/", {"number": 802, "name": "Nowhere"}, format="json"
    )

    assert youth.status_code == 201
    assert stateless.status_code == 400
    assert "An ordinary club belongs to a state" in stateless.json()["error"]["fields"]["state"][0]
