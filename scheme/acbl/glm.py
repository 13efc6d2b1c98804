"""Grand Life Master's victory: which events' winners it counts, and who in an event's awards
won it.

The plan: "Winning the national NAP Flight A or GNT Championship Flight meets the criteria for
national championship for Grand Life Master status" ("Grand National Teams & North American
Pairs"), and the NABC+ tables mark the events that are "GLM ELIGIBLE" (`nabc.NABC_PLUS_EVENTS`,
their `glm_eligible`). The title needs Platinum Life Master's points besides
(`ranks.JOINED_BEFORE_2010`).

An event is eligible by its grade and name: the NAP national final's Flight A (grade NPA) and
the GNT national final's Championship Flight (grade GNC) whatever their names; an NABC+ event
(NP, platinum) whose name is one of the GLM-eligible events of the tables. Who won it is read
from its awards, as the plan pays them: first place is the largest award of the event (its
first overall, "the 1st place award ... used to compute all subsequent awards"); every player
given the largest award won (partners, teammates, and a tie for first, which shares it). A
guess where the plan is silent: a tie for first is a victory (NOTES.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scheme.acbl.nabc import NABC_PLUS_EVENTS

NAP_FLIGHT_A = "NPA"
GNT_CHAMPIONSHIP = "GNC"
NABC_PLUS = "NP"


def _words(name: str) -> str:
    return " ".join(name.replace("-", " ").split()).casefold()


def eligible_event(grade: str, name: str) -> str | None:
    """Why the winners of an event of `grade` named `name` count towards Grand Life Master,
    or None when they do not."""
    if grade == NAP_FLIGHT_A:
        return "the NAP national final's Flight A"
    if grade == GNT_CHAMPIONSHIP:
        return "the GNT national final's Championship Flight"
    if grade == NABC_PLUS:
        # The longest of the tables' names the event's name holds: the Mini-Blue Ribbon Pairs
        # (not eligible) is not the Blue Ribbon Pairs.
        named = _words(name)
        held = [event for event in NABC_PLUS_EVENTS if _words(event) in named]
        event = max(held, key=lambda n: len(_words(n)), default=None)
        if event is not None and NABC_PLUS_EVENTS[event].glm_eligible:
            return f"the {event}, a GLM-eligible NABC+ event"
    return None


def winners(awards: Iterable[tuple[str, Mapping[str, int]]]) -> frozenset[str]:
    """The players (by number) given an eligible event's largest award: its first place.
    `awards` are each player's points by colour from the event."""
    totals: dict[str, int] = {}
    for player, points in awards:
        totals[player] = totals.get(player, 0) + sum(points.values())
    best = max(totals.values(), default=0)
    if best <= 0:
        return frozenset()
    return frozenset(player for player, total in totals.items() if total == best)
