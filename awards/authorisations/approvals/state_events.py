"""The state's championships counted over its year (6.2.2) and its regions' Regional
Championships (2.4), where a grade B or C event of the state is uploaded.

The registry keeps which championship an event was in its upload's details; the events of
the state's year credited already are counted, each once by name. An upload by the Centre's
staff is not held to them (awards.authorisations.approvals.services.event_allowance_problems).
"""

from __future__ import annotations

from django.db import transaction

from awards.authorisations.models import Region
from awards.errors import AwardsError, Problem
from awards.ledger.models import Event
from awards.ledger.selectors import events_standing
from awards.ledger.services.events import EventDetails
from centre.models import User
from clubs.models import Club, State
from scheme.abf.regions import REGIONAL_GRADE, regional_refusals
from scheme.abf.state_championships import (
    OTHER_WITH_PERMISSION,
    STATE_CHAMPIONSHIP_GRADE,
    eclectic_refusal,
    session_refusal,
)


def _key(name: str) -> str:
    return " ".join(name.lower().split())


def _state_events(*, state: State, event: EventDetails, grade: str):
    """The state's uploaded events of the grade credited in the event's calendar year and not
    reversed since (run by the state, or a club of it for a Regional Championship)."""
    return (
        events_standing(
            Event.objects.filter(state=state, grade=grade, starts_on__year=event.starts_on.year)
        )
        .exclude(upload__isnull=True)
        .order_by("starts_on", "id")
    )


def _by_name(rows) -> dict[str, tuple[str, int]]:
    """Each event once by its name: the name as first written and its most sessions."""
    named: dict[str, tuple[str, int]] = {}
    for name, sessions in rows:
        key = _key(name)
        first, most = named.get(key, (name, 0))
        named[key] = (first, max(most, sessions))
    return named


def state_championship_problems(*, state: State, event: EventDetails) -> list[Problem]:
    """6.2.2: the session limits of the state's championships of a year, and one eclectic."""
    if (
        event.grade != STATE_CHAMPIONSHIP_GRADE
        or not event.state_championship
        or event.state_championship == OTHER_WITH_PERMISSION
    ):
        return []
    events = _state_events(state=state, event=event, grade=STATE_CHAMPIONSHIP_GRADE).exclude(
        upload__event_details__state_championship__in=("", OTHER_WITH_PERMISSION)
    )
    held = _by_name(events.values_list("name", "sessions"))
    held.pop(_key(event.name), None)
    problems = []
    if refusal := session_refusal(
        held=[sessions for _, sessions in held.values()], sessions=event.sessions
    ):
        problems.append(Problem(0, refusal, "event.sessions"))
    if event.eclectic:
        eclectic = _by_name(
            events.filter(upload__event_details__eclectic=True).values_list("name", "sessions")
        )
        eclectic.pop(_key(event.name), None)
        if refusal := eclectic_refusal(held=[name for name, _ in eclectic.values()]):
            problems.append(Problem(0, refusal, "event.eclectic"))
    return problems


def region_named(*, state: State, name: str) -> Region | None:
    return next((r for r in Region.objects.filter(state=state) if _key(r.name) == _key(name)), None)


def regional_championship_problems(*, state: State, event: EventDetails) -> list[Problem]:
    """2.4: a grade C event is one of a region's three Regional Championships, once each a
    calendar year; the region is one the state has divided itself into."""
    if event.grade != REGIONAL_GRADE:
        return []
    region = region_named(state=state, name=event.region) if event.region else None
    if event.region and region is None:
        regions = ", ".join(Region.objects.filter(state=state).values_list("name", flat=True))
        return [
            Problem(
                0,
                f"{state.code} has no region named {event.region!r}"
                + (f" (its regions: {regions})" if regions else " (it has none yet)")
                + "; the state masterpoint secretary divides the state into regions (2.4).",
                "event.region",
            )
        ]
    held: list[str] = []
    if region is not None and event.regional_championship:
        rows = _state_events(state=state, event=event, grade=REGIONAL_GRADE).filter(
            upload__event_details__regional_championship=event.regional_championship
        )
        named = {
            _key(name): name
            for name, region_name in rows.values_list("name", "upload__event_details__region")
            if _key(region_name or "") == _key(region.name)
        }
        named.pop(_key(event.name), None)
        held = list(named.values())
    return [
        Problem(0, message, f"event.{field}")
        for field, message in regional_refusals(
            grade=event.grade,
            championship=event.regional_championship,
            region=region.name if region else "",
            held=held,
            year=event.starts_on.year,
        )
    ]


def state_event_problems(*, state: State, event: EventDetails) -> list[Problem]:
    """6.2.2 for a grade B event, 2.4 for a grade C one."""
    return state_championship_problems(state=state, event=event) + regional_championship_problems(
        state=state, event=event
    )


def region_register(
    *, by: User, name: str, clubs: list[Club], state: State | None = None
) -> Region:
    """2.4: "State Associations are responsible for dividing the state into regions": the
    state masterpoint secretary names a region and the clubs within it (each of the state,
    each in one region)."""
    if by.is_state_secretary:
        state = by.state
    elif not (by.is_centre_staff and state is not None):
        raise AwardsError("The state masterpoint secretary divides the state into regions (2.4).")
    name = " ".join((name or "").split())[:80]
    if not name:
        raise AwardsError("Give the region's name.", fields={"name": ["Give the region's name."]})
    for club in clubs:
        if club.state_id != state.pk:
            message = f"Club {club.number} is not a club of {state.code} (2.4)."
            raise AwardsError(message, fields={"clubs": [message]})
    with transaction.atomic():
        State.objects.select_for_update().filter(pk=state.pk).first()
        if region_named(state=state, name=name) is not None:
            message = f"{state.code} has a region named {name} already (2.4)."
            raise AwardsError(message, fields={"name": [message]})
        taken = Region.objects.filter(state=state, clubs__in=clubs).values_list(
            "clubs__number", "name"
        )
        taken = [(n, r) for n, r in taken if n in {c.number for c in clubs}]
        if taken:
            number, other = taken[0]
            message = f"Club {number} is within the region {other} already (2.4)."
            raise AwardsError(message, fields={"clubs": [message]})
        region = Region.objects.create(state=state, name=name, created_by=by)
        region.clubs.set(clubs)
    return region
