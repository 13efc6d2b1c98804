"""Which file the import reads for each of its steps, in which layout: one table, out and in.

Under the ABF the files are the national files of App. F, read in the layouts the portal
writes them in (`operations.national_files.FILES`, documented field by field on the national
files page), as fixed-width text or as their CSV alternatives. New Zealand's and the ACBL's
seeds give no file layout, so under a scheme without the national files the register comes in
CSV files whose layouts are defined here, field by field, with their writers (a register out
in them reads back in unchanged): clubs, players with their rank, alternates, the events and
the award history (each credit by the scheme's own kinds of point, in its month), and the
lifetime totals by kind.

A federation whose current register keeps other columns maps them onto these names.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from django.db.models import QuerySet, Sum

from awards.ledger.models import Credit, PlayerTotals
from centre.documents import CsvWriter
from clubs.models import Club
from operations.national_files import (
    BY_SLUG,
    FILES,
    POINT_FIELDS,
    Field,
    event_rows,
    txt_lines,
)
from players.models import Alternate, Player
from scheme.base import NATIONAL_FILES, PRE_1982, Scheme
from scheme.core.points import points_text

# The steps of an import, in the order they run: each reads what the ones before it wrote
# (a player's home club, an alternate's player, a credit's event).
CLUBS = "clubs"
AFFILIATED = "affiliated"
PLAYERS = "players"
ALTERNATES = "alternates"
PRE82 = "pre82"
EVENTS = "events"
HISTORY = "history"
TOTALS = "totals"
STEPS = (CLUBS, AFFILIATED, PLAYERS, ALTERNATES, PRE82, EVENTS, HISTORY, TOTALS)

# App. F's file for each step (operations.national_files' slugs); the totals are
# NATIONAL.TXT's green, red, gold and total columns, read again once the history is in.
ABF_FILES = {
    CLUBS: "clubs",
    AFFILIATED: "affiliated-clubs",
    PLAYERS: "players",
    ALTERNATES: "alternates",
    PRE82: "pre82",
    EVENTS: "events",
    HISTORY: "history",
    TOTALS: "players",
}


@dataclass(frozen=True)
class Source:
    """A file the import reads: the step it feeds, its names, form and fields."""

    step: str
    name: str  # as the report names it: NATIONAL.TXT, players.csv
    form: str  # "txt" (fixed width) or "csv"
    fields: tuple[Field, ...]
    # The fields that hold points: hundredths in a fixed-width line, decimals in a CSV.
    points: frozenset[str]
    # Other names the same file may have in the directory (NATIONAL.TXT's national.csv).
    alternatives: tuple[tuple[str, str], ...] = ()
    # The report's name for what the step reads: NATIONAL.TXT's totals apart from its players.
    label: str = ""

    @property
    def line_width(self) -> int:
        return sum(f.width for f in self.fields)


# --- the CSV layouts of a scheme without the national files (NZ, the ACBL) ------------------

NUMBER = Field("number", 7, "The player's number, seven digits with its check digit", "number")
CLUB = Field("club", 5, "Club number", "number")


def _csv_fields(scheme: Scheme) -> dict[str, tuple[Field, ...]]:
    ordered = scheme.kinds_in_order
    kinds = tuple(
        Field(kind.code, 9, f"{kind.label} points, lifetime, as a decimal (12.34)", "number")
        for kind in ordered
    )
    return {
        CLUBS: (
            CLUB,
            Field("name", 120, "Club name"),
            Field("region", 3, f"The {scheme.region_name}'s code; blank for a special club"),
            Field("kind", 8, "ordinary, or the scheme's special club (blank: ordinary)"),
            Field("affiliated", 1, "Y affiliated now (blank: Y), N not"),
        ),
        PLAYERS: (
            NUMBER,
            Field("family_name", 80, "Family name"),
            Field("given_names", 80, "Given names"),
            Field("home_club", 5, "Home club number; 0 or blank for an inactive player", "number"),
            Field("status", 1, "A active, I inactive"),
            Field("rank", 2, "The rank held: its order in the scheme's ladder, 0 none", "number"),
            Field("rank_name", 40, "The rank's name, as the scheme spells it"),
        ),
        ALTERNATES: (NUMBER, CLUB),
        EVENTS: (
            Field("event", 8, "Event code, as history.csv gives it; kept as its number", "number"),
            Field("name", 60, "Event name"),
            Field(
                "organiser",
                8,
                f"club, state (the {scheme.region_name}'s), congress, national, overseas or "
                "centre (points granted, not won)",
            ),
            Field("club", 5, "The organising club's number; 0 if not a club's event", "number"),
            Field("region", 3, f"The {scheme.region_name}'s code; blank if none"),
            Field("starts_on", 8, "First day, YYYYMMDD"),
            Field("ends_on", 8, "Last day, YYYYMMDD"),
            Field("grade", 12, "The event's grade as the scheme codes it; blank for overseas"),
            Field("kind", 10, "pairs, teams or individual"),
            Field("sessions", 2, "Sessions", "number"),
            Field(
                "of_the_year",
                1,
                "Y (or blank): awards of the year, in its points and standings; N: a balance "
                "brought forward, points won in earlier years",
            ),
        ),
        HISTORY: (
            NUMBER,
            Field("event", 8, "Event code (events.csv)", "number"),
            Field(
                "kind",
                12,
                "The kind of point, by its code: " + ", ".join(kind.code for kind in ordered),
            ),
            Field("points", 10, "Points as a decimal (12.34), negative for a correction", "signed"),
            Field("month", 6, "The month it was credited in, YYYYMM"),
            Field("approved", 1, "A approved at the month's close, P still provisional"),
        ),
        TOTALS: (
            NUMBER,
            *kinds,
            Field("total", 10, "Every kind of point together, as a decimal", "number"),
        ),
    }


CSV_NAMES = {
    CLUBS: "clubs.csv",
    PLAYERS: "players.csv",
    ALTERNATES: "alternates.csv",
    EVENTS: "events.csv",
    HISTORY: "history.csv",
    TOTALS: "totals.csv",
}


def sources(scheme: Scheme) -> tuple[Source, ...]:
    """Every file the import can read under the scheme, in the order of its steps."""
    if scheme.has(NATIONAL_FILES):
        found = []
        for step in STEPS:
            if step == PRE82 and not scheme.has(PRE_1982):
                continue
            national = BY_SLUG[ABF_FILES[step]]
            found.append(
                Source(
                    step=step,
                    name=national.txt_name,
                    form="txt",
                    fields=national.fields,
                    points=frozenset(POINT_FIELDS),
                    alternatives=((national.csv_name, "csv"),),
                    label=f"{national.txt_name} totals" if step == TOTALS else national.txt_name,
                )
            )
        return tuple(found)
    kinds = frozenset(kind.code for kind in scheme.point_kinds) | {"total"}
    layouts = _csv_fields(scheme)
    return tuple(
        Source(
            step=step,
            name=CSV_NAMES[step],
            form="csv",
            fields=layouts[step],
            # The fields that hold points: the totals' kinds, the history's points.
            points=frozenset({"points"}) if step == HISTORY else kinds,
            label=CSV_NAMES[step],
        )
        for step in STEPS
        if step in layouts
    )


def source_of(scheme: Scheme, step: str) -> Source | None:
    return next((source for source in sources(scheme) if source.step == step), None)


# --- writing them: the CSV layouts out of a register ----------------------------------------

CHUNK = 5000


def _keyset(queryset: QuerySet, fields: list[str]) -> Iterator[list[dict]]:
    last = 0
    while True:
        chunk = list(queryset.filter(pk__gt=last).order_by("pk").values("pk", *fields)[:CHUNK])
        if not chunk:
            return
        yield chunk
        last = chunk[-1]["pk"]


def _club_rows(scheme: Scheme) -> Iterator[dict[str, object]]:
    for chunk in _keyset(
        Club.objects.all(), ["number", "name", "state__code", "kind", "affiliated"]
    ):
        for row in chunk:
            yield {
                "club": row["number"],
                "name": row["name"],
                "region": row["state__code"] or "",
                "kind": row["kind"],
                "affiliated": "Y" if row["affiliated"] else "N",
            }


def _player_rows(scheme: Scheme) -> Iterator[dict[str, object]]:
    players = Player.objects.exclude(status=Player.Status.DECEASED)
    fields = ["abf_number", "family_name", "given_names", "home_club__number", "status"]
    for chunk in _keyset(players, [*fields, "rank_order"]):
        for row in chunk:
            order = row["rank_order"]
            yield {
                "number": row["abf_number"],
                "family_name": row["family_name"],
                "given_names": row["given_names"],
                "home_club": row["home_club__number"] or 0,
                "status": "A" if row["status"] == Player.Status.ACTIVE else "I",
                "rank": order,
                "rank_name": scheme.ranks[order - 1].name if 0 < order <= len(scheme.ranks) else "",
            }


def _alternate_rows(scheme: Scheme) -> Iterator[dict[str, object]]:
    alternates = Alternate.objects.exclude(player__status=Player.Status.DECEASED)
    for chunk in _keyset(alternates, ["player__abf_number", "club__number"]):
        for row in chunk:
            yield {"number": row["player__abf_number"], "club": row["club__number"]}


def _totals_rows(scheme: Scheme) -> Iterator[dict[str, object]]:
    kinds = [kind.code for kind in scheme.kinds_in_order]
    players = Player.objects.exclude(status=Player.Status.DECEASED)
    for chunk in _keyset(players, ["abf_number"]):
        sums: dict[int, dict[str, int]] = {}
        for row in (
            PlayerTotals.objects.filter(player_id__in=[row["pk"] for row in chunk])
            .values("player_id", "kind")
            .annotate(points=Sum("approved"))
        ):
            sums.setdefault(row["player_id"], {})[row["kind"]] = row["points"] or 0
        for row in chunk:
            totals = sums.get(row["pk"], {})
            yield {
                "number": row["abf_number"],
                **{kind: totals.get(kind, 0) for kind in kinds},
                "total": sum(totals.get(kind, 0) for kind in kinds),
            }


def _event_rows(scheme: Scheme) -> Iterator[dict[str, object]]:
    """The events the history names, as the national files give them, the region's code
    under its own name."""
    for row in event_rows():
        yield {**row, "region": row["state"]}


def _history_rows(scheme: Scheme) -> Iterator[dict[str, object]]:
    fields = ["player__abf_number", "event_id", "colour", "points", "period__year", "period__month"]
    for chunk in _keyset(Credit.objects.all(), [*fields, "state"]):
        for row in chunk:
            yield {
                "number": row["player__abf_number"],
                "event": row["event_id"],
                "kind": row["colour"],
                "points": row["points"],
                "month": f"{row['period__year']}{row['period__month']:02d}",
                "approved": "A" if row["state"] == Credit.State.APPROVED else "P",
            }


CSV_ROWS: dict[str, Callable[[Scheme], Iterator[dict[str, object]]]] = {
    CLUBS: _club_rows,
    PLAYERS: _player_rows,
    ALTERNATES: _alternate_rows,
    EVENTS: _event_rows,
    HISTORY: _history_rows,
    TOTALS: _totals_rows,
}


def csv_value(value: object, field: Field, points: frozenset[str]) -> object:
    """A value as the CSV layouts write it: points as decimals (12.34)."""
    if field.name in points:
        return points_text(int(value or 0))
    return "" if value is None else value


def register_csv_write(directory: Path, scheme: Scheme) -> list[Path]:
    """The register out in the CSV layouts of a scheme without the national files."""
    written = []
    for source in sources(scheme):
        path = directory / source.name
        out = io.StringIO()
        writer = CsvWriter(out)
        writer.writerow([f.name for f in source.fields])
        for row in CSV_ROWS[source.step](scheme):
            writer.writerow([csv_value(row[f.name], f, source.points) for f in source.fields])
        path.write_bytes(out.getvalue().encode("utf-8"))
        written.append(path)
    return written


def register_write(directory: Path, scheme: Scheme) -> list[Path]:
    """The register out in the files its import reads: App. F's fixed-width national files
    under the ABF (each file as the national files page serves it), the CSV layouts above
    under another scheme."""
    if not scheme.has(NATIONAL_FILES):
        return register_csv_write(directory, scheme)
    written = []
    for national in FILES:
        path = directory / national.txt_name
        with path.open("wb") as out:
            for line in txt_lines(national):
                out.write(line)
        written.append(path)
    return written
