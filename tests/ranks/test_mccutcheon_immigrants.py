"""1.7.3: "Players who have moved to Australia from overseas are not entitled to win
McCutcheon awards for the rankings beneath Life Master if they have already achieved an
equivalent or higher ranking in their former country"."""

from datetime import date

import pytest

from awards.grants.models import Grant
from awards.ledger.models import Event
from ranks.standings import mccutcheon, year_standings
from tests.factories import PlayerFactory
from tests.ranks.test_standings import won

pytestmark = pytest.mark.django_db


def ranking_abroad(player, staff, rank_order: int) -> Grant:
    """The equivalent ranking a new resident was granted (1.3.3), as the grant records it."""
    event = Event.objects.create(
        organiser=Event.Organiser.CENTRE,
        name="Grant",
        starts_on=date(2024, 5, 1),
        ends_on=date(2024, 5, 1),
        grade="",
        of_the_year=False,
    )
    return Grant.objects.create(
        player=player,
        basis=Grant.Basis.RESIDENT,
        rank_order=rank_order,
        reason="Moved from England",
        working="-",
        green=1,
        event=event,
        granted_by=staff,
    )


@pytest.fixture
def silver_nationals(club_a, staff):
    # 1.8: Silver National Master (rank 12) is 300 in all with 150 red and gold.
    players = {
        name: PlayerFactory(home_club=club_a, given_names=name, family_name="Player")
        for name in ("Immigrant", "Local", "Newcomer")
    }
    for player in players.values():
        won(player, 2024, green=150_00, red=150_00)
    won(players["Immigrant"], 2025, green=80_00)
    won(players["Local"], 2025, green=50_00)
    won(players["Newcomer"], 2025, green=60_00)
    ranking_abroad(players["Immigrant"], staff, rank_order=12)  # Silver National abroad
    ranking_abroad(players["Newcomer"], staff, rank_order=10)  # Bronze National abroad
    return players


def test_an_immigrant_cannot_win_the_group_of_the_ranking_held_abroad(silver_nationals):
    group = year_standings(year=2025, group="Silver National Master")
    # The Newcomer's ranking abroad was lower than the group: entitled.
    assert [row.given_names for row in group] == ["Newcomer", "Local"]
    _, groups = mccutcheon(year=2025)
    leaders = {g.group: [row.given_names for row in g.leaders] for g in groups}
    assert leaders["Silver National Master"][0] == "Newcomer"


def test_the_trophy_and_the_year_list_keep_the_immigrant(silver_nationals):
    # 1.7.2: the McCutcheon Trophy has no such exclusion.
    assert year_standings(year=2025, limit=1)[0].given_names == "Immigrant"


def test_life_master_and_above_exclude_nobody(club_a, staff):
    # Life Master: 300 in all, 180 red and gold, 30 gold.
    player = PlayerFactory(home_club=club_a)
    won(player, 2024, green=120_00, red=150_00, gold=30_00)
    won(player, 2025, green=5_00)
    ranking_abroad(player, staff, rank_order=17)
    assert [row.abf_number for row in year_standings(year=2025, group="Life Master")] == [
        player.abf_number
    ]
