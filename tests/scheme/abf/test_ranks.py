"""1.8 master rankings at every boundary of the table, with and without pre-1982 points."""

import pytest
from hypothesis import given, strategies as st

from scheme.abf.ranks import (
    RANKS,
    RANKS_BY_NAME,
    Totals,
    is_one_thousand_club,
    next_rank,
    rank_for,
)

# (rank, total, red and gold, gold) as printed in 1.8, in whole masterpoints.
PRINTED = [
    ("Graduate Master", 2, 0, 0),
    ("Club Master", 5, 0, 0),
    ("Local Master", 15, 0, 0),
    ("Bronze Local Master", 25, 0, 0),
    ("Silver Local Master", 35, 0, 0),
    ("Regional Master", 50, 0, 0),
    ("Bronze Regional Master", 100, 0, 0),
    ("State Master", 50, 25, 0),
    ("Bronze State Master", 100, 50, 0),
    ("National Master", 150, 75, 0),
    ("Bronze National Master", 200, 100, 0),
    ("Silver National Master", 300, 150, 0),
    ("Life Master", 300, 180, 30),
    ("Bronze Life Master", 400, 240, 40),
    ("Silver Life Master", 500, 300, 50),
    ("Gold Life Master", 750, 450, 75),
    ("Grand Master", 1000, 700, 200),
    ("Silver Grand Master", 2500, 1900, 600),
    ("Gold Grand Master", 5000, 4000, 1400),
    ("Emerald Grand Master", 10000, 8500, 3000),
    ("Diamond Grand Master", 15000, 13000, 5000),
]


def exactly(total: int, red_and_gold: int, gold: int) -> Totals:
    """Totals in whole masterpoints made of gold first, then red, then green."""
    return Totals(
        green=(total - red_and_gold) * 100, red=(red_and_gold - gold) * 100, gold=gold * 100
    )


def test_the_table_has_the_21_ranks_of_1_8_in_order():
    assert [(r.name, r.total // 100, r.red_and_gold // 100, r.gold // 100) for r in RANKS] == (
        PRINTED
    )


@pytest.mark.parametrize(("name", "total", "red_and_gold", "gold"), PRINTED)
def test_a_player_with_exactly_the_minimums_holds_the_rank(name, total, red_and_gold, gold):
    assert rank_for(exactly(total, red_and_gold, gold)) == RANKS_BY_NAME[name]


@pytest.mark.parametrize(("name", "total", "red_and_gold", "gold"), PRINTED)
def test_one_hundredth_short_of_any_minimum_misses_the_rank(name, total, red_and_gold, gold):
    met = exactly(total, red_and_gold, gold)
    short_of_total = Totals(green=met.green - 1, red=met.red, gold=met.gold)
    assert rank_for(short_of_total) != RANKS_BY_NAME[name]
    if red_and_gold:
        # Move one hundredth of red to green: the total is kept, red and gold falls short.
        source = "red" if met.red else "gold"
        short = Totals(
            green=met.green + 1,
            red=met.red - (source == "red"),
            gold=met.gold - (source == "gold"),
        )
        assert rank_for(short) != RANKS_BY_NAME[name]
    if gold:
        short_of_gold = Totals(green=met.green, red=met.red + 1, gold=met.gold - 1)
        assert rank_for(short_of_gold) != RANKS_BY_NAME[name]


def test_below_two_points_a_player_has_no_rank():
    assert rank_for(Totals(green=199)) is None
    assert next_rank(None) == RANKS_BY_NAME["Graduate Master"]


def test_green_points_alone_stop_at_bronze_regional_master():
    assert rank_for(Totals(green=1_000_000)).name == "Bronze Regional Master"


def test_state_master_outranks_bronze_regional_master_with_fewer_points():
    # 1.8 lists State Master (50 total, 25 red and gold) above Bronze Regional (100 total).
    assert rank_for(Totals(green=2500, red=2500)).name == "State Master"


# Points near the table's minimums, where a rank is reached or missed by a hundredth, and
# any other number of points.
minimums = sorted({whole * 100 for _, *figures in PRINTED for whole in figures})
points = st.one_of(
    st.sampled_from(minimums).flatmap(lambda m: st.sampled_from([max(0, m - 1), m, m + 1])),
    st.integers(min_value=0, max_value=20_000_00),
)


@given(green=points, red=points, gold=points, pre_1982_red=st.sampled_from([0, 175_00, 333]))
def test_the_rank_is_the_highest_of_the_21_whose_minimums_are_all_met(
    green: int, red: int, gold: int, pre_1982_red: int
):
    totals = Totals(green=green, red=red, gold=gold)
    met = [rank for rank in RANKS if rank.is_met(totals, pre_1982_red)]

    assert rank_for(totals, pre_1982_red) == (met[-1] if met else None)


def test_the_manuals_example_lowers_life_minimums_by_35_and_grand_minimums_by_70():
    # 1.8 note (2): 175 red points before 1982 lower the Life minimums by 35 and the Grand
    # minimums by 70, for both red and gold and gold; never the total.
    pre_1982 = 175_00
    life = RANKS_BY_NAME["Life Master"]
    grand = RANKS_BY_NAME["Grand Master"]

    assert life.allowance(pre_1982) == 35_00
    assert grand.allowance(pre_1982) == 70_00
    assert rank_for(exactly(300, 145, 0), pre_1982) == life
    assert rank_for(exactly(300, 144, 0), pre_1982) != life
    assert rank_for(exactly(1000, 630, 130), pre_1982) == grand
    assert rank_for(exactly(1000, 630, 129), pre_1982) != grand


def test_the_allowance_never_counts_towards_the_total():
    assert rank_for(exactly(299, 299, 299), pre_1982_red=1_000_000).name != "Life Master"


def test_the_allowance_does_not_lower_the_ranks_below_life_master():
    # State Master's 25 red and gold has no note: pre-1982 points do not lower it.
    assert rank_for(exactly(50, 24, 0), pre_1982_red=100_00).name == "Regional Master"


def test_shortfall_says_what_is_still_needed_by_colour():
    life = RANKS_BY_NAME["Life Master"]

    needed = life.shortfall(exactly(280, 170, 10))

    assert (needed.green, needed.red, needed.gold) == (20_00, 10_00, 20_00)


def test_a_fractional_allowance_does_not_round_a_minimum_down():
    life = RANKS_BY_NAME["Life Master"]
    almost = Totals(green=120_00, red=150_01, gold=29_99)

    # 20% of 0.05 is exactly 0.01: the gold minimum becomes 29.99, which is met.
    assert life.shortfall(almost, pre_1982_red=5).gold == 0
    # 20% of 0.01 is 0.002: the minimum 29.998 still needs 30.00 in hundredths.
    assert life.shortfall(almost, pre_1982_red=1).gold == 1


def test_the_one_thousand_club_needs_a_total_of_1000_with_no_colour_requirement():
    assert is_one_thousand_club(Totals(green=1000_00))
    assert not is_one_thousand_club(Totals(green=999_99))
