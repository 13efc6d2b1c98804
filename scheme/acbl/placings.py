"""Places, ties and strats shared by every ACBL award ("Awards for Tied Positions",
"Stratified events"), and the plan's rounding.

"In all events, the 1st place award, rounded to the nearest one hundredth of a masterpoint,
is used to compute all subsequent awards": the first place award is rounded, each lower
place is its exact share of that rounded award, rounded once (halves up, NOTES.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scheme.acbl.events import Strat
from scheme.core.errors import RulesError
from scheme.core.placings import Ranking

HALF = Fraction(1, 2)


def cents(value: Fraction) -> int:
    """`value` to the nearest hundredth, halves up, as whole hundredths."""
    return math.floor(value * 100 + HALF)


def cents_text(hundredths: int) -> str:
    sign = "-" if hundredths < 0 else ""
    return f"{sign}{abs(hundredths) // 100}.{abs(hundredths) % 100:02d}"


@dataclass(frozen=True)
class PlaceAward:
    """What each member of one group of a ranking receives."""

    first: int
    last: int
    labels: tuple[str, ...]
    each: int  # hundredths


def share_places(ranking: Ranking, award_of: Callable[[int], int], depth: int) -> list[PlaceAward]:
    """Each group's award: a place alone takes its award; tied contestants add the awards
    of the places they occupy and share the sum ("when two pairs tie ... adding the
    masterpoints for that position and the next lower position; ... each pair then
    receive[s] half"). A tie for the last paid place adds the next lower award, calculated
    as if it were paid. Groups that start below `depth` receive nothing."""
    shares: list[PlaceAward] = []
    place = 1
    for group in ranking:
        last = place + len(group) - 1
        if place > depth:
            each = 0
        else:
            total = sum(award_of(p) for p in range(place, last + 1))
            # Hundredths shared, rounded to the nearest hundredth, halves up.
            each = math.floor(Fraction(total, len(group)) + HALF)
        shares.append(PlaceAward(place, last, tuple(group), each))
        place = last + 1
    return shares


def strat_index(strats: Sequence[Strat], strat_of: Mapping[str, str], label: str) -> int:
    """The index of a contestant's strat (0: the top); a contestant not listed is in the
    top strat."""
    name = strat_of.get(label)
    if name is None:
        return 0
    for index, strat in enumerate(strats):
        if strat.name == name:
            return index
    raise RulesError("strat_of", f"{label!r} is in strat {name!r}, which the event lacks")


def eligible_ranking(
    ranking: Ranking, strats: Sequence[Strat], strat_of: Mapping[str, str], index: int
) -> Ranking:
    """The ranking of strat `index`: the contestants of that strat and of the strats below
    it, in their order, ties kept."""
    kept = []
    for group in ranking:
        members = tuple(label for label in group if strat_index(strats, strat_of, label) >= index)
        if members:
            kept.append(members)
    return tuple(kept)


def check_ranking(ranking: Ranking, where: str) -> None:
    seen: set[str] = set()
    for i, group in enumerate(ranking):
        if not group:
            raise RulesError(f"{where}[{i}]", "a place lists at least one contestant")
        for label in group:
            if not isinstance(label, str) or not label.strip():
                raise RulesError(f"{where}[{i}]", "a contestant is a non-empty label")
            if label in seen:
                raise RulesError(f"{where}[{i}]", f"{label!r} is ranked twice")
            seen.add(label)


def check_strats(strats: Sequence[Strat], where: str = "strats") -> None:
    names = [s.name for s in strats]
    if len(set(names)) != len(names):
        raise RulesError(where, "two strats share a name")
    limits = [s.upper_limit for s in strats]
    for i in range(1, len(limits)):
        above, below = limits[i - 1], limits[i]
        if below is None or (above is not None and below >= above):
            raise RulesError(
                f"{where}[{i}].upper_limit",
                "strats are listed top first, each with a lower upper limit than the one above",
            )
