"""The events a club or a region ran in a quarter, as a scheme with fees of its own reads
them (`Scheme.fees`, scheme.core.fees.FeeEvent): NZ Bridge charges "Regions and Clubs" each
competing player's session and each A Point issued (Outline rule 7).

A club's events are those it ran (organiser "club", the club); a region's those it ran
itself (organiser "state", the region, no club): its tournaments, entered by its secretary
or its tournament organisers.

An event counts its sessions in the quarter its upload was credited in, and gives them back
in the quarter a correction reverses that upload (the reversal lands in the open month:
docs/corrections.md); its points count with their sign in the quarter's months, as the
ABF's levies do (billing.selectors.club_levy_points).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from decimal import Decimal

from django.db.models import Q, Sum
from django.utils import timezone

from awards.corrections.models import Correction
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event, HeldCredit
from clubs.models import Club, State
from scheme.core.calendar import quarter_months
from scheme.core.fees import FeeEvent

PLAYERS_A_TABLE = 4


def _months(year: int, quarter: int, prefix: str = "") -> Q:
    months = Q()
    for y, m in quarter_months(year, quarter):
        months |= Q(**{f"{prefix}period__year": y, f"{prefix}period__month": m})
    return months


def _players(upload: CreditUpload | None, event: Event) -> tuple[Decimal, str]:
    """Competing players a session: four a table (the tables the uploader gave), else the
    players the upload credited or held (a guess: a field's other players are not known)."""
    tables = (upload.event_details or {}).get("tables") if upload is not None else None
    if tables not in (None, ""):
        return Decimal(str(tables)) * PLAYERS_A_TABLE, "tables"
    if upload is not None:
        credited = set(Credit.objects.filter(upload=upload).values_list("player_id", flat=True))
        credited |= set(
            HeldCredit.objects.filter(upload=upload).values_list("player_id", flat=True)
        )
        return Decimal(len(credited)), "credited"
    players = Credit.objects.filter(event=event, points__gt=0).values("player_id").distinct()
    return Decimal(players.count()), "credited"


def club_fee_events(*, club: Club, year: int, quarter: int) -> list[FeeEvent]:
    """Every event the club ran whose upload was credited or reversed in the quarter, or
    whose points changed in its months."""
    return _fee_events({"organiser": Event.Organiser.CLUB, "club": club}, year, quarter)


def region_fee_events(*, state: State, year: int, quarter: int) -> list[FeeEvent]:
    """Every tournament the region ran itself (organiser "state", the region, no club) whose
    upload was credited or reversed in the quarter, or whose points changed in its months."""
    return _fee_events(
        {"organiser": Event.Organiser.STATE, "state": state, "club": None}, year, quarter
    )


def _fee_events(ran_by: dict[str, object], year: int, quarter: int) -> list[FeeEvent]:
    """The fee events of the events matching `ran_by` (Event's fields)."""
    of_event = {f"event__{name}": value for name, value in ran_by.items()}
    points: dict[int, dict[str, int]] = defaultdict(dict)
    for row in (
        Credit.objects.filter(_months(year, quarter), **of_event)
        .values("event_id", "colour")
        .annotate(points=Sum("points"))
        .order_by()
    ):
        points[row["event_id"]][row["colour"]] = int(row["points"] or 0)
    credited = {
        upload.event_id: upload
        for upload in CreditUpload.objects.filter(
            _months(year, quarter), status=CreditUpload.Status.CREDITED, **of_event
        )
    }
    reversed_uploads = {
        correction.event_id: correction.upload
        for correction in Correction.objects.filter(
            _months(year, quarter), kind=Correction.Kind.REVERSAL, **of_event
        ).select_related("upload")
    }
    ids = set(points) | set(credited) | set(reversed_uploads)
    events = Event.objects.filter(pk__in=ids).order_by("starts_on", "pk")
    fee_events: list[FeeEvent] = []
    for event in events:
        upload = credited.get(event.pk) or reversed_uploads.get(event.pk)
        players, counted_from = _players(upload, event)
        received: date | None = (
            timezone.localdate(upload.created_at) if upload is not None else None
        )
        # +1 credited in the quarter, -1 reversed in it, 0 both or only its points changed.
        sign = (1 if event.pk in credited else 0) - (1 if event.pk in reversed_uploads else 0)
        fee_events.append(
            FeeEvent(
                name=event.name,
                grade=event.grade,
                starts_on=event.starts_on,
                ends_on=event.ends_on,
                sessions=event.sessions,
                players=players,
                players_from=counted_from,
                points=points.get(event.pk, {}),
                received_on=received,
                sign=sign,
            )
        )
    return fee_events
