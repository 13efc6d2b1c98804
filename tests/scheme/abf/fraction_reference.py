"""A straightforward reference for the award engine, in `Fraction`s, for tests only.

It reads the clauses the plainest way: every award a `Fraction`, summed and multiplied as
the manual says, rounded once at the end with `Fraction` comparisons. It covers the events
the property tests draw: fields of every movement with ties and partial rankings (4.1.1,
4.4.1, 4.4.6), short sessions (4.4.7), matches scored in IMPs (4.2.3), outright placings
(3.1.2, 4.3.1) and teams of 5 or 6 (4.1.2). Only the winners' formulae (3.1.1, 3.1.2),
whose exponentials are evaluated once for the whole code base, are shared with the engine.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from scheme.abf.events import Event
from scheme.abf.formulas import (
    one_winner_session_award,
    outright_award,
    two_winner_session_award,
)
from scheme.abf.ruleset import AbfRuleSet
from scheme.core.arithmetic import Rounding

Totals = dict[str, tuple[tuple[Decimal | None, ...], Decimal, Decimal, Decimal]]


def rounded(value: Fraction, rounding: Rounding) -> Decimal:
    """4.4.2: to the nearest 0.01; 0.005 to even (2025) or up (older edition)."""
    hundredths = value * 100
    whole = math.floor(hundredths)
    rest = hundredths - whole
    if rest > Fraction(1, 2) or (
        rest == Fraction(1, 2) and (rounding is Rounding.HALF_UP or whole % 2 == 1)
    ):
        whole += 1
    return Decimal(whole) / 100


def placing(place: int) -> Fraction:
    """4.1.1: 1st the winner's award, 2nd 70%, place p 1/(p - 1)."""
    return Fraction(1) if place == 1 else Fraction(7, 10) if place == 2 else Fraction(1, place - 1)


def shares(ranking, winner: Fraction, depth: int) -> dict[str, Fraction]:
    """4.4.6: tied contestants share the summed awards of the places they occupy."""
    each: dict[str, Fraction] = {}
    place = 1
    for group in ranking:
        occupied = range(place, place + len(group))
        total = sum((winner * placing(p) for p in occupied if p <= depth), Fraction(0))
        for label in group:
            each[label] = total / len(group)
        place += len(group)
    return each


def reference_awards(rules: AbfRuleSet, event: Event) -> Totals:
    grade = rules.grade(event.grade)
    teams = event.kind == "teams"
    weight = grade.teams_weight if teams else grade.pairs_weight
    sessions: dict[str, list[Fraction | None]] = {}
    matches: dict[str, Fraction] = {}
    outright: dict[str, Fraction] = {}

    def seen(label: str) -> None:
        sessions.setdefault(label, [None] * len(event.sessions))
        matches.setdefault(label, Fraction(0))
        outright.setdefault(label, Fraction(0))

    for index, session in enumerate(event.sessions):
        minimum = 15 if grade.code == "F" else 24
        boards = session.boards if session.boards is not None else minimum
        board_factor = rules.session_board_factor(boards, minimum)
        for field in session.fields:
            tables = Fraction(Decimal(field.tables))
            counted = math.ceil(tables)
            if field.movement == "mitchell":
                standard = two_winner_session_award(counted, weight)
            else:
                standard = one_winner_session_award(counted, weight)
            labels = [label for group in field.ranking for label in group]
            per_table = (
                1
                if teams or field.movement == "mitchell"
                else 4
                if field.movement == "individual"
                else 2
            )
            size = field.size or max(len(labels), math.floor(tables * per_table))
            depth = math.ceil(Fraction(size, 3)) if teams else size // 2
            for label, value in shares(field.ranking, standard * board_factor, depth).items():
                seen(label)
                sessions[label][index] = value
        for match in session.matches:
            award = Fraction(8, 1000) * grade.teams_weight * match.boards
            seen(match.home)
            seen(match.away)
            home, away = Fraction(Decimal(match.home_imps)), Fraction(Decimal(match.away_imps))
            if abs(home - away) > Fraction(match.boards, 5):
                matches[match.home if home > away else match.away] += award
            else:
                matches[match.home] += award / 2
                matches[match.away] += award / 2
    if event.outright is not None and event.outright.sessions >= 2:
        ranking = event.outright.ranking
        size = sum(len(group) for group in ranking)
        per_table = {"pairs": 2, "teams": 1, "individual": 4}[event.kind]
        counted = math.ceil(Fraction(size, per_table))
        winner, _ = outright_award(counted, event.outright.sessions, weight)
        depth = math.ceil(Fraction(size, 3)) if teams else size // 2
        for label, value in shares(ranking, winner, min(depth, size)).items():
            seen(label)
            outright[label] += value

    totals: Totals = {}
    for label in sessions:
        members = event.team_sizes.get(label, 4)
        factor = {5: Fraction(4, 5), 6: Fraction(2, 3)}.get(members, Fraction(1))
        parts = [
            None if s is None else rounded(s * factor, rules.rounding) for s in sessions[label]
        ]
        won = rounded(matches[label] * factor, rules.rounding)
        placed = rounded(outright[label] * factor, rules.rounding)
        total = sum((p for p in parts if p is not None), Decimal(0)) + won + placed
        totals[label] = (tuple(parts), won, placed, total)
    return totals
