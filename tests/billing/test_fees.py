from datetime import date, timedelta
from decimal import Decimal

import pytest

from billing.fees import (
    CapitationPeriod,
    LevyGroup,
    capitation_period,
    late_lodgement_months,
    levy,
    levy_group,
    membership_year_start,
)
from billing.selectors import NoFeeSchedule, fee_schedule_in_force
from tests.billing.factories import FeeScheduleFactory


@pytest.mark.parametrize(
    ("grade", "group"),
    [
        ("B3", LevyGroup.CONGRESS),
        ("B4", LevyGroup.CONGRESS),
        ("B5", LevyGroup.CONGRESS),
        ("C", LevyGroup.CLUB_GREEN),
        ("D", LevyGroup.CLUB_GREEN),
        ("E", LevyGroup.CLUB_GREEN),
        ("F", LevyGroup.CLUB_GREEN),
        ("B4c", LevyGroup.CLUB_RED),
        ("B4s", LevyGroup.CLUB_RED),
        ("B5i", LevyGroup.CLUB_RED),
        ("A", LevyGroup.GOLD_AND_STATE),
        ("A2", LevyGroup.GOLD_AND_STATE),
        ("B", LevyGroup.GOLD_AND_STATE),
    ],
)
def test_each_grade_pays_the_levy_of_its_group_in_8_3(grade, group):
    assert levy_group(grade) == group


def test_an_unknown_grade_names_itself():
    with pytest.raises(ValueError, match="'Z'"):
        levy_group("Z")


@pytest.mark.django_db
def test_the_2025_schedule_is_in_force_with_the_printed_rates():
    schedule = fee_schedule_in_force(on=date(2025, 11, 21))

    assert schedule.effective_from == date(2025, 4, 1)
    assert [schedule.levy_rate(group) for group in LevyGroup] == [
        Decimal("2.68"),
        Decimal("2.53"),
        Decimal("2.03"),
        Decimal("1.74"),
    ]
    assert [schedule.capitation_rate(period) for period in CapitationPeriod] == [
        Decimal("23.30"),
        Decimal("11.65"),
        Decimal("0.00"),
    ]
    assert schedule.new_player_commission == Decimal("1.00")
    assert schedule.unidentified_payment_fee == Decimal("10.00")


@pytest.mark.django_db
def test_next_years_rates_entered_early_apply_only_from_their_day():
    FeeScheduleFactory(effective_from=date(2026, 4, 1), levy_c_d_e_f=Decimal("2.60"))

    assert fee_schedule_in_force(on=date(2026, 3, 31)).levy_c_d_e_f == Decimal("2.53")
    assert fee_schedule_in_force(on=date(2026, 4, 1)).levy_c_d_e_f == Decimal("2.60")


@pytest.mark.django_db
def test_a_day_before_any_schedule_has_no_fees():
    with pytest.raises(NoFeeSchedule, match="1981"):
        fee_schedule_in_force(on=date(1981, 1, 1))


def test_levy_is_charged_on_hundredths_and_rounded_once_to_the_cent():
    # 12.34 masterpoints at $2.53 is $31.2202.
    assert levy(1234, Decimal("2.53")) == Decimal("31.22")
    # 0.50 masterpoints at $2.03 is $1.015: half a cent goes up.
    assert levy(50, Decimal("2.03")) == Decimal("1.02")


@pytest.mark.parametrize(
    ("joined", "period"),
    [
        (date(2025, 4, 1), CapitationPeriod.APRIL_SEPTEMBER),
        (date(2025, 9, 30), CapitationPeriod.APRIL_SEPTEMBER),
        (date(2025, 10, 1), CapitationPeriod.OCTOBER_DECEMBER),
        (date(2025, 12, 31), CapitationPeriod.OCTOBER_DECEMBER),
        (date(2026, 1, 1), CapitationPeriod.JANUARY_MARCH),
        (date(2026, 3, 31), CapitationPeriod.JANUARY_MARCH),
    ],
)
def test_capitation_period_follows_the_day_a_player_joined(joined, period):
    assert capitation_period(joined) == period


def test_the_membership_year_starts_on_1_april():
    assert membership_year_start(date(2026, 3, 31)) == date(2025, 4, 1)
    assert membership_year_start(date(2026, 4, 1)) == date(2026, 4, 1)


@pytest.mark.parametrize(
    ("days_after_event", "months"),
    [(0, 0), (30, 0), (31, 1), (60, 1), (61, 2), (120, 3)],
)
def test_late_lodgement_counts_each_month_or_part_beyond_30_days(days_after_event, months):
    ended = date(2025, 6, 1)

    assert late_lodgement_months(ended, ended + timedelta(days=days_after_event)) == months
