"""Knockout, compact knockout and bracketed Swiss/round robin brackets, and the NABC+ events:
first awards, overall places by rounds, match awards, colours."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest

from scheme.acbl import (
    Bracket,
    BracketedTeamEvent,
    MatchResult,
    Rating,
    Result,
    TeamFormat,
    Tournament,
    compute_awards,
)
from scheme.acbl.calculation import compute
from scheme.acbl.formula import EventType
from scheme.acbl.nabc import NABC_PLUS_EVENTS, NabcEvent, minimum_table_share
from scheme.acbl.teams import team_average
from scheme.core.errors import RulesError


def up(value: Fraction) -> int:
    """Hundredths rounded half up, as the plan rounds."""
    return math.floor(value + Fraction(1, 2))


def ko(**given) -> BracketedTeamEvent:
    defaults = dict(
        format=TeamFormat.KNOCKOUT,
        rating=Rating.REGIONAL,
        teams=16,
        rounds=4,
        bracket_average=Decimal(8000),
        ranking=[["W"], ["R"], ["S1", "S2"], ["Q1", "Q2", "Q3", "Q4"]],
    )
    return BracketedTeamEvent(**{**defaults, **given})


def test_knockout_first_is_basic_award_times_l_p_r_over_14():
    # 8000: 21 + 7 x 3000 / 5000 = 25.20; 16 teams 1.000; L 1; P 1; regional R 14.
    awards = compute_awards(ko())
    assert awards["W"].overall == 2520
    assert awards["W"].points == {"gold": 2520}


def test_knockout_places_by_rounds_and_tied_semifinal_losers_share():
    awards = compute_awards(ko())
    # Four rounds: 2nd 70%; 3rd 45% and 4th 35% shared by the losing semifinalists.
    assert awards["R"].overall == 1764
    assert awards["S1"].overall == awards["S2"].overall == 1008
    # The losing quarterfinalists share 5th (30%: 7.56) and 6th (25%: 6.30) of the
    # four-round column: 13.86 / 4 = 3.465.
    assert awards["Q1"].overall == 347


def test_five_round_knockout_pays_9_to_16_ten_percent_each():
    ranking = [["W"], ["R"], ["S1", "S2"], [f"Q{i}" for i in range(4)], [f"E{i}" for i in range(8)]]
    awards = compute_awards(ko(teams=32, rounds=5, ranking=ranking))
    first = awards["W"].overall
    assert first == 4133  # 25.20 x 1.64 (32 teams: 1 + 0.04 x 16) = 41.328
    assert awards["R"].overall == up(Fraction(first * 75, 100))
    # (55% + 45%) of 41.33 is 22.73 + 18.60 = 41.33, shared: 20.665.
    assert awards["S1"].overall == 2067
    assert awards["E3"].overall == up(Fraction(first * 10, 100))


def test_three_round_knockout_pays_third_only_after_a_playoff():
    ranking = [["W"], ["R"], ["S1"], ["S2"]]
    without = compute_awards(ko(teams=8, rounds=3, ranking=ranking))
    played = compute_awards(ko(teams=8, rounds=3, ranking=ranking, playoff=True))
    assert without["S1"].overall == 0
    assert played["S1"].overall == up(Fraction(played["W"].overall * 35, 100))


def test_knockout_match_awards_are_a_tenth_of_first_within_bounds():
    awards = compute_awards(ko(wins={"W": 4}))
    assert awards["W"].matches == 4 * 252
    assert awards["W"].points == {"red": 1008, "gold": 2520}
    low = compute_awards(ko(bracket_average=Decimal(100), teams=5, wins={"W": 1}))
    # First 6 x 0.375 = 2.25; 10% is 0.225, below 0.75 x 14/14.
    assert low["W"].matches == 75


def test_bracket_average_from_team_masterpoints_capped_at_45000():
    event = ko(
        bracket_average=None,
        team_masterpoints={"A": (Decimal(60000), 4), "B": (Decimal(3000), 6), "C": (1000, 4)},
    )
    # 45000 (capped), 4 x 3000 / 6 = 2000, 1000: mean 16000.
    assert team_average(event) == 16000


def test_lower_bracket_pigmentation_by_average_per_player():
    awards = compute_awards(ko(bracket_average=Decimal(2400), top_bracket=False))
    # 600 a player: two-thirds gold.
    first = awards["W"].overall
    assert awards["W"].points["gold"] == up(Fraction(first * 6667, 10000))
    assert sum(awards["W"].points.values()) == first


def test_sectional_knockouts_are_silver():
    awards = compute_awards(ko(rating=Rating.SECTIONAL, tournament=Tournament.SECTIONAL))
    assert set(awards["W"].points) == {"silver"}


def test_soloway_top_bracket_factor():
    awards = compute_awards(ko(bracket=Bracket.SOLOWAY_TOP, teams=8, rounds=4))
    assert awards["W"].overall == up(Fraction(2520 * 76, 100))


def test_compact_knockout_minimum_first_and_depth():
    awards = compute_awards(
        ko(
            format=TeamFormat.COMPACT_KNOCKOUT,
            teams=6,
            rounds=3,
            bracket_average=Decimal(100),
            boards_per_match=12,
            ranking=[["W"], ["R"], ["S1", "S2"]],
        )
    )
    # 6 x 0.45 x L 0.5 = 1.35, below the minimum 8.00 x L x R / 14 = 4.00.
    assert awards["W"].overall == 400
    assert awards["S1"].overall == 0  # 5-8 teams: two places


def test_bracketed_swiss_first_and_match_awards():
    event = BracketedTeamEvent(
        format=TeamFormat.BRACKETED_SWISS,
        rating=Rating.REGIONAL,
        teams=8,
        bracket_average=Decimal(1000),
        ranking=[["A"], ["B"]],
        matches=[MatchResult("A", "B", 7, Result.HOME)],
    )
    awards = compute_awards(event)
    # 22/3 x 0.680 x P 1 x R 14 / 14 = 4.9867.
    assert awards["A"].overall == 499
    assert awards["B"].overall == 374  # 75% of 4.99
    assert awards["A"].matches == 36  # D 1.25 x 7/24 = 0.3646


def test_a_bracket_of_two_teams_is_refused():
    with pytest.raises(RulesError) as refused:
        compute_awards(ko(teams=2))
    assert refused.value.field == "teams"


def test_nabc_plus_arbitrary_awards_and_minimum_tables():
    event = NABC_PLUS_EVENTS["Jacoby Open Swiss"]
    assert (event.first, event.sessions, event.split[0][0]) == (125, 4, "platinum")
    assert minimum_table_share(Decimal(32), EventType.SWISS) == 1
    assert minimum_table_share(Decimal(20), EventType.SWISS) == Decimal("0.64")
    assert minimum_table_share(Decimal(10), EventType.SWISS) == Decimal("0.5")
    assert minimum_table_share(Decimal(40), EventType.PAIRS) == Decimal("0.84")
    assert minimum_table_share(Decimal(20), EventType.PAIRS) == Decimal("0.5")
    awards = compute(NabcEvent("Jacoby Open Swiss", Decimal(20), [["A"], ["B"]]), rules="x")
    assert awards["A"].points == {"platinum": 8000}
    assert awards.grade == "NP"


def test_ten_k_pairs_pay_100_from_100_tables_and_10_percent_platinum():
    awards = compute(NabcEvent("10K Pairs", Decimal(120), [["A"]]), rules="x")
    assert awards["A"].points == {"gold": 9000, "platinum": 1000}
    smaller = compute(NabcEvent("10K Pairs", Decimal(60), [["A"]]), rules="x")
    assert smaller["A"].total == 8000


def test_vanderbilt_assigned_place_awards():
    ranking = [["W"], ["R"], ["S1", "S2"], ["Q1", "Q2", "Q3", "Q4"]]
    awards = compute(NabcEvent("Vanderbilt KO", Decimal(64), ranking, wins={"W": 6}), rules="x")
    assert [awards[x].overall for x in ("W", "R", "S1", "Q4")] == [25000, 18000, 12500, 8000]
    assert awards["W"].matches == 6000


def test_an_unknown_nabc_event_is_refused():
    with pytest.raises(RulesError) as refused:
        compute(NabcEvent("Summer Pairs", Decimal(10), [["A"]]), rules="x")
    assert refused.value.field == "name"


def test_a_broken_bracket_pays_one_over_the_rank_below_eighth_and_ten_percent_to_a_tie_with_ninth():
    ranking = [["W"], ["R"], ["3"], ["4"], ["5"], ["6"], ["7"], ["8"], ["9a", "9b", "9c"], ["12"]]
    awards = compute_awards(ko(teams=12, rounds=4, ranking=ranking, broken_bracket=True))
    first = awards["W"].overall
    # 9th-11th share 1/9 + 1/10 + 1/11 = 0.3020...: 0.1007 each, at least 10%.
    assert awards["9a"].overall == up(
        Fraction(first, 3) * (Fraction(1, 9) + Fraction(1, 10) + Fraction(1, 11))
    )
    assert awards["12"].overall == up(Fraction(first, 12))


def test_a_broken_bracket_tie_from_ninth_is_paid_at_least_ten_percent():
    ranking = [["W"], ["R"], ["3"], ["4"], ["5"], ["6"], ["7"], ["8"], [f"n{i}" for i in range(8)]]
    awards = compute_awards(ko(teams=16, rounds=4, ranking=ranking, broken_bracket=True))
    # 1/9 ... 1/16 average 0.0787 of first: raised to 10%.
    assert awards["n0"].overall == up(Fraction(awards["W"].overall, 10))


def soloway(**given) -> BracketedTeamEvent:
    ranking = [["W"], ["R"], ["S1"], ["S2"]]
    return ko(bracket=Bracket.SOLOWAY_TOP, teams=8, rounds=4, ranking=ranking, **given)


def test_soloway_semifinal_losers_of_a_small_round_robin_without_playoff_get_20_percent_red():
    awards = compute_awards(soloway(round_robin_teams=6))
    first = awards["W"].overall
    assert awards["S1"].points == {"red": up(Fraction(first * 20, 100))}
    assert awards["S2"].points == awards["S1"].points
    assert set(awards["W"].points) == {"gold"}


def test_soloway_playoff_pays_35_and_20_or_45_and_35_percent_gold():
    six = compute_awards(soloway(round_robin_teams=6, playoff=True))
    first = six["W"].overall
    assert six["S1"].points == {"gold": up(Fraction(first * 35, 100))}
    assert six["S2"].points == {"gold": up(Fraction(first * 20, 100))}
    eight = compute_awards(soloway(round_robin_teams=8, playoff=True))
    assert eight["S2"].points == {"gold": up(Fraction(first * 35, 100))}


def test_soloway_nine_team_round_robin_losers_share_third_and_fourth_in_gold():
    awards = compute_awards(
        ko(
            bracket=Bracket.SOLOWAY_TOP,
            teams=9,
            rounds=4,
            round_robin_teams=10,
            ranking=[["W"], ["R"], ["S1", "S2"]],
        )
    )
    first = awards["W"].overall
    assert awards["S1"].points == {"gold": up(Fraction(first * 40, 100))}
