"""Master rankings (1.8) and the One Thousand Club (1.9).

Points are integers of hundredths, as in the ledger. A player holds the highest rank in the
table whose every minimum their lifetime totals meet; the pre-1982 allowance lowers the
red-and-gold and gold minimums of the Life and Grand ranks only, never the total.
"""

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple


class Totals(NamedTuple):
    """Lifetime points by colour, in hundredths (a named tuple: made twice for each player
    the lookup lists)."""

    green: int = 0
    red: int = 0
    gold: int = 0

    @property
    def total(self) -> int:
        return self.green + self.red + self.gold

    @property
    def red_and_gold(self) -> int:
        return self.red + self.gold


@dataclass(frozen=True)
class Rank:
    order: int
    name: str
    total: int
    red_and_gold: int = 0
    gold: int = 0
    # 1.8 notes: the share of pre-1982 red points that lowers the red-and-gold and gold
    # minimums: 20% for the Life ranks (note 1), 40% for the Grand ranks (note 2).
    pre_1982_allowance: Fraction = Fraction(0)

    def allowance(self, pre_1982_red: int) -> Fraction:
        return self.pre_1982_allowance * pre_1982_red

    def minimums(self, pre_1982_red: int = 0) -> tuple[int, int]:
        """The red-and-gold and gold minimums in hundredths, lowered by the allowance."""
        if not pre_1982_red or not self.pre_1982_allowance:
            return self.red_and_gold, self.gold
        allowance = self.allowance(pre_1982_red)
        return _ceil(self.red_and_gold - allowance), _ceil(self.gold - allowance)

    def shortfall(self, totals: Totals, pre_1982_red: int = 0) -> Totals:
        """What a player still needs for this rank, by colour, in hundredths (0 when met).

        `green` carries the total still needed, `red` the red-and-gold still needed and
        `gold` the gold still needed; a player meets the rank when all three are 0.
        """
        red_and_gold, gold = self.minimums(pre_1982_red)
        return Totals(
            green=max(0, self.total - totals.total),
            red=max(0, red_and_gold - totals.red_and_gold),
            gold=max(0, gold - totals.gold),
        )

    def is_met(self, totals: Totals, pre_1982_red: int = 0) -> bool:
        # The shortfall's three figures all 0, compared without building it: the lookup
        # tries every rank of each player it lists (rank_for). The total first: most players
        # fall short of most ranks on it, and it needs no minimum lowered by the allowance.
        if totals.total < self.total:
            return False
        red_and_gold, gold = self.minimums(pre_1982_red)
        return totals.red_and_gold >= red_and_gold and totals.gold >= gold


def _ceil(value: Fraction) -> int:
    # A minimum lowered to a fraction of a hundredth is met by the next whole hundredth.
    return -((-value.numerator) // value.denominator)


_LIFE = Fraction(20, 100)
_GRAND = Fraction(40, 100)


def _mp(points: int) -> int:
    return points * 100


# 1.8: the 21 ranks, lowest first, with their minimum total, red-and-gold and gold points.
RANKS: tuple[Rank, ...] = tuple(
    Rank(order, name, _mp(total), _mp(red_and_gold), _mp(gold), allowance)
    for order, (name, total, red_and_gold, gold, allowance) in enumerate(
        [
            ("Graduate Master", 2, 0, 0, Fraction(0)),
            ("Club Master", 5, 0, 0, Fraction(0)),
            ("Local Master", 15, 0, 0, Fraction(0)),
            ("Bronze Local Master", 25, 0, 0, Fraction(0)),
            ("Silver Local Master", 35, 0, 0, Fraction(0)),
            ("Regional Master", 50, 0, 0, Fraction(0)),
            ("Bronze Regional Master", 100, 0, 0, Fraction(0)),
            ("State Master", 50, 25, 0, Fraction(0)),
            ("Bronze State Master", 100, 50, 0, Fraction(0)),
            ("National Master", 150, 75, 0, Fraction(0)),
            ("Bronze National Master", 200, 100, 0, Fraction(0)),
            ("Silver National Master", 300, 150, 0, Fraction(0)),
            ("Life Master", 300, 180, 30, _LIFE),
            ("Bronze Life Master", 400, 240, 40, _LIFE),
            ("Silver Life Master", 500, 300, 50, _LIFE),
            ("Gold Life Master", 750, 450, 75, _LIFE),
            ("Grand Master", 1000, 700, 200, _GRAND),
            ("Silver Grand Master", 2500, 1900, 600, _GRAND),
            ("Gold Grand Master", 5000, 4000, 1400, _GRAND),
            ("Emerald Grand Master", 10000, 8500, 3000, _GRAND),
            ("Diamond Grand Master", 15000, 13000, 5000, _GRAND),
        ],
        start=1,
    )
)
RANKS_BY_NAME = {rank.name: rank for rank in RANKS}

# 1.9: a total of 1,000 masterpoints, with no red or gold requirement.
ONE_THOUSAND_CLUB = _mp(1000)


# The table's minimum totals in order, and for each the ranks whose total it reaches, highest
# first: a player's search starts at the highest rank their total reaches.
_TOTALS = sorted({rank.total for rank in RANKS})
_REACHED_BY_TOTAL = tuple(
    tuple(rank for rank in reversed(RANKS) if rank.total <= total) for total in _TOTALS
)


def rank_for(totals: Totals, pre_1982_red: int = 0) -> Rank | None:
    """The highest rank whose minimums are all met, or None below Graduate Master.

    The table is not monotonic in its total column (State Master needs 50 in all with 25 red
    and gold, Bronze Regional Master 100 in all), so every rank the total reaches is tried,
    highest first; the ranks it does not reach are never asked (the lookup finds the rank of
    each player it lists, and most fall short of most ranks on the total).
    """
    reached = bisect_right(_TOTALS, totals.total)
    if not reached:
        return None
    for rank in _REACHED_BY_TOTAL[reached - 1]:
        if rank.is_met(totals, pre_1982_red):
            return rank
    return None


def next_rank(current: Rank | None) -> Rank | None:
    order = 0 if current is None else current.order
    return RANKS[order] if order < len(RANKS) else None


def is_one_thousand_club(totals: Totals) -> bool:
    return totals.total >= ONE_THOUSAND_CLUB
