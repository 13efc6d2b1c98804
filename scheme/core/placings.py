"""Placing awards (4.1.1) and ties (4.4.6)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from scheme.core.arithmetic import NO_AWARD, Exact, Rounding, exact

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


# The same placings in integers: the engine's path. A place's award is the winner's
# numerator and denominator times the small integers of its placing fraction; no fraction
# is reduced, and each place is rounded once per (winner, depth).


# A few hundred (winner, depth) pairs: an event has one a field size and grade, and a
# deep field's placings weigh some hundred kilobytes.
@lru_cache(maxsize=256)
def exact_placing_awards(
    numerator: int, denominator: int, depth: int, rounding: Rounding
) -> tuple[Exact, ...]:
    """4.1.1: the award of each place from 1st to `depth`, from the unrounded winner's award
    `numerator / denominator`, each with its rounding (4.4.2)."""
    awards = [exact(numerator, denominator, rounding)]
    if depth >= 2:
        awards.append(exact(7 * numerator, 10 * denominator, rounding))
    awards.extend(
        exact(numerator, denominator * (place - 1), rounding) for place in range(3, depth + 1)
    )
    return tuple(awards[:depth])


def tied_award(awards: Sequence[Exact], first: int, members: int, rounding: Rounding) -> Exact:
    """4.4.6: each of `members` contestants tied from place `first` receives an equal share
    of the summed awards of the places they occupy (none below the last awarded place)."""
    numerator, denominator = 0, 1
    for award in awards[first - 1 : first - 1 + members]:
        if award.denominator == denominator:
            numerator += award.numerator
        else:
            numerator = numerator * award.denominator + award.numerator * denominator
            denominator *= award.denominator
    if not numerator:
        return NO_AWARD
    return exact(numerator, denominator * members, rounding)


def exact_shares(ranking: Ranking, awards: Sequence[Exact], rounding: Rounding) -> list[Exact]:
    """What each member of each group of `ranking` receives, group by group (4.4.6): the
    place's award alone, a share of the tied places' awards, or nothing below the placings
    (`awards` holds one award a place, to the last awarded place)."""
    depth = len(awards)
    shares: list[Exact] = []
    place = 1
    for group in ranking:
        if place > depth:
            shares.extend([NO_AWARD] * (len(ranking) - len(shares)))
            break
        members = len(group)
        if members == 1:
            shares.append(awards[place - 1])
        else:
            shares.append(tied_award(awards, place, members, rounding))
        place += members
    return shares
