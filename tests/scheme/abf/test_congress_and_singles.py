"""5.3.3 (congress minor and walk-in events, walk-in finals, the large congress's extra
championships) and App. A with 4.3.1 (Singles tournaments), with the manual's numbers."""

from decimal import Decimal
from fractions import Fraction

import pytest

from scheme.abf import ABF_2025, Event, Field, Outright, Session, compute_awards
from scheme.abf.congress import (
    extra_championship_accelerated,
    extra_championships,
    minor_event_grade,
    table_sessions,
    walk_in_final_outright,
)
from scheme.abf.formulas import outright_award
from scheme.abf.singles import partnerships_played, partnerships_required, singles_outright
from scheme.core.errors import RulesError


def players(count: int) -> list[list[str]]:
    return [[f"P{n}"] for n in range(1, count + 1)]


# --- 5.3.3 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("congress", "minor", "walk_in"), [("B4", "B5", "B5"), ("B3", "B4", "B5"), ("A2", "B3", "B4")]
)
def test_5_3_3_minor_and_walk_in_events_drop_a_grade(congress, minor, walk_in):
    assert minor_event_grade(congress) == minor
    assert minor_event_grade(congress, walk_in=True) == walk_in


def test_a_club_grade_is_no_congress():
    with pytest.raises(RulesError):
        minor_event_grade("E")


@pytest.mark.parametrize(
    ("table_sessions_", "extra"), [(150, 0), (200, 0), (201, 1), (299, 1), (300, 2), (450, 3)]
)
def test_5_3_3_one_extra_championship_for_every_100_table_sessions_over_100(table_sessions_, extra):
    # "number of table-sessions for the whole Congress exceeding 200 ... one additional
    # (minor) championship ... for every 100 table-sessions in excess of 100"
    assert extra_championships(table_sessions_) == extra


def test_table_sessions_are_the_tables_of_every_session_summed():
    # App. A: "The sum of the total number of tables in play for each session".
    assert table_sessions([Decimal("40"), Decimal("38.5"), 36, 30]) == Fraction(289, 2)
    assert extra_championships(table_sessions([60] * 4)) == 1  # 240 table-sessions


def test_an_extra_championship_is_accelerated_when_allowed_and_of_two_sessions():
    assert extra_championship_accelerated(nominated=1, allowed=1, sessions=2)
    assert not extra_championship_accelerated(nominated=2, allowed=1, sessions=3)
    assert not extra_championship_accelerated(nominated=1, allowed=1, sessions=1)


def test_5_3_3_a_walk_in_final_takes_the_average_heat_and_s_2():
    ranking = players(16)
    final = Session(fields=[Field("howell", 8, ranking)])  # no final premium: a plain session
    outright = walk_in_final_outright(ranking, [12, 10, 11])  # average 11 tables
    assert (outright.tables, outright.sessions) == (Decimal(11), 2)
    awards = compute_awards(Event(grade="B5", kind="pairs", sessions=[final], outright=outright))
    expected, _ = outright_award(11, 2, Fraction(2))  # B5 pairs weight 2.0 (1.5.1)
    assert awards["P1"].outright == ABF_2025.round(expected)


def test_a_part_table_of_the_heats_average_counts_as_a_table():
    assert walk_in_final_outright(players(4), [10, 11, 11]).tables == Decimal(11)  # 10.67


# --- Singles (App. A, 4.3.1) ---------------------------------------------------------------


@pytest.mark.parametrize(("sessions", "needed"), [(3, 1), (4, 2), (6, 2), (7, 3)])
def test_app_a_partnerships_are_a_third_of_the_qualifying_sessions_rounded_up(sessions, needed):
    # "at least two different partnerships are required for a competition in which the best
    # 4 scores are counted"
    assert partnerships_required(sessions) == needed


def test_a_partnership_is_a_different_partner():
    assert partnerships_played(["Ann", "Ann", "Bob", "Ann"]) == 2


def test_singles_outright_awards_are_those_of_a_pairs_event():
    # 4.3.1: "treated as Pairs events, even if actually played as Teams": grade E, 10
    # tables, 3 sessions gives the winner Table 3B's 1.13 at the pairs weight 1.5.
    ranking = players(20)
    partners = {label: ["A", "B"] for (label,) in ranking}
    result = singles_outright(
        ABF_2025,
        grade="E",
        ranking=ranking,
        tables=10,
        sessions=3,
        min_sessions=3,
        partners=partners,
    )
    as_pairs = compute_awards(
        Event(
            grade="E",
            kind="pairs",
            sessions=[Session(fields=[Field("howell", 10, ranking)])],
            outright=Outright(ranking, sessions=3),
        )
    )
    assert result.awards["P1"] == 113
    assert {label: Decimal(v) / 100 for label, v in result.awards.items()} == {
        c.label: c.outright for c in as_pairs.contestants if c.outright
    }


def test_a_player_with_too_few_partnerships_is_left_without_the_award_of_the_place():
    ranking = players(20)
    partners = {label: ["A", "B"] for (label,) in ranking}
    partners["P1"] = ["A", "A", "A", "A"]  # one partnership; best 4 of 6 needs 2
    result = singles_outright(
        ABF_2025,
        grade="E",
        ranking=ranking,
        tables=10,
        sessions=3,
        min_sessions=4,
        partners=partners,
    )
    assert "P1" not in result.awards and "1 partnership(s) of the 2" in result.withheld["P1"]
    # The second keeps the second place's award: 70% of the winner's 1.1273 = 0.79.
    assert result.awards["P2"] == 79


def test_no_singles_outright_when_another_outright_award_was_given():
    with pytest.raises(RulesError, match="no other outright awards"):
        singles_outright(
            ABF_2025,
            grade="E",
            ranking=players(4),
            tables=2,
            sessions=2,
            min_sessions=2,
            partners={},
            other_outright_given=True,
        )
