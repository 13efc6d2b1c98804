"""The most an event can pay one player, and the most any event of its grade could: what
each line of an upload is held against (awards.intake.services.award_checks).

A scheme whose events are typed session by session (`Scheme.calculator_sessions`, the ABF's)
works both out with its award engine (awards.calculator.sessions.ceilings); another scheme
gives both itself (`Scheme.event_ceiling`, `Scheme.grade_limit`: NZ's Basic Table and
tournament awards, the ACBL's club games), by its own engine and rules. With the event's
results, the most is the largest award they give.
"""

from __future__ import annotations

from dataclasses import dataclass

from awards.ledger.services.events import EventDetails
from centre.schemes import current_scheme


@dataclass(frozen=True)
class Ceiling:
    """The most one player may be credited, in hundredths, and how it was found."""

    points: int
    how: str

    def as_json(self) -> dict:
        return {"points": self.points, "how": self.how}


def results_ceiling(expected: dict[str, int]) -> Ceiling:
    """With the event's results, the most is the largest award they give."""
    return Ceiling(
        max(expected.values(), default=0), "the largest award the rules give for its results"
    )


def scheme_ceilings(*, event: EventDetails) -> tuple[Ceiling | None, Ceiling | None]:
    """Under a scheme other than the ABF's: the most the event as described can pay its
    winner, by the scheme's engine, and the most any event of its grade could pay one
    player, by the scheme's own bound (Scheme.event_ceiling, Scheme.grade_limit); each None
    where the scheme gives none."""
    scheme = current_scheme()
    ceiling = limit = None
    if scheme.event_ceiling is not None:
        found = scheme.event_ceiling(
            grade=event.grade,
            kind=event.kind,
            sessions=event.sessions,
            tables=event.tables,
            boards=event.boards,
        )
        ceiling = Ceiling(*found) if found else None
    if scheme.grade_limit is not None:
        found = scheme.grade_limit(
            grade=event.grade, kind=event.kind, sessions=event.sessions, boards=event.boards
        )
        limit = Ceiling(*found) if found else None
    return ceiling, limit
