"""Honor titles from points by colour: the ACBL's published requirements (dated sets), and
the ladder working on any set entered (a small test set)."""

from datetime import date

import pytest

from scheme import get_scheme
from scheme.acbl.ranks import (
    GOLD_PLATINUM,
    JOINED_BEFORE_2010,
    JOINED_FROM_2010,
    LADDER,
    RED_GOLD_PLATINUM,
    SILVER_ONLY,
    Minimum,
    Need,
    RequirementSet,
    Title,
    requirements_for,
)


def mp(**colours: int) -> dict[str, int]:
    return {colour: points * 100 for colour, points in colours.items()}


@pytest.fixture
def acbl():
    return get_scheme("acbl")


def test_a_new_player_is_a_rookie(acbl):
    assert acbl.rank_for({}).name == "Rookie"
    assert acbl.rank_for(mp(black=4)).name == "Rookie"


def test_junior_and_club_master_need_points_of_any_colour(acbl):
    assert acbl.rank_for(mp(black=5)).name == "Junior Master"
    assert acbl.rank_for(mp(unpigmented=20)).name == "Club Master"


def test_sectional_master_needs_five_silver(acbl):
    assert acbl.rank_for(mp(black=50)).name == "Club Master"
    assert acbl.rank_for(mp(black=45, silver=5)).name == "Sectional Master"
    assert acbl.rank_for(mp(black=45, silver=4, red=1)).name == "Club Master"


def test_regional_and_nabc_master_need_pigmented_points(acbl):
    assert acbl.rank_for(mp(black=80, silver=15, red=5)).name == "Regional Master"
    assert acbl.rank_for(mp(black=80, silver=15, red=5, gold=100)).name == "Regional Master"
    nabc = mp(black=155, silver=25, red=15, gold=5)
    assert acbl.rank_for(nabc).name == "NABC Master"
    # 20 red/gold/platinum of which 5 gold/platinum: 20 red alone is not enough.
    assert acbl.rank_for(mp(black=155, silver=25, red=20)).name == "Regional Master"


def test_life_master_needs_black_silver_red_and_gold():
    lm = LADDER.title("Life Master")
    enough = mp(black=200, silver=50, red=25, gold=25)
    assert LADDER.is_met(lm, enough)
    needs = LADDER.needs(lm, mp(black=40, silver=50, red=60, gold=20))
    assert needs == (Need("total", 13000), Need("black", 1000), Need("gold/platinum", 500))


def test_life_master_levels_keep_the_life_master_requirements(acbl):
    # 600 points, all black: a total above Bronze's 500 but no Life Master pigment.
    assert acbl.rank_for(mp(black=600)).name == "Club Master"
    bronze = mp(black=375, silver=50, red=50, gold=25)
    assert acbl.rank_for(bronze).name == "Bronze Life Master"
    silver_lm = mp(black=800, silver=100, red=75, gold=25)
    assert acbl.rank_for(silver_lm).name == "Silver Life Master"
    short = mp(black=850, silver=50, red=75, gold=25)
    assert acbl.rank_for(short).name == "Bronze Life Master"


def test_sapphire_needs_gold_and_platinum_beyond_the_life_master_25():
    sapphire = LADDER.title("Sapphire Life Master")
    totals = mp(black=2800, silver=200, red=150, gold=340, platinum=10)
    assert LADDER.is_met(sapphire, totals)
    assert not LADDER.is_met(sapphire, {**totals, "platinum": 0})


def test_grand_life_master_needs_a_win_besides_the_points(acbl):
    totals = mp(black=7900, silver=500, red=500, gold=1000, platinum=100)
    assert acbl.rank_for(totals).name == "Platinum Life Master"
    glm = LADDER.title("Grand Life Master")
    assert LADDER.rank_for(totals, eligible_win=True) == glm
    assert Need("eligible win", 0) in LADDER.needs(glm, totals)


def test_dated_sets_by_the_date_a_member_joined():
    assert requirements_for(date(2005, 6, 1)) is JOINED_BEFORE_2010
    assert requirements_for(date(2010, 1, 1)) is JOINED_FROM_2010
    assert requirements_for(None) is LADDER
    later = JOINED_FROM_2010
    assert later.title("Life Master").total == 50000
    totals = mp(black=150, silver=50, red=50, gold=50)
    assert later.rank_for(totals).name == "Advanced NABC Master"
    assert JOINED_BEFORE_2010.rank_for(totals).name == "Life Master"
    for requirements in (JOINED_BEFORE_2010, JOINED_FROM_2010):
        assert requirements.source.startswith("http")


def test_the_ladder_works_on_any_set_entered():
    small = RequirementSet(
        name="test",
        joined_from=None,
        joined_before=None,
        source="test data",
        titles=(
            Title(1, "Rookie", 0),
            Title(2, "Club", 1000),
            Title(3, "Silver", 2000, (Minimum(SILVER_ONLY, 500),)),
            Title(4, "Life Master", 3000, (Minimum(RED_GOLD_PLATINUM, 1000),)),
            Title(5, "Gold Life", 4000, (Minimum(GOLD_PLATINUM, 2000),), life_master_level=True),
        ),
    )
    assert small.rank_for({"black": 999}).name == "Rookie"
    assert small.rank_for({"black": 2500}).name == "Club"
    assert small.rank_for({"black": 1500, "silver": 500}).name == "Silver"
    assert small.rank_for({"black": 2000, "gold": 2000}).name == "Gold Life"
    # A level needs the Life Master minimums: 1000 red/gold/platinum and 3000 in all.
    assert small.rank_for({"black": 4000, "silver": 0, "gold": 900}).name == "Club"
    assert small.next_title(small.title("Silver")).name == "Life Master"


def test_an_unknown_colour_is_refused():
    with pytest.raises(KeyError, match="green"):
        LADDER.rank_for({"green": 100})
