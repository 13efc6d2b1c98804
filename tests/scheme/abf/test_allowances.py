"""2.6 B4c session entitlements and 2.7 B5i events."""

from datetime import date

import pytest

from scheme.abf.allowances import (
    b4c_base_sessions,
    b4c_entitlement,
    b5i_events,
    sessions_for_green_points,
)


@pytest.mark.parametrize(
    ("green", "sessions"),
    [(0, 0), (34_99, 0), (35_00, 1), (99_99, 1), (100_00, 2), (164_99, 2), (165_00, 3)],
)
def test_one_session_for_the_first_35_green_points_and_one_per_further_65(green, sessions):
    assert sessions_for_green_points(green) == sessions


def test_an_established_club_with_40_sessions_has_six_base_sessions():
    assert b4c_base_sessions(year=2026, affiliated_on=date(2001, 1, 1), sessions_scheduled=40) == 6


def test_a_club_scheduling_fewer_than_40_sessions_has_none():
    assert b4c_base_sessions(year=2026, affiliated_on=date(2001, 1, 1), sessions_scheduled=39) == 0


def test_a_club_affiliated_on_30_september_counts_as_established():
    assert b4c_base_sessions(year=2026, affiliated_on=date(2025, 9, 30), sessions_scheduled=50) == 6


@pytest.mark.parametrize(
    ("affiliated_on", "sessions"),
    [
        (date(2025, 10, 1), 6),  # registered after 30 September: the whole next year
        (date(2026, 1, 15), 6),  # twelve months left
        (date(2026, 4, 1), 5),  # nine months left: 4.5, a part session counts
        (date(2026, 7, 1), 3),  # six months left: 3
        (date(2026, 11, 1), 3),  # two months left: 1, raised to the minimum of 3
    ],
)
def test_new_clubs_have_a_pro_rata_share_of_six_with_a_minimum_of_three(affiliated_on, sessions):
    assert (
        b4c_base_sessions(year=2026, affiliated_on=affiliated_on, sessions_scheduled=0) == sessions
    )


def test_a_remote_club_with_green_points_and_a_bridge_day_adds_everything():
    entitlement = b4c_entitlement(
        year=2026,
        affiliated_on=date(1990, 3, 1),
        sessions_scheduled=150,
        green_issued=230_00,
        remote=True,
        granted=2,
    )

    # 6 base + (1 + 3 for 230 green points: 35 + 3 * 65 = 230) + 3 remote + 2 granted
    assert (entitlement.base, entitlement.green_points, entitlement.remote) == (6, 4, 3)
    assert entitlement.total == 15
    assert len(entitlement.explain()) == 4


def test_a_club_not_entitled_to_the_base_earns_nothing_for_points_or_distance():
    entitlement = b4c_entitlement(
        year=2026,
        affiliated_on=date(1990, 3, 1),
        sessions_scheduled=10,
        green_issued=500_00,
        remote=True,
    )

    assert entitlement.total == 0


def test_b5i_gives_five_events_and_three_more_to_remote_clubs():
    assert b5i_events(remote=False) == 5
    assert b5i_events(remote=True) == 8
