"""1.8 in whole numbers: the order of the highest rank some points reach, as SQL for the
set-based promotions and the standings' rank at 1 January (`Scheme.rank_order_sql`), and the
same test in Python for points with no pre-1982 red.

Every test here gives `rank_for`'s answer without a fraction: the share n/d of the pre-1982
red points lowers the red-and-gold and gold minimums of a Life or Grand rank, and a whole
number of hundredths x meets a minimum m lowered to m - (n/d)p exactly when
d*x + n*p >= d*m.
"""

from __future__ import annotations

from collections.abc import Mapping

from scheme.abf.ranks import RANKS, Totals, rank_for

# The ranks of 1.8, highest first, for the integer test of players with no pre-1982 points.
_RANKS_HIGHEST_FIRST = tuple(reversed(RANKS))


def rank_order_case(*, green: str, red: str, gold: str, pre_1982_red: str) -> str:
    """A CASE giving `rank_for(Totals(green, red, gold), pre_1982_red).order` for the SQL
    expressions given, 0 below the first rank.

    Each rank is tried highest first, as `rank_for` does (the table is not monotonic), with
    the same test as Rank.is_met in whole numbers, so no fraction ever reaches the database.
    """
    total = f"({green} + {red} + {gold})"
    red_and_gold = f"({red} + {gold})"
    whens = []
    for rank in reversed(RANKS):
        n = int(rank.pre_1982_allowance.numerator)
        d = int(rank.pre_1982_allowance.denominator)
        allowance = f" + {n} * {pre_1982_red}" if n else ""
        whens.append(
            f"WHEN {total} >= {int(rank.total)}"
            f" AND {d} * {red_and_gold}{allowance} >= {d * int(rank.red_and_gold)}"
            f" AND {d} * {gold}{allowance} >= {d * int(rank.gold)}"
            f" THEN {rank.order}"
        )
    return "CASE " + " ".join(whens) + " ELSE 0 END"


def rank_order_sql(totals: Mapping[str, str], pre_1982_red: str) -> str:
    """`Scheme.rank_order_sql`: the CASE of `rank_order_case` over the colours' SQL
    expressions by point-kind code (the red with the pre-1982 red points counted in it)."""
    return rank_order_case(
        green=totals["green"], red=totals["red"], gold=totals["gold"], pre_1982_red=pre_1982_red
    )


def rank_order_for(totals: Totals, pre_1982_red: int = 0) -> int:
    """The order of the highest rank `totals` reach (0 for none): rank_for's answer.

    rank_for works in exact fractions for the pre-1982 allowance; with no pre-1982 points
    there is no allowance, and the same table compared in whole hundredths gives the same
    rank (tests/ranks/test_promotions_rank_order.py checks the two agree).
    """
    if pre_1982_red:
        rank = rank_for(totals, pre_1982_red)
        return rank.order if rank is not None else 0
    total, red_and_gold, gold = totals.total, totals.red_and_gold, totals.gold
    for rank in _RANKS_HIGHEST_FIRST:
        if total >= rank.total and red_and_gold >= rank.red_and_gold and gold >= rank.gold:
            return rank.order
    return 0
