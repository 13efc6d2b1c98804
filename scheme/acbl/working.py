"""The state one calculation carries: each contestant's tally by colour, and the working
lines that explain it (written only when asked for)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from scheme.acbl.colours import add_points


@dataclass
class Tally:
    sessions: list[int | None]
    session_points: list[Mapping[str, int]]
    overall: int = 0
    overall_points: Mapping[str, int] = field(default_factory=dict)
    # Match awards are summed exactly and rounded once, in one colour.
    matches: Fraction = Fraction(0)
    match_colour: str = ""


@dataclass
class Working:
    sessions: int
    explain: bool = True
    lines: list[str] = field(default_factory=list)
    tallies: dict[str, Tally] = field(default_factory=dict)

    def note(self, line: str) -> None:
        if self.explain:
            self.lines.append(line)

    def tally(self, label: str) -> Tally:
        tally = self.tallies.get(label)
        if tally is None:
            tally = Tally([None] * self.sessions, [{} for _ in range(self.sessions)])
            self.tallies[label] = tally
        return tally

    def set_session(
        self, label: str, session: int, hundredths: int, points: Mapping[str, int]
    ) -> None:
        """A session award, kept when it is the larger of the contestant's strat awards."""
        tally = self.tally(label)
        current = tally.sessions[session - 1]
        if current is None or hundredths > current:
            tally.sessions[session - 1] = hundredths
            tally.session_points[session - 1] = points

    def set_overall(self, label: str, hundredths: int, points: Mapping[str, int]) -> None:
        """The overall award, kept when it is the larger of the contestant's strat awards."""
        tally = self.tally(label)
        if hundredths > tally.overall:
            tally.overall = hundredths
            tally.overall_points = points

    def session_total(self, label: str) -> Mapping[str, int]:
        return add_points(*self.tally(label).session_points)
