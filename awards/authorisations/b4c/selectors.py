"""Reads of the B4c register (2.6; guide B3.1): green points issued, sessions used, the
allocations of a state's clubs and the warning before a B4c authorisation."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, Sum
from django.utils import timezone

from awards.authorisations.models import Authorisation
from awards.ledger.models import Credit, Event
from clubs.models import B4cEntitlement, Club, State


def b4c_green_window(year: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """2.6: the twelve months to 30 September of the year before: (first, last) (year, month)."""
    return (year - 2, 10), (year - 1, 9)


def b4c_green_issued(*, year: int, club_ids: list[int] | None = None) -> dict[int, int]:
    """Hundredths of green points each club issued in its club events in the twelve months to
    30 September before `year` (2.6), by the month they were credited in (their period).

    Adjustments count with their sign: a correction lowers what the club issued.
    """
    (first_year, first_month), (last_year, last_month) = b4c_green_window(year)
    credits = Credit.objects.filter(
        Q(period__year=first_year, period__month__gte=first_month)
        | Q(period__year=last_year, period__month__lte=last_month),
        colour="green",
        event__organiser="club",
    )
    if club_ids is not None:
        credits = credits.filter(event__club_id__in=club_ids)
    return {
        row["event__club_id"]: row["points"] or 0
        for row in credits.values("event__club_id").annotate(points=Sum("points"))
    }


def b4c_sessions_used(*, year: int, club_ids: list[int] | None = None) -> dict[int, int]:
    """The B4c sessions each club has used in a calendar year: the sessions of its B4c events
    of the year that have been credited (2.6: the state secretary keeps "B4c sessions used")."""
    events = Event.objects.filter(
        organiser="club", grade="B4c", starts_on__year=year, club__isnull=False
    ).filter(Exists(Credit.objects.filter(event=OuterRef("pk"))))
    if club_ids is not None:
        events = events.filter(club_id__in=club_ids)
    return {
        row["club_id"]: row["sessions"] or 0
        for row in events.values("club_id").annotate(sessions=Sum("sessions"))
    }


@dataclass(frozen=True)
class B4cAllocation:
    club: Club
    entitlement: B4cEntitlement | None
    used: int

    @property
    def total(self) -> int | None:
        return self.entitlement.total if self.entitlement else None

    @property
    def left(self) -> int | None:
        return None if self.entitlement is None else self.entitlement.total - self.used


def b4c_allocations(*, state: State, year: int) -> list[B4cAllocation]:
    """Guide B3.1: each club of a state with its B4c sessions for the year, used and left."""
    clubs = list(Club.objects.filter(state=state, kind=Club.Kind.ORDINARY).order_by("number"))
    entitlements = {
        e.club_id: e
        for e in B4cEntitlement.objects.filter(club__in=clubs, year=year).prefetch_related("grants")
    }
    used = b4c_sessions_used(year=year, club_ids=[club.pk for club in clubs])
    return [
        B4cAllocation(club=club, entitlement=entitlements.get(club.pk), used=used.get(club.pk, 0))
        for club in clubs
        if club.affiliated or club.pk in entitlements or used.get(club.pk)
    ]


def b4c_authorisation_warning(*, club: Club, year: int, sessions: int = 1) -> str:
    """2.6: what a state secretary should know before a B4c authorisation takes a club past
    its sessions for the year; empty when it stays within them. A warning, not a refusal:
    the state secretary may have good reason (an approved Bridge Day not yet recorded)."""
    entitlement = B4cEntitlement.objects.filter(club=club, year=year).first()
    used = b4c_sessions_used(year=year, club_ids=[club.pk]).get(club.pk, 0)
    if entitlement is None:
        return (
            f"Club {club.number} has no B4c entitlement recorded for {year} (2.6); it has used "
            f"{used} B4c session{'s' if used != 1 else ''} this year."
        )
    if used + sessions > entitlement.total:
        return (
            f"Club {club.number} is entitled to {entitlement.total} B4c sessions in {year} "
            f"(2.6) and has used {used}; these {sessions} session{'s' if sessions != 1 else ''} "
            f"would make {used + sessions}."
        )
    return ""


def b4c_warning_for_authorisation(*, authorisation: Authorisation, sessions: int = 1) -> str:
    """2.6: the warning for a just-issued authorisation; only B4c sets count sessions."""
    if authorisation.grade != "B4c":
        return ""
    return b4c_authorisation_warning(
        club=authorisation.club, year=timezone.localdate().year, sessions=sessions
    )
