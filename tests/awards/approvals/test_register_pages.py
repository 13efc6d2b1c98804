"""The state's register of approvals on its page, the allowances on the club's and state's
pages, and the authorisation request refused for an event the register lacks; each page
tried by those who must be refused."""

from datetime import date

import pytest
from django.urls import reverse

from awards.authorisations.approvals.services import approval_register
from awards.authorisations.models import Approval, AuthorisationRequest
from tests.awards.test_authorisation_requests import N, api, send_request
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db

REGISTER = "approvals:register"


@pytest.fixture
def registered(club_a):
    for number in N:
        PlayerFactory(abf_number=number, home_club=club_a)


@pytest.fixture
def neighbour(state_a):
    return ClubFactory(number=202, name="Neighbour", state=state_a)


def approve_b5i(state_secretary_a, club_a, neighbour, on: date) -> Approval:
    return approval_register(
        by=state_secretary_a,
        kind=Approval.Kind.B5I,
        name="Interclub teams",
        starts_on=on,
        sessions=2,
        club=club_a,
        clubs=[neighbour],
    )


def test_the_state_secretary_approves_a_b5i_event_on_the_register_page(
    state_client_a, club_a, neighbour
):
    response = state_client_a.post(
        reverse(REGISTER),
        {
            "kind": "b5i",
            "name": "Harbour interclub",
            "starts_on": "2026-05-02",
            "sessions": "2",
            "club": "201",
            "clubs": "202",
        },
    )
    assert response.status_code == 302
    approval = Approval.objects.get()
    assert set(approval.clubs.values_list("number", flat=True)) == {201, 202}

    page = state_client_a.get(reverse(REGISTER) + "?year=2026").content.decode()
    assert "Harbour interclub" in page
    assert '<td>201 Club A</td><td class="number">1</td><td class="number">5</td>' in page
    assert "B4s sessions (6.2.1): <strong>0</strong> of <strong>10</strong>" in page


def test_a_sixth_b5i_event_is_refused_on_the_page_naming_the_clause_and_the_count(
    state_client_a, state_secretary_a, club_a, neighbour
):
    for n in range(5):
        approve_b5i(state_secretary_a, club_a, neighbour, date(2026, 2, n + 1))

    response = state_client_a.post(
        reverse(REGISTER),
        {"kind": "b5i", "name": "Sixth", "starts_on": "2026-06-01", "sessions": "1",
         "club": "201", "clubs": "202"},
    )  # fmt: skip

    assert response.status_code == 200
    assert "Club 201 takes part in 5 B5i events in 2026" in response.content.decode()
    assert Approval.objects.count() == 5


def test_a_defunct_event_is_cancelled_with_its_reason_and_stays_listed(
    state_client_a, state_secretary_a, club_a, neighbour
):
    approval = approve_b5i(state_secretary_a, club_a, neighbour, date(2026, 2, 1))

    response = state_client_a.post(
        reverse("approvals:cancel", args=[approval.pk]), {"reason": "Not played"}
    )

    assert response.status_code == 302
    approval.refresh_from_db()
    assert approval.cancelled and approval.cancel_reason == "Not played"
    page = state_client_a.get(reverse(REGISTER) + "?year=2026").content.decode()
    assert "Cancelled" in page and "Not played" in page


def test_another_states_secretary_may_not_cancel(
    state_secretary_a, state_secretary_b, club_a, neighbour
):
    from tests.conftest import _client_for

    approval = approve_b5i(state_secretary_a, club_a, neighbour, date(2026, 2, 1))
    response = _client_for(state_secretary_b).post(
        reverse("approvals:cancel", args=[approval.pk]), {"reason": "Mine now"}
    )

    assert response.status_code == 403
    approval.refresh_from_db()
    assert not approval.cancelled


def test_club_secretaries_and_visitors_are_refused_the_register(client_a, anonymous_client):
    assert client_a.get(reverse(REGISTER)).status_code == 403
    assert anonymous_client.get(reverse(REGISTER)).status_code == 302


def test_staff_read_a_named_states_register(staff, state_a):
    from tests.conftest import _client_for

    client = _client_for(staff)
    assert client.get(reverse(REGISTER)).status_code == 404
    assert client.get(reverse(REGISTER) + "?state=NSW").status_code == 200


def test_the_club_home_shows_its_allowances(client_a, state_secretary_a, club_a, neighbour):
    approve_b5i(state_secretary_a, club_a, neighbour, date.today().replace(month=1, day=2))

    page = client_a.get(reverse("billing:club_dashboard")).content.decode()

    assert "Grade D Championships (2.3): <strong>0</strong> of 6 held" in page
    assert "B5i interclub events (2.7): taking part in <strong>1</strong> of 5" in page
    assert "B4c sessions at other times (2.6): <strong>0</strong> of 2" in page


def test_a_b5i_authorisation_request_is_refused_without_its_approval(
    registered,
    secretary_a,
    state_secretary_a,
    club_a,
    neighbour,
):
    response = send_request(api(secretary_a), grade="B5i")

    assert response.status_code == 400
    assert "Club 201 has no approval for 3 March 2026" in str(response.json())
    assert not AuthorisationRequest.objects.exists()

    approve_b5i(state_secretary_a, club_a, neighbour, date(2026, 3, 3))
    assert send_request(api(secretary_a), grade="B5i").status_code == 201


def test_an_out_of_hours_b4c_request_needs_its_approval(
    registered,
    secretary_a,
    state_secretary_a,
    club_a,
):
    response = send_request(api(secretary_a), out_of_hours=True, sessions=1)

    assert response.status_code == 400
    fields = response.json()["error"]["fields"]
    assert fields["out_of_hours"][0].startswith("Club 201 has no approval for 3 March 2026")
    assert fields["out_of_hours"][0].endswith("approves the event in advance (2.6).")

    approval_register(
        by=state_secretary_a, kind=Approval.Kind.B4C_OUT_OF_HOURS, name="Christmas party",
        starts_on=date(2026, 3, 3), sessions=1, club=club_a,
    )  # fmt: skip
    created = send_request(api(secretary_a), out_of_hours=True, sessions=1)
    assert created.status_code == 201, created.json()
    assert created.json()["out_of_hours"] is True
