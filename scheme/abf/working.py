"""The state one calculation passes from clause to clause: the event, its grade and kind,
the event factor, each contestant's tally, and the working lines that explain them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from scheme.abf.events import Event
from scheme.abf.grades import TABLE_WEIGHTS, Grade, Kind
from scheme.core.arithmetic import ordinal, show, show_number
from scheme.core.placings import PlaceShare, top_half, top_third

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
    """One contestant's unrounded awards: per session, from matches, and outright."""

    sessions: list[Fraction | None]
    matches: Fraction = Fraction(0)
    outright: Fraction = Fraction(0)


@dataclass
class Working:
    rules: AbfRuleSet
    event: Event
    grade: Grade
    kind: Kind
    # 4.1.1: a pairs event whose every session is of matches is placed like teams.
    match_scored: bool
    factor: Fraction = ONE
    lines: list[str] = field(default_factory=list)
    tallies: dict[str, Tally] = field(default_factory=dict)

    def note(self, line: str) -> None:
        self.lines.append(line)

    def tally(self, label: str) -> Tally:
        tally = self.tallies.get(label)
        if tally is None:
            tally = Tally(sessions=[None] * len(self.event.sessions))
            self.tallies[label] = tally
        return tally

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

    def describe_shares(self, shares: Iterable[PlaceShare], depth: int) -> str:
        parts = []
        for share in shares:
            if share.first > depth:
                break
            names = ", ".join(share.labels)
            rounded = self.rules.round(share.each)
            if share.tied:
                # 4.4.6: tied places share the summed awards
                parts.append(
                    f"={ordinal(share.first)} {names} share {places(share)} "
                    f"{show(share.total)}: {show(share.each)} each -> {rounded}"
                )
            else:
                parts.append(f"{ordinal(share.first)} {names} {show(share.each)} -> {rounded}")
        return "; ".join(parts)


def places(share: PlaceShare) -> str:
    if share.first == share.last:
        return ordinal(share.first)
    return f"{ordinal(share.first)}-{ordinal(share.last)}"
