"""Outline of the Master Point Scheme, Overseas Master Points: "Overseas Players, now
resident in New Zealand, when joining the New Zealand Master Points Scheme, may apply to NZ
Bridge for recognition of their overseas ranking. Where such recognition is made, the points
allocated will be the minimum required to achieve the equivalent New Zealand Master Point
rank."

The minimum: the A Points the rank still needs, then what its aggregate still needs beyond
them as B Points. The book does not say of which kind the rest is; B Points, the kind of
lesser weight that counts in the aggregate, is the reading of NOTES.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from scheme.nz.kinds import A, B
from scheme.nz.ranks import Rank

RULE = "Overseas Master Points"


def recognition_points(rank: Rank, totals: Mapping[str, int]) -> dict[str, int]:
    """The fewest points, by kind in hundredths, that bring `totals` to `rank`: {} when they
    already reach it."""
    aggregate_short, a_short = rank.shortfall(totals)
    points = {A: a_short, B: max(0, aggregate_short - a_short)}
    return {kind: hundredths for kind, hundredths in points.items() if hundredths}
