"""The published results (1.4.4, "view results"): the events processed in a month and the
public awards of each, read at national scale in a fixed number of queries.

An event is processed in the month its upload was credited to (`CreditUpload.period`, the
scheme's month, App. E), which the uploads' period index finds without reading the month's
credits. The manual says only "view results" (1.4.4): listing them by the month processed,
not played, is the registry's reading (a guess, docs/results.md).

An upload reversed by the Centre (issue 25) is no longer a result; an event whose grade the
Centre corrected shows the corrected grade, and its awards are those the players hold from
it now, the correction's credits included. What a visitor sees of a player is what the
public lookup shows: the number, the name and the points (no email, birth year, address or
status)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TypedDict

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Sum
from django.http import Http404

from awards.corrections.models import Correction
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event
from awards.ledger.organisers import organiser_labels
from awards.published.filters import ResultsFilters
from centre.dates import day_text


class PublicAward(TypedDict):
    abf_number: str
    name: str
    kind: str
    # Hundredths, as held from the event now.
    points: int
    provisional: bool


class PublicEvent(TypedDict):
    id: int
    name: str
    starts_on: str
    ends_on: str
    days_shown: str
    grade: str
    # The grade the event was credited at, when the Centre corrected it since; else "".
    grade_corrected_from: str
    kind: str
    sessions: int
    organiser: str
    organiser_label: str
    club: dict[str, object] | None
    state: str | None
    provisional: bool
    awards: list[PublicAward]


def _reversed() -> Exists:
    return Exists(Correction.objects.filter(kind=Correction.Kind.REVERSAL, event_id=OuterRef("pk")))


def _published() -> QuerySet[Event]:
    """Every event processed from an upload and not reversed since."""
    return (
        Event.objects.filter(upload__status=CreditUpload.Status.CREDITED)
        .filter(~_reversed())
        .select_related("club", "state")
    )


def published_events(*, filters: ResultsFilters) -> QuerySet[Event]:
    """The events processed in the filters' month, of their region, club and grade, the
    latest played first."""
    if filters.period is None or filters.period.pk is None:
        return Event.objects.none()
    events = _published().filter(upload__period=filters.period)
    if filters.state is not None:
        events = events.filter(state=filters.state)
    if filters.club is not None:
        events = events.filter(club=filters.club)
    if filters.grade:
        events = events.filter(grade=filters.grade)
    return events.order_by("-ends_on", "-id")


def published_event(*, pk: int) -> Event:
    """One processed event, or 404 (an event never credited, or reversed, is no result)."""
    event = _published().filter(pk=pk).first()
    if event is None:
        raise Http404("No processed event has this number.")
    return event


def _awards_by_event(event_ids: Sequence[int]) -> tuple[dict[int, list[PublicAward]], dict]:
    """Each event's public awards, and the corrected grades: two queries for any number of
    events. A grade corrected moved the awards to the correction's new event: they are read
    from both, netted by player and kind."""
    corrected = {
        old: (new, grade)
        for old, new, grade in Correction.objects.filter(
            kind=Correction.Kind.GRADE, event_id__in=event_ids
        ).values_list("event_id", "new_event_id", "new_event__grade")
    }
    origin = {new: old for old, (new, _grade) in corrected.items()}
    rows = (
        Credit.objects.filter(event_id__in=[*event_ids, *origin])
        .values(
            "event_id",
            "player__abf_number",
            "player__given_names",
            "player__family_name",
            "colour",
        )
        .annotate(
            points=Sum("points"),
            provisional=Count("pk", filter=Q(state=Credit.State.PROVISIONAL)),
        )
        .order_by()
    )
    held: dict[int, dict[tuple[str, str], PublicAward]] = defaultdict(dict)
    for row in rows:
        event_id = origin.get(row["event_id"], row["event_id"])
        key = (row["player__abf_number"], row["colour"])
        award = held[event_id].get(key)
        if award is None:
            held[event_id][key] = PublicAward(
                abf_number=row["player__abf_number"],
                name=f"{row['player__given_names']} {row['player__family_name']}",
                kind=row["colour"],
                points=row["points"],
                provisional=bool(row["provisional"]),
            )
        else:
            award["points"] += row["points"]
            award["provisional"] = award["provisional"] or bool(row["provisional"])
    awards = {
        event_id: sorted(
            (award for award in by_player.values() if award["points"]),
            key=lambda award: (-award["points"], award["name"].upper(), award["abf_number"]),
        )
        for event_id, by_player in held.items()
    }
    return awards, {old: grade for old, (_new, grade) in corrected.items()}


def public_events(events: Sequence[Event]) -> list[PublicEvent]:
    """The events as plain values (the cache keeps them), each with its public awards."""
    awards, corrected = _awards_by_event([event.pk for event in events])
    labels = organiser_labels()
    shown = []
    for event in events:
        its_awards = awards.get(event.pk, [])
        shown.append(
            PublicEvent(
                id=event.pk,
                name=event.name,
                starts_on=event.starts_on.isoformat(),
                ends_on=event.ends_on.isoformat(),
                days_shown=day_text(event.starts_on)
                if event.starts_on == event.ends_on
                else f"{day_text(event.starts_on)} to {day_text(event.ends_on)}",
                grade=corrected.get(event.pk, event.grade),
                grade_corrected_from=event.grade if event.pk in corrected else "",
                kind=event.get_kind_display(),
                sessions=event.sessions,
                organiser=event.organiser,
                organiser_label=labels.get(event.organiser, event.organiser),
                club={"number": event.club.number, "name": event.club.name} if event.club else None,
                state=event.state.code if event.state else None,
                provisional=any(award["provisional"] for award in its_awards),
                awards=its_awards,
            )
        )
    return shown
