"""The registry's clock. The dates' rules are the scheme's (scheme.core.calendar, the
scheme's membership year); this is where "now" comes from, and the scheme's time zone."""

from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils import timezone

from centre.schemes import current_scheme


def zone() -> ZoneInfo:
    """The scheme's time zone (Scheme.time_zone: the ABF's Sydney): its days and years."""
    return current_scheme().zone


def local(at: datetime) -> datetime:
    """An instant in the scheme's time zone."""
    return at.astimezone(zone())


def now() -> datetime:
    """The registry's clock: the one place tests set the date for the date rules."""
    return timezone.now()
