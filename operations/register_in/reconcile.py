"""The reconciliation at the end of an import: what the files hold against what the portal
holds for the same numbers, figure by figure (clubs, players, alternates, totals by kind,
pre-1982 red, events, the history's lines and points), each said to agree or not. Printed,
and kept beside the report as text and PDF."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.db.models import Count, Sum

from awards.ledger.models import Credit, Event, PlayerTotals
from centre.documents import Document, TableSection, render_pdf
from clubs.models import Club
from operations.register_in.context import CHUNK, Run
from players.models import Alternate, Player
from scheme.core.points import points_text


@dataclass(frozen=True)
class Figure:
    what: str
    in_files: int
    in_portal: int
    points: bool = False

    @property
    def agrees(self) -> bool:
        return self.in_files == self.in_portal

    def shown(self, value: int) -> str:
        return points_text(value) if self.points else f"{value:,}"

    @property
    def in_files_shown(self) -> str:
        return self.shown(self.in_files)

    @property
    def in_portal_shown(self) -> str:
        return self.shown(self.in_portal)


def _parts(values: Iterable, size: int = CHUNK) -> Iterator[list]:
    values = list(values)
    for start in range(0, len(values), size):
        yield values[start : start + size]


def _count(queryset, field: str, values: Iterable) -> int:
    return sum(queryset.filter(**{f"{field}__in": part}).count() for part in _parts(values))


def reconciliation(run: Run, labels: dict[str, str]) -> list[Figure]:
    """The figures of the files the run read (`labels`: step -> the file's name)."""
    figures: list[Figure] = []
    if "clubs" in labels:
        figures.append(
            Figure(
                f"Clubs ({labels['clubs']})",
                len(run.clubs),
                _count(Club.objects.all(), "number", run.clubs),
            )
        )
    if "affiliated" in labels:
        figures.append(
            Figure(
                f"Affiliated clubs ({labels['affiliated']})",
                run.in_files["affiliated"],
                _count(Club.objects.filter(affiliated=True), "number", run.affiliated or ()),
            )
        )
    if "players" in labels:
        living = Player.objects.exclude(status=Player.Status.DECEASED)
        figures.append(
            Figure(
                f"Players ({labels['players']})",
                len(run.players),
                _count(living, "abf_number", run.players),
            )
        )
    if "history" in labels:
        deceased = Player.objects.filter(status=Player.Status.DECEASED)
        only = run.history_only
        figures.append(
            Figure(
                f"Deceased players, named only in {labels['history']}",
                len(only),
                _count(deceased, "abf_number", only),
            )
        )
    if "alternates" in labels:
        figures.append(
            Figure(f"Alternates ({labels['alternates']})", len(run.alternates), _alternates(run))
        )
    if "pre82" in labels:
        kept = sum(
            Player.objects.filter(abf_number__in=part).aggregate(s=Sum("pre_1982_red"))["s"] or 0
            for part in _parts(run.pre82)
        )
        figures.append(
            Figure(
                f"Red points won before 1982 ({labels['pre82']})", run.in_files["pre82"], kept, True
            )
        )
    if "totals" in labels:
        figures += _totals(run, labels["totals"])
    if "events" in labels:
        figures.append(
            Figure(
                f"Events ({labels['events']})",
                len(run.events),
                _count(Event.objects.all(), "pk", run.events),
            )
        )
    if "history" in labels:
        figures += _history(run, labels["history"])
    return figures


def _alternates(run: Run) -> int:
    numbers = {number for number, _ in run.alternates}
    found = 0
    for part in _parts(numbers):
        kept = Alternate.objects.filter(player__abf_number__in=part).values_list(
            "player__abf_number", "club__number"
        )
        found += sum(1 for pair in kept if pair in run.alternates)
    return found


def _kinds(run: Run) -> list[str]:
    return [kind.code for kind in run.scheme.kinds_in_order]


def _totals(run: Run, label: str) -> list[Figure]:
    kept: dict[str, int] = dict.fromkeys(_kinds(run), 0)
    for part in _parts(run.totals_players):
        for row in (
            PlayerTotals.objects.filter(player__abf_number__in=part)
            .values("kind")
            .annotate(points=Sum("approved"))
        ):
            kept[row["kind"]] = kept.get(row["kind"], 0) + (row["points"] or 0)
    figures = []
    for kind in _kinds(run):
        figures.append(
            Figure(
                f"{run.scheme.point_kind(kind).label} points, lifetime ({label})",
                run.in_files[f"total {kind}"],
                kept.get(kind, 0),
                True,
            )
        )
    figures.append(
        Figure(f"All points, lifetime ({label})", run.in_files["total"], sum(kept.values()), True)
    )
    return figures


def _history(run: Run, label: str) -> list[Figure]:
    lines, points = 0, {}
    for part in _parts(run.events):
        for row in (
            Credit.objects.filter(event_id__in=part)
            .values("colour", "state")
            .annotate(points=Sum("points"), lines=Count("pk"))
        ):
            lines += row["lines"]
            key = (row["colour"], row["state"])
            points[key] = points.get(key, 0) + (row["points"] or 0)
    figures = [Figure(f"Credits ({label})", run.in_files["history"], lines)]
    for kind in _kinds(run):
        for state in ("approved", "provisional"):
            in_files = run.history_points.get((kind, state), 0)
            in_portal = points.get((kind, state), 0)
            if in_files or in_portal:
                figures.append(
                    Figure(
                        f"{run.scheme.point_kind(kind).label} points credited, {state}",
                        in_files,
                        in_portal,
                        True,
                    )
                )
    return figures


def reconciliation_text(figures: list[Figure], heading: str) -> str:
    width = max([len(f.what) for f in figures] + [10])
    lines = [heading, f"{'':{width}}  {'in the files':>16}  {'in the portal':>16}"]
    for f in figures:
        lines.append(
            f"{f.what:{width}}  {f.shown(f.in_files):>16}  {f.shown(f.in_portal):>16}  "
            f"{'agree' if f.agrees else 'DIFFER'}"
        )
    agree = all(f.agrees for f in figures)
    lines.append("Every figure agrees." if agree else "Some figures differ: see DIFFER above.")
    return "\n".join(lines) + "\n"


def reconciliation_pdf(figures: list[Figure], title: str, lines: list[str]) -> bytes:
    return render_pdf(
        Document(
            title=title,
            lines=lines,
            sections=[
                TableSection(
                    header=["", "In the files", "In the portal", ""],
                    rows=[
                        [
                            f.what,
                            f.shown(f.in_files),
                            f.shown(f.in_portal),
                            "agree" if f.agrees else "differ",
                        ]
                        for f in figures
                    ],
                    numeric=(1, 2),
                )
            ],
        )
    )
