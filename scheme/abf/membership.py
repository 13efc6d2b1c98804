"""Membership of the scheme (1.3): the membership year, held points of inactive players
(1.3.2), the annual cancellations (1.3.2, 1.4.2, guide F6.4), the special clubs that pay
no capitation (1.3.3, 1.3.6) and the Youth Players' Club age (1.3.6)."""

from __future__ import annotations

from datetime import date, datetime

from scheme.core.calendar import SYDNEY, Quarter, previous_quarter, quarter_of

# 1.3.3 and 1.3.6: the special clubs (the registry's club kinds); they pay no capitation.
ORDINARY_CLUB = "ordinary"
SPECIAL_CLUBS: dict[str, str] = {
    "foreign": "Foreign Players",  # 1.3.3
    "nz": "NZ Players",  # 1.3.3
    "english": "English Players",  # 1.3.3
    "youth": "Youth Players",  # 1.3.6
}
# 1.3.6: members of the Youth Players' Club are under 26 on 1 January.
YOUTH_AGE_LIMIT = 26


# --- 1.3.2: points won while inactive -------------------------------------------------------


def held_points_window(renewed_on: date) -> frozenset[Quarter]:
    """1.3.2: the quarters whose held points are credited on renewal: "apart from those
    earned in the quarter of renewal and the quarter immediately prior to renewal, [points]
    will not be credited"."""
    renewal = quarter_of(renewed_on)
    return frozenset({renewal, previous_quarter(renewal)})


def held_points_creditable(*, won_on: date, renewed_on: date) -> bool:
    """Whether points of an event that ended on `won_on` are credited on renewal."""
    return quarter_of(won_on) in held_points_window(renewed_on)


def held_points_expired(*, won_on: date, today: date) -> bool:
    """1.3.2: held points of a quarter before the previous one can no longer be credited by
    any renewal from `today` on: they are forfeited."""
    return quarter_of(won_on) < previous_quarter(quarter_of(today))


# --- the annual cancellations ---------------------------------------------------------------


def cancellation_opens(year: int) -> datetime:
    """Guide F6.4: cancellations can be made only during the January-March quarter."""
    return datetime(year, 1, 1, 0, 0, tzinfo=SYDNEY)


def cancellation_deadline(year: int) -> datetime:
    """1.4.2: cancellations must reach the Centre "by midday March 31st"."""
    return datetime(year, 3, 31, 12, 0, tzinfo=SYDNEY)


def cancellation_window_is_open(now: datetime) -> bool:
    """Whether a cancellation may be requested or withdrawn at `now` (an aware datetime)."""
    year = now.astimezone(SYDNEY).year
    return cancellation_opens(year) <= now < cancellation_deadline(year)


def cancellation_year_of(day: date) -> int:
    """The year of the cancellations a schedule of home members printed on `day` is for:
    this year's until the 1 April update, next year's after it (guide F6.4: the schedule is
    printed in the January quarter)."""
    return day.year if day.month < 4 else day.year + 1


def cancellation_takes_effect(year: int) -> date:
    """1.3.2: members whose home club cancels them "before April 1st" become inactive in
    the 1 April update, the start of the membership year."""
    return date(year, 4, 1)


# --- special clubs and the Youth Players' Club --------------------------------------------


def is_special_club(kind: str) -> bool:
    return kind in SPECIAL_CLUBS


def pays_capitation(kind: str) -> bool:
    """1.3.3, 1.3.6: "no capitation fees are levied" on the special clubs' members."""
    return not is_special_club(kind)


def youth_cutoff_birth_year(*, year: int) -> int:
    """The latest birth year that is out of the Youth Players' Club on 1 January `year`.

    1.3.6: members must be under 26 on 1 January, and are "de-registered at the end of the
    year in which they turn 26". With only a birth year on record, a player born in year B
    turns 26 during B + 26 and is out from 1 January B + 27: B <= year - 27.
    """
    return year - YOUTH_AGE_LIMIT - 1


def youth_eligible(*, birth_year: int, year: int) -> bool:
    """1.3.6: whether a player born in `birth_year` may be in the Youth Players' Club in
    `year`."""
    return birth_year > youth_cutoff_birth_year(year=year)
