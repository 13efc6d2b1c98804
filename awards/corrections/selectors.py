"""Reads of the corrections: those a login may see (staff all, a club those touching its
uploads and players), filtered; a correction's credits; the numbers retired by merges."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Min, Q, QuerySet, Sum
from django.utils import timezone

from awards.corrections.models import Correction, CorrectionCredit
from awards.ledger.models import Credit, Event
from centre.models import Role, User
from players.models import Player

# The retired numbers and the number each now answers with, kept in the cache (there is one
# for every process, Redis in production): every public read of a number consults it.
RETIRED_KEY = "awards:retired-numbers"


def _retired_from_ledger() -> dict[str, str]:
    pairs = dict(
        Correction.objects.filter(kind=Correction.Kind.MERGE).values_list(
            "player__abf_number", "other_player__abf_number"
        )
    )
    resolved: dict[str, str] = {}
    for retired, kept in pairs.items():
        # A kept record merged again later points on to the record kept then.
        seen = {retired}
        while kept in pairs and kept not in seen:
            seen.add(kept)
            kept = pairs[kept]
        resolved[retired] = kept
    return resolved


def retired_numbers() -> dict[str, str]:
    """Every retired number and the number of the record it was merged into."""
    known = cache.get(RETIRED_KEY)
    if known is None:
        known = _retired_from_ledger()
        # `add`: a reader never overwrites what a merge that committed since has kept.
        cache.add(RETIRED_KEY, known, timeout=None)
    return known


def retired_numbers_refresh_on_commit() -> None:
    """A merge forgets the cache's list at once (a read in its own transaction reads the
    ledger), and once it commits the cache holds the list with it, whatever a reader added
    in between."""
    cache.delete(RETIRED_KEY)
    transaction.on_commit(lambda: cache.set(RETIRED_KEY, _retired_from_ledger(), timeout=None))


def kept_number_for(number: str) -> str | None:
    """The number a retired number now answers with, or None for a number not retired."""
    return retired_numbers().get(number)


def corrections_visible_to(*, user: User | AnonymousUser) -> QuerySet[Correction]:
    """Staff see every correction; a club secretary those of the club's events and uploads
    and those touching its home members; a state secretary those of the state's events,
    clubs and uploads; an organiser or the coordinator those of their own uploads. Any other
    is not found, rather than refused."""
    corrections = Correction.objects.select_related(
        "made_by", "period", "upload", "event", "new_event", "player", "other_player", "club"
    )
    if not user.is_authenticated:
        return corrections.none()
    if user.is_centre_staff:
        return corrections
    if user.is_club_secretary:
        touching = Q(club_id=user.club_id) | Q(upload__club_id=user.club_id)
        touching |= Q(player__home_club_id=user.club_id) | Q(
            other_player__home_club_id=user.club_id
        )
        touching |= Q(
            pk__in=CorrectionCredit.objects.filter(
                credit__player__home_club_id=user.club_id
            ).values("correction_id")
        )
        return corrections.filter(touching)
    if user.is_state_secretary:
        return corrections.filter(
            Q(event__state_id=user.state_id)
            | Q(club__state_id=user.state_id)
            | Q(upload__uploaded_by=user)
            | Q(
                upload__uploaded_by__role=Role.ORGANISER,
                upload__uploaded_by__state_id=user.state_id,
            )
        )
    return corrections.filter(upload__uploaded_by=user)


@dataclass(frozen=True)
class CorrectionFilters:
    """The staff page's and the API's filters; each optional."""

    club: int | None = None
    player: str = ""
    kind: str = ""
    start: date | None = None
    end: date | None = None
    # The month the correcting credits went to, "2026-11".
    month: str = ""


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def corrections_filtered(
    corrections: QuerySet[Correction], filters: CorrectionFilters
) -> QuerySet[Correction]:
    """The corrections of a club (its events, uploads and home members), of a player (as the
    record corrected, the right player, or a credit's), of a kind, credited to a month, made
    between two days."""
    if filters.club is not None:
        corrections = corrections.filter(
            Q(club__number=filters.club)
            | Q(upload__club__number=filters.club)
            | Q(
                pk__in=CorrectionCredit.objects.filter(
                    credit__player__home_club__number=filters.club
                ).values("correction_id")
            )
        )
    if filters.player:
        corrections = corrections.filter(
            Q(player__abf_number=filters.player)
            | Q(other_player__abf_number=filters.player)
            | Q(
                pk__in=CorrectionCredit.objects.filter(
                    credit__player__abf_number=filters.player
                ).values("correction_id")
            )
        )
    if filters.kind:
        corrections = corrections.filter(kind=filters.kind)
    if filters.month:
        year, month = (int(part) for part in filters.month.split("-"))
        corrections = corrections.filter(period__year=year, period__month=month)
    if filters.start is not None:
        corrections = corrections.filter(made_at__gte=_day_start(filters.start))
    if filters.end is not None:
        corrections = corrections.filter(made_at__lt=_day_start(filters.end) + timedelta(days=1))
    return corrections


def correction_credits(*, correction: Correction) -> list[CorrectionCredit]:
    """The correction's credits, the reversing ones first, with their players and events."""
    return list(
        CorrectionCredit.objects.filter(correction=correction)
        .select_related("credit__player", "credit__event", "credit__period")
        # "reversing" before "new".
        .order_by("-role", "credit__player__abf_number", "id")
    )


def upload_reversal(*, upload_id: int) -> Correction | None:
    """The correction that reversed an upload, if one did."""
    return (
        Correction.objects.filter(kind=Correction.Kind.REVERSAL, upload_id=upload_id)
        .select_related("made_by")
        .first()
    )


@dataclass(frozen=True)
class PlayerHolding:
    """What a player holds from one event in one kind, all corrections in: a line of the
    staff's page of a player's credits, from which each credit is corrected."""

    event: Event
    colour: str
    points: int
    credit_id: int
    credits: int


def player_holdings(*, player: Player) -> list[PlayerHolding]:
    """Every event the player holds points from (or held, before a correction), latest
    first, with the net by kind and the first credit, which a correction names."""
    rows = (
        Credit.objects.filter(player=player)
        .order_by()
        .values("event_id", "colour")
        .annotate(points=Sum("points"), first=Min("id"), credits=Count("id"))
    )
    rows = list(rows)
    events = Event.objects.select_related("club").in_bulk({row["event_id"] for row in rows})
    holdings = [
        PlayerHolding(
            events[row["event_id"]], row["colour"], row["points"], row["first"], row["credits"]
        )
        for row in rows
    ]
    return sorted(holdings, key=lambda h: (h.event.ends_on, h.event.pk), reverse=True)
