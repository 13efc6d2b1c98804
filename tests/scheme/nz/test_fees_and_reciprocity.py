"""Outline rule 7 (fees) and Overseas Master Points (points from the ABF)."""

from datetime import date

import pytest

from scheme.core.errors import RulesError
from scheme.nz.fees import fees, one_month_after
from scheme.nz.reciprocity import transferred


def test_fees_per_player_session_and_a_point():
    # "(a) 30 cents per competing Player per Club session. (b) 50 cents per competing Player
    # per Tournament session. (c) $1 per A Point."
    charged = fees(club_player_sessions=40, tournament_player_sessions=96, a_points=2350)
    assert (charged.club_sessions, charged.tournament_sessions, charged.a_points) == (
        1200,
        4800,
        2350,
    )
    assert charged.discount == 0
    assert charged.total == 8350


def test_results_within_a_month_take_10_percent_off_the_tournament_sessions():
    on_time = fees(
        tournament_player_sessions=96,
        a_points=500,
        tournament_date=date(2026, 1, 31),
        results_received=date(2026, 2, 28),
    )
    assert on_time.discount == 480
    assert on_time.total == 4800 - 480 + 500
    late = fees(
        tournament_player_sessions=96,
        tournament_date=date(2026, 1, 31),
        results_received=date(2026, 3, 1),
    )
    assert late.discount == 0


def test_one_calendar_month():
    assert one_month_after(date(2026, 1, 31)) == date(2026, 2, 28)
    assert one_month_after(date(2026, 12, 15)) == date(2027, 1, 15)


def test_abf_gold_points_are_a_points_and_klinger_red_points_b_points():
    assert transferred(colour="gold", source="abf", hundredths=250) == ("A", 250)
    assert transferred(colour="Red", source="Klinger", hundredths=100) == ("B", 100)


@pytest.mark.parametrize(("colour", "source"), [("red", "abf"), ("green", "abf"), ("gold", "acbl")])
def test_other_overseas_points_are_not_credited(colour, source):
    with pytest.raises(RulesError) as refused:
        transferred(colour=colour, source=source, hundredths=100)
    assert refused.value.field == "colour"
