"""Percentage-based session awards (4.2.2), and the alternative of 6.3 for Australia-Wide
Pairs: instead of placings, each pair's session award follows its score.

For Duplicate Congress, State and National Events, with W the weight of the competition and
P the pair's score rounded down to a whole percentage:

- P of 46 or more but less than 50: {W*10 - (50-P)*W*2}/100, rounded down;
- P of 50 or more: {W*10 + (P-50)*W*2}/100, rounded down;
- below 46 the formula gives nothing (at 45 it is 0).

The 2025 text prints the first line as "{W*10 (50-P)*W*2}/100": the minus sign of the older
edition (`002`) is lost. Read as a product it would pay a pair on 46% (B4, W = 2.5) 5.00,
twenty times the award for 50%; the engine reads the minus sign in both rule sets
(`scheme/abf/NOTES.md`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from scheme.abf.events import Field, Stage
from scheme.abf.grades import Kind
from scheme.abf.validation import number
from scheme.abf.working import Working
from scheme.core.arithmetic import NO_AWARD, Exact, cents, show, show_number
from scheme.core.errors import RulesError

# 4.2.2: "Duplicate Congress, State, and National Events"; 6.3: Australia-Wide Pairs (B).
PERCENTAGE_GRADES = frozenset({"B5", "B4", "B3", "B4s", "B", "A3", "A2", "A"})
# Below this score the formula gives no award.
LOWEST_SCORE = 46


def award_for_score(weight: Fraction, score: int) -> Fraction:
    """4.2.2: the unrounded session award of a pair scoring `score` percent (rounded down)
    at weight `weight`; zero below 46%."""
    if score < LOWEST_SCORE:
        return Fraction(0)
    if score < 50:
        return (weight * 10 - (50 - score) * weight * 2) / 100
    return (weight * 10 + (score - 50) * weight * 2) / 100


def rounded_down(value: Fraction) -> Exact:
    """4.2.2: "rounding down if necessary", to the hundredth below."""
    return Exact(value.numerator, value.denominator, math.floor(value * 100))


def check_percentages(calc: Working, item: Field, labels: list[str], path: str) -> dict[str, int]:
    """Every contestant's score, rounded down to a whole percentage; refused naming the field
    when the event may not have percentage awards or a score is missing or impossible."""
    grade = calc.grade.code
    if grade not in PERCENTAGE_GRADES:
        raise RulesError(
            f"{path}.percentages",
            f"Percentage session awards are for Duplicate Congress, State and National events "
            f"(grades {', '.join(sorted(PERCENTAGE_GRADES - {'A3'}))}), not grade {grade} (4.2.2)",
        )
    if calc.kind is not Kind.PAIRS:
        raise RulesError(f"{path}.percentages", "Percentage awards are for pairs events (4.2.2)")
    stage = item.stage
    if stage not in (Stage.QUALIFYING, Stage.QUALIFYING.value):
        raise RulesError(
            f"{path}.percentages",
            "Percentage awards replace the placings of a qualifying session (4.2.2); finals "
            "and consolations (4.2.5) are awarded by placings",
        )
    given: Mapping[str, object] = item.percentages or {}
    scores: dict[str, int] = {}
    for label in labels:
        if label not in given:
            raise RulesError(f"{path}.percentages", f"Give the score of {label} (4.2.2)")
        value = number(given[label], f"{path}.percentages[{label}]")
        if not 0 <= value <= 100:
            raise RulesError(
                f"{path}.percentages[{label}]", "a score is a percentage from 0 to 100"
            )
        scores[label] = math.floor(value)  # 4.2.2: "P is the pair's score, rounded down"
    extra = sorted(set(given) - set(labels))
    if extra:
        raise RulesError(
            f"{path}.percentages[{extra[0]}]", f"{extra[0]!r} is not in the field's ranking"
        )
    return scores


def percentage_field(
    calc: Working,
    index: int,
    item: Field,
    labels: list[str],
    path: str,
    title: str,
    name: str,
    board_factor: Fraction,
    board_note: str,
) -> None:
    """4.2.2 (and 6.3's alternative): each pair's session award from its own score."""
    scores = check_percentages(calc, item, labels, path)
    weight = calc.grade.weight(calc.kind)
    # W is "the masterpoint weight for the competition": the grade's weight with the event's
    # own factors (4.4.9, 4.4.10, 6.2.2); a short session is factored down (4.4.7).
    factor = calc.factor * board_factor
    if calc.explain:
        notes = [n for n in (board_note,) if n]
        if calc.factor != 1:
            notes.append(f"event factor {show(calc.factor)}")
        clause = "6.3 alternative, 4.2.2" if calc.event.australia_wide else "4.2.2"
        line = (
            f"{title}, {name}: awards by each pair's score ({clause}), weight "
            f"{show_number(weight)}: under 50% {{W*10 - (50-P)*W*2}}/100, from 50% "
            f"{{W*10 + (P-50)*W*2}}/100, P rounded down, awards rounded down; none below "
            f"{LOWEST_SCORE}%"
        )
        if notes:
            line += "; " + "; ".join(notes)
        calc.note(line + ".")
    parts = []
    for label in labels:
        value = award_for_score(weight, scores[label]) * factor
        each = rounded_down(value) if value else NO_AWARD
        calc.sessions_of(label)[index] = each
        if calc.explain:
            parts.append(f"{label} {scores[label]}% -> {cents(each.hundredths)}")
    if calc.explain:
        calc.note("  " + "; ".join(parts) + ".")
