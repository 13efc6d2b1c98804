"""The state one calculation passes from clause to clause: the event, its grade and kind,
the event factor, each contestant's tally, and the working lines that explain them.

The working lines are written only when `explain` is set (the calculator shows them); bulk
callers leave it unset and every clause skips the text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from scheme.abf.events import Event
from scheme.abf.grades import TABLE_WEIGHTS, Grade, Kind
from scheme.core.arithmetic import NO_AWARD, Exact, cents, ordinal, show, show_number
from scheme.core.placings import Ranking, top_half, top_third

if TYPE_CHECKING:
    from scheme.abf.ruleset import AbfRuleSet

ONE = Fraction(1)
# 4.3.1, 4.4.7: a session is 24 boards, 15 for grade F.
SESSION_BOARDS = 24
GRADE_F_SESSION_BOARDS = 15

# The highest T of each printed table, for saying "Table 1B" rather than "formula".
PRINTED_TABLE_LIMITS: dict[tuple[int, str], int] = {
    (1, "A"): 20,
    (1, "B"): 20,
    (1, "C"): 40,
    (2, "A"): 13,
    (2, "B"): 13,
    (2, "C"): 13,
    (3, "A"): 40,
    (3, "B"): 40,
    (3, "C"): 82,
}


@dataclass
class Tally:
    """One contestant's awards, exact and rounded: per session, from matches, and outright."""

    sessions: list[Exact | None]
    matches: Exact = NO_AWARD
    outright: Exact = NO_AWARD
    # Kept only when the event lists its contestants' players (4.4.4, 4.4.5): the match
    # awards of each session, the boards of the contestant's matches in each session, and the
    # stage the contestant played in each session.
    match_sessions: dict[int, Exact] = field(default_factory=dict)
    match_boards: dict[int, int] = field(default_factory=dict)
    stages: dict[int, str] = field(default_factory=dict)


@dataclass
class Working:
    rules: AbfRuleSet
    event: Event
    grade: Grade
    kind: Kind
    # 4.1.1: a pairs event whose every session is of matches is placed like teams.
    match_scored: bool
    # Whether to write the working lines.
    explain: bool = True
    factor: Fraction = ONE
    # Whether the players' boards are followed (4.4.4, 4.4.5), and the session in hand.
    per_player: bool = False
    session_index: int = 0
    # 4.4.4: the most boards any player played in each session, found once.
    most_played: dict[int, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    tallies: dict[str, Tally] = field(default_factory=dict)

    def note(self, line: str) -> None:
        if self.explain:
            self.lines.append(line)

    def tally(self, label: str) -> Tally:
        tally = self.tallies.get(label)
        if tally is None:
            tally = Tally(sessions=[None] * len(self.event.sessions))
            self.tallies[label] = tally
        return tally

    def sessions_of(self, label: str) -> list[Exact | None]:
        """The contestant's session awards, one a session (None where it did not play)."""
        tally = self.tallies.get(label)
        return (tally or self.tally(label)).sessions

    def session_boards(self) -> int:
        """4.3.1, 4.4.7: a session is 24 boards, 15 for grade F."""
        return GRADE_F_SESSION_BOARDS if self.grade.code == "F" else SESSION_BOARDS

    def source(self, number: int, tables: int, weight: Fraction, clause: str) -> str:
        """'Table 1B' when the award is a printed cell, else the formula."""
        for letter, table_weight in TABLE_WEIGHTS.items():
            if weight == table_weight and tables <= PRINTED_TABLE_LIMITS[(number, letter)]:
                return f"Table {number}{letter}"
        return f"formula {clause}"

    def depth(self, size: int | Fraction, what: str, walk_in: bool = False) -> tuple[int, str]:
        """4.1.1: how deep the placings go, and why."""
        unit = {Kind.PAIRS: "pairs", Kind.TEAMS: "teams", Kind.INDIVIDUAL: "players"}[self.kind]
        if not walk_in and (self.kind is Kind.TEAMS or (self.match_scored and what == "outright")):
            depth = top_third(size)
            rule = "top third, rounded up"
        else:
            depth = top_half(size)
            rule = "top half, rounded down"
        return depth, f"placings to {ordinal(depth)} of {show_number(size)} {unit} ({rule}, 4.1.1)"

    def describe_shares(self, ranking: Ranking, shares: Sequence[Exact], depth: int) -> str:
        """The placings of a field as a working line: each place, its award, its rounding."""
        parts = []
        first = 1
        for labels, each in zip(ranking, shares, strict=True):
            if first > depth:
                break
            names = ", ".join(labels)
            rounded = cents(each.hundredths)
            if len(labels) > 1:
                # 4.4.6: tied places share the summed awards
                total = each.fraction * len(labels)
                parts.append(
                    f"={ordinal(first)} {names} share {place_range(first, len(labels))} "
                    f"{show(total)}: {show(each.fraction)} each -> {rounded}"
                )
            else:
                parts.append(f"{ordinal(first)} {names} {show(each.fraction)} -> {rounded}")
            first += len(labels)
        return "; ".join(parts)


def place_range(first: int, members: int) -> str:
    """1st, or 3rd-5th for three contestants tied from 3rd."""
    if members == 1:
        return ordinal(first)
    return f"{ordinal(first)}-{ordinal(first + members - 1)}"
