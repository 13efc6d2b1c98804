"""Factors and adjustments on an event's awards: master events (4.4.9), restricted entry
(4.4.10), reduced State championships (6.2.2), Australia-Wide Pairs (6.3), short sessions
(4.4.7) and teams of more than four (4.1.2)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scheme.abf.events import Session
from scheme.abf.factors import master_factor, team_member_factor
from scheme.abf.grades import Kind
from scheme.abf.validation import count
from scheme.abf.working import ONE, Working
from scheme.core.arithmetic import Exact, exact_of, show_number
from scheme.core.errors import RulesError

# 4.4.10 and 6.2.2.
RESTRICTION_FACTOR = Fraction(3, 4)
RESTRICTED_GRADES = frozenset({"A", "A2", "B"})
REDUCED_STATE_FACTOR = Fraction(3, 4)
# 6.3: Australia-Wide Pairs placings below the standard award.
AUSTRALIA_WIDE_HIGH = Fraction(20, 100)
AUSTRALIA_WIDE_LOW = Fraction(10, 100)


def event_factor(calc: Working) -> Fraction:
    """Factors on every award of the event: 4.4.9, 4.4.10, 6.2.2; and the checks of 6.3
    and 4.1.2 that concern the event as a whole."""
    event, grade = calc.event, calc.grade
    factor = ONE
    if event.master_factor is not None:
        row_name = grade.master_factor_row
        value, how = master_factor(
            event.master_factor, calc.rules.master_factors[row_name], row_name, "master_factor"
        )
        factor *= value
        calc.note(f"Master event: {how}.")
    if event.restricted:
        if grade.code not in RESTRICTED_GRADES:
            raise RulesError(
                "restricted",
                "The restriction factor applies to grades A, A2 and B only (4.4.10)",
            )
        factor *= RESTRICTION_FACTOR
        calc.note("Entry restricted by age or gender: restriction factor 0.75 (4.4.10).")
    if event.reduced_state_championship:
        if grade.code != "B":
            raise RulesError(
                "reduced_state_championship",
                "Only grade B State championships receive 75% of the award (6.2.2)",
            )
        factor *= REDUCED_STATE_FACTOR
        calc.note("State championship marked '+': 75% of the full grade B award (6.2.2).")
    if event.australia_wide:
        if grade.code != "B" or calc.kind is not Kind.PAIRS:
            raise RulesError("australia_wide", "Australia-Wide Pairs are grade B pairs (6.3)")
        if len(event.sessions) != 1 or event.outright is not None:
            raise RulesError("australia_wide", "Australia-Wide Pairs are single sessions (6.3)")
    if event.team_sizes and calc.kind is not Kind.TEAMS:
        raise RulesError("team_sizes", "Team sizes apply to teams events only (4.1.2)")
    for label, members in event.team_sizes.items():
        team_member_factor(members, f"team_sizes[{label}]")
    return factor


def short_session(calc: Working, session: Session, path: str, title: str) -> tuple[Fraction, str]:
    """4.4.7: a session shorter than 24 boards (15 for grade F) is factored down, or earns
    nothing under the rule set's limit. The factor, and the note for the working."""
    minimum = calc.session_boards()
    if session.boards is None:
        return ONE, ""
    boards = count(session.boards, f"{path}.boards")
    board_factor = calc.rules.session_board_factor(boards, minimum)
    if board_factor == 0:
        calc.note(
            f"{title}: {boards} boards: no session awards "
            f"({calc.rules.short_session_rule()}, 4.4.7)."
        )
    elif board_factor != 1:
        return board_factor, f"{boards} of {minimum} boards: factor {boards}/{minimum} (4.4.7)"
    return board_factor, ""


def australia_wide(calc: Working, awards: Sequence[Exact]) -> list[Exact]:
    """6.3: the standard award whilst it exceeds 0.20, then 0.20 for half of the rest of
    the placed field (rounded down), and 0.10 for the remaining place-getters."""
    high_award = exact_of(AUSTRALIA_WIDE_HIGH, calc.rules.rounding)
    low_award = exact_of(AUSTRALIA_WIDE_LOW, calc.rules.rounding)
    standard = [
        a
        for a in awards
        if a.numerator * AUSTRALIA_WIDE_HIGH.denominator
        > AUSTRALIA_WIDE_HIGH.numerator * a.denominator
    ]
    rest = len(awards) - len(standard)
    high = rest // 2
    if calc.explain:
        calc.note(
            f"  Australia-Wide Pairs: {len(standard)} standard awards, {high} of 0.20, "
            f"{rest - high} of 0.10 (6.3)."
        )
    return standard + [high_award] * high + [low_award] * (rest - high)


def team_factor(calc: Working, label: str) -> Fraction:
    """4.1.2: each member of a team of more than four receives a share of the award."""
    members = calc.event.team_sizes.get(label)
    if members is None:
        return ONE
    factor = team_member_factor(members, f"team_sizes[{label}]")
    if factor != 1 and calc.explain:
        calc.note(
            f"Team {label} has {members} members: each receives "
            f"{show_number(factor)} of the award (4.1.2)."
        )
    return factor
