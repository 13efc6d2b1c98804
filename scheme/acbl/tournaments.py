"""Tournament modifiers ("Calculating the Awards — General Tournament Event Masterpoint
Modifiers", "Sectional Regulations", "Regional Regulations"): the tables an event is
credited with, and the percentages that raise or lower its awards.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from scheme.core.errors import RulesError

F = Fraction


def regional_event_tables(tables: Fraction) -> Fraction:
    """ "Three times the first 15 tables plus two times the next 10 tables plus the
    remaining tables" (regional stratiflighted pairs with a lower flight limited to 750-1000,
    and three-flight regional pair events: the "EVENT TABLES")."""
    first = min(tables, F(15))
    second = min(max(tables - 15, F(0)), F(10))
    rest = max(tables - 25, F(0))
    return 3 * first + 2 * second + rest


class TableRule(StrEnum):
    """How the top flight of a regional stratiflighted or flighted event, or a progressive
    sectional final, counts its tables for the first overall award."""

    NONE = ""
    # Pairs, lower flight limited to 750-1000 (and three-flight pairs on the top two flights).
    PAIRS_750_1000 = "pairs_750_1000"
    # Pairs, lower flight limited to more than 1000: x 2.0.
    PAIRS_OVER_1000 = "pairs_over_1000"
    # Swiss or BAM (three-flight ones too), lower flight under 2500: x 2.25.
    TEAMS_UNDER_2500 = "teams_under_2500"
    # Swiss or BAM, lower flight 2500 or more: x 2.75.
    TEAMS_2500 = "teams_2500"
    # Progressive sectional finals: "1.50*actual tables in the Final".
    PROGRESSIVE_FINAL = "progressive_final"


def credited_tables(tables: Fraction, rule: TableRule) -> Fraction:
    if rule is TableRule.NONE:
        return tables
    if rule is TableRule.PAIRS_750_1000:
        return regional_event_tables(tables)
    return (
        tables
        * {
            TableRule.PAIRS_OVER_1000: F(2),
            TableRule.TEAMS_UNDER_2500: F(9, 4),
            TableRule.TEAMS_2500: F(11, 4),
            TableRule.PROGRESSIVE_FINAL: F(3, 2),
        }[rule]
    )


# "Sectional Regulations — Unrestricted Events": concurrent tables up to three times the
# event's own; 65% of a concurrent NLM regional's tables.
SECTIONAL_CREDIT_LIMIT = 3
NLM_REGIONAL_SHARE = F(65, 100)


ZERO = F(0)


def sectional_credited_tables(
    own: Fraction, concurrent: Fraction = ZERO, nlm_regional: Fraction = ZERO
) -> Fraction:
    """An unrestricted sectional event's tables for its overall awards: its own, plus the
    tables of totally concurrent events and 65% of a concurrent NLM regional's, at most
    three times its own."""
    if own <= 0 or concurrent < 0 or nlm_regional < 0:
        raise RulesError("tables", "tables cannot be negative")
    return min(own + concurrent + NLM_REGIONAL_SHARE * nlm_regional, SECTIONAL_CREDIT_LIMIT * own)


class Modifier(StrEnum):
    """Percentages on the formula's awards."""

    # "Four session Regional events ... increased by 40%" (all awards by formula).
    FOUR_SESSION_REGIONAL = "four_session_regional"
    # "Stratiflighted pairs events session awards ... Flight A ... increased by 10%";
    # "Stratiflighted Swiss match awards ... Flight A ... increased by 20%".
    STRATIFLIGHTED_FLIGHT_A = "stratiflighted_flight_a"
    # "Session awards increased by 10% for sessions following one cut ... 20% ... a second".
    AFTER_ONE_CUT = "after_one_cut"
    AFTER_TWO_CUTS = "after_two_cuts"
    # "Side game series": overall 80% (of a two-session event); a single session side game
    # of the series: overall 65%, session 80%.
    SIDE_GAME_SERIES = "side_game_series"
    SERIES_SESSION = "series_session"


# (overall, session, match) shares of each modifier.
SHARES: dict[Modifier, tuple[Fraction, Fraction, Fraction]] = {
    Modifier.FOUR_SESSION_REGIONAL: (F(140, 100), F(140, 100), F(140, 100)),
    Modifier.STRATIFLIGHTED_FLIGHT_A: (F(1), F(110, 100), F(120, 100)),
    Modifier.AFTER_ONE_CUT: (F(1), F(110, 100), F(1)),
    Modifier.AFTER_TWO_CUTS: (F(1), F(120, 100), F(1)),
    Modifier.SIDE_GAME_SERIES: (F(80, 100), F(1), F(1)),
    Modifier.SERIES_SESSION: (F(65, 100), F(80, 100), F(1)),
}


def modifier_shares(modifiers: tuple[Modifier, ...]) -> tuple[Fraction, Fraction, Fraction]:
    overall, session, match = F(1), F(1), F(1)
    for modifier in modifiers:
        o, s, m = SHARES[modifier]
        overall, session, match = overall * o, session * s, match * m
    return overall, session, match


def series_tables(session_tables: list[Fraction]) -> Fraction:
    """A side game series' tables: "the average of the table count of the two largest
    sessions of the series"."""
    if len(session_tables) < 2:
        raise RulesError("series_tables", "a series has at least two sessions")
    largest = sorted(session_tables, reverse=True)[:2]
    return sum(largest, F(0)) / 2


def lower_strat_award(
    *,
    top_first: Fraction,
    strat_m: Fraction,
    strat_tables: Fraction,
    top_tables: Fraction,
    own_award: Fraction,
    ceiling: Fraction,
) -> Fraction:
    """The second (or third) strat of a regional stratiflighted or flighted event's top
    flight: the higher of (1st top flight) x (strat M) x (strat tables / top flight tables)
    and the award on the strat's own tables and M, at most `ceiling` (60% of the top
    flight's first for the second strat, 40% for the third)."""
    scaled = top_first * strat_m * strat_tables / top_tables
    return min(max(scaled, own_award), ceiling * top_first)


# "Sectional Stratiflighted Events": the X strat.
X_THRESHOLD_TABLES = 20
X_THRESHOLD_SHARE = F(40, 100)
X_OVER_B = F(105, 100)


def strat_x_award(
    *, flight_b_first: Fraction, x_tables: Fraction, a_tables: Fraction, x_only: Fraction
) -> Fraction:
    """First in strat X: with 20 X tables, or 40% of the A and X field in X, the greater of
    105% of flight B's award and the award on X alone; otherwise the greatest of 105% of B x
    ((X / 0.4) / (A + X))^2, 105% of B x (X / 20)^2 and the award on X alone (the printed
    "...)2" read as squares)."""
    field = a_tables + x_tables
    if x_tables >= X_THRESHOLD_TABLES or (field and x_tables / field >= X_THRESHOLD_SHARE):
        return max(X_OVER_B * flight_b_first, x_only)
    by_share = X_OVER_B * flight_b_first * ((x_tables / X_THRESHOLD_SHARE) / field) ** 2
    by_size = X_OVER_B * flight_b_first * (x_tables / X_THRESHOLD_TABLES) ** 2
    return max(by_share, by_size, x_only)
