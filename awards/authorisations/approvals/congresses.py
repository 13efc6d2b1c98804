"""What an approved congress (or Bridge Tour) asks of each event uploaded for it (5.1.1,
5.1.2, 5.1.3, 5.3.1; 1.5.2): the approved days, its major championships, and its director.

The register knows the congress: which approval covers the event, whether it is a tour, and
the congress's events credited already. An upload by the Centre's staff is not held to the
register (awards.authorisations.approvals.services.event_allowance_problems)."""

from __future__ import annotations

from awards.authorisations.models import Approval
from awards.errors import Problem
from awards.ledger.models import Event
from awards.ledger.selectors import events_standing
from awards.ledger.services.events import EventDetails
from centre.dates import day_text
from scheme.abf.congress import CHAMPIONSHIP, championship_refusals
from scheme.abf.directors import director_refusals


def _approved_days_problems(*, approval: Approval, event: EventDetails) -> list[Problem]:
    """5.1.1: "The event must be held on the approved date": its last day too."""
    ends_on = event.ends_on or event.starts_on
    if ends_on <= approval.ends_on:
        return []
    return [
        Problem(
            0,
            f"{approval.name} was approved for {day_text(approval.starts_on)} to "
            f"{day_text(approval.ends_on)}; this event ends on {day_text(ends_on)}. The event "
            f"must be held on the approved date (5.1.1).",
            "event.ends_on",
        )
    ]


def championships_held(*, approval: Approval, event: EventDetails) -> list[str]:
    """5.3.1: the major championships of the congress credited already, by name (an event
    sent in two files counts once; this event's own name is left out)."""
    events = events_standing(
        Event.objects.filter(
            organiser=Event.Organiser.CONGRESS,
            state=approval.state,
            starts_on__gte=approval.starts_on,
            starts_on__lte=approval.ends_on,
            upload__event_details__congress_event=CHAMPIONSHIP,
        )
    )
    if approval.club_id:
        events = events.filter(club_id=approval.club_id)
    names: dict[str, str] = {}
    for name in events.order_by("starts_on", "id").values_list("name", flat=True):
        names.setdefault(" ".join(name.lower().split()), name)
    names.pop(" ".join(event.name.lower().split()), None)
    return list(names.values())


def _championship_problems(*, approval: Approval, event: EventDetails) -> list[Problem]:
    """5.3.1: two major championships at a B4 congress, three at a B3 (A2 congresses are
    the ABF's, 5.1.4, and not in the state's register)."""
    if event.congress_event != CHAMPIONSHIP or not event.congress_grade:
        return []
    return [
        Problem(0, message, f"event.{field}")
        for field, message in championship_refusals(
            congress_grade=event.congress_grade,
            held=championships_held(approval=approval, event=event),
            sessions=event.sessions,
        )
    ]


def _director_problems(*, tour: bool, event: EventDetails) -> list[Problem]:
    """1.5.2, 5.1.1, 5.1.2, 5.1.3: the accreditation of the director of a congress's (or
    tour's) event, and a non-playing director at a congress."""
    super_congress = (event.congress_grade or event.grade) == "B3"
    return [
        Problem(0, message, f"event.{field}")
        for field, message in director_refusals(
            level=event.director_level,
            playing=event.director_playing,
            tour=tour,
            super_congress=super_congress and not tour,
        )
    ]


def congress_event_problems(*, approval: Approval, event: EventDetails) -> list[Problem]:
    """Everything an approved congress or tour asks of one of its events."""
    tour = approval.kind == Approval.Kind.BRIDGE_TOUR
    problems = _approved_days_problems(approval=approval, event=event)
    if not tour:
        problems += _championship_problems(approval=approval, event=event)
    return problems + _director_problems(tour=tour, event=event)
