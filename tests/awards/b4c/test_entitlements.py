"""2.6, guide B3.1: each club's B4c sessions, granted extras, sessions used, the published list."""

import io
from datetime import date

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from awards.authorisations.models import Authorisation
from awards.ledger.models import Credit, Event
from centre.models import Period
from clubs.models import B4cEntitlement, B4cGrant, Club
from tests.factories import ClubFactory, PlayerFactory, StaffFactory


@pytest.fixture
def uploader(db):
    return StaffFactory(username="uploader")


def club_event(club, *, on: date, grade: str = "E", points: int = 0, sessions: int = 1, by):
    """A club event of `grade` credited in the month of `on` (its period)."""
    event = Event.objects.create(
        organiser="club",
        club=club,
        name=f"{grade} pairs",
        starts_on=on,
        ends_on=on,
        grade=grade,
        sessions=sessions,
    )
    if points:
        period, _ = Period.objects.get_or_create(year=on.year, month=on.month)
        Credit.objects.create(
            player=PlayerFactory(home_club=club),
            event=event,
            colour="red" if grade.startswith("B") else "green",
            points=points,
            source=Credit.Source.FILE,
            period=period,
            uploaded_by=by,
        )
    return event


@pytest.fixture
def established(club_a, club_b, uploader):
    """Club A: affiliated since 1990, 104 sessions, remote; its green points to 30/9/2025."""
    Club.objects.filter(pk=club_a.pk).update(affiliated_since=date(1990, 1, 1), remote=True)
    club_a.refresh_from_db()
    club_event(club_a, on=date(2024, 10, 1), points=30_00, by=uploader)
    club_event(club_a, on=date(2025, 9, 30), points=40_00, by=uploader)
    # Outside the twelve months, not green, or not club A's events: not counted.
    club_event(club_a, on=date(2024, 9, 30), points=500_00, by=uploader)
    club_event(club_a, on=date(2025, 10, 1), points=500_00, by=uploader)
    club_event(club_a, on=date(2025, 3, 1), grade="B4c", points=500_00, by=uploader)
    club_event(club_b, on=date(2025, 3, 1), points=500_00, by=uploader)
    return club_a


def compute(year: int) -> None:
    call_command("b4c_entitlements", year=year, stdout=io.StringIO())


def test_october_computes_the_sessions_from_the_green_points_to_30_september(established):
    compute(2026)

    entitlement = B4cEntitlement.objects.get(club=established, year=2026)
    # 70.00 green points: one session for the first 35, none yet for the next 65.
    assert entitlement.green_issued == 70_00
    assert (entitlement.base, entitlement.green_sessions, entitlement.remote) == (6, 1, 3)
    assert entitlement.total == 10


def test_each_further_65_green_points_earns_one_more_session(established, uploader):
    club_event(established, on=date(2025, 5, 1), points=100_00, by=uploader)  # 170.00 in all

    compute(2026)

    entitlement = B4cEntitlement.objects.get(club=established, year=2026)
    assert entitlement.green_sessions == 3  # 35, then 65 and 65 more (135 of the next 135)
    assert entitlement.total == 12


def test_a_club_that_affiliated_during_the_year_has_a_pro_rata_share_of_at_least_3(
    state_a, uploader
):
    new = ClubFactory(number=260, state=state_a, affiliated_since=date(2026, 5, 10))
    late = ClubFactory(number=261, state=state_a, affiliated_since=date(2026, 11, 2))

    compute(2026)

    assert B4cEntitlement.objects.get(club=new, year=2026).base == 4  # 8 months of 12, of 6
    assert B4cEntitlement.objects.get(club=late, year=2026).base == 3  # the minimum


def test_special_clubs_have_no_b4c_sessions(established):
    foreign = ClubFactory(number=900, state=None, kind=Club.Kind.FOREIGN)

    compute(2026)

    assert not B4cEntitlement.objects.filter(club=foreign).exists()


def test_recomputing_keeps_the_state_secretarys_grants(established, state_client_a, uploader):
    compute(2026)
    response = state_client_a.post(
        "/state/b4c/",
        {"club_number": 201, "year": 2026, "sessions": 2, "reason": "50th anniversary Bridge Day"},
    )
    assert response.status_code == 302

    club_event(established, on=date(2025, 6, 1), points=65_00, by=uploader)  # one more session
    compute(2026)
    compute(2026)

    [entitlement] = B4cEntitlement.objects.filter(club=established, year=2026)
    assert (entitlement.green_sessions, entitlement.granted, entitlement.total) == (2, 2, 13)
    [grant] = B4cGrant.objects.all()
    assert grant.reason == "50th anniversary Bridge Day"


def test_a_grant_before_the_october_run_computes_the_entitlement_first(established, club_a):
    client = APIClient()
    client.force_authenticate(StaffFactory(username="centre"))

    response = client.post(
        "/api/v1/b4c/grants",
        {"club": 201, "year": 2026, "sessions": 1, "reason": "Bushfire appeal"},
        format="json",
    )

    assert response.status_code == 201
    assert response.json()["entitlement"] == 11


def test_the_state_secretary_of_another_state_cannot_grant(established, state_secretary_b):
    compute(2026)
    client = APIClient()
    client.force_authenticate(state_secretary_b)

    response = client.post(
        "/api/v1/b4c/grants",
        {"club": 201, "year": 2026, "sessions": 3, "reason": "Fundraising"},
        format="json",
    )

    assert response.status_code == 400
    assert "club" in response.json()["error"]["fields"]
    assert B4cEntitlement.objects.get(club=established, year=2026).total == 10
    assert not B4cGrant.objects.exists()


def test_the_other_states_page_refuses_a_grant_for_a_club_it_does_not_hold(
    established, state_client_b
):
    compute(2026)

    response = state_client_b.post(
        "/state/b4c/",
        {"club_number": 201, "year": 2026, "sessions": 3, "reason": "Fundraising"},
    )

    assert response.status_code == 200
    assert "No club of your state has that number." in response.content.decode()
    assert not B4cGrant.objects.exists()


@pytest.mark.parametrize("who", ["client_a", "staff_client", "anonymous_client"])
def test_only_state_secretaries_use_the_b4c_register_page(request, who, established):
    response = request.getfixturevalue(who).post(
        "/state/b4c/", {"club_number": 201, "year": 2026, "sessions": 3, "reason": "x"}
    )

    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert response["Location"].startswith("/accounts/login/")
    assert not B4cGrant.objects.exists()


def test_a_club_secretary_cannot_grant_through_the_api(established, secretary_a):
    client = APIClient()
    client.force_authenticate(secretary_a)

    response = client.post(
        "/api/v1/b4c/grants",
        {"club": 201, "year": 2026, "sessions": 3, "reason": "Our own idea"},
        format="json",
    )

    assert response.status_code == 403
    assert not B4cGrant.objects.exists()


def test_a_grant_needs_a_reason(established, state_secretary_a):
    compute(2026)
    client = APIClient()
    client.force_authenticate(state_secretary_a)

    response = client.post(
        "/api/v1/b4c/grants",
        {"club": 201, "year": 2026, "sessions": 2, "reason": "   "},
        format="json",
    )

    assert response.status_code == 400
    assert "reason" in response.json()["error"]["fields"]
    assert B4cEntitlement.objects.get(club=established, year=2026).granted == 0


def test_the_published_allocations_show_entitlement_used_and_left(
    established, anonymous_client, uploader
):
    compute(2026)
    club_event(established, on=date(2026, 3, 7), grade="B4c", points=12_00, sessions=2, by=uploader)
    club_event(established, on=date(2026, 4, 4), grade="B4c", points=9_00, by=uploader)
    # An event with no credits yet has used nothing.
    club_event(established, on=date(2026, 5, 2), grade="B4c", sessions=3, by=uploader)

    page = anonymous_client.get("/b4c/NSW/?year=2026")
    assert page.status_code == 200
    api = APIClient().get("/api/v1/b4c/NSW/2026")

    assert api.status_code == 200
    [row] = api.json()
    assert (row["club"], row["entitlement"], row["used"], row["left"]) == (201, 10, 3, 7)
    text = " ".join(page.content.decode().split())
    assert "201 Club A" in text
    assert '<td class="number">10</td> <td class="number">3</td> <td class="number">7</td>' in text
    # Club B is in another state's list.
    assert "Club B" not in text


def test_the_warning_when_an_authorisation_would_exceed_the_clubs_sessions(
    club_a, state_secretary_a, state_client_a, uploader
):
    year = timezone.localdate().year
    Club.objects.filter(pk=club_a.pk).update(affiliated_since=date(1990, 1, 1))
    compute(year)  # 6 sessions, no green points
    club_event(club_a, on=date(year, 1, 10), grade="B4c", points=5_00, sessions=5, by=uploader)
    client = APIClient()
    client.force_authenticate(state_secretary_a)

    within = client.post(
        "/api/v1/authorisations/issue",
        {"club": 201, "event_name": "Spring pairs", "grade": "B4c", "amount": 900, "sessions": 1},
        format="json",
    )
    beyond = client.post(
        "/api/v1/authorisations/issue",
        {"club": 201, "event_name": "Summer teams", "grade": "B4c", "amount": 900, "sessions": 2},
        format="json",
    )

    assert within.status_code == beyond.status_code == 201
    assert within.json()["warnings"] == []
    [warning] = beyond.json()["warnings"]
    assert "entitled to 6 B4c sessions" in warning and "used 5" in warning
    assert Authorisation.objects.count() == 2  # a warning, not a refusal

    page = state_client_a.post(
        "/awards/authorisations/",
        {
            "club_number": 201,
            "event_name": "Winter teams",
            "grade": "B4c",
            "amount": "10.00",
            "sessions": 3,
        },
        follow=True,
    )
    assert "would make 8" in page.content.decode()
    assert Authorisation.objects.count() == 3


def test_the_october_task_on_beat_computes_the_next_year(established):
    from awards.authorisations.b4c.tasks import b4c_entitlements

    b4c_entitlements.delay(2026).get(timeout=5)
    b4c_entitlements.delay(2026).get(timeout=5)

    assert B4cEntitlement.objects.filter(club=established, year=2026).get().total == 10
