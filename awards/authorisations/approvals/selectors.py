"""Reads of the state's register and of the allowances it counts (2.3, 2.6, 2.7, 5.1,
6.2.1)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from django.db.models import Q, QuerySet, Sum
from django.utils import timezone

from awards.authorisations.models import Approval
from awards.ledger.models import Event
from awards.ledger.selectors import events_standing
from clubs.models import Club, State
from players.models import Player
from scheme.abf import allowances

Kind = Approval.Kind


def approvals_standing() -> QuerySet[Approval]:
    """The approvals that count: those not cancelled."""
    return Approval.objects.filter(cancelled_at__isnull=True)


def approval_covering(
    *, kinds: tuple[str, ...], on: date, state: State | None = None, club: Club | None = None
) -> Approval | None:
    """The standing approval of one of `kinds` whose days include `on`: of the club (its
    organiser, or for B5i one of the clubs taking part), or of the state."""
    approvals = approvals_standing().filter(kind__in=kinds, starts_on__lte=on, ends_on__gte=on)
    if club is not None:
        approvals = approvals.filter(Q(club=club) | Q(clubs=club)).distinct()
    if state is not None:
        approvals = approvals.filter(state=state)
    return approvals.order_by("starts_on", "id").first()


def b5i_taken(*, club: Club, year: int) -> int:
    """2.7: the B5i events of a calendar year the club takes part in (organising or not)."""
    return (
        approvals_standing()
        .filter(kind=Kind.B5I, starts_on__year=year)
        .filter(Q(club=club) | Q(clubs=club))
        .distinct()
        .count()
    )


def b4c_other_approved(*, club: Club, year: int) -> int:
    """2.6: the club's B4c sessions at other times approved for a calendar year."""
    return (
        approvals_standing()
        .filter(kind=Kind.B4C_OUT_OF_HOURS, club=club, starts_on__year=year)
        .aggregate(n=Sum("sessions"))["n"]
        or 0
    )


def b4s_used(*, state: State, year: int) -> int:
    """6.2.1: the B4s sessions of the state's approved events of a calendar year."""
    return (
        approvals_standing()
        .filter(kind=Kind.B4S, state=state, starts_on__year=year)
        .aggregate(n=Sum("sessions"))["n"]
        or 0
    )


def state_members(*, state: State, year: int) -> int:
    """6.2.1: the members registered in the state at 30 September of the year before: the
    players registered by then who are active now with a home club of the state (the
    registry keeps where a player is now, not where they were on that day)."""
    cutoff = timezone.make_aware(datetime.combine(date(year - 1, 10, 1), time.min))
    return Player.objects.filter(
        status=Player.Status.ACTIVE, home_club__state=state, registered_at__lt=cutoff
    ).count()


def grade_d_held(*, club: Club, year: int, name: str = "", starts_on: date | None = None) -> int:
    """2.3: the club's Grade D Championships of a calendar year, from its credited events
    still standing (not reversed); one event uploaded in several files counts once (by its
    name and first day), and the event named (when it is being uploaded again) is not
    counted."""
    events = set(
        (row_name.strip().lower(), row_date)
        for row_name, row_date in events_standing(
            Event.objects.filter(
                organiser=Event.Organiser.CLUB, club=club, grade="D", starts_on__year=year
            )
        ).values_list("name", "starts_on")
    )
    events.discard((name.strip().lower(), starts_on))
    return len(events)


@dataclass(frozen=True)
class ClubAllowances:
    """The club's allowances of a calendar year, used and allowed."""

    year: int
    b5i_taken: int
    b5i_allowed: int
    grade_d_held: int
    grade_d_allowed: int
    b4c_other: int
    b4c_other_allowed: int


def club_allowances(*, club: Club, year: int) -> ClubAllowances:
    return ClubAllowances(
        year=year,
        b5i_taken=b5i_taken(club=club, year=year),
        b5i_allowed=allowances.b5i_events(remote=club.remote),
        grade_d_held=grade_d_held(club=club, year=year),
        grade_d_allowed=allowances.GRADE_D_EVENTS,
        b4c_other=b4c_other_approved(club=club, year=year),
        b4c_other_allowed=allowances.B4C_OUT_OF_HOURS_SESSIONS,
    )


@dataclass(frozen=True)
class StateAllowances:
    """The state's B4s sessions of a calendar year, and its clubs' B5i events."""

    year: int
    members: int
    b4s_used: int
    b4s_allowed: int
    b5i: list[tuple[Club, int, int]]  # club, events taken, events allowed


def state_allowances(*, state: State, year: int) -> StateAllowances:
    members = state_members(state=state, year=year)
    clubs = Club.objects.filter(state=state, kind=Club.Kind.ORDINARY).order_by("number")
    return StateAllowances(
        year=year,
        members=members,
        b4s_used=b4s_used(state=state, year=year),
        b4s_allowed=allowances.b4s_sessions(members=members),
        b5i=[
            (club, taken, allowances.b5i_events(remote=club.remote))
            for club in clubs
            if (taken := b5i_taken(club=club, year=year))
        ],
    )


def state_register(*, state: State, year: int) -> QuerySet[Approval]:
    """The state's register for a calendar year, cancelled approvals included."""
    return (
        Approval.objects.filter(state=state, starts_on__year=year)
        .select_related("club", "approved_by", "cancelled_by")
        .prefetch_related("clubs")
        .order_by("kind", "starts_on", "id")
    )
