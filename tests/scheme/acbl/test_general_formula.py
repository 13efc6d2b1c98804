"""Club special games and tournament events by the General Formula: first overall, depth,
places, session and match awards, strats, caps and colours; the plan's worked examples of
combined scoring."""

from decimal import Decimal
from fractions import Fraction

import pytest

from scheme.acbl import (
    EventType,
    GeneralFormulaEvent,
    Group,
    MatchResult,
    Modifier,
    Rating,
    Result,
    SpecialGame,
    Standing,
    Strat,
    Tournament,
    compute_awards,
)
from scheme.acbl.formula import (
    combined_place_fraction,
    combined_scoring_tables,
    first_overall,
    overall_depth,
)
from scheme.core.errors import RulesError


def ranked(n: int) -> list[list[str]]:
    return [[str(i)] for i in range(1, n + 1)]


def event(**given) -> GeneralFormulaEvent:
    defaults = dict(
        rating=Rating.REGIONAL,
        event_type=EventType.PAIRS,
        sessions=2,
        tables=Decimal(40),
        tournament=Tournament.REGIONAL,
    )
    return GeneralFormulaEvent(**{**defaults, **given})


def test_first_overall_is_b_r_s_m_p_t():
    # 40 tables: B = 50/60; regional R 14; two sessions S 1.5; open M 1; P 1; pairs T 1.25.
    exact = first_overall(
        tables=Fraction(40),
        rating=Rating.REGIONAL,
        sessions=2,
        upper_limit=None,
        restrictions=0,
        event_type=EventType.PAIRS,
    )
    assert exact == Fraction(50, 60) * 14 * Fraction(3, 2) * Fraction(5, 4)
    awards = compute_awards(event(overall=ranked(3)))
    assert awards["1"].overall == 2188  # 21.875 rounded up


def test_places_are_shares_of_the_rounded_first():
    awards = compute_awards(event(overall=ranked(6)))
    # 2 sessions: 75% down to 4th, then 2 / (p + 1) of the rounded 21.88.
    assert [awards[str(p)].overall for p in range(1, 7)] == [2188, 1641, 1231, 923, 729, 625]


def test_depth_beyond_ten_tables_pays_places_of_at_least_one_point():
    # 40 tables of pairs: 80 pairs; 10% is 8, 25% is 20; 20th place is 2.19 >= 1.00.
    assert overall_depth(Fraction(40), EventType.PAIRS, Fraction(2188, 100), 2) == 20
    # A small first award pays the table's 6 or 10% of the field, whichever is more.
    assert overall_depth(Fraction(12), EventType.PAIRS, Fraction(150, 100), 1) == 6
    assert overall_depth(Fraction(40), EventType.PAIRS, Fraction(150, 100), 1) == 8
    assert overall_depth(Fraction(9), EventType.PAIRS, Fraction(50), 1) == 5


def test_depth_of_at_least_ten_percent_of_the_pairs_rounds_up():
    # "The depth of the award is at least 10% of the number of pairs in the field, up to a
    # maximum of 25% of the number of pairs in the field."
    # 41 tables are 82 pairs: 10% is 8.2, so 9 places (8 would be less than 10%).
    assert overall_depth(Fraction(41), EventType.PAIRS, Fraction(150, 100), 1) == 9
    # 80 pairs: exactly 8.
    assert overall_depth(Fraction(40), EventType.PAIRS, Fraction(150, 100), 1) == 8
    # "at least 10% of the number of teams in the field": 61 teams (a team is a table) pay
    # 7 (6.1 up), one more than the table's 6 for 19+ tables.
    assert overall_depth(Fraction(61), EventType.SWISS, Fraction(150, 100), 1) == 7
    # Through an event: a one-session 0-20 side game of 41 tables pays its 9th pair.
    awards = compute_awards(
        event(
            sessions=1,
            tables=Decimal(41),
            upper_limit=20,
            standing=Standing.NON_CHAMPIONSHIP,
            overall=ranked(10),
        )
    )
    assert awards["9"].overall > 0
    assert awards["10"].overall == 0
    assert "9 places" in "\n".join(awards.working)


def test_m_factor_of_the_upper_limit_and_the_side_game_caps():
    limited = compute_awards(event(overall=ranked(1), upper_limit=750))
    # M = 0.525: 21.875 x 0.525 = 11.484...
    assert limited["1"].overall == 1148
    side = compute_awards(event(overall=ranked(1), standing=Standing.NON_CHAMPIONSHIP))
    assert side["1"].overall == 1750  # M at most 0.800
    consolation = compute_awards(event(overall=ranked(1), standing=Standing.CONSOLATION))
    assert consolation["1"].overall == 1422  # M at most 0.650: 14.21875


def test_p_factor_for_restrictions():
    one = compute_awards(event(overall=ranked(1), restrictions=1))
    two = compute_awards(event(overall=ranked(1), restrictions=2))
    assert one["1"].overall == 1750
    assert two["1"].overall == 1531  # 15.3125


def test_regional_two_session_open_event_pays_gold_overalls_and_section_tops():
    awards = compute_awards(
        event(
            overall=ranked(2),
            session_groups=[Group([["1"], ["2"]], size=13, tables=Decimal(13))],
        )
    )
    # Session: 0.50 x B(13) x 14 x 1 x 1 x 1.25 = 3.354...; top gold, 2nd red.
    assert awards["2"].sessions == (235, None)
    assert awards["1"].points == {"gold": 2188 + 335}  # the overall and the section top
    assert awards["2"].points == {"red": 235, "gold": 1641}
    assert awards.grade == "RG"


def test_one_session_or_low_limit_regional_events_are_red():
    one = compute_awards(event(sessions=1, overall=ranked(1)))
    assert set(one["1"].points) == {"red"}
    low = compute_awards(event(upper_limit=500, overall=ranked(1)))
    assert set(low["1"].points) == {"red"}
    assert low.grade == "R"


def test_two_session_regional_side_games_and_consolations_of_750_or_more_pay_gold():
    # "Gold points are awarded for overall positions and for section firsts in all
    # two-session regional-rated events with an upper limit of at least 750 masterpoints at
    # NABCs and regional tournaments": all, championship or not.
    section = [Group([["1"], ["2"]], size=13, tables=Decimal(13))]
    side = compute_awards(
        event(standing=Standing.NON_CHAMPIONSHIP, overall=ranked(2), session_groups=section)
    )
    # Overall 21.875 x 0.800 = 17.50; session 0.50 x 23/60 x 14 x 0.800 x 1.25 = 2.68,
    # its second (1.88) red.
    assert side["1"].points == {"gold": 1750 + 268}
    assert side["2"].points == {"red": 188, "gold": 1313}
    assert side.grade == "RG"
    consolation = compute_awards(
        event(standing=Standing.CONSOLATION, upper_limit=750, overall=ranked(1))
    )
    assert set(consolation["1"].points) == {"gold"}
    # Below 750, or of one session, they stay red.
    side_game = dict(standing=Standing.NON_CHAMPIONSHIP, overall=ranked(1))
    low = compute_awards(event(**side_game, upper_limit=500))
    assert set(low["1"].points) == {"red"}
    one = compute_awards(event(**side_game, sessions=1))
    assert set(one["1"].points) == {"red"}


def test_a_side_game_series_at_a_regional_pays_gold_overalls_as_a_two_session_event():
    # "Overall awards (no stratification) are computed at 80% of a two session event": a
    # two-session regional-rated event, so gold from a limit of 750.
    series = compute_awards(
        event(
            standing=Standing.NON_CHAMPIONSHIP,
            modifiers=(Modifier.SIDE_GAME_SERIES,),
            overall=ranked(1),
        )
    )
    assert series["1"].points == {"gold": 1400}  # 21.875 x 0.800 (M) x 80%


def test_side_game_series_session_tops_at_regionals_are_gold_for_two_session_players():
    # "At Regionals, players earn gold masterpoints for session tops, provided they compete in
    # at least two sessions of the series. The gold masterpoint award is only for the session
    # award; any additional masterpoints earned for an overall award for the session are red
    # masterpoints."
    def session(**given) -> GeneralFormulaEvent:
        defaults = dict(
            sessions=1,
            tables=Decimal(13),
            standing=Standing.NON_CHAMPIONSHIP,
            modifiers=(Modifier.SERIES_SESSION,),
            overall=ranked(2),
            session_groups=[
                Group([["1"], ["2"]], size=13, name="A N-S"),
                Group([["3"], ["4"]], size=13, name="A E-W"),
            ],
        )
        return event(**{**defaults, **given})

    awards = compute_awards(session())
    # Session: 0.50 x 23/60 x 14 x 0.800 x 1.25 x 80% = 2.15; overall 65%.
    assert awards["3"].points == {"gold": 215}
    assert awards["1"].sessions == (215,)
    assert awards["1"].points == {"gold": 215, "red": awards["1"].overall}
    assert awards["2"].points == {"red": awards["2"].sessions[0] + awards["2"].overall}
    # A player of this one session only: the top is red.
    once = compute_awards(session(series_one_session=("3",)))
    assert once["3"].points == {"red": 215}
    assert once["1"].points["gold"] == 215
    # No limit is set on it: a 0-300 series session's tops are gold too.
    assert "gold" in compute_awards(session(upper_limit=300))["3"].points
    # At a sectional the series is silver.
    sectional = compute_awards(session(rating=Rating.SECTIONAL, tournament=Tournament.SECTIONAL))
    assert set(sectional["3"].points) == {"silver"}
    with pytest.raises(RulesError) as refused:
        compute_awards(event(overall=ranked(1), series_one_session=("1",)))
    assert refused.value.field == "series_one_session"


def test_sectional_events_award_silver_and_unit_events_black():
    sectional = compute_awards(
        event(rating=Rating.SECTIONAL, tournament=Tournament.SECTIONAL, overall=ranked(1))
    )
    assert set(sectional["1"].points) == {"silver"}
    assert sectional.grade == "S"
    unit = compute_awards(
        event(rating=Rating.SECTIONAL, tournament=Tournament.UNIT, overall=ranked(1))
    )
    assert set(unit["1"].points) == {"black"}


def test_intermediate_novice_regional_championships_are_a_third_gold():
    awards = compute_awards(event(tournament=Tournament.INTERMEDIATE_NOVICE, overall=ranked(1)))
    assert awards["1"].points == {"red": 1466, "gold": 722}
    assert awards.grade == "IN"


def test_stratified_event_counts_its_tables_and_all_lower_strats():
    strats = (Strat("A"), Strat("B", 2000), Strat("C", 500))
    tables = {"A": Decimal(20), "B": Decimal(12), "C": Decimal(8)}
    of = {"2": "B", "3": "C"}
    awards = compute_awards(
        event(overall=ranked(3), strats=strats, strat_tables=tables, strat_of=of)
    )
    assert awards["1"].overall == 2188  # A: 40 tables, M 1
    # B: 20 tables, M 0.65: B(20) 0.5 x 14 x 1.5 x 0.65 x 1.25 = 8.53; pair 2 is B's
    # first and A's second (16.41): it receives the larger.
    assert awards["2"].overall == 1641
    # C: 8 tables, M 0.50: 0.3 x 14 x 1.5 x 0.5 x 1.25 = 3.9375; pair 3 is C's first,
    # A's third (12.31).
    assert awards["3"].overall == 1231
    # Below 25 A pairs (A pays 20 places), pair 2 is B's first and pair 3 B's second
    # (75% of 8.53), which is more than C's first (0.3 x 14 x 1.5 x 0.5 x 1.25 = 3.94).
    field = [[f"a{i}"] for i in range(1, 26)] + [["2"], ["3"]]
    lower = compute_awards(event(overall=field, strats=strats, strat_tables=tables, strat_of=of))
    assert lower["2"].overall == 853
    assert lower["3"].overall == 640
    assert "Strat C: B(8 tables)" in "\n".join(lower.working)
    assert "first 3.94" in "\n".join(lower.working)


def test_a_lowest_strat_of_fewer_than_three_tables_has_no_overall_awards():
    strats = (Strat("A"), Strat("B", 500))
    awards = compute_awards(
        event(
            overall=[[f"a{i}"] for i in range(1, 26)] + [["b1"]],
            strats=strats,
            strat_tables={"A": Decimal(20), "B": Decimal("2.5")},
            strat_of={"b1": "B"},
        )
    )
    assert awards["b1"].overall == 0


def test_club_championship_is_capped_and_shortened_pays_60_percent():
    big = dict(
        rating=Rating.CSG7,
        tournament=Tournament.CLUB,
        sessions=1,
        tables=Decimal(200),
        special=SpecialGame.CLUB_CHAMPIONSHIP,
    )
    # B(200) = log10(50) = 1.699 x 7 x 1.25 = 14.87: at most 6.00.
    assert compute_awards(event(**big, boards=24, overall=ranked(1)))["1"].overall == 600
    assert compute_awards(event(**big, boards=15, overall=ranked(1)))["1"].overall == 450
    small = {**big, "tables": Decimal(10)}
    # 20/60 x 7 x 1.25 = 2.9167; shortened 60%: 1.75.
    assert compute_awards(event(**small, boards=15, overall=ranked(1)))["1"].overall == 175
    with pytest.raises(RulesError) as refused:
        compute_awards(event(**small, boards=11, overall=ranked(1)))
    assert refused.value.field == "boards"


def test_other_special_club_games_need_eighteen_boards():
    game = dict(rating=Rating.CSG9, tournament=Tournament.CLUB, sessions=1, tables=Decimal(10))
    with pytest.raises(RulesError) as refused:
        compute_awards(event(**game, boards=16, overall=ranked(1)))
    assert refused.value.field == "boards"
    awards = compute_awards(event(**game, boards=18, overall=ranked(1)))
    assert awards["1"].points == {"black": 375}  # 20/60 x 9 x 1.25


def test_club_championship_session_awards_are_a_regular_club_games():
    awards = compute_awards(
        event(
            rating=Rating.CSG7,
            tournament=Tournament.CLUB,
            sessions=1,
            tables=Decimal(10),
            special=SpecialGame.CLUB_CHAMPIONSHIP,
            session_groups=[Group([["1"], ["2"]], size=10)],
        )
    )
    assert awards["1"].sessions == (100,)
    assert awards["2"].sessions == (70,)


def test_special_game_session_awards_are_half_the_formula_with_s_one():
    awards = compute_awards(
        event(
            rating=Rating.CSG9,
            tournament=Tournament.CLUB,
            sessions=1,
            tables=Decimal(10),
            session_groups=[Group([["1"], ["2"], ["3"]], size=20)],
        )
    )
    # 0.50 x 20/60 x 9 x 1.25 = 1.875: 1.88; 70%, 50% of it.
    assert [awards[x].sessions[0] for x in "123"] == [188, 132, 94]


def test_half_black_half_red_special_awards():
    awards = compute_awards(
        event(
            rating=Rating.CSG9,
            tournament=Tournament.CLUB,
            sessions=1,
            tables=Decimal(10),
            overall=ranked(1),
            special_award="BR",
        )
    )
    assert awards["1"].points == {"black": 188, "red": 187}
    assert awards.grade == "BR"


def test_club_appreciation_teams_five_percent_gold_up_to_a_quarter():
    common = dict(
        rating=Rating.CSG9,
        tournament=Tournament.CLUB,
        sessions=1,
        event_type=EventType.SWISS,
        special_award="CA",
    )
    small = compute_awards(event(**common, tables=Decimal(10), overall=ranked(1)))
    assert small["1"].points == {"black": 285, "gold": 15}  # 3.00: 5% is 0.15
    big = compute_awards(event(**common, tables=Decimal(60), overall=ranked(1)))
    # B(60) 70/60 x 9 x T 1.00 = 10.50: 5% is 0.525, at most 0.25.
    assert big["1"].points == {"black": 1025, "gold": 25}


def test_instant_matchpoint_section_tops_include_one_gold_point():
    awards = compute_awards(
        event(
            rating=Rating.CSG9,
            tournament=Tournament.CLUB,
            sessions=1,
            tables=Decimal(30),
            special_award="IMP",
            session_groups=[Group([["1"], ["2"]], size=30)],
        )
    )
    # 0.50 x 40/60 x 9 x 1.25 = 3.75: 1.00 gold, 2.75 half black, half red.
    assert awards["1"].points == {"black": 138, "red": 137, "gold": 100}
    assert awards["2"].points == {"black": 132, "red": 131}  # 70% of 3.75: 2.625 up


def test_swiss_match_awards_d_l_m_p_in_red_at_a_regional():
    awards = compute_awards(
        event(
            event_type=EventType.SWISS,
            sessions=2,
            tables=Decimal(20),
            matches=[
                MatchResult("T1", "T2", 7, Result.HOME),
                MatchResult("T1", "T3", 7, Result.TIE),
            ],
        )
    )
    # D 1.25 x L 7/24 x M 1 x P 1 = 0.3646 a win; 1.5 wins = 0.546875.
    assert awards["T1"].matches == 55
    assert awards["T1"].points == {"red": 55}
    assert awards["T3"].matches == 18


def test_side_game_and_consolation_caps_on_m_hold_for_swiss_match_awards():
    # "Match Award = D*L*M*P"; non-championship events "are subject to the M factor
    # appropriate to the event, with the M factor limited to 0.800"; "Awards for consolation
    # events are computed in the same manner as non-championship events, with an upper limit
    # applied to the M factor (0.650)."
    def won(**given) -> int:
        swiss = event(
            event_type=EventType.SWISS,
            tables=Decimal(20),
            matches=[MatchResult("T1", "T2", 24, Result.HOME)],
            **given,
        )
        return compute_awards(swiss)["T1"].matches

    assert won() == 125  # D 1.25 x L 1 x M 1 x P 1
    assert won(standing=Standing.NON_CHAMPIONSHIP) == 100  # M 0.800
    assert won(standing=Standing.CONSOLATION) == 81  # M 0.650: 0.8125
    # A limit whose own M is lower keeps it: 0-500, M 0.50.
    assert won(standing=Standing.NON_CHAMPIONSHIP, upper_limit=500) == 63  # 0.625
    side = compute_awards(
        event(
            event_type=EventType.SWISS,
            tables=Decimal(20),
            standing=Standing.CONSOLATION,
            matches=[MatchResult("T1", "T2", 24, Result.HOME)],
        )
    )
    assert "M 0.65 (consolation: at most 0.650)" in "\n".join(side.working)


def test_worked_example_combined_scoring_tables_and_fifth_place():
    # "a 39 table, three sections event ... would be based upon two times the square root of
    # (13*26), or 37 tables, not 39."
    assert round(combined_scoring_tables(Fraction(39))) == 37
    assert combined_scoring_tables(Fraction(26)) == 26
    # "the fifth place would be the first place award divided 3.76"
    assert round(1 / combined_place_fraction(5), 2) == Fraction(376, 100)
    assert combined_place_fraction(4) == Fraction(35, 100)


def test_combined_scoring_pays_gold_to_as_many_places_as_sections():
    awards = compute_awards(
        event(
            tables=Decimal(39),
            combined_sections=3,
            session_groups=[Group(ranked(5), size=39, tables=Decimal(39))],
        )
    )
    gold = [label for label in "12345" if "gold" in awards[label].points]
    assert gold == ["1", "2", "3"]
    first = awards["1"].sessions[0]
    assert awards["5"].sessions[0] == round(first / Fraction(37606, 10000))


def test_bad_input_names_the_field():
    with pytest.raises(RulesError) as refused:
        compute_awards(event(sessions=7))
    assert refused.value.field == "sessions"
    with pytest.raises(RulesError) as refused:
        compute_awards(event(strats=(Strat("A"), Strat("B", 500)), strat_tables={"A": 1}))
    assert refused.value.field == "strat_tables.B"
    with pytest.raises(RulesError) as refused:
        compute_awards(event(rating=Rating.CLUB))
    assert refused.value.field == "rating"
