"""An upload's lines, whatever brought them: a credit file's (awards.intake.credit_files), the
rows typed on screen (CPAR, Sundry), or each player's award from results."""

from __future__ import annotations

from dataclasses import dataclass

from awards.errors import Problem

# The most one line credits: six digits of hundredths, as a credit file's line holds (App. D).
MAX_LINE_POINTS = 999_999


@dataclass(frozen=True)
class CreditLine:
    """One credit of one kind of point to one player, in hundredths; `colour` is None where
    the line does not say its kind (it is the event's grade's)."""

    line: int
    abf_number: str
    colour: str | None
    points: int


def typed_lines(rows: list[tuple[str, int]]) -> tuple[list[CreditLine], list[Problem]]:
    """Rows typed on screen, (number, hundredths), as lines numbered by their row; a player
    typed twice is refused on the second row, as a file's line would be."""
    lines: list[CreditLine] = []
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for line, (number, points) in enumerate(rows, start=1):
        if number in seen:
            problems.append(Problem(line, f"{number} is already credited on line {seen[number]}."))
            continue
        seen[number] = line
        lines.append(CreditLine(line, number, None, points))
    return lines, problems
