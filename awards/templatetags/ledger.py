"""Template filters of the ledger: hundredths shown as points, problems where they are,
uploads by their event."""

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
