"""1.8 in SQL: the order of the highest rank some points reach, for the set-based promotions
and the standings' rank at 1 January."""

from __future__ import annotations

from scheme.abf.ranks import RANKS


def rank_order_sql(*, green: str, red: str, gold: str, pre_1982_red: str) -> str:
    """A CASE giving `rank_for(Totals(green, red, gold), pre_1982_red).order` for the SQL
    expressions given, 0 below the first rank.

    Each rank is tried highest first, as `rank_for` does (the table is not monotonic). The
    same test as Rank.is_met, in whole numbers: the share n/d of the pre-1982 red points
    lowers the red-and-gold and gold minimums of a Life or Grand rank, and a whole number of
    hundredths x meets a minimum m lowered to m - (n/d)p exactly when d*x + n*p >= d*m, so no
    fraction ever reaches the database.
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
