"""The masterpoint formulae of 3.1: session winners (3.1.1) and outright winners (3.1.2).

All take whole numbers of tables and sessions ("Both T and S are whole numbers", 3.1.2) and a
grade weight W, and return the exact (unrounded) award.
"""

from __future__ import annotations

from fractions import Fraction

from scheme.core.arithmetic import exp


def two_winner_session_award(tables: int, weight: Fraction) -> Fraction:
    """3.1.1, two winners (Mitchell): 0.02WT up to 30 tables, W[1-exp(-T/32)] above."""
    if tables <= 30:
        return Fraction(2, 100) * weight * tables
    return weight * (1 - exp(Fraction(-tables, 32)))


def one_winner_session_award(tables: int, weight: Fraction) -> Fraction:
    """3.1.1, one winner (Howell): 0.04WT up to 15 tables, W[1-exp(-T/16)] above."""
    if tables <= 15:
        return Fraction(4, 100) * weight * tables
    return weight * (1 - exp(Fraction(-tables, 16)))


def outright_formula(tables: int, sessions: int, weight: Fraction) -> Fraction:
    """3.1.2: 4.2W[1 - exp(-T(S-1)/105) + 0.65exp(-800/(T(S-1)))], before the S=2, 3 limits."""
    x = tables * (sessions - 1)
    return (
        Fraction(42, 10)
        * weight
        * (1 - exp(Fraction(-x, 105)) + Fraction(65, 100) * exp(Fraction(-800, x)))
    )


# 3.1.2: at S=2 and S=3 the formula's award is kept between these shares of the 4-session
# award for the same tables.
OUTRIGHT_LIMITS: dict[int, tuple[Fraction, Fraction]] = {
    2: (Fraction(44, 100), Fraction(52, 100)),
    3: (Fraction(72, 100), Fraction(80, 100)),
}


def outright_award(tables: int, sessions: int, weight: Fraction) -> tuple[Fraction, str]:
    """3.1.2: the outright winner's award, and a note when an S=2 or S=3 limit applied.

    The limits are taken against the unrounded 4-session award.
    """
    award = outright_formula(tables, sessions, weight)
    if sessions not in OUTRIGHT_LIMITS:
        return award, ""
    low, high = OUTRIGHT_LIMITS[sessions]
    four_sessions = outright_formula(tables, 4, weight)
    if award < low * four_sessions:
        return low * four_sessions, f"raised to {int(low * 100)}% of the 4-session award"
    if award > high * four_sessions:
        return high * four_sessions, f"lowered to {int(high * 100)}% of the 4-session award"
    return award, ""
