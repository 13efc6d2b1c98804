from datetime import date
from decimal import Decimal

import pytest

from billing.selectors import NoFeeSchedule, fee_schedule_in_force
from scheme.abf.levies import CapitationPeriod, LevyGroup
from tests.billing.factories import FeeScheduleFactory


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
