from datetime import UTC, date, datetime

import pytest

from scheme.abf.membership import (
    cancellation_deadline,
    cancellation_takes_effect,
    cancellation_window_is_open,
    held_points_creditable,
    held_points_expired,
    held_points_window,
    pays_capitation,
    youth_cutoff_birth_year,
    youth_eligible,
)
from scheme.core.calendar import SYDNEY


def test_held_points_of_the_renewal_quarter_and_the_one_before_are_credited():
    assert held_points_window(date(2026, 2, 10)) == {(2026, 1), (2025, 4)}
    assert held_points_creditable(won_on=date(2025, 10, 1), renewed_on=date(2026, 2, 10))
    assert not held_points_creditable(won_on=date(2025, 9, 30), renewed_on=date(2026, 2, 10))


def test_held_points_expire_once_no_renewal_can_reach_them():
    assert not held_points_expired(won_on=date(2026, 1, 15), today=date(2026, 6, 30))
    assert held_points_expired(won_on=date(2026, 1, 15), today=date(2026, 7, 1))


@pytest.mark.parametrize(
    ("moment", "open_"),
    [
        (datetime(2026, 1, 1, 0, 0, tzinfo=SYDNEY), True),
        (datetime(2025, 12, 31, 12, 59, tzinfo=UTC), False),  # 23:59 31 Dec in Sydney
        (datetime(2026, 3, 31, 11, 59, tzinfo=SYDNEY), True),
        (datetime(2026, 3, 31, 12, 0, tzinfo=SYDNEY), False),  # 1.4.2: by midday 31 March
        (datetime(2026, 3, 31, 0, 59, tzinfo=UTC), True),  # 11:59 in Sydney (+11)
        (datetime(2026, 6, 1, tzinfo=SYDNEY), False),
    ],
)
def test_the_cancellation_window(moment, open_):
    assert cancellation_window_is_open(moment) is open_


def test_cancellations_take_effect_on_1_april():
    assert cancellation_deadline(2026) == datetime(2026, 3, 31, 12, tzinfo=SYDNEY)
    assert cancellation_takes_effect(2026) == date(2026, 4, 1)


def test_special_clubs_pay_no_capitation():
    assert pays_capitation("ordinary")
    for kind in ("foreign", "nz", "english", "youth"):
        assert not pays_capitation(kind)


def test_youth_players_are_out_the_year_after_they_turn_26():
    assert youth_cutoff_birth_year(year=2026) == 1999
    assert youth_eligible(birth_year=2000, year=2026)  # turns 26 in 2026: stays to its end
    assert not youth_eligible(birth_year=1999, year=2026)
