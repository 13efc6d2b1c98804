"""1.3.6: "Players under the age of 26 as at the 1st of January can obtain free registration
... through membership of the Youth Players' Club": no one 26 or over on 1 January joins it,
by registration, transfer or reactivation, and nothing changes when one is refused."""

from datetime import datetime

import pytest

from centre.errors import DomainError
from clubs.models import Club
from players.models import Player, PlayerChange
from players.services import lifecycle, registration
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db

# A day of 2027: 26 on 1 January 2027 is born in 2000 or before.
IN_2027 = datetime(2027, 3, 1, 10, 0, tzinfo=SCHEME_TZ)


@pytest.fixture
def youth_club(db):
    return ClubFactory(number=998, name="Youth Players", kind=Club.Kind.YOUTH, state=None)


def register(club, birth_year):
    return registration.player_register(
        club=club,
        by=None,
        given_names="Kim",
        family_name="Young",
        birth_year=birth_year,
        confirmed_never_registered=True,
        now=IN_2027,
    )


def test_a_player_25_on_1_january_joins_the_youth_players_club(youth_club):
    # Born 2001: 25 on 1 January 2027 (26 later in the year); a member until 31 December.
    assert register(youth_club, 2001).home_club == youth_club


def test_a_player_26_on_1_january_is_refused_by_the_youth_players_club(youth_club):
    with pytest.raises(DomainError) as refused:
        register(youth_club, 2000)
    assert refused.value.fields == {
        "birth_year": [
            "A player born in 2000 is 26 or over in 2027: the Youth Players' Club is for "
            "players under 26 on 1 January (1.3.6)."
        ]
    }
    assert not Player.objects.exists()


def test_the_youth_players_club_asks_for_the_birth_year(youth_club):
    with pytest.raises(DomainError, match="give the player's birth year"):
        register(youth_club, None)


def test_an_ordinary_club_takes_any_age(club_a):
    assert register(club_a, 1930).home_club == club_a


def test_transfer_and_reactivation_into_the_youth_club_check_the_age(youth_club, club_a):
    older = PlayerFactory(home_club=club_a, birth_year=1999)
    with pytest.raises(DomainError, match="26 or over"):
        lifecycle.player_transfer(player=older, club=youth_club, by=None, now=IN_2027)
    lapsed = PlayerFactory(home_club=None, status=Player.Status.INACTIVE, birth_year=2000)
    with pytest.raises(DomainError, match="26 or over"):
        lifecycle.player_reactivate(player=lapsed, club=youth_club, by=None, now=IN_2027)
    older.refresh_from_db()
    lapsed.refresh_from_db()
    assert older.home_club == club_a and lapsed.status == Player.Status.INACTIVE
    assert not PlayerChange.objects.exists()
    younger = PlayerFactory(home_club=club_a, birth_year=2005)
    lifecycle.player_transfer(player=younger, club=youth_club, by=None, now=IN_2027)
    younger.refresh_from_db()
    assert younger.home_club == youth_club
