"""Outline of the Master Point Scheme, rule 3: the three categories of Master Point award.

A Points are won in the top placings and session wins of A Point Tournaments (and match wins
of their match play); B Points in those of B Point Tournaments; C Points in any one session
of play run by a licensed Club, a Region or NZ Bridge. "B Points are not convertible to A
Points. C Points are converted to B Points in the ratio of 100 C Points to one B Point."

The book gives the kinds no colours; the pages use the ones below (NOTES.md).

Totals are kept as earned: the ledger holds C points as C points and never rewrites them as
B. What a player's C points are worth in B points is derived when it is needed (the
aggregate for ranks, the year's points for rating points): each whole 100 C points is one B
Point; the C points short of the next hundred wait for it (NOTES.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from scheme.base import PointKind

A = "A"
B = "B"
C = "C"

# Rule 3 names no colours: a deep red for A (the highest award), blue for B, green for C,
# each readable as text on white (contrast above 4.5:1) and apart for colour-blind readers.
NZ_POINT_KINDS = (
    PointKind(A, "A Points", "#b71c1c", 1),
    PointKind(B, "B Points", "#1565c0", 2),
    PointKind(C, "C Points", "#2e7d32", 3),
)
KIND_CODES = tuple(kind.code for kind in NZ_POINT_KINDS)

# Rule 3: "100 C Points to one B Point".
C_POINTS_PER_B_POINT = 100
HUNDREDTHS = 100


def b_points_from_c(c_hundredths: int) -> int:
    """Rule 3: the B Points, in hundredths, that C points (in hundredths) convert into:
    one B Point for each whole 100 C Points (12,345 C -> 123 B)."""
    if c_hundredths <= 0:
        return 0
    return c_hundredths // (C_POINTS_PER_B_POINT * HUNDREDTHS) * HUNDREDTHS


def b_points_converted_between(c_before: int, c_after: int) -> int:
    """Rule 3: the B Points (hundredths) converted while a player's lifetime C points grew
    from `c_before` to `c_after` (hundredths): the year's converted B Points for rating."""
    return b_points_from_c(c_after) - b_points_from_c(c_before)


def aggregate(totals: Mapping[str, int]) -> int:
    """Outline rule 5: the aggregate of A and B Points (hundredths), the B Points including
    those converted from C Points (rule 3)."""
    return totals.get(A, 0) + totals.get(B, 0) + b_points_from_c(totals.get(C, 0))


def check_kinds(totals: Mapping[str, int]) -> None:
    unknown = set(totals) - set(KIND_CODES)
    if unknown:
        raise KeyError(f"the NZ scheme has no point kind {sorted(unknown)[0]!r}")
