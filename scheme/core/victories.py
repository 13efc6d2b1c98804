"""A victory a rank needs besides points, as the registry asks it of a `Scheme`
(`Scheme.rank_victory`): the ACBL's Grand Life Master needs a win in an eligible event (an
NABC+ GLM-eligible event, the NAP's Flight A or the GNT's Championship Flight national final).

Plain Python: the ranks app records each win with the credit that paid it and asks the scheme
for the rank and the needs of a player who holds one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scheme.parts import PointTotals, RankNeed, SchemeRank


@dataclass(frozen=True)
class RankVictory:
    # The victory in words: "a victory in an eligible event".
    what: str
    # Why the winners of an event of a grade and name count, or None when they do not.
    event: Callable[[str, str], str | None] = field(repr=False)
    # Who won, from each player's points by kind from the event: the players' numbers.
    winners: Callable[[Iterable[tuple[str, Mapping[str, int]]]], frozenset[str]] = field(repr=False)
    # The highest rank lifetime totals reach for a player who holds a victory.
    rank_for: Callable[[PointTotals], SchemeRank | None] = field(repr=False)
    # What a rank still needs of a player who holds a victory (the victory met).
    needs: Callable[[SchemeRank, PointTotals], tuple[RankNeed, ...]] = field(repr=False)
