"""The ladder's integer rank test gives rank_for's answer (1.8), at every boundary."""

from hypothesis import given, strategies as st

from scheme.abf.ladder import rank_order_for
from scheme.abf.ranks import RANKS, Totals, rank_for

hundredths = st.integers(min_value=0, max_value=20_000_00)


def expected(totals: Totals, pre_1982_red: int = 0) -> int:
    rank = rank_for(totals, pre_1982_red)
    return rank.order if rank else 0


@given(green=hundredths, red=hundredths, gold=hundredths)
def test_any_totals_get_the_rank_of_rank_for(green: int, red: int, gold: int) -> None:
    totals = Totals(green=green, red=red, gold=gold)
    assert rank_order_for(totals) == expected(totals)


@given(green=hundredths, red=hundredths, gold=hundredths, pre_1982_red=hundredths)
def test_with_pre_1982_points_the_rank_is_rank_fors(
    green: int, red: int, gold: int, pre_1982_red: int
) -> None:
    totals = Totals(green=green, red=red + pre_1982_red, gold=gold)
    assert rank_order_for(totals, pre_1982_red) == expected(totals, pre_1982_red)


def test_every_boundary_of_the_table_and_one_hundredth_below() -> None:
    for rank in RANKS:
        gold = rank.gold
        red = rank.red_and_gold - gold
        green = rank.total - rank.red_and_gold
        for delta in (Totals(), Totals(green=-1), Totals(red=-1), Totals(gold=-1)):
            totals = Totals(
                green=max(0, green + delta.green),
                red=max(0, red + delta.red),
                gold=max(0, gold + delta.gold),
            )
            assert rank_order_for(totals) == expected(totals), (rank.name, totals)
