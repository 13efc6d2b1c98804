"""1.4.3: "Reports from Congresses, State and National events as they are processed". A
congress's or state event's report goes with its invoice (billing); a national event is not
invoiced, so its report is here: the event's masterpoints as processed, each player with
the home club, for the Centre's staff and the Goldpoint Coordinator who issued them (7.5.1)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Sum

from awards.ledger.models import Credit, Event
from awards.ledger.organisers import organiser_label
from centre.dates import day_text
from centre.documents import Document, TableSection, render_csv, render_pdf
from centre.models import Role, User
from centre.schemes import current_scheme, kind_word, number_name
from scheme.core.points import points_text

# The organisers whose events' reports are here: the national body's. A state's and a
# congress's go with their invoices (billing.documents.event_report_pdf).
REPORTED_HERE = (Event.Organiser.NATIONAL,)

# Who reads a national event's report: the Centre, and the officer who issues national
# events' gold points (7.5.1). 1.4.3 does not say to whom a national event's report goes:
# a guess (docs/results.md).
REPORT_READERS = (Role.STAFF, Role.GOLD_COORDINATOR)


def may_read_report(user: User, event: Event) -> bool:
    return (
        event.organiser in REPORTED_HERE
        and user.is_authenticated
        and getattr(user, "role", None) in REPORT_READERS
    )


@dataclass(frozen=True)
class ReportLine:
    abf_number: str
    name: str
    home_club: int | None
    kind: str
    points: int


def event_report_lines(*, event: Event) -> list[ReportLine]:
    """Each player's points of each kind from the event as held now (a correction since
    included), the most first; a player who holds nothing from it is not listed."""
    rows = (
        Credit.objects.filter(event=event)
        .values(
            "player__abf_number",
            "player__given_names",
            "player__family_name",
            "player__home_club__number",
            "colour",
        )
        .annotate(points=Sum("points"))
        .order_by("-points", "player__family_name", "player__abf_number")
    )
    return [
        ReportLine(
            abf_number=row["player__abf_number"],
            name=f"{row['player__given_names']} {row['player__family_name']}",
            home_club=row["player__home_club__number"],
            kind=row["colour"],
            points=row["points"],
        )
        for row in rows
        if row["points"]
    ]


def _header() -> list[str]:
    return [number_name(), "Player", "Home club", kind_word(), "Points"]


def _cells(line: ReportLine) -> list[str]:
    return [
        line.abf_number,
        line.name,
        str(line.home_club or ""),
        line.kind,
        points_text(line.points),
    ]


def event_report_csv(*, event: Event) -> str:
    return render_csv(_header(), map(_cells, event_report_lines(event=event)))


def event_report_pdf(*, event: Event, processed: str) -> bytes:
    """The report: the event, when it was processed, and every player's points."""
    scheme = current_scheme()
    lines = event_report_lines(event=event)
    totals: dict[str, int] = {}
    for line in lines:
        totals[line.kind] = totals.get(line.kind, 0) + line.points
    summary = ", ".join(f"{points_text(points)} {kind}" for kind, points in sorted(totals.items()))
    return render_pdf(
        Document(
            title=f"Masterpoints processed: {event.name}",
            lines=[
                f"{scheme.grade_label} {event.grade}, {event.get_kind_display().lower()}, "
                f"{day_text(event.starts_on)} to {day_text(event.ends_on)}; "
                f"run by {organiser_label(event.organiser)}.",
                f"Processed by the Masterpoint Centre in {processed}"
                + (" (1.4.3)." if scheme.cites_abf_manual else "."),
                f"{len(lines)} player(s); {summary or 'no points'}.",
            ],
            sections=[TableSection(header=_header(), rows=map(_cells, lines), numeric=(4,))],
        )
    )
