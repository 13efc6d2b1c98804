"""Template filters of the ledger: hundredths shown as points, problems where they are,
uploads by their event."""

import functools

from django import forms, template

from awards.errors import Problem
from awards.intake import titles
from awards.intake.models import CreditUpload
from centre.errors import field_label
from scheme.core.points import points_text

register = template.Library()


@register.filter
def points(hundredths: int | None) -> str:
    """1234 -> "12.34": points are kept in whole hundredths, never floats."""
    return points_text(int(hundredths or 0))


@register.filter
def of(mapping: dict | None, key: str) -> object:
    """A mapping's value by a key held in a variable: `{{ totals|of:kind.code }}`."""
    return (mapping or {}).get(key, 0)


@register.filter
def problem_where(problem: Problem, form: forms.Form | None = None) -> str:
    """Where an upload's problem is, in the page's own words: the label of the form's field
    it concerns ("First day", not "event.starts_on"), "Line 12", or "File"."""
    if problem.field:
        return field_label(form, problem.field)
    return f"Line {problem.line}" if problem.line else "File"


@register.filter
def upload_title(upload: CreditUpload) -> str:
    """An upload as pages title it: the event's name and day (awards.intake.titles)."""
    return titles.upload_title(upload)


# The palest background text of a colour sits on: a table's heading row (--wash in site.css).
_WASH = (0xF4, 0xF6, 0xF9)


def _luminance(rgb: tuple[int, int, int]) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@register.filter
@functools.cache
def as_text(colour_hex: str) -> str:
    """A point kind's colour made dark enough to read as text: the same hue, darkened until
    it stands 4.5:1 against the page (WCAG 2.1 AA), so the ACBL's silver or the gold (2.4:1
    as they are) can name a column. The colour itself still draws the chart."""
    rgb = tuple(int(colour_hex[i : i + 2], 16) for i in (1, 3, 5))
    background = _luminance(_WASH) + 0.05
    while background / (_luminance(rgb) + 0.05) < 4.5:
        rgb = tuple(int(channel * 0.95) for channel in rgb)
    return "#{:02x}{:02x}{:02x}".format(*rgb)
