"""The General Formula ("Special Club Games and the General Formula", "Sectional/Regional
Tournament Events", "NABC+ Events"): First Overall = B x R x S x M x P x T, the match award
D x L x M x P, the place awards below first (and Appendix C), the depth of overall awards
and the session awards.

Every factor is an exact `Fraction`; only B above 60 tables (a logarithm) is irrational, and
it is evaluated to 40 significant digits, far beyond any hundredth.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

from scheme.core.errors import RulesError

ONE = Fraction(1)


def half_up(value: Fraction) -> int:
    """To the nearest whole number with .5 rounded up (the plan's depth of awards)."""
    return math.floor(value + Fraction(1, 2))


@lru_cache(maxsize=4096)
def _log10(value: Fraction) -> Fraction:
    with localcontext() as ctx:
        ctx.prec = 40
        result = (Decimal(value.numerator) / Decimal(value.denominator)).log10()
    return Fraction(result)


def b_factor(tables: Fraction) -> Fraction:
    """B: (tables + 10) / 60 for 60 or fewer tables, log10(tables / 4) for 61 and more."""
    if tables <= 0:
        raise RulesError("tables", "the General Formula needs at least one table")
    if tables <= 60:
        return (tables + 10) / 60
    return _log10(tables / 4)


class Rating(StrEnum):
    """R: the classification of the event, and D for its Swiss match awards."""

    CLUB = "club"  # a regular club game: match awards only (D 0.360)
    CSG7 = "csg7"
    CSG9 = "csg9"
    STAC = "stac"
    SECTIONAL = "sectional"
    # "Special beneficiary events": at sectionals, R 14.00 for the silver points.
    SECTIONAL_BENEFICIARY = "sectional_beneficiary"
    REGIONAL = "regional"
    REGIONAL_AT_NABC = "regional_at_nabc"
    NATIONAL = "national"


R_FACTORS: dict[Rating, Fraction] = {
    Rating.CSG7: Fraction(7),
    Rating.CSG9: Fraction(9),
    Rating.STAC: Fraction(9),
    Rating.SECTIONAL: Fraction(11),
    Rating.SECTIONAL_BENEFICIARY: Fraction(14),
    Rating.REGIONAL: Fraction(14),
    Rating.REGIONAL_AT_NABC: Fraction(16),
    Rating.NATIONAL: Fraction(45, 2),
}

# D: "Club Masterpoint 0.360, CSG - Rating Seven 0.765, CSG - Rating Nine 0.900";
# "Sectional 0.990, Regional 1.250". A STaC is rated as a Club Special Game, rating nine
# (R 9.00); its matches use the rating nine D. Regionals at NABCs use the regional D.
D_FACTORS: dict[Rating, Fraction] = {
    Rating.CLUB: Fraction(360, 1000),
    Rating.CSG7: Fraction(765, 1000),
    Rating.CSG9: Fraction(900, 1000),
    Rating.STAC: Fraction(900, 1000),
    Rating.SECTIONAL: Fraction(990, 1000),
    Rating.SECTIONAL_BENEFICIARY: Fraction(990, 1000),
    Rating.REGIONAL: Fraction(1250, 1000),
    Rating.REGIONAL_AT_NABC: Fraction(1250, 1000),
    Rating.NATIONAL: Fraction(1250, 1000),
}


def r_factor(rating: Rating) -> Fraction:
    try:
        return R_FACTORS[rating]
    except KeyError:
        raise RulesError("rating", f"a {rating.value} game has no R factor") from None


def s_factor(sessions: int) -> Fraction:
    """S: 1.00 for one session, 0.50 more for each further one; six sessions at most."""
    if not 1 <= sessions <= 6:
        raise RulesError("sessions", "the S factor is for 1 to 6 sessions")
    return Fraction(sessions + 1, 2)


def m_factor(upper_limit: int | None) -> Fraction:
    """M from the upper masterpoint limit of the game or strat (None: no limit, 1.00).

    The printed bounds overlap at 100, 500, 3000 and 8000 (each "<" may have lost an "="):
    the formulas agree at each of them, so the choice does not matter."""
    if upper_limit is None:
        return ONE
    if upper_limit < 0:
        raise RulesError("upper_limit", "an upper masterpoint limit cannot be negative")
    ul = Fraction(upper_limit)
    if ul < 100:
        return Fraction(30, 100) + ul / 1000
    if ul < 500:
        return Fraction(40, 100) + (ul - 100) / 4000
    if ul < 3000:
        return Fraction(50, 100) + (ul - 500) / 10000
    if ul < 8000:
        return Fraction(75, 100) + (ul - 3000) / 20000
    return ONE


# "Non-championship events ... M factor limited to 0.800"; consolations to 0.650.
NON_CHAMPIONSHIP_M = Fraction(800, 1000)
CONSOLATION_M = Fraction(650, 1000)


class Standing(StrEnum):
    """Championship, non-championship (side game) or consolation event."""

    CHAMPIONSHIP = "championship"
    NON_CHAMPIONSHIP = "non_championship"
    CONSOLATION = "consolation"


def m_for(upper_limit: int | None, standing: Standing = Standing.CHAMPIONSHIP) -> Fraction:
    m = m_factor(upper_limit)
    if standing is Standing.NON_CHAMPIONSHIP:
        return min(m, NON_CHAMPIONSHIP_M)
    if standing is Standing.CONSOLATION:
        return min(m, CONSOLATION_M)
    return m


def p_factor(restrictions: int) -> Fraction:
    """P: non-masterpoint restrictions (age, gender...): none 1.00, one 0.80, more 0.70."""
    if restrictions < 0:
        raise RulesError("restrictions", "the number of restrictions cannot be negative")
    if restrictions == 0:
        return ONE
    return Fraction(80, 100) if restrictions == 1 else Fraction(70, 100)


class EventType(StrEnum):
    """T: the type of event."""

    PAIRS = "pairs"
    BAM = "bam"
    SWISS = "swiss"
    INDIVIDUAL = "individual"


T_FACTORS: dict[EventType, Fraction] = {
    EventType.PAIRS: Fraction(125, 100),
    EventType.BAM: Fraction(110, 100),
    EventType.SWISS: ONE,
    EventType.INDIVIDUAL: Fraction(75, 100),
}


def t_factor(event_type: EventType) -> Fraction:
    return T_FACTORS[event_type]


def l_factor(boards: int) -> Fraction:
    """L: boards in a match: boards / 24 under 24, 1.00 for 24-47, 1.50 for 48 and more."""
    if boards < 1:
        raise RulesError("boards", "a match has at least one board")
    if boards < 24:
        return Fraction(boards, 24)
    return ONE if boards < 48 else Fraction(3, 2)


def d_factor(rating: Rating) -> Fraction:
    return D_FACTORS[rating]


def first_overall(
    *,
    tables: Fraction,
    rating: Rating,
    sessions: int,
    upper_limit: int | None,
    restrictions: int,
    event_type: EventType,
    standing: Standing = Standing.CHAMPIONSHIP,
) -> Fraction:
    """B x R x S x M x P x T, unrounded."""
    return (
        b_factor(tables)
        * r_factor(rating)
        * s_factor(sessions)
        * m_for(upper_limit, standing)
        * p_factor(restrictions)
        * t_factor(event_type)
    )


def match_award(
    *,
    rating: Rating,
    boards: int,
    upper_limit: int | None,
    restrictions: int,
    standing: Standing = Standing.CHAMPIONSHIP,
) -> Fraction:
    """D x L x M x P: the award for winning a match, unrounded; M capped as the event's
    standing caps it (0.800 non-championship, 0.650 consolation)."""
    return (
        d_factor(rating) * l_factor(boards) * m_for(upper_limit, standing) * p_factor(restrictions)
    )


def place_fraction(place: int, sessions: int) -> Fraction:
    """The overall award of `place` as a share of the first place award (the table after
    T, and Appendix C): one session, 75% of the place above down to 8th, then 1st / place;
    two sessions, 75% down to 4th, then the formula; three or more, 75% down to 3rd, then
    (first x S) / (place + 2S - 3)."""
    if place < 1:
        raise ValueError("places start at 1")
    three_quarters = Fraction(3, 4)
    if sessions <= 1:
        return three_quarters ** (place - 1) if place <= 8 else Fraction(1, place)
    chained = 4 if sessions == 2 else 3
    if place <= chained:
        return three_quarters ** (place - 1)
    return Fraction(sessions, place + 2 * sessions - 3)


# "Depth of awards": places by tables, and beyond the table's last row the places whose
# award is at least 1.00, from 10% to 25% of the field.
PAIR_DEPTH = ((3, 2), (4, 3), (5, 4), (7, 5), (10, 6))
TEAM_DEPTH = ((3, 1), (5, 2), (7, 3), (9, 4), (13, 5), (19, 6))
INDIVIDUAL_DEPTH = ((2, 2), (3, 3), (4, 4), (5, 5))
# The table's last row, from which further places may be paid: "more than 10 tables"
# (pairs), "more than 19" (teams), "more than 5" (individuals).
EXTENDED_FROM = {EventType.PAIRS: 10, EventType.BAM: 19, EventType.SWISS: 19}
EXTENDED_FROM_INDIVIDUAL = 5


def table_depth(tables: Fraction, event_type: EventType) -> int:
    rows = {
        EventType.PAIRS: PAIR_DEPTH,
        EventType.BAM: TEAM_DEPTH,
        EventType.SWISS: TEAM_DEPTH,
        EventType.INDIVIDUAL: INDIVIDUAL_DEPTH,
    }[event_type]
    counted = math.ceil(tables)
    # Below the table's first row (a team game of two tables) only first place is paid.
    places = 1
    for least, depth in rows:
        if counted >= least:
            places = depth
    return places


def contestants_in(tables: Fraction, event_type: EventType) -> int:
    """Pairs are two a table, individuals four, teams one (a team's table count is its
    number of teams)."""
    per_table = {
        EventType.PAIRS: 2,
        EventType.INDIVIDUAL: 4,
        EventType.BAM: 1,
        EventType.SWISS: 1,
    }[event_type]
    return math.ceil(tables * per_table)


def overall_depth(tables: Fraction, event_type: EventType, first: Fraction, sessions: int) -> int:
    """Places paid overall: the table's, or beyond its last row the places whose award is
    at least 1.00, at least 10% (rounded up) and at most 25% (rounded down) of the field
    (NOTES.md)."""
    depth = table_depth(tables, event_type)
    extended = (
        EXTENDED_FROM_INDIVIDUAL if event_type is EventType.INDIVIDUAL else
        EXTENDED_FROM[event_type]
    )  # fmt: skip
    if math.ceil(tables) <= extended:
        return depth
    field = contestants_in(tables, event_type)
    # "The depth of the award is at least 10% of the number of pairs in the field": at
    # least, so a part of a place is a place (82 pairs pay 9, not 8).
    least = max(depth, math.ceil(Fraction(field, 10)))
    most = max(least, math.floor(Fraction(field, 4)))
    place = depth
    while place < most and first * place_fraction(place + 1, sessions) >= 1:
        place += 1
    return max(least, place)


def session_first(
    *,
    tables: Fraction,
    rating: Rating,
    upper_limit: int | None,
    restrictions: int,
    event_type: EventType,
    standing: Standing = Standing.CHAMPIONSHIP,
) -> Fraction:
    """ "First Place = (0.50) x B x R x M x P x T": the session award with S 1.00."""
    return Fraction(1, 2) * first_overall(
        tables=tables,
        rating=rating,
        sessions=1,
        upper_limit=upper_limit,
        restrictions=restrictions,
        event_type=event_type,
        standing=standing,
    )


def session_depth(contestants: int) -> int:
    """40% of the entrants of the field, halves rounded up."""
    return half_up(Fraction(contestants * 4, 10))


@lru_cache(maxsize=1024)
def _sqrt(value: Fraction) -> Fraction:
    with localcontext() as ctx:
        ctx.prec = 40
        result = (Decimal(value.numerator) / Decimal(value.denominator)).sqrt()
    return Fraction(result)


# "Session award modifiers — multiple section events": more than twenty-six tables scored
# across the field.
COMBINED_SCORING_FROM = 26


def combined_scoring_tables(tables: Fraction) -> Fraction:
    """ "# Tables = 2*sqrt(13*(Tables in Play - 13))": the tables that give B for the session
    awards of a pair event of several sections scored across the field, over 26 tables
    (the printed formula lost its square root; its example, 39 tables counted as 37,
    restores it). Unrounded: the example's 37 is 36.77 rounded for the reader."""
    if tables <= COMBINED_SCORING_FROM:
        return tables
    return 2 * _sqrt(13 * (tables - 13))


def combined_place_fraction(place: int) -> Fraction:
    """Places beyond fourth with combined scoring: first / sqrt(p x sqrt(2 (p - 1))) (the
    printed "[(p)*(2*(p-1))^1/2]^1/2"; fifth place divides by 3.76, as the plan says);
    second to fourth as in a regular event."""
    if place <= 4:
        return {1: ONE, 2: Fraction(7, 10), 3: Fraction(1, 2), 4: Fraction(35, 100)}[place]
    return 1 / _sqrt(place * _sqrt(Fraction(2 * (place - 1))))
