"""2.6 B4c session entitlements and 2.7 B5i events."""

from datetime import date

import pytest

from scheme.abf.allowances import (
    b4c_base_sessions,
    b4c_entitlement,
    b4c_out_of_hours_problem,
    b4s_problem,
    b4s_sessions,
    b5i_events,
    b5i_problem,
    grade_d_problem,
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


# 2.7: five B5i events a year, three more for remote clubs; one to four sessions each.
@pytest.mark.parametrize(
    ("taken", "remote", "refused"),
    [(4, False, False), (5, False, True), (7, True, False), (8, True, True)],
)
def test_b5i_events_are_five_a_year_and_eight_for_remote_clubs(taken, remote, refused):
    problem = b5i_problem(club="1234", year=2026, taken=taken, remote=remote, sessions=2)
    assert bool(problem) is refused
    if refused:
        assert problem.startswith(f"Club 1234 takes part in {taken} B5i events in 2026")
        assert "Cancel a defunct event" in problem


@pytest.mark.parametrize(("sessions", "refused"), [(0, True), (1, False), (4, False), (5, True)])
def test_a_b5i_event_has_one_to_four_sessions(sessions, refused):
    problem = b5i_problem(club="1234", year=2026, taken=0, remote=False, sessions=sessions)
    assert bool(problem) is refused


@pytest.mark.parametrize(
    ("held", "sessions", "refused"),
    [(0, 1, True), (0, 2, False), (0, 10, False), (0, 11, True), (5, 3, False), (6, 3, True)],
)
def test_grade_d_championships_are_six_a_year_of_two_to_ten_sessions(held, sessions, refused):
    problem = grade_d_problem(club="1234", year=2026, held=held, sessions=sessions)
    assert bool(problem) is refused
    assert not refused or problem.endswith(" (2.3).")


@pytest.mark.parametrize(
    ("members", "sessions"), [(0, 10), (1, 11), (500, 11), (501, 12), (12_345, 35)]
)
def test_b4s_sessions_are_ten_plus_one_for_each_500_members_or_part(members, sessions):
    assert b4s_sessions(members=members) == sessions


def test_b4s_sessions_past_the_allowance_are_refused_naming_the_count():
    assert not b4s_problem(state="SA", year=2026, used=9, sessions=2, members=312)
    problem = b4s_problem(state="SA", year=2026, used=10, sessions=2, members=312)
    assert problem == (
        "SA may run 11 B4s sessions in 2026 (10, plus 1 for each 500 of its 312 members "
        "at 30 September 2025); 10 sessions approved already, these 2 would make 12 (6.2.1)."
    )


@pytest.mark.parametrize(
    ("approved", "sessions", "refused"), [(0, 1, False), (1, 1, False), (2, 1, True), (0, 2, True)]
)
def test_at_most_two_single_b4c_sessions_at_other_times(approved, sessions, refused):
    problem = b4c_out_of_hours_problem(club="1234", year=2026, approved=approved, sessions=sessions)
    assert bool(problem) is refused
    assert not refused or problem.endswith(" (2.6).")
