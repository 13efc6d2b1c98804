"""Days and moments as the scheme's federation writes them (Scheme.date_format,
Scheme.datetime_format): one way on every page. Built into every template (settings)."""

from __future__ import annotations

from datetime import date, datetime

from django import template
from django.utils import timezone

from centre.dates import day_text, moment_text

register = template.Library()


def _as_date_or_datetime(value: object) -> date | None:
    """A date, a datetime (in local time), or an ISO text of either (as a preview's JSON
    keeps them); None for anything else."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value) if "T" in value else date.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, datetime):
        return timezone.localtime(value) if timezone.is_aware(value) else value
    return value if isinstance(value, date) else None


@register.filter
def day(value: object) -> str:
    """The day: "28 November 2026" (the ACBL's "November 28, 2026"); blank for none."""
    found = _as_date_or_datetime(value)
    if found is None:
        return ""
    return day_text(found)


@register.filter
def moment(value: object) -> str:
    """The day and the time: "28 November 2026, 14:05"; blank for none."""
    found = _as_date_or_datetime(value)
    if not isinstance(found, datetime):
        return day(found)
    return moment_text(found)
