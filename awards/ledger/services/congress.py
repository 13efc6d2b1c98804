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
from scheme.abf.levies import is_australia_wide_pairs
from scheme.abf.regions import REGIONAL_GRADE
from scheme.abf.state_championships import STATE_CHAMPIONSHIP_GRADE, grade_refusal


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
    state_championship: str
    eclectic: bool
    region: str
    regional_championship: str


def is_congress(event: CongressEvent) -> bool:
    return event.organiser == Event.Organiser.CONGRESS or event.congress_organiser is not None


def congress_problems(event: CongressEvent) -> list[Problem]:
    """5.3.1-5.3.3: the grade of a congress's event by what it was at the congress, and a
    large congress's additional championships by its table-sessions; 6.2.2 and 2.4: a State
    Championship is grade B, a Regional Championship grade C (their yearly counts are the
    state's register's: awards.authorisations.approvals.state_events)."""
    return _congress_event_problems(event) + _championship_grade_problems(event)


def _championship_grade_problems(event: CongressEvent) -> list[Problem]:
    problems = []
    if event.state_championship and (refusal := grade_refusal(event.grade)):
        problems.append(Problem(0, refusal, "event.grade"))
    if event.eclectic and not event.state_championship:
        problems.append(
            Problem(
                0,
                "Only a State Championship is run as an eclectic event; say which it is (6.2.2).",
                "event.state_championship",
            )
        )
    if (event.region or event.regional_championship) and event.grade != REGIONAL_GRADE:
        problems.append(
            Problem(
                0,
                f"Only a grade C event is a Regional Championship, not grade {event.grade} (2.4).",
                "event.grade",
            )
        )
    return problems


def _congress_event_problems(event: CongressEvent) -> list[Problem]:
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
    congress is not said has its grade unchecked against 5.3.3; a state's grade B event that
    does not say which State Championship it is, unchecked against 6.2.2."""
    if (
        event.organiser == Event.Organiser.STATE
        and event.grade == STATE_CHAMPIONSHIP_GRADE
        and not event.state_championship
        and not is_australia_wide_pairs(event.name)
    ):
        return [
            "The sessions of this grade B event are not checked: say which State "
            "Championship it is (or another with the ABF Masterpoint Unit's permission); the "
            "three longest of a year have up to 20 sessions, the next three up to 10, the "
            "others 2 to 6 (6.2.2)."
        ]
    if not is_congress(event) or event.congress_event:
        return []
    return [
        "The grade of this congress event is not checked: say the congress's grade and "
        "whether it was a major championship, a restricted, minor or walk-in event or an "
        "additional championship; minor and walk-in events drop a grade (5.3.3)."
    ]
