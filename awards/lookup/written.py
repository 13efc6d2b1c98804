"""The player page's longest parts, written as HTML once, when the page's record is built, and
kept with it in the cache: the statement's lines, and the chart's months as its table's rows,
as the JSON its script reads and in words.

They are most of the page (20 lines of a dozen cells, a row for each month with awards), each
the same few cells, so they are written here, every value escaped but the points (written by
points_text: digits, a sign and a point), rather than by the template's loops, where each cell
is a node resolved and escaped on its own. Kept written, they cost the cache a few strings
where their values cost it a hundred objects to pickle (a fifth of a cold page's record), and
a page read again from the cache writes them no more.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import NamedTuple

import orjson
from django.utils.safestring import SafeString, mark_safe

from awards.ledger.statements import StatementLine
from awards.lookup.documents import is_correction
from scheme.core.points import points_text
from scheme.parts import PointKind

# Each value is escaped as Django's `escape` does (it is the standard library's); the rows are
# marked safe once, whole.
_LINE = (
    "<tr{}>"
    '<td class="wide-only">{}</td>'
    '<td>{}{}<small class="narrow-only">{}{}</small></td>'
    '<td class="wide-only">{}</td>'
    '<td class="wide-only colour-{}">{}</td>'
    '<td class="number colour-{}" title="{}">{}</td>'
    "{}</tr>\n"
)
_PROVISIONAL = ' class="provisional" data-provisional'
_APPROVED = " data-approved"
_CORRECTION = ' <em class="badge correction" data-correction-line>correction</em>'
_WAITING = ' <em class="badge waiting">provisional</em>'


def _numbers(values: Iterable[str]) -> str:
    # Points as points_text writes them: digits, a sign and a point, nothing to escape.
    return "".join(f'<td class="number">{value}</td>' for value in values)


def statement_rows(lines: Iterable[StatementLine]) -> SafeString:
    """The statement's lines as the rows of its table: the day, the event (marked when it
    corrects another or awaits approval; the day and grade beneath it on a narrow screen),
    the grade, the kind, the points and the running balance of each kind."""
    rows = []
    for line in lines:
        day, grade, colour = (
            escape(line["day_shown"]),
            escape(line["grade_shown"]),
            escape(line["colour"]),
        )
        marks = (_CORRECTION if is_correction(line) else "") + (
            _WAITING if line["provisional"] else ""
        )
        rows.append(
            _LINE.format(
                _PROVISIONAL if line["provisional"] else _APPROVED,
                day,
                escape(line["event_shown"]),
                marks + " ",
                day,
                f" · {grade}" if grade else "",
                grade,
                colour,
                colour,
                colour,
                colour,
                line["points_shown"],
                _numbers(line["running_shown"]),
            )
        )
    return mark_safe("".join(rows))  # noqa: S308


def chart_rows(months: Iterable[Mapping], codes: Sequence[str]) -> SafeString:
    """The chart's figures as the rows of its table: each month with awards, and the points
    of each kind (`codes`, in the table's order) at its end."""
    return mark_safe(  # noqa: S308
        "\n".join(
            f'<tr><th scope="row">{escape(month["label"])}</th>'
            f"{_numbers(points_text(month[code]) for code in codes)}</tr>"
            for month in months
        )
    )


# As Django's json_script escapes them: no text of the figures can end the script element.
_SCRIPT_ESCAPES = (("&", "\\u0026"), ("<", "\\u003C"), (">", "\\u003E"))


def chart_data(months: list[Mapping]) -> SafeString:
    """The chart's months as the JSON its script reads, in a script element of its own, as
    Django's `json_script` writes it but compact and by orjson (a seventh of the time)."""
    written = orjson.dumps(months).decode()
    for character, escaped in _SCRIPT_ESCAPES:
        written = written.replace(character, escaped)
    return mark_safe(  # noqa: S308
        f'<script id="points-chart-data" type="application/json">{written}</script>'
    )


def chart_caption(months: list[Mapping], kind_word: str) -> str:
    """What the chart shows: "Cumulative masterpoints by colour, Jan 2025 to Oct 2026"."""
    return (
        f"Cumulative masterpoints by {kind_word.lower()}, "
        f"{months[0]['label']} to {months[-1]['label']}"
    )


def chart_summary(months: list[Mapping], kinds: Iterable[PointKind], kind_word: str) -> str:
    """The chart in words, for a reader who cannot see it: its caption and the points of each
    kind at its end ("... : at the end 1.75 green, 0.00 red and 0.00 gold.")."""
    last = months[-1]
    # A colour is named in lower case within the sentence ("green"); a letter as it is (NZ's
    # "A Points").
    figures = [
        f"{points_text(int(last.get(kind.code) or 0))} "
        f"{kind.label.lower() if kind_word == 'Colour' else kind.label}"
        for kind in kinds
    ]
    listed = ", ".join(figures[:-1]) + " and " + figures[-1] if len(figures) > 1 else figures[0]
    return f"{chart_caption(months, kind_word)}: at the end {listed}."


class WrittenChart(NamedTuple):
    """The chart of a player's points over time as the page writes it."""

    # The chart in words (the canvas's label) and its table's caption: text, escaped as the
    # page writes them.
    summary: str
    caption: str
    # The table's rows and the script element of the figures it draws.
    rows: SafeString
    data: SafeString


def written_chart(
    months: list[Mapping], kinds: Sequence[PointKind], kind_word: str
) -> WrittenChart | None:
    """The chart of `months` (each with its label and the cumulative hundredths of each kind
    at its end), or None when the player has no awards to chart."""
    if not months:
        return None
    return WrittenChart(
        summary=chart_summary(months, kinds, kind_word),
        caption=chart_caption(months, kind_word),
        rows=chart_rows(months, [kind.code for kind in kinds]),
        data=chart_data(months),
    )
