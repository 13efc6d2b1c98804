"""1.3.6: "Players under the age of 26 as at the 1st of January can obtain free registration
... through membership of the Youth Players' Club." The age is checked when a player joins
(tests/players/test_youth_club.py) and also when a member's birth year is edited afterwards,
on the page and in the API, by the Youth Coordinator or the Centre: a year that makes the
member 26 or over on 1 January is refused naming the field and the clause, and nothing
changes. Each request is sent twice: the second is refused the same way, or changes nothing
more."""

from datetime import datetime

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from centre.errors import DomainError
from centre.tokens import api_token_create
from players import calendar
from players.models import Player, PlayerChange
from players.services import lifecycle
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

# A day of 2027: 26 on 1 January 2027 is born in 2000 or before; 2001 is still under 26.
IN_2027 = datetime(2027, 3, 1, 10, 0, tzinfo=SCHEME_TZ)
REFUSAL = (
    "A player born in 2000 is 26 or over in 2027: the Youth Players' Club is for players "
    "under 26 on 1 January (1.3.6)."
)


@pytest.fixture(autouse=True)
def in_2027(monkeypatch):
    monkeypatch.setattr(calendar, "now", lambda: IN_2027)


@pytest.fixture
def member(youth_club):
    return PlayerFactory(home_club=youth_club, birth_year=2004, email="kim@example.org")


def api_for(user) -> APIClient:
    client = APIClient()
    _, key = api_token_create(user=user, name="youth records", days=30)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def unchanged(player: Player, birth_year: int = 2004) -> None:
    player.refresh_from_db()
    assert player.birth_year == birth_year
    assert not PlayerChange.objects.filter(player=player).exists()


# --- the service -------------------------------------------------------------------------


def test_an_edit_making_a_youth_member_26_is_refused_twice_and_changes_nothing(member):
    for _ in range(2):
        with pytest.raises(DomainError) as refused:
            lifecycle.player_update(
                player=member, by=None, club=member.home_club, data={"birth_year": 2000}
            )
        assert refused.value.fields == {"birth_year": [REFUSAL]}
        unchanged(member)


def test_the_centre_is_refused_the_same_edit(member):
    # 1.3.6 is the scheme's rule, not a club's permission: staff (no club) are held to it.
    for _ in range(2):
        with pytest.raises(DomainError) as refused:
            lifecycle.player_update(player=member, by=None, club=None, data={"birth_year": 1999})
        assert "1.3.6" in refused.value.fields["birth_year"][0]
        unchanged(member)


def test_a_youth_member_s_birth_year_cannot_be_removed(member):
    for _ in range(2):
        with pytest.raises(DomainError) as refused:
            lifecycle.player_update(
                player=member, by=None, club=member.home_club, data={"birth_year": None}
            )
        assert refused.value.fields["birth_year"] == [
            "The Youth Players' Club is for players under 26 on 1 January (1.3.6): give the "
            "player's birth year."
        ]
        unchanged(member)


def test_a_correction_that_keeps_the_member_under_26_is_saved_once(member):
    # Born 2001: 25 on 1 January 2027, a member until the end of the year (1.3.6).
    for _ in range(2):
        lifecycle.player_update(
            player=member, by=None, club=member.home_club, data={"birth_year": 2001}
        )
    member.refresh_from_db()
    assert member.birth_year == 2001
    change = PlayerChange.objects.get(player=member)
    assert change.changes == {"birth_year": [2004, 2001]}


def test_an_edit_leaving_the_birth_year_alone_is_not_judged_by_age(youth_club):
    # Born 2000, still on the club's list until the 1 January update removes them: the club
    # may still fix the email; only a birth year given or changed is judged.
    older = PlayerFactory(home_club=youth_club, birth_year=2000, email="")
    for _ in range(2):
        lifecycle.player_update(
            player=older,
            by=None,
            club=youth_club,
            data={"email": "kim@example.org", "birth_year": 2000},
        )
    older.refresh_from_db()
    assert older.email == "kim@example.org"
    assert PlayerChange.objects.filter(player=older).count() == 1


def test_an_ordinary_club_s_member_may_be_any_age(club_a):
    player = PlayerFactory(home_club=club_a, birth_year=1990)
    lifecycle.player_update(player=player, by=None, club=club_a, data={"birth_year": 1931})
    player.refresh_from_db()
    assert player.birth_year == 1931


# --- the page ----------------------------------------------------------------------------


def _page_edit(client: Client, player: Player, birth_year: str):
    return client.post(
        f"/players/{player.abf_number}/edit/",
        {
            "given_names": player.given_names,
            "family_name": player.family_name,
            "birth_year": birth_year,
            "email": player.email,
            "postal_address": player.postal_address,
        },
    )


def test_the_edit_page_refuses_an_age_over_the_limit_naming_the_field(youth_client, member):
    for _ in range(2):
        response = _page_edit(youth_client, member, "2000")
        assert response.status_code == 200
        page = response.content.decode()
        assert "is 26 or over in 2027" in page and "(1.3.6)" in page
        # The message sits with the birth year's field.
        assert page.index("is 26 or over") > page.index('name="birth_year"')
        unchanged(member)
    assert not mail.outbox


def test_the_edit_page_asks_a_youth_member_s_birth_year(youth_client, member):
    page = youth_client.get(f"/players/{member.abf_number}/edit/").content.decode()
    assert "Required: the Youth Players&#x27; Club is for players under 26 (1.3.6)." in page
    for _ in range(2):
        response = _page_edit(youth_client, member, "")
        assert "Give the player&#x27;s birth year" in response.content.decode()
        unchanged(member)


def test_the_edit_page_saves_a_year_within_the_limit(youth_client, member):
    response = _page_edit(youth_client, member, "2002")
    assert response.status_code == 302
    again = _page_edit(youth_client, member, "2002")
    assert again.status_code == 302
    member.refresh_from_db()
    assert member.birth_year == 2002
    assert PlayerChange.objects.filter(player=member).count() == 1


def test_the_centre_s_edit_page_refuses_it_too(staff_client, member):
    for _ in range(2):
        page = _page_edit(staff_client, member, "1998").content.decode()
        assert "born in 1998 is 26 or over in 2027" in page and "(1.3.6)" in page
        unchanged(member)


# --- the API -----------------------------------------------------------------------------


def test_the_api_refuses_the_edit_naming_the_field_and_clause(youth_coordinator, member):
    api = api_for(youth_coordinator)
    for _ in range(2):
        response = api.post(
            f"/api/v1/players/{member.abf_number}/update",
            {"birth_year": 2000, "email": "new@example.org"},
            format="json",
        )
        assert response.status_code == 400
        assert response.json()["error"]["fields"] == {"birth_year": [REFUSAL]}
        unchanged(member)
        member.refresh_from_db()
        assert member.email == "kim@example.org"


def test_the_api_refuses_staff_and_accepts_a_year_within_the_limit(staff, member):
    api = api_for(staff)
    url = f"/api/v1/players/{member.abf_number}/update"
    for _ in range(2):
        refused = api.post(url, {"birth_year": None}, format="json")
        assert refused.status_code == 400
        assert "(1.3.6)" in refused.json()["error"]["fields"]["birth_year"][0]
        unchanged(member)
    for _ in range(2):
        saved = api.post(url, {"birth_year": 2001}, format="json")
        assert saved.status_code == 200 and saved.json()["birth_year"] == 2001
    assert PlayerChange.objects.filter(player=member).count() == 1


# --- the other schemes -------------------------------------------------------------------


@pytest.mark.parametrize("code", ["nz", "acbl"])
def test_a_scheme_without_the_youth_players_club_rule_judges_no_age(code, settings, youth_club):
    # The age limit is the ABF's (1.3.6); New Zealand's and the ACBL's schemes have no such
    # club, so a club of that kind is an ordinary club under them.
    settings.MASTERPOINT_SCHEME = code
    player = PlayerFactory(home_club=youth_club, birth_year=2004)
    for _ in range(2):
        lifecycle.player_update(player=player, by=None, club=youth_club, data={"birth_year": 1970})
    player.refresh_from_db()
    assert player.birth_year == 1970
    assert PlayerChange.objects.filter(player=player).count() == 1
