"""The registry API: the same rules as the pages, for programs with a token."""

from datetime import datetime

import pytest
from django.core import mail
from rest_framework.test import APIClient

from centre.tokens import api_token_create
from players import abf_numbers, calendar
from players.models import Alternate, Player
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def api_for(user) -> APIClient:
    client = APIClient()
    _, key = api_token_create(user=user, name="scoring program", days=30)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.fixture
def api_a(secretary_a) -> APIClient:
    return api_for(secretary_a)


@pytest.fixture
def api_staff(staff) -> APIClient:
    return api_for(staff)


@pytest.fixture
def at(monkeypatch):
    def set_clock(*args: int) -> None:
        moment = datetime(*args, tzinfo=SCHEME_TZ)
        monkeypatch.setattr(calendar, "now", lambda: moment)

    return set_clock


def error_fields(response) -> dict:
    body = response.json()["error"]
    return {**body.get("fields", {}), "": [body["message"]]}


def all_messages(response) -> str:
    return " ".join(" ".join(m) for m in error_fields(response).values())


NEW = {
    "given_names": "Ada",
    "family_name": "Newcomer",
    "birth_year": 1985,
    "email": "ada@example.org",
    "confirmed_never_registered": True,
}


def test_search_shows_public_fields_of_other_clubs_and_full_fields_of_own(api_a, club_a, club_b):
    own = PlayerFactory(home_club=club_a, family_name="Searchable", email="own@example.org")
    other = PlayerFactory(home_club=club_b, family_name="Searchable", email="other@example.org")

    response = api_a.get("/api/v1/players/search/", {"q": "searchab"})

    assert response.status_code == 200
    by_number = {r["abf_number"]: r for r in response.json()["results"]}
    assert by_number[own.abf_number]["email"] == "own@example.org"
    assert set(by_number[other.abf_number]) == {
        "abf_number",
        "given_names",
        "family_name",
        "status",
        "home_club_name",
    }
    assert "other@example.org" not in response.content.decode()


def test_search_with_a_malformed_number_names_the_rule(api_a):
    response = api_a.get("/api/v1/players/search/", {"q": "1234567"})

    assert response.status_code == 400
    assert "check digit is wrong" in error_fields(response)["q"][0]


def test_register_issues_a_number_at_once(api_a, club_a, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_a.post("/api/v1/clubs/201/players/", NEW, format="json")

    assert response.status_code == 201
    number = response.json()["abf_number"]
    assert abf_numbers.is_valid(number)
    assert Player.objects.get(abf_number=number).home_club == club_a
    assert number in mail.outbox[0].body


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"confirmed_never_registered": False}, "confirmed_never_registered", "never had"),
        ({"family_name": "   "}, "family_name", "cannot be empty or only spaces"),
        ({"birth_year": 1850}, "birth_year", "impossible"),
    ],
)
def test_register_with_bad_input_is_refused(api_a, change, field, message):
    response = api_a.post("/api/v1/clubs/201/players/", {**NEW, **change}, format="json")

    assert response.status_code == 400
    assert message in error_fields(response)[field][0]
    assert not Player.objects.exists()


def test_register_lists_likely_duplicates_first(api_a, club_b):
    existing = PlayerFactory(
        given_names="Ada", family_name="Newcomer", birth_year=1985, home_club=club_b
    )

    refused = api_a.post("/api/v1/clubs/201/players/", NEW, format="json")
    accepted = api_a.post(
        "/api/v1/clubs/201/players/", {**NEW, "duplicates_reviewed": True}, format="json"
    )

    assert existing.abf_number in error_fields(refused)["duplicates_reviewed"][0]
    assert accepted.status_code == 201


def test_update_details_but_never_the_number(api_a, club_a):
    player = PlayerFactory(home_club=club_a, family_name="Smyth")

    ok = api_a.post(
        f"/api/v1/players/{player.abf_number}/update/", {"family_name": "Smith"}, format="json"
    )
    refused = api_a.post(
        f"/api/v1/players/{player.abf_number}/update/", {"abf_number": "0000124"}, format="json"
    )

    assert ok.json()["family_name"] == "Smith"
    assert refused.status_code == 400
    assert "kept for life" in error_fields(refused)["abf_number"][0]
    detail = api_a.get(f"/api/v1/players/{player.abf_number}/").json()
    assert detail["abf_number"] == player.abf_number
    assert detail["history"][0]["changes"] == {"family_name": ["Smyth", "Smith"]}
    assert detail["history"][0]["by"] == "secretary-a"


def test_staff_may_correct_pre_1982_red_points_but_a_club_may_not(api_a, api_staff, club_a):
    player = PlayerFactory(home_club=club_a)
    url = f"/api/v1/players/{player.abf_number}/update/"

    assert api_a.post(url, {"pre_1982_red": 1250}, format="json").status_code == 400
    assert api_staff.post(url, {"pre_1982_red": 1250}, format="json").json()["pre_1982_red"] == 1250


def test_transfer_in_of_an_active_player(api_a, club_a, club_b):
    player = PlayerFactory(home_club=club_b)

    response = api_a.post(
        "/api/v1/clubs/201/transfers/", {"abf_number": player.abf_number}, format="json"
    )

    assert response.status_code == 200
    assert response.json()["home_club"] == 201


@pytest.mark.parametrize("status", ["inactive", "deceased"])
def test_transfer_of_inactive_or_deceased_player_is_refused(api_a, status):
    player = PlayerFactory(home_club=None, status=status)

    response = api_a.post(
        "/api/v1/clubs/201/transfers/", {"abf_number": player.abf_number}, format="json"
    )

    assert response.status_code == 400
    assert "only an active player can be transferred" in all_messages(response)


@pytest.mark.parametrize(
    ("number", "message"),
    [("1234567", "check digit"), ("12ab", "digits only"), ("0000124", "No player has")],
)
def test_transfer_of_unknown_or_malformed_number_is_refused(api_a, number, message):
    response = api_a.post("/api/v1/clubs/201/transfers/", {"abf_number": number}, format="json")

    assert response.status_code == 400
    assert message in error_fields(response)["abf_number"][0]


def test_reactivate_only_an_inactive_player(api_a, club_a, club_b):
    inactive = PlayerFactory(home_club=None, status="inactive")
    active = PlayerFactory(home_club=club_b)

    ok = api_a.post(
        "/api/v1/clubs/201/reactivations/", {"abf_number": inactive.abf_number}, format="json"
    )
    refused = api_a.post(
        "/api/v1/clubs/201/reactivations/", {"abf_number": active.abf_number}, format="json"
    )

    assert (ok.json()["status"], ok.json()["home_club"]) == ("active", 201)
    assert "only an inactive player can be reactivated" in all_messages(refused)
    active.refresh_from_db()
    assert active.home_club == club_b


def test_deceased_only_for_own_home_members(api_a, club_a, club_b):
    own = PlayerFactory(home_club=club_a)
    other = PlayerFactory(home_club=club_b)

    assert api_a.post(f"/api/v1/players/{own.abf_number}/deceased/").json()["status"] == (
        "deceased"
    )
    assert api_a.post(f"/api/v1/players/{other.abf_number}/deceased/").status_code == 404
    other.refresh_from_db()
    assert other.status == "active"


def test_alternates_list_add_remove_and_home_member_refused(api_a, club_a, club_b):
    visitor = PlayerFactory(home_club=club_b, email="visitor@example.org")
    home = PlayerFactory(home_club=club_a)

    added = api_a.post(
        "/api/v1/clubs/201/alternates/add/", {"abf_number": visitor.abf_number}, format="json"
    )
    refused = api_a.post(
        "/api/v1/clubs/201/alternates/add/", {"abf_number": home.abf_number}, format="json"
    )
    listed = api_a.get("/api/v1/clubs/201/alternates/")

    assert added.status_code == 201
    assert "home members cannot also be its alternates" in all_messages(refused)
    assert [r["abf_number"] for r in listed.json()["results"]] == [visitor.abf_number]
    assert "visitor@example.org" not in listed.content.decode()

    removed = api_a.post(f"/api/v1/clubs/201/alternates/{visitor.abf_number}/remove/")
    assert removed.status_code == 200
    assert not Alternate.objects.exists()


def test_cancellations_inside_the_window(api_a, club_a, at):
    at(2027, 1, 15, 10, 0)
    player = PlayerFactory(home_club=club_a)

    listed = api_a.get("/api/v1/clubs/201/cancellations/").json()
    requested = api_a.post(f"/api/v1/clubs/201/cancellations/{player.abf_number}/request/")
    player.refresh_from_db()
    assert player.cancellation_requested_at is not None
    withdrawn = api_a.post(f"/api/v1/clubs/201/cancellations/{player.abf_number}/withdraw/")

    assert listed["window_open"] is True
    assert listed["deadline"].startswith("2027-03-31T12:00:00+11:00")
    assert (requested.status_code, withdrawn.status_code) == (200, 200)
    player.refresh_from_db()
    assert player.cancellation_requested_at is None


def test_cancellation_after_the_deadline_is_refused(api_a, club_a, at):
    at(2027, 3, 31, 12, 0)
    player = PlayerFactory(home_club=club_a)

    response = api_a.post(f"/api/v1/clubs/201/cancellations/{player.abf_number}/request/")

    assert response.status_code == 400
    assert "deadline of midday 31 March" in all_messages(response)
    player.refresh_from_db()
    assert player.cancellation_requested_at is None


def test_staff_may_act_for_any_club(api_staff, club_b):
    response = api_staff.post("/api/v1/clubs/301/players/", NEW, format="json")

    assert response.status_code == 201
    assert response.json()["home_club"] == 301


def test_a_club_list_operation_says_what_is_wrong_with_the_number(api_a, club_a):
    malformed = api_a.post("/api/v1/clubs/201/alternates/12345/remove/")
    assert malformed.status_code == 404
    assert malformed.json()["error"]["message"] == (
        "12345 is not a player number: an ABF number has 7 digits, the last a check digit."
    )
    member = PlayerFactory(home_club=club_a)
    not_listed = api_a.post(f"/api/v1/clubs/201/alternates/{member.abf_number}/remove/")
    assert not_listed.status_code == 404
    assert not_listed.json()["error"]["message"] == (
        f"No player {member.abf_number} is in the club's list."
    )
