"""The registry's dates, in the scheme's time zone (Australia/Sydney)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils import timezone

SCHEME_TZ = ZoneInfo("Australia/Sydney")


def now() -> datetime:
    """The registry's clock: the one place tests set the date for the date rules."""
    return timezone.now()


def cancellation_opens(year: int) -> datetime:
    """Guide F6.4: cancellations can be made only during the January-March quarter."""
    return datetime(year, 1, 1, 0, 0, tzinfo=SCHEME_TZ)


def cancellation_deadline(year: int) -> datetime:
    """1.4.2: cancellations must reach the Centre "by midday March 31st"."""
    return datetime(year, 3, 31, 12, 0, tzinfo=SCHEME_TZ)


def cancellation_window_is_open(now: datetime) -> bool:
    year = now.astimezone(SCHEME_TZ).year
    return cancellation_opens(year) <= now < cancellation_deadline(year)
