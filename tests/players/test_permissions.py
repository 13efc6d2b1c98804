"""The permission matrix of the registry: every page and endpoint of club A's records, tried
by the secretary of another club, a state secretary of another state and an anonymous
visitor. None succeeds, none shows club A's members, and nothing changes."""

from datetime import datetime

import pytest
from django.test import Client
from rest_framework.test import APIClient

from players import calendar
from players.models import Alternate, Player, PlayerChange
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db

MEMBER = "0000124"  # a home member of club A (201)
INACTIVE = "0000256"  # an inactive player, last at club A
ALTERNATE = "0000388"  # a player of club 401 (state A), alternate of club A

# (method, path, data): every page and endpoint of this issue that reads or changes club A's
# records.
CLUB_A_ROUTES = [
    ("get", f"/players/{MEMBER}/", None),
    ("get", f"/players/{MEMBER}/edit/", None),
    ("post", f"/players/{MEMBER}/edit/", {"given_names": "X", "family_name": "Y"}),
    ("get", f"/players/{MEMBER}/deceased/", None),
    ("post", f"/players/{MEMBER}/deceased/", {}),
    ("post", f"/players/alternates/{ALTERNATE}/remove/", {}),
    ("post", f"/players/cancellations/{MEMBER}/request/", {}),
    ("post", f"/players/cancellations/{MEMBER}/withdraw/", {}),
    ("get", "/clubs/201/report/", None),
    ("get", "/clubs/201/report.csv", None),
    ("get", "/clubs/201/report.pdf", None),
    ("get", "/clubs/201/edit/", None),
    ("post", "/clubs/201/edit/", {"name": "Taken over"}),
    ("get", "/clubs/", None),
    ("get", f"/api/v1/players/{MEMBER}/", None),
    ("post", f"/api/v1/players/{MEMBER}/update/", {"family_name": "Taken"}),
    ("post", f"/api/v1/players/{MEMBER}/deceased/", {}),
    ("get", "/api/v1/clubs/201/", None),
    ("post", "/api/v1/clubs/201/update/", {"secretary_email": "thief@example.org"}),
    ("get", "/api/v1/clubs/201/members/", None),
    ("get", "/api/v1/clubs/201/alternates/", None),
    ("get", "/api/v1/clubs/201/cancellations/", None),
    (
        "post",
        "/api/v1/clubs/201/players/",
        {"given_names": "A", "family_name": "B", "confirmed_never_registered": True},
    ),
    ("post", "/api/v1/clubs/201/transfers/", {"abf_number": ALTERNATE}),
    ("post", "/api/v1/clubs/201/reactivations/", {"abf_number": INACTIVE}),
    ("post", "/api/v1/clubs/201/alternates/add/", {"abf_number": MEMBER}),
    ("post", f"/api/v1/clubs/201/alternates/{ALTERNATE}/remove/", {}),
    ("post", f"/api/v1/clubs/201/cancellations/{MEMBER}/request/", {}),
    ("post", f"/api/v1/clubs/201/cancellations/{MEMBER}/withdraw/", {}),
    # The centre's own pages: clubs and states.
    ("get", "/clubs/new/", None),
    ("post", "/clubs/new/", {"number": 777, "name": "Rogue", "state": 1, "kind": "ordinary"}),
    ("get", "/states/", None),
    ("post", "/states/new/", {"code": "XX", "name": "Rogue"}),
    ("post", "/states/NSW/edit/", {"name": "Renamed", "requires_authorisation": ""}),
    ("post", "/api/v1/clubs/create/", {"number": 777, "name": "Rogue", "state": "NSW"}),
    ("post", "/api/v1/states/create/", {"code": "XX", "name": "Rogue"}),
    ("post", "/api/v1/states/NSW/update/", {"requires_authorisation": False}),
]

# Pages every club secretary has for the own club: open to club B's secretary, closed to
# the others, and never showing club A's members.
OWN_CLUB_PAGES = [
    "/club/",
    "/club/details/",
    "/players/new/",
    "/players/transfer/",
    "/players/reactivate/",
    "/players/alternates/",
    "/players/cancellations/",
]

# Lists scoped to the login: each outsider gets its own, without club A.
SCOPED_LISTS = ["/api/v1/clubs/", "/state/"]

SEARCHES = ["/players/search/?q=privatemember", "/api/v1/players/search/?q=privatemember"]

SECRETS = ["Privatemember", "private@example.org", "Altmember", MEMBER, ALTERNATE]
PRIVATE_FIELDS = ["private@example.org", "1931"]


@pytest.fixture
def records(club_a, state_a, monkeypatch):
    # Inside the cancellation window, so that only the permission checks can refuse.
    moment = datetime(2027, 2, 10, 10, 0, tzinfo=SCHEME_TZ)
    monkeypatch.setattr(calendar, "now", lambda: moment)
    member = PlayerFactory(
        abf_number=MEMBER,
        family_name="Privatemember",
        email="private@example.org",
        birth_year=1931,
        home_club=club_a,
        cancellation_requested_at=moment,
    )
    PlayerFactory(abf_number=INACTIVE, family_name="Lapsed", home_club=None, status="inactive")
    club_c = ClubFactory(number=401, state=state_a)
    alternate = PlayerFactory(abf_number=ALTERNATE, family_name="Altmember", home_club=club_c)
    Alternate.objects.create(player=alternate, club=club_a)
    return member


def snapshot() -> list:
    from clubs.models import Club, State

    return [
        list(Club.objects.order_by("pk").values()),
        list(State.objects.order_by("pk").values()),
        list(Player.objects.order_by("pk").values()),
        list(Alternate.objects.order_by("pk").values("player_id", "club_id")),
        PlayerChange.objects.count(),
    ]


def visitors(secretary_b, state_secretary_b) -> dict[str, object]:
    return {"club B": secretary_b, "state B": state_secretary_b, "anonymous": None}


def call(user, method: str, path: str, data):
    if path.startswith("/api/"):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return getattr(client, method)(path, data, format="json")
    client = Client()
    if user is not None:
        client.force_login(user)
    return getattr(client, method)(path, data or {})


def refused(response, user) -> bool:
    if user is None and response.status_code == 302:
        return response["Location"].startswith("/accounts/login/")
    return response.status_code in (401, 403, 404)


@pytest.mark.parametrize(("method", "path", "data"), CLUB_A_ROUTES)
def test_no_outsider_reaches_club_a_records(
    records, secretary_b, state_secretary_b, method, path, data
):
    before = snapshot()
    for who, user in visitors(secretary_b, state_secretary_b).items():
        response = call(user, method, path, data)
        assert refused(response, user), f"{who}: {method} {path} -> {response.status_code}"
        body = response.content.decode(errors="replace")
        for secret in SECRETS:
            assert secret not in body, f"{who}: {path} shows {secret}"
    assert snapshot() == before


@pytest.mark.parametrize("path", OWN_CLUB_PAGES)
def test_own_club_pages_refuse_outsiders_and_never_show_club_a(
    records, secretary_b, state_secretary_b, path
):
    club_b_client = Client()
    club_b_client.force_login(secretary_b)
    club_b_client.get("/players/search/", {"q": "nobody"})  # the new-player page needs one
    for who, user in visitors(secretary_b, state_secretary_b).items():
        if who == "club B" and not path.startswith("/api/"):
            response = club_b_client.get(path)
        else:
            response = call(user, "get", path, None)
        if who == "club B":
            assert response.status_code == 200, path
        else:
            assert refused(response, user), f"{who}: {path} -> {response.status_code}"
        body = response.content.decode()
        for secret in SECRETS:
            assert secret not in body, f"{who}: {path} shows {secret}"


@pytest.mark.parametrize("path", SCOPED_LISTS)
def test_scoped_lists_never_show_club_a(records, secretary_b, state_secretary_b, path):
    for who, user in visitors(secretary_b, state_secretary_b).items():
        response = call(user, "get", path, None)
        if user is None:
            assert refused(response, user), path
        body = response.content.decode()
        for secret in [*SECRETS, "Club A"]:
            assert secret not in body, f"{who}: {path} shows {secret}"


@pytest.mark.parametrize("path", SEARCHES)
def test_search_shows_outsiders_only_the_public_fields(
    records, secretary_b, state_secretary_b, path
):
    for who, user in visitors(secretary_b, state_secretary_b).items():
        response = call(user, "get", path, None)
        if user is None:
            assert refused(response, user), path
            assert "Privatemember" not in response.content.decode()
            continue
        assert response.status_code == 200
        body = response.content.decode()
        assert "Privatemember" in body and MEMBER in body
        for private in PRIVATE_FIELDS:
            assert private not in body, f"{who}: {path} shows {private}"


def test_state_secretary_of_the_state_reads_but_does_not_change(records, state_secretary_a):
    before = snapshot()

    assert call(state_secretary_a, "get", f"/api/v1/players/{MEMBER}/", None).status_code == 200
    assert call(state_secretary_a, "get", "/clubs/201/report/", None).status_code == 200
    for method, path, data in CLUB_A_ROUTES:
        if method == "post":
            assert call(state_secretary_a, method, path, data).status_code in (403, 404), path
    assert snapshot() == before
