"""The scheme's calendar: months and quarters in the scheme's time zone (the ABF's:
Australia/Sydney, App. E, 1.4.3) and the membership year, 1 April to 31 March (1.3.2, 8.2).

Plain dates and aware datetimes only; the Django side passes `timezone.now()` in.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

SYDNEY = ZoneInfo("Australia/Sydney")
# 8.2: the membership (capitation) year begins on 1 April.
MEMBERSHIP_YEAR_FIRST_MONTH = 4

Quarter = tuple[int, int]  # (year, 1-4): calendar quarters, Q1 = January to March

# The register's first year: lifetime balances from before it are brought forward, and no
# event, birth, payment or month the registry keeps lies before it.
REGISTER_FIRST_YEAR = 1950
# How far ahead a date that may lie ahead is taken (a fee schedule entered for next April, a
# period asked about): a year and a day.
REGISTER_DAYS_AHEAD = 366


def register_dates(today: date, *, ahead: bool = False) -> tuple[date, date]:
    """The first and last day a date given to the register may be: from 1 January of its
    first year to `today`, or for a date that may lie ahead, a year on."""
    last = today + timedelta(days=REGISTER_DAYS_AHEAD) if ahead else today
    return date(REGISTER_FIRST_YEAR, 1, 1), last


def register_date_refusal(day: date, *, what: str, today: date, ahead: bool = False) -> str:
    """Why `day` cannot be `what` ("The event's first day"), or "" when it is in range."""
    first, last = register_dates(today, ahead=ahead)
    if first <= day <= last:
        return ""
    upper = "today" if last == today else f"{last.day} {last:%B} {last.year}"
    return (
        f"{what} must be between {first.day} {first:%B} {first.year} and {upper}; "
        f"{day.isoformat()} is not."
    )


def local(at: datetime, zone: tzinfo) -> datetime:
    """`at` in the scheme's time zone; a naive datetime is refused rather than guessed."""
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"{at!r} has no time zone: the scheme's dates need an aware datetime")
    return at.astimezone(zone)


def local_month(at: datetime, zone: tzinfo) -> tuple[int, int]:
    """The month (year, month) an instant falls in, in the scheme's time zone: the month a
    credit made at `at` belongs to (ABF App. E)."""
    moment = local(at, zone)
    return moment.year, moment.month


def sydney(at: datetime) -> datetime:
    """`at` in Sydney time; a naive datetime is refused rather than guessed."""
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"{at!r} has no time zone: the scheme's dates need an aware datetime")
    return at.astimezone(SYDNEY)


def sydney_date(at: datetime) -> date:
    """The Sydney calendar day of an instant."""
    return sydney(at).date()


def sydney_month(at: datetime) -> tuple[int, int]:
    """App. E: the month (year, month) a credit made at `at` belongs to, in Sydney time."""
    local = sydney(at)
    return local.year, local.month


def quarter_of(day: date) -> Quarter:
    """The calendar quarter of a day, as (year, 1-4)."""
    return day.year, (day.month - 1) // 3 + 1


def previous_quarter(quarter: Quarter) -> Quarter:
    """The quarter before (year, q): Q1 goes back to Q4 of the year before."""
    year, number = quarter
    return (year - 1, 4) if number == 1 else (year, number - 1)


def previous_quarter_of(day: date) -> Quarter:
    """The quarter before the one `day` falls in (quarterly invoices and reports, 1.4.3)."""
    return previous_quarter(quarter_of(day))


def _check(year: int, quarter: int) -> None:
    if isinstance(quarter, bool) or not isinstance(quarter, int) or not 1 <= quarter <= 4:
        raise ValueError(f"quarter {quarter!r} of {year} is not 1, 2, 3 or 4")


def quarter_months(year: int, quarter: int) -> list[tuple[int, int]]:
    """The three (year, month) of a quarter."""
    _check(year, quarter)
    first = 3 * (quarter - 1) + 1
    return [(year, month) for month in range(first, first + 3)]


def quarter_start(year: int, quarter: int) -> date:
    _check(year, quarter)
    return date(year, 3 * (quarter - 1) + 1, 1)


def quarter_end(year: int, quarter: int) -> date:
    """The last day of a quarter."""
    _check(year, quarter)
    following = date(year + 1, 1, 1) if quarter == 4 else date(year, 3 * quarter + 1, 1)
    return following - timedelta(days=1)


def quarter_dates(year: int, quarter: int) -> tuple[date, date]:
    """The first and last day of a quarter."""
    return quarter_start(year, quarter), quarter_end(year, quarter)


def quarter_label(year: int, quarter: int) -> str:
    """'January to March 2026', as the quarterly reports name a quarter."""
    _check(year, quarter)
    names = ("January", "April", "July", "October")
    ends = ("March", "June", "September", "December")
    return f"{names[quarter - 1]} to {ends[quarter - 1]} {year}"


def membership_year_of(day: date) -> int:
    """The membership year a day falls in, named by the year of its 1 April."""
    return day.year if day.month >= MEMBERSHIP_YEAR_FIRST_MONTH else day.year - 1


def membership_year_start(day: date) -> date:
    """1 April of the membership year `day` falls in."""
    return date(membership_year_of(day), MEMBERSHIP_YEAR_FIRST_MONTH, 1)


def membership_year_end(day: date) -> date:
    """31 March that ends the membership year `day` falls in."""
    return date(membership_year_of(day) + 1, MEMBERSHIP_YEAR_FIRST_MONTH, 1) - timedelta(days=1)
