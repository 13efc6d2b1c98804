from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from scheme.core.calendar import (
    SYDNEY,
    membership_year_end,
    membership_year_of,
    membership_year_start,
    previous_quarter,
    previous_quarter_of,
    quarter_dates,
    quarter_end,
    quarter_label,
    quarter_months,
    quarter_of,
    quarter_start,
    register_date_refusal,
    register_dates,
    sydney_date,
    sydney_month,
)


def test_sydney_is_the_scheme_time_zone():
    assert ZoneInfo("Australia/Sydney") == SYDNEY


def test_an_instant_late_on_the_last_day_utc_is_already_the_next_month_in_sydney():
    # 31 January 20:00 UTC is 1 February 07:00 in Sydney (daylight saving, +11).
    assert sydney_month(datetime(2026, 1, 31, 20, 0, tzinfo=UTC)) == (2026, 2)
    assert sydney_date(datetime(2026, 1, 31, 20, 0, tzinfo=UTC)) == date(2026, 2, 1)


def test_new_year_in_sydney_is_still_the_old_year_in_utc():
    assert sydney_month(datetime(2025, 12, 31, 13, 30, tzinfo=UTC)) == (2026, 1)


def test_winter_offset_is_ten_hours():
    assert sydney_month(datetime(2026, 6, 30, 13, 59, tzinfo=UTC)) == (2026, 6)
    assert sydney_month(datetime(2026, 6, 30, 14, 0, tzinfo=UTC)) == (2026, 7)


def test_naive_datetime_is_refused():
    with pytest.raises(ValueError, match="no time zone"):
        sydney_month(datetime(2026, 1, 1))


@pytest.mark.parametrize(
    ("day", "quarter"),
    [
        (date(2026, 1, 1), (2026, 1)),
        (date(2026, 3, 31), (2026, 1)),
        (date(2026, 4, 1), (2026, 2)),
        (date(2026, 9, 30), (2026, 3)),
        (date(2026, 12, 31), (2026, 4)),
    ],
)
def test_quarter_of(day, quarter):
    assert quarter_of(day) == quarter


def test_previous_quarter_wraps_to_the_year_before():
    assert previous_quarter((2026, 1)) == (2025, 4)
    assert previous_quarter((2026, 3)) == (2026, 2)
    assert previous_quarter_of(date(2026, 1, 5)) == (2025, 4)


def test_quarter_bounds_and_months():
    assert quarter_start(2026, 1) == date(2026, 1, 1)
    assert quarter_end(2026, 1) == date(2026, 3, 31)
    assert quarter_end(2024, 1) == date(2024, 3, 31)
    assert quarter_dates(2026, 4) == (date(2026, 10, 1), date(2026, 12, 31))
    assert quarter_dates(2026, 2) == (date(2026, 4, 1), date(2026, 6, 30))
    assert quarter_months(2026, 3) == [(2026, 7), (2026, 8), (2026, 9)]
    assert quarter_label(2026, 4) == "October to December 2026"


@pytest.mark.parametrize("quarter", [0, 5, True])
def test_a_quarter_outside_one_to_four_is_refused(quarter):
    with pytest.raises(ValueError, match="not 1, 2, 3 or 4"):
        quarter_start(2026, quarter)


def test_every_day_of_a_quarter_is_inside_its_bounds():
    for quarter in range(1, 5):
        start, end = quarter_dates(2028, quarter)
        assert quarter_of(start) == quarter_of(end) == (2028, quarter)


@pytest.mark.parametrize(
    ("day", "year"),
    [(date(2026, 3, 31), 2025), (date(2026, 4, 1), 2026), (date(2026, 12, 31), 2026)],
)
def test_membership_year_runs_1_april_to_31_march(day, year):
    assert membership_year_of(day) == year
    assert membership_year_start(day) == date(year, 4, 1)
    assert membership_year_end(day) == date(year + 1, 3, 31)


def test_register_dates_run_from_1950_to_today_or_a_year_ahead():
    today = date(2026, 5, 1)

    assert register_dates(today) == (date(1950, 1, 1), today)
    assert register_dates(today, ahead=True) == (date(1950, 1, 1), date(2027, 5, 2))
    assert register_date_refusal(date(1950, 1, 1), what="The day", today=today) == ""
    assert register_date_refusal(date(1, 1, 1), what="The day", today=today) == (
        "The day must be between 1 January 1950 and today; 0001-01-01 is not."
    )
    assert register_date_refusal(date(2027, 5, 3), what="The day", today=today, ahead=True) == (
        "The day must be between 1 January 1950 and 2 May 2027; 2027-05-03 is not."
    )
