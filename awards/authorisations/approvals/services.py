"""Writes of the state's register (2.6, 2.7, 5.1, 6.2.1; guide B3.2), and the allowance
checks an upload, an authorisation request and an authorisation number go through (2.3,
2.6, 2.7, 5.1.2, 6.2.1)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db import transaction
from django.utils import timezone

from awards.authorisations.approvals.congresses import congress_event_problems
from awards.authorisations.approvals.selectors import (
    approval_covering,
    approvals_standing,
    b4c_other_approved,
    b4s_used,
    b5i_taken,
    grade_d_held,
    state_members,
)
from awards.authorisations.approvals.state_events import state_event_problems
from awards.authorisations.models import Approval
from awards.errors import AwardsError, Problem
from awards.ledger.models import Event
from awards.ledger.selectors import events_standing
from awards.ledger.services.events import EventDetails
from centre.dates import day_text
from centre.models import User
from centre.schemes import current_scheme
from clubs.models import Club, State
from scheme.abf import allowances
from scheme.base import AUTHORISATIONS

Kind = Approval.Kind
# 5.1: congresses the state approves (B5, B4 and B3 events of congresses and tours; an A2
# congress is the ABF's, 5.1.4).
STATE_CONGRESS_GRADES = frozenset({"B5", "B4", "B3"})
# 6.2.2: State Championships (grade B); 2.4: Regional Championships (grade C).
STATE_EVENT_GRADES = frozenset({"B", "C"})


def _refuse(message: str, field: str = "") -> AwardsError:
    return AwardsError(message, fields={field: [message]} if field else None)


def _state_of(*, by: User, state: State | None) -> State:
    if by.is_state_secretary:
        if state is not None and state.pk != by.state_id:
            raise _refuse("Your login keeps the register of your own state only.")
        return by.state
    if by.is_centre_staff and state is not None:
        return state
    if by.is_centre_staff:
        raise _refuse("Name the state whose register this is.", "state")
    raise AwardsError("The register is kept by the state masterpoint secretary.")


def _lock_clubs(clubs: Iterable[Club]) -> None:
    """Counts per club are read and written under the clubs' row locks, in one order."""
    ids = sorted({club.pk for club in clubs})
    list(Club.objects.select_for_update().filter(pk__in=ids).order_by("pk").values("pk"))


def approval_register(
    *,
    by: User,
    kind: str,
    name: str,
    starts_on: date,
    sessions: int,
    ends_on: date | None = None,
    club: Club | None = None,
    clubs: Iterable[Club] = (),
    convener: str = "",
    state: State | None = None,
) -> Approval:
    """The state secretary approves an event in advance and keeps it in the register, within
    the allowances: B5i events of each club taking part (2.7), the state's B4s sessions
    (6.2.1), the club's two B4c sessions at other times (2.6); congresses of two sessions or
    more (5.1.1) and Bridge Tours (5.1.2) are kept with their dates."""
    state = _state_of(by=by, state=state)
    if kind not in Kind.values:
        raise _refuse(f"{kind!r} is not a kind of approval.", "kind")
    name = " ".join((name or "").split())[:160]
    if not name:
        raise _refuse("Give the event's name.", "name")
    ends_on = ends_on or starts_on
    if ends_on < starts_on:
        raise _refuse("The event ends before it starts.", "ends_on")
    if not isinstance(sessions, int) or sessions < 1:
        raise _refuse("An event has at least one session.", "sessions")
    if club is not None and club.state_id != state.pk:
        raise _refuse(f"Club {club.number} is not a club of {state.code}.", "club")
    taking_part = list({c.pk: c for c in [*([club] if club else []), *clubs]}.values())
    year = starts_on.year
    with transaction.atomic():
        State.objects.select_for_update().filter(pk=state.pk).first()
        if kind in Approval.CLUB_KINDS:
            if club is None:
                raise _refuse("Give the organising club.", "club")
            _lock_clubs(taking_part)
        if kind == Kind.B5I:
            if len(taking_part) < 2:
                raise _refuse(
                    "A B5i event is played between two or more clubs; name the others (2.7).",
                    "clubs",
                )
            for one in taking_part:
                problem = allowances.b5i_problem(
                    club=str(one.number),
                    year=year,
                    taken=b5i_taken(club=one, year=year),
                    remote=one.remote,
                    sessions=sessions,
                )
                if problem:
                    low, high = allowances.B5I_SESSIONS
                    raise _refuse(problem, "clubs" if low <= sessions <= high else "sessions")
        elif kind == Kind.B4S:
            problem = allowances.b4s_problem(
                state=state.code,
                year=year,
                used=b4s_used(state=state, year=year),
                sessions=sessions,
                members=state_members(state=state, year=year),
            )
            if problem:
                raise _refuse(problem, "sessions")
        elif kind == Kind.B4C_OUT_OF_HOURS:
            problem = allowances.b4c_out_of_hours_problem(
                club=str(club.number),  # type: ignore[union-attr]
                year=year,
                approved=b4c_other_approved(club=club, year=year),  # type: ignore[arg-type]
                sessions=sessions,
            )
            if problem:
                raise _refuse(problem, "sessions")
        elif kind == Kind.CONGRESS and sessions < allowances.CONGRESS_MINIMUM_SESSIONS:
            raise _refuse(
                "A congress is played over a minimum of two sessions (5.1.1).", "sessions"
            )
        elif kind == Kind.CONGRESS and (
            problem := allowances.congress_days_problem(
                starts_on=starts_on, ends_on=ends_on, sessions=sessions
            )
        ):
            raise _refuse(problem, "ends_on")
        approval = Approval.objects.create(
            kind=kind,
            state=state,
            club=club,
            name=name,
            convener=" ".join((convener or "").split())[:120],
            starts_on=starts_on,
            ends_on=ends_on,
            sessions=sessions,
            approved_by=by,
        )
        if kind == Kind.B5I:
            approval.clubs.set(taking_part)
    return approval


def approval_cancel(*, by: User, approval: Approval, reason: str) -> Approval:
    """A defunct event's approval (guide B3.2), or one withdrawn (5.1.2), is cancelled with
    its reason; it stays in the register and no longer counts."""
    if not (by.is_centre_staff or (by.is_state_secretary and by.state_id == approval.state_id)):
        raise AwardsError("Only the state masterpoint secretary cancels the state's approvals.")
    reason = " ".join((reason or "").split())[:200]
    if not reason:
        raise _refuse("Say why the approval is cancelled.", "reason")
    with transaction.atomic():
        locked = Approval.objects.select_for_update().get(pk=approval.pk)
        if locked.cancelled:
            when = day_text(locked.cancelled_at)
            raise AwardsError(f"{locked.name} was cancelled on {when} already.")
        locked.cancelled_at = timezone.now()
        locked.cancelled_by = by
        locked.cancel_reason = reason
        locked.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
    return locked


def _no_approval(clause: str, who: str, on: date, count: str) -> str:
    return (
        f"{who} has no approval for {day_text(on)} in the state's register{count}; "
        f"the state masterpoint secretary approves the event in advance ({clause})."
    )


def _b5i_problem(*, club: Club, starts_on: date, sessions: int) -> str:
    """2.7: a B5i event needs its approval in the register, for at least its sessions."""
    approval = approval_covering(kinds=(Kind.B5I,), on=starts_on, club=club)
    if approval is None:
        taken = b5i_taken(club=club, year=starts_on.year)
        allowed = allowances.b5i_events(remote=club.remote)
        return _no_approval(
            "2.7; guide B3.2",
            f"Club {club.number}",
            starts_on,
            f" (it takes part in {taken} of its {allowed} B5i events in {starts_on.year})",
        )
    if sessions > approval.sessions:
        return (
            f"{approval.name} was approved for {approval.sessions} session(s); this "
            f"event has {sessions} (2.7)."
        )
    return ""


def _b4s_problem(*, state: State, starts_on: date, sessions: int) -> str:
    """6.2.1: a B4s event needs the state secretary's prior approval, within the sessions."""
    approval = approval_covering(kinds=(Kind.B4S,), on=starts_on, state=state)
    if approval is None:
        year = starts_on.year
        used = b4s_used(state=state, year=year)
        allowed = allowances.b4s_sessions(members=state_members(state=state, year=year))
        return _no_approval(
            "6.2.1",
            state.code,
            starts_on,
            f" ({used} of its {allowed} B4s sessions of {year} are approved)",
        )
    if sessions > approval.sessions:
        return (
            f"{approval.name} was approved for {approval.sessions} B4s session(s); "
            f"this event has {sessions} (6.2.1)."
        )
    return ""


def _congress_problem(*, state: State, event: EventDetails) -> str:
    """5.1: a congress (or a Bridge Tour's event) needs the state's prior approval; a tour
    gives the B4 rate to one major event only (5.1.2)."""
    congress = approval_covering(kinds=(Kind.CONGRESS,), on=event.starts_on, state=state)
    if congress is not None:
        return ""
    tour = approval_covering(kinds=(Kind.BRIDGE_TOUR,), on=event.starts_on, state=state)
    if tour is None:
        return (
            f"No congress or Bridge Tour of {state.code} is approved for "
            f"{day_text(event.starts_on)} in the state's register (5.1); a congress needs the "
            f"state's prior approval (5.1.1), a tour its convener's authorisation (5.1.2)."
        )
    if event.grade == "B4":
        others = {
            name.strip().lower()
            for name in events_standing(
                Event.objects.filter(
                    organiser=Event.Organiser.CONGRESS,
                    state=state,
                    grade="B4",
                    starts_on__gte=tour.starts_on,
                    starts_on__lte=tour.ends_on,
                )
            ).values_list("name", flat=True)
        }
        others.discard(event.name.strip().lower())
        if others:
            return (
                f"Of a Bridge Tour's major events one only receives the B4 rate, the "
                f"others B5; {tour.name} has given it already ({len(others)} event) (5.1.2)."
            )
    return ""


def event_allowance_problems(*, by: User, event: EventDetails) -> list[Problem]:
    """The allowances an uploaded event must keep (2.3, 2.7, 5.1, 6.2.1); the Centre's
    staff may record an event the register lacks (a correction, a late record)."""
    if by.is_centre_staff or not event.starts_on or not current_scheme().has(AUTHORISATIONS):
        return []  # the allowances are the ABF manual's, kept with its authorisations
    problem = ""
    field = "event.grade"
    if event.grade == "D" and event.club is not None:
        problem = allowances.grade_d_problem(
            club=str(event.club.number),
            year=event.starts_on.year,
            held=grade_d_held(
                club=event.club,
                year=event.starts_on.year,
                name=event.name,
                starts_on=event.starts_on,
            ),
            sessions=event.sessions,
        )
        low, high = allowances.GRADE_D_SESSIONS
        field = field if low <= event.sessions <= high else "event.sessions"
    elif event.grade == "B5i" and event.club is not None:
        problem = _b5i_problem(club=event.club, starts_on=event.starts_on, sessions=event.sessions)
    elif event.grade == "B4s" and event.state is not None:
        problem = _b4s_problem(
            state=event.state, starts_on=event.starts_on, sessions=event.sessions
        )
    elif event.grade in STATE_EVENT_GRADES and event.state is not None:
        # 6.2.2, 2.4: the state's championships of a year, its regions' championships.
        return state_event_problems(state=event.state, event=event)
    elif (
        event.organiser == Event.Organiser.CONGRESS
        and event.grade in STATE_CONGRESS_GRADES
        and event.state is not None
    ):
        problem = _congress_problem(state=event.state, event=event)
        if not problem:
            # 5.1.1, 5.1.2, 5.1.3, 5.3.1; 1.5.2: what the approved congress or tour asks.
            approval = approval_covering(
                kinds=(Kind.CONGRESS,), on=event.starts_on, state=event.state
            ) or approval_covering(kinds=(Kind.BRIDGE_TOUR,), on=event.starts_on, state=event.state)
            return congress_event_problems(approval=approval, event=event)
    return [Problem(0, problem, field)] if problem else []


def authorisation_allowance_check(
    *,
    club: Club,
    grade: str,
    starts_on: date | None,
    sessions: int = 1,
    out_of_hours: bool = False,
) -> None:
    """2.6, 2.7, 6.2.1: an authorisation (or a request for one) for an event the register
    does not approve is refused. Without the event's day (an authorisation issued on its
    own) the approval is looked for in the current year."""
    if grade == "B5i":
        if starts_on is not None:
            problem = _b5i_problem(club=club, starts_on=starts_on, sessions=sessions)
        else:
            year = timezone.localdate().year
            problem = (
                ""
                if b5i_taken(club=club, year=year)
                else (
                    f"Club {club.number} has no B5i event approved in "
                    f"{year} in the state's register; the state masterpoint secretary "
                    f"approves it first (2.7; guide B3.2)."
                )
            )
        if problem:
            raise _refuse(problem, "grade")
    elif grade == "B4s":
        on = starts_on
        if on is not None:
            problem = _b4s_problem(state=club.state, starts_on=on, sessions=sessions)
        else:
            year = timezone.localdate().year
            standing = approvals_standing().filter(
                kind=Kind.B4S, state=club.state, starts_on__year=year
            )
            problem = (
                ""
                if standing.exists()
                else f"{club.state.code} has no B4s event approved in {year} (6.2.1)."
            )
        if problem:
            raise _refuse(problem, "grade")
    elif grade == "B4c" and out_of_hours:
        if starts_on is None:
            raise _refuse("Give the day of the B4c session at other times (2.6).", "starts_on")
        if sessions != 1:
            raise _refuse(
                "A B4c session at other times is a single session competition (2.6).",
                "sessions",
            )
        approval = approval_covering(kinds=(Kind.B4C_OUT_OF_HOURS,), on=starts_on, club=club)
        if approval is None:
            approved = b4c_other_approved(club=club, year=starts_on.year)
            raise _refuse(
                _no_approval(
                    "2.6",
                    f"Club {club.number}",
                    starts_on,
                    f" (it has {approved} of its {allowances.B4C_OUT_OF_HOURS_SESSIONS} B4c "
                    f"sessions at other times approved in {starts_on.year})",
                ),
                "out_of_hours",
            )


def upload_allowance_problems(*, upload) -> list[Problem]:
    """The allowance checks again at the confirmation of a checked upload, the club's row
    locked so that two confirmations count one after the other."""
    details = upload.event_details
    club = Club.objects.select_for_update().filter(pk=details.get("club_id")).first()
    event = EventDetails(
        name=details["name"],
        starts_on=date.fromisoformat(details["starts_on"]),
        ends_on=date.fromisoformat(details["ends_on"]),
        grade=details["grade"],
        kind=details["kind"],
        sessions=details["sessions"],
        organiser=details.get("organiser", ""),
        club=club,
        state=State.objects.filter(pk=details.get("state_id")).first(),
        # 5.3.1; 1.5.2: what the event was at its congress, and its director.
        congress_grade=details.get("congress_grade") or "",
        congress_event=details.get("congress_event") or "",
        director_level=details.get("director_level") or "",
        director_playing=bool(details.get("director_playing")),
        # 6.2.2, 2.4: a State or Regional Championship.
        state_championship=details.get("state_championship") or "",
        eclectic=bool(details.get("eclectic")),
        region=details.get("region") or "",
        regional_championship=details.get("regional_championship") or "",
    )
    return event_allowance_problems(by=upload.uploaded_by, event=event)
