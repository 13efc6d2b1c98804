"""Tournament modifiers: the tables an event is credited with (regional flights, sectional
concurrent tables, progressive finals, side game series) and the percentages that raise or
lower awards, each through an event's awards where the calculator takes it."""

from decimal import Decimal
from fractions import Fraction

import pytest

from scheme.acbl import (
    EventType,
    GeneralFormulaEvent,
    MatchResult,
    Rating,
    Result,
    Tournament,
    compute_awards,
)
from scheme.acbl.events import Group
from scheme.acbl.tournaments import (
    Modifier,
    TableRule,
    credited_tables,
    lower_strat_award,
    regional_event_tables,
    sectional_credited_tables,
    series_tables,
    strat_x_award,
)
from scheme.core.errors import RulesError

F = Fraction


def test_regional_event_tables_three_two_one():
    # "Three times the first 15 tables plus two times the next 10 tables plus the remaining".
    assert regional_event_tables(F(10)) == 30
    assert regional_event_tables(F(15)) == 45
    assert regional_event_tables(F(20)) == 55
    assert regional_event_tables(F(25)) == 65
    assert regional_event_tables(F(40)) == 80


def test_top_flight_multipliers():
    assert credited_tables(F(20), TableRule.PAIRS_OVER_1000) == 40
    assert credited_tables(F(20), TableRule.TEAMS_UNDER_2500) == 45
    assert credited_tables(F(20), TableRule.TEAMS_2500) == 55
    assert credited_tables(F(20), TableRule.PROGRESSIVE_FINAL) == 30


def test_sectional_concurrent_tables_up_to_three_times():
    assert sectional_credited_tables(F(10), F(8)) == 18
    assert sectional_credited_tables(F(10), F(40)) == 30
    # 65% of a concurrent NLM regional's tables.
    assert sectional_credited_tables(F(10), F(0), F(20)) == 23


def test_side_game_series_averages_the_two_largest_sessions():
    assert series_tables([F(12), F(18), F(15)]) == Fraction(33, 2)
    with pytest.raises(RulesError):
        series_tables([F(12)])


def test_second_strat_of_the_top_flight_is_bounded_by_60_percent():
    # a) 40 x 0.65 x 10 / 30 = 8.67 beats b) 6.00; at most 60% of 40 = 24.
    award = lower_strat_award(
        top_first=F(40),
        strat_m=F(65, 100),
        strat_tables=F(10),
        top_tables=F(30),
        own_award=F(6),
        ceiling=F(60, 100),
    )
    assert award == F(40) * F(65, 100) / 3
    capped = lower_strat_award(
        top_first=F(40),
        strat_m=F(1),
        strat_tables=F(30),
        top_tables=F(30),
        own_award=F(6),
        ceiling=F(60, 100),
    )
    assert capped == 24


def test_strat_x_thresholds():
    # 20 X tables: the greater of 105% of B and the award on X alone.
    assert strat_x_award(flight_b_first=F(10), x_tables=F(20), a_tables=F(40), x_only=F(8)) == (
        F(21, 2)
    )
    # 8 X tables of 40 (20%): 105% x 10 x ((8 / 0.4) / 40)^2 = 2.625; (8/20)^2: 1.68.
    assert strat_x_award(flight_b_first=F(10), x_tables=F(8), a_tables=F(32), x_only=F(2)) == (
        F(105, 10) * F(1, 4)
    )


def regional(**given) -> GeneralFormulaEvent:
    defaults = dict(
        rating=Rating.REGIONAL,
        event_type=EventType.PAIRS,
        sessions=2,
        tables=Decimal(20),
        tournament=Tournament.REGIONAL,
        overall=[["1"]],
    )
    return GeneralFormulaEvent(**{**defaults, **given})


def test_a_stratiflighted_top_flight_counts_its_event_tables():
    plain = compute_awards(regional())
    flighted = compute_awards(regional(table_rule=TableRule.PAIRS_750_1000))
    # 20 tables count as 3 x 15 + 2 x 5 = 55: B = (55 + 10) / 60.
    assert plain["1"].overall == 1313  # 30/60 x 14 x 1.5 x 1.25 = 13.125
    assert flighted["1"].overall == 2844  # 65/60 x 14 x 1.5 x 1.25 = 28.4375
    assert "count as 55" in "\n".join(flighted.working)


def test_four_session_regional_events_pay_40_percent_more():
    awards = compute_awards(regional(sessions=4, modifiers=(Modifier.FOUR_SESSION_REGIONAL,)))
    # 30/60 x 14 x 2.5 x 1.25 x 1.4 = 30.625
    assert awards["1"].overall == 3063


def test_qualifying_and_flight_a_session_and_match_modifiers():
    session = [Group([["1"]], size=20, tables=Decimal(10))]
    base = compute_awards(regional(session_groups=session))["1"].sessions[0]
    cut = compute_awards(regional(session_groups=session, modifiers=(Modifier.AFTER_ONE_CUT,)))[
        "1"
    ].sessions[0]
    assert base == 292  # 0.50 x B(10) 20/60 x 14 x 1.25 = 2.9167
    assert cut == 321  # 10% more before rounding: 3.2083
    swiss = compute_awards(
        regional(
            event_type=EventType.SWISS,
            modifiers=(Modifier.STRATIFLIGHTED_FLIGHT_A,),
            matches=[MatchResult("A", "B", 8, Result.HOME)],
        )
    )
    # D 1.25 x L 8/24 x 1.20 = 0.50
    assert swiss["A"].matches == 50


def test_sectional_unrestricted_event_with_concurrent_tables():
    awards = compute_awards(
        regional(
            rating=Rating.SECTIONAL,
            tournament=Tournament.SECTIONAL,
            tables=Decimal(10),
            concurrent_tables=Decimal(50),
        )
    )
    # 30 tables (3 x 10): 40/60 x 11 x 1.5 x 1.25 = 13.75, silver.
    assert awards["1"].points == {"silver": 1375}
    with pytest.raises(RulesError) as refused:
        compute_awards(regional(concurrent_tables=Decimal(5)))
    assert refused.value.field == "concurrent_tables"
