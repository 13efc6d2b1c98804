"""Match play: Club Sessions, Basic C Point Tables 2 (the Basic Match Play Table of C Point
Awards, pages E13 and E40), A Point Tournaments rule 4 (the Basic Match Play Table of
Session A Point Awards and its factoring) and B Point Tournaments rule 4.

- C Points (Club events, and 3B, 5B, 8B Tournaments): "A Player receives two C Points for
  each deal in which he/she has participated in a match won by his/her Team", and "one C
  Point for each deal ... in a match tied".
- A Points (3A ... 25A Tournaments): 0.02 A Points a deal won, 0.01 a deal tied, times the
  status's factor (3A and 5A x 1, 10A x 2, 15A x 3, 20A x 4, 25A x 5). "If A Points are
  awarded for a match win, no C Points are awarded."

A match is won on the basis on which the event is played: victory points when given, else
IMPs, else total points (point a board). Every player of a contestant is taken to have
played every deal of its matches (the calculator has no line-ups).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

# Hundredths of a point per deal.
C_PER_DEAL_WON = 200
C_PER_DEAL_TIED = 100
A_PER_DEAL_WON = 2
A_PER_DEAL_TIED = 1


class Outcome(StrEnum):
    WON = "won"
    TIED = "tied"
    LOST = "lost"


def outcome(mine: Fraction, theirs: Fraction) -> Outcome:
    if mine > theirs:
        return Outcome.WON
    if mine == theirs:
        return Outcome.TIED
    return Outcome.LOST


def c_points(deals: int, result: Outcome) -> int:
    """The Basic Match Play Table of C Point Awards, in hundredths: 2 a deal won, 1 tied."""
    per_deal = {Outcome.WON: C_PER_DEAL_WON, Outcome.TIED: C_PER_DEAL_TIED}.get(result, 0)
    return deals * per_deal


def a_points(deals: int, result: Outcome, factor: Fraction) -> int:
    """The Basic Match Play Table of Session A Point Awards times the status's factor, in
    hundredths: 0.02 a deal won, 0.01 a deal tied (always whole hundredths: the factors
    are whole)."""
    per_deal = {Outcome.WON: A_PER_DEAL_WON, Outcome.TIED: A_PER_DEAL_TIED}.get(result, 0)
    value = deals * per_deal * factor
    if value.denominator != 1:
        raise ValueError(f"a match award of {value} hundredths is not whole")
    return int(value)
