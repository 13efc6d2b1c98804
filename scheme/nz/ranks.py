"""Outline of the Master Point Scheme, rule 5: the ten ranks, and the stars of a player who
has the aggregate for a higher rank but not its A Points.

A rank needs an aggregate of A and B Points (B Points including those converted from C
Points, rule 3) and, from Provincial Master up, at least so many A Points within it.

Stars: "On reaching an aggregate of 100 Master Points, a Local Master who has not earned 50
A Points is accorded the status of Local Master - 1 Star. At 150 Master Points, the Player
becomes Local Master - 2 Star, with an additional Star for each additional 50 Master Points
if sufficient A Points have not been attained. Similarly, Stars are awarded to Masters of
other ranks ..." and "A 1-star National Master will have acquired 700 plus total Points but
not yet attained 250 A Points". Both read as: the k-th star at (k + 1) times the rank's own
aggregate (Local Master 50: 100, 150, 200; National Master 350: 700, 1050), for a player who
has the next rank's aggregate but not its A Points (NOTES.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scheme.nz.kinds import A, aggregate

HUNDREDTHS = 100


@dataclass(frozen=True)
class Rank:
    order: int
    name: str
    # The aggregate of A and B Points, and the A Points within it, in whole points.
    aggregate: int
    a_points: int = 0

    def shortfall(self, totals: Mapping[str, int]) -> tuple[int, int]:
        """What a player still needs for this rank, in hundredths: (aggregate, A Points)."""
        return (
            max(0, self.aggregate * HUNDREDTHS - aggregate(totals)),
            max(0, self.a_points * HUNDREDTHS - totals.get(A, 0)),
        )

    def is_met(self, totals: Mapping[str, int]) -> bool:
        return self.shortfall(totals) == (0, 0)


RANKS: tuple[Rank, ...] = (
    Rank(1, "Junior Master", 5),
    Rank(2, "Club Master", 20),
    Rank(3, "Local Master", 50),
    Rank(4, "Provincial Master", 100, 50),
    Rank(5, "Master", 200, 100),
    Rank(6, "National Master", 350, 175),
    Rank(7, "Life Master", 500, 250),
    Rank(8, "Grand Master", 1000, 500),
    Rank(9, "Silver Grand Master", 2500, 1250),
    Rank(10, "Gold Grand Master", 4000, 2500),
)
PROVINCIAL_MASTER = RANKS[3]


def rank_for(totals: Mapping[str, int]) -> Rank | None:
    """The highest rank whose aggregate and A Points the totals meet; None below Junior
    Master (an aggregate under 5)."""
    for rank in reversed(RANKS):
        if rank.is_met(totals):
            return rank
    return None


def next_rank(rank: Rank | None) -> Rank | None:
    index = 0 if rank is None else rank.order
    return RANKS[index] if index < len(RANKS) else None


def stars(rank: Rank | None, totals: Mapping[str, int]) -> int:
    """Rule 5: the stars of a player of `rank` (the one `rank_for` gives): one at twice the
    rank's aggregate, one more for each further multiple of it, while the A Points of the
    next rank are lacking. No stars below the next rank's aggregate, nor at the top rank."""
    following = next_rank(rank)
    if rank is None or following is None:
        return 0
    held = aggregate(totals)
    if held < following.aggregate * HUNDREDTHS or following.is_met(totals):
        return 0
    return max(0, held // (rank.aggregate * HUNDREDTHS) - 1)


def next_star_aggregate(rank: Rank | None, totals: Mapping[str, int]) -> int | None:
    """The aggregate (hundredths) at which a player of `rank` who lacks the next rank's A
    Points gains the next star: twice the rank's aggregate (or the next rank's aggregate,
    if that is more) for the first, then each further multiple. None at the top rank."""
    following = next_rank(rank)
    if rank is None or following is None:
        return None
    step = rank.aggregate * HUNDREDTHS
    held = stars(rank, totals)
    if held == 0:
        return max(2 * step, following.aggregate * HUNDREDTHS)
    return (held + 2) * step


def rank_label(rank: Rank | None, star_count: int) -> str:
    """'National Master - 1 Star', 'Local Master - 2 Star', 'Club Master'; '' for no rank."""
    if rank is None:
        return ""
    return f"{rank.name} - {star_count} Star" if star_count else rank.name
