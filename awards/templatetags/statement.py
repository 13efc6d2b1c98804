"""The player page's repeated rows: the statement's lines and the chart's months.

They are most of the page (20 lines of the statement, a row for each month with awards),
each row the same few cells, so they are written here, every value escaped, rather than by
the template's loops, where each cell is a node resolved and escaped on its own: that made
them most of the time the page took to render. The rest of the page's markup is its
template's (templates/awards/player.html).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

from awards.ledger.statements import StatementLine
from awards.lookup.documents import is_correction

register = template.Library()

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
    return "".join(f'<td class="number">{escape(value)}</td>' for value in values)


@register.simple_tag
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
                escape(line["points_shown"]),
                _numbers(line["running_shown"]),
            )
        )
    return mark_safe("".join(rows))  # noqa: S308


@register.simple_tag
def chart_rows(months: Iterable[Mapping]) -> SafeString:
    """The chart's figures as the rows of its table: each month with awards, and the points
    of each kind at its end."""
    return mark_safe(  # noqa: S308
        "\n".join(
            f'<tr><th scope="row">{escape(month["label"])}</th>{_numbers(month["points"])}</tr>'
            for month in months
        )
    )
