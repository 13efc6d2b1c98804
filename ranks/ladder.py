"""The scheme's ladder in SQL (`Scheme.rank_order_sql`, 1.8 under the ABF), in the colours'
keywords the McCutcheon standings read it with (ranks.standings, ranks.kept_standings)."""

from __future__ import annotations

from centre.schemes import current_scheme


def rank_order_sql(*, green: str, red: str, gold: str, pre_1982_red: str) -> str:
    """A CASE giving the order of the highest rank (0 below the first) of the SQL expressions
    of the points judged by colour (the red as the caller counts it) and of the pre-1982 red
    points, whose allowance lowers the minimums, by the scheme's ladder."""
    ladder = current_scheme().rank_order_sql
    if ladder is None:
        raise TypeError("the scheme has no ladder in SQL (Scheme.rank_order_sql)")
    return ladder({"green": green, "red": red, "gold": gold}, pre_1982_red)
