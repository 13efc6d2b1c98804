"""Template filters of the ledger: hundredths shown as points."""

from django import template

from scheme.core.points import points_text

register = template.Library()


@register.filter
def points(hundredths: int | None) -> str:
    """1234 -> "12.34": points are kept in whole hundredths, never floats."""
    return points_text(int(hundredths or 0))
