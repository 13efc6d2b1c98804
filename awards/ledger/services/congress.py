"""A congress's event (5.3, 5.4.1), for a scheme with congresses (the CONGRESSES feature, the
ABF's): its grade held against what the event was at the congress, and a large congress's
additional championships against its table-sessions (scheme.abf.congress). The event's
checks (awards.ledger.services.events) ask here only when `Scheme.has(CONGRESSES)`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Protocol

from awards.errors import Problem
from awards.ledger.models import Event
from scheme.abf.congress import ADDITIONAL, congress_event_refusals


class CongressEvent(Protocol):
    """What the checks read of an event's details (awards.ledger.services.events.EventDetails)."""

    grade: str
    sessions: int
    organiser: str
    congress_organiser: object | None
    congress_grade: str
    congress_event: str
    extra_championship: int | None
    congress_table_sessions: Decimal | None


def is_congress(event: CongressEvent) -> bool:
    return event.organiser == Event.Organiser.CONGRESS or event.congress_organiser is not None


def congress_problems(event: CongressEvent) -> list[Problem]:
    """5.3.1-5.3.3: the grade of a congress's event by what it was at the congress, and a
    large congress's additional championships by its table-sessions."""
    given = event.congress_grade or event.congress_event
    if not given and event.extra_championship is None and event.congress_table_sessions is None:
        return []
    if not is_congress(event):
        return [
            Problem(
                0,
                "Only a congress's event names the congress's grade and what the event "
                "was at it; choose congress as who ran it (5.3).",
                "event.congress_event",
            )
        ]
    missing = [
        Problem(0, f"Give {what} (5.3).", f"event.{name}")
        for name, what in (
            ("congress_grade", "the congress's grade (A2, B3 or B4)"),
            ("congress_event", "which of the congress's events this is"),
        )
        if not getattr(event, name)
    ]
    if missing:
        return missing
    if event.congress_event != ADDITIONAL and event.extra_championship is not None:
        return [
            Problem(
                0,
                "Only an additional championship has a number; choose it as the event (5.3.3).",
                "event.extra_championship",
            )
        ]
    return [
        Problem(0, message, f"event.{field}")
        for field, message in congress_event_refusals(
            congress_grade=event.congress_grade,
            congress_event=event.congress_event,
            grade=event.grade,
            sessions=event.sessions,
            additional_number=event.extra_championship,
            table_sessions=event.congress_table_sessions,
        )
    ]


def congress_warnings(event: CongressEvent) -> list[str]:
    """What the uploader is told without a refusal: a congress's event whose place at the
    congress is not said has its grade unchecked against 5.3.3."""
    if not is_congress(event) or event.congress_event:
        return []
    return [
        "The grade of this congress event is not checked: say the congress's grade and "
        "whether it was a major championship, a restricted, minor or walk-in event or an "
        "additional championship; minor and walk-in events drop a grade (5.3.3)."
    ]
