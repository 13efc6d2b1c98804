"""Placing awards (4.1.1) and ties (4.4.6)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

Ranking = tuple[tuple[str, ...], ...]


def placing_fraction(place: int) -> Fraction:
    """4.1.1: runners-up get 70% of the winner's award, lower places the winner's award
    divided by one less than the place (3rd a half, 4th a third, ...)."""
    if place == 1:
        return Fraction(1)
    if place == 2:
        return Fraction(7, 10)
    return Fraction(1, place - 1)


def top_half(contestants: int | Fraction) -> int:
    """4.1.1: Individual and Duplicate events award the top half, rounding down."""
    return math.floor(Fraction(contestants) / 2)


def top_third(contestants: int | Fraction) -> int:
    """4.1.1: Teams events (and match-scored pairs) award the top third, rounding up."""
    return math.ceil(Fraction(contestants) / 3)


def placing_awards(winner: Fraction, depth: int) -> list[Fraction]:
    """The award of each place from 1st to `depth`, from the unrounded winner's award."""
    return [winner * placing_fraction(place) for place in range(1, depth + 1)]


@dataclass(frozen=True)
class PlaceShare:
    """One group of a ranking: the places it occupies and what each member receives."""

    first: int
    last: int
    labels: tuple[str, ...]
    total: Fraction
    each: Fraction

    @property
    def tied(self) -> bool:
        return len(self.labels) > 1


def share_places(ranking: Ranking, awards: Sequence[Fraction]) -> list[PlaceShare]:
    """4.4.6: contestants tied for a position share the summed awards of the places they
    occupy; places below the last awarded one add nothing ("where a tie occurs for the last
    placing to earn masterpoints, the players concerned share the points available for
    that placing")."""
    shares: list[PlaceShare] = []
    place = 1
    for group in ranking:
        last = place + len(group) - 1
        total = sum(
            (awards[p - 1] for p in range(place, last + 1) if p <= len(awards)), Fraction(0)
        )
        shares.append(PlaceShare(place, last, tuple(group), total, total / len(group)))
        place = last + 1
    return shares
