"""The award history's lines read, checked one by one and staged in a table of the
transaction's own (`STAGED`), for the set-based statements of `history` to match and write.

A line is refused here when its own fields say so: a number whose check digit is wrong, a
colour (or, in a CSV history, a kind) the scheme does not have, no points, a month that is not
YYYYMM or has not begun, a state that is neither A nor P. HISTORY.TXT can hold twenty million
lines, so a fixed-width line that is well formed is checked on its texts, with what it shares
with other lines (its player's number, its month) checked once; any line that fails a check
there is read and checked again field by field, which gives the reason. Both ways accept the
same lines.
"""

from __future__ import annotations

from pathlib import Path

from django.db import connection
from django.utils import timezone

from operations.national_files import COLOUR_CODES
from operations.register_in.context import CHUNK, Run
from operations.register_in.layouts import Source
from operations.register_in.players import number_refusal
from operations.register_in.reading import (
    Line,
    fixed_width_blocks,
    fixed_width_values,
    line_text,
    read_lines,
)
from operations.register_in.report import REFUSED
from scheme.core.calendar import local_month

STAGED = "register_in_history"
KINDS = {code: kind for kind, code in COLOUR_CODES.items()}
COLUMNS = "line, number, event, colour, points, year, month, approved"


def _stage(rows: list[tuple]) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # COPY's text format, written whole: every value is a checked number, a number
            # of seven digits or a kind's code, none with a tab, a newline or a backslash.
            text = "".join(
                f"{line}\t{number}\t{event}\t{kind}\t{points}\t{year}\t{month}\t"
                f"{'t' if approved else 'f'}\n"
                for line, number, event, kind, points, year, month, approved in rows
            )
            with cursor.cursor.copy(f"COPY {STAGED} ({COLUMNS}) FROM STDIN") as copy:
                copy.write(text)
        else:
            cursor.executemany(
                f"INSERT INTO {STAGED} ({COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",  # noqa: S608
                rows,
            )


def kind_of(run: Run, values: dict) -> str:
    """The line's kind of point: HISTORY.TXT's colour letter (G, R, Y), or the scheme's own
    code in a CSV history (NZ's A, B, C; the ACBL's black, silver ...); blank if neither."""
    if "colour" in values:
        return KINDS.get(str(values["colour"]), "")
    kind = str(values.get("kind") or "")
    return kind if kind in {k.code for k in run.scheme.point_kinds} else ""


def _kind_refusal(run: Run, values: dict) -> str:
    if "colour" in values:
        return f"colour is G, R or Y, not {values['colour']!r}"
    codes = ", ".join(k.code for k in run.scheme.kinds_in_order)
    return f"kind is one of {codes}, not {values.get('kind')!r}"


def _month_refusal(month: str, last_month: tuple[int, int]) -> str:
    if not (len(month) == 6 and month.isdigit() and 1 <= int(month[4:]) <= 12):
        return f"month {month!r} is not YYYYMM"
    if (int(month[:4]), int(month[4:])) > last_month:
        return f"month {month[:4]}-{month[4:]} has not begun"
    return ""


def _line_refusal(run: Run, values: dict, last_month: tuple[int, int], checked: dict) -> str:
    number = number_of_values(values)
    if number not in checked:
        checked[number] = number_refusal(number)
    if checked[number]:
        return checked[number]
    if not kind_of(run, values):
        return _kind_refusal(run, values)
    if not int(values["points"]):
        return "a line of no points"
    month_refusal = _month_refusal(str(values["month"]), last_month)
    if month_refusal:
        return month_refusal
    if str(values["approved"]) not in ("A", "P"):
        return f"approved is A or P, not {values['approved']!r}"
    return ""


def number_of_values(values: dict) -> str:
    return str(values.get("abf_number") or values.get("number") or "")


class _Staging:
    """The lines read so far, staged a chunk at a time, and what the files say of them."""

    def __init__(self, run: Run, report) -> None:
        self.run, self.report = run, report
        self.last_month = local_month(timezone.now(), run.scheme.zone)
        self.checked: dict[str, str] = {}
        self.rows: list[tuple] = []

    def line(self, line: Line) -> None:
        """A line read field by field: refused with its reason, or staged."""
        refusal, values = line.refusal, line.values
        if not refusal:
            self.run.in_files["history"] += 1
            refusal = _line_refusal(self.run, values, self.last_month, self.checked)
        if refusal:
            self.report.add(line.number, REFUSED, refusal)
            return
        month = str(values["month"])
        self.add(
            line.number,
            number_of_values(values),
            int(values["event"]),
            kind_of(self.run, values),
            int(values["points"]),
            int(month[:4]),
            int(month[4:]),
            values["approved"] == "A",
        )

    def add(self, *row) -> None:  # type: ignore[no-untyped-def]
        kind, points, approved = row[3], row[4], row[7]
        self.run.history_points[(kind, "approved" if approved else "provisional")] += points
        self.rows.append(row)
        if len(self.rows) >= CHUNK * 4:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            _stage(self.rows)
            self.rows.clear()  # the same list: a reader may hold it


def history_stage(run: Run, report, path: Path, source: Source, form: str) -> None:
    """Every line of the history refused with its reason or staged in `STAGED`."""
    staging = _Staging(run, report)
    if form == "txt":
        _fixed_width_stage(staging, path, source)
    else:
        for line in read_lines(path, source, form, run.progress.advance):
            staging.line(line)
    staging.flush()


def _fixed_width_stage(staging: _Staging, path: Path, source: Source) -> None:
    """HISTORY.TXT: a well-formed line that passes every check on its texts is staged as it
    stands; any other is read and checked field by field (`_Staging.line`)."""
    run, checked, last_month = staging.run, staging.checked, staging.last_month
    names = [field.name for field in source.fields]
    at_number = names.index("abf_number" if "abf_number" in names else "number")
    at_event, at_colour, at_points, at_month, at_approved = (
        names.index(name) for name in ("event", "colour", "points", "month", "approved")
    )
    months: dict[str, tuple[int, int] | None] = {}
    points_by: dict[tuple[str, str], int] = {}
    rows, staged = staging.rows, 0

    def by_field(number: int, text: str) -> None:
        values, refusal = fixed_width_values(text, source)
        staging.line(Line(number, values, refusal))

    for first, block, lines in fixed_width_blocks(path, source, run.progress.advance):
        if block is None:
            for number, raw in enumerate(lines, start=first):
                if text := line_text(raw):
                    by_field(number, text)
            continue
        for number, texts in enumerate(block, start=first):
            player, month = texts[at_number], texts[at_month]
            if player not in checked:
                checked[player] = number_refusal(player)
            if month not in months:
                months[month] = (
                    None if _month_refusal(month, last_month) else (int(month[:4]), int(month[4:]))
                )
            kind, points = KINDS.get(texts[at_colour]), int(texts[at_points])
            approved, year_month = texts[at_approved], months[month]
            if not (
                kind is not None
                and points
                and year_month is not None
                and approved in ("A", "P")
                and not checked[player]
            ):
                by_field(number, "".join(texts))
                continue
            state = "approved" if approved == "A" else "provisional"
            points_by[(kind, state)] = points_by.get((kind, state), 0) + points
            event = int(texts[at_event])
            rows.append((number, player, event, kind, points, *year_month, state == "approved"))
            staged += 1
        if len(rows) >= CHUNK * 4:
            staging.flush()
    for key, points in points_by.items():
        run.history_points[key] += points
    run.in_files["history"] += staged
