"""What a results file reads into: the calculator's request and each contestant's players.

Both readers (USEBIO XML and CSV) produce a `ReadResults`: the sessions and final placings as
`POST /api/v1/calculator/awards` takes them (without the grade, which a file does not carry
in the ABF's terms), and each contestant's ABF numbers as `POST /api/v1/uploads/results`
takes them. A file that cannot be read raises `ResultsFileError` listing every problem,
each naming its element (`EVENT/SESSION[2]/SECTION[A]/PARTICIPANTS/PAIR[7]`) or its line
and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import pairwise

from centre.schemes import number_name
from players import abf_numbers

# The most problems listed in one refusal: enough to fix a file, never a wall of text.
MAX_PROBLEMS = 50
# A contestant's label as the calculator takes it (awards.serializers.LABEL_LENGTH).
LABEL_LENGTH = 60


class ResultsFileError(ValueError):
    """The file cannot be read; `problems` says where and why, one line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems[:MAX_PROBLEMS]
        more = len(problems) - len(self.problems)
        if more:
            self.problems.append(f"and {more} more problem(s)")
        super().__init__("; ".join(self.problems))


@dataclass
class ReadResults:
    """An event's results as read from a file."""

    format: str  # "USEBIO 1.2", "USEBIO 1.1", "CSV"
    kind: str  # pairs, teams, individual
    sessions: list[dict]
    players: dict[str, list[str]]
    outright: dict | None = None
    name: str = ""
    date: date | None = None
    program: str = ""
    # Members of each team of five or six (4.1.2).
    team_sizes: dict[str, int] = field(default_factory=dict)
    # What the scoring program says it awarded, by contestant, in hundredths (not credited).
    file_awards: dict[str, int] = field(default_factory=dict)
    # Where each ABF number was first read (an element or a line), for errors found later.
    where: dict[str, str] = field(default_factory=dict)
    # 4.4.4, 4.4.5: contestant -> ABF number -> boards played in each session (None: all
    # the contestant's), when the file gives them; the substitutes' ABF numbers.
    player_boards: dict[str, dict[str, list[int | None]]] = field(default_factory=dict)
    substitutes: set[str] = field(default_factory=set)

    def request(self, *, grade: str, kind: str = "") -> dict:
        """The calculator's request for this event at this grade (JSON-ready)."""
        request: dict = {"grade": grade, "kind": kind or self.kind, "sessions": self.sessions}
        if self.outright is not None:
            request["outright"] = self.outright
        if self.team_sizes:
            request["team_sizes"] = self.team_sizes
        if self.player_boards or self.substitutes:
            request["players"] = {
                label: [
                    {
                        "label": number,
                        "boards": self.player_boards.get(label, {}).get(number),
                        "substitute": number in self.substitutes,
                    }
                    for number in numbers
                ]
                for label, numbers in self.players.items()
                if label in self.player_boards or self.substitutes.intersection(numbers)
            }
        return request


class Problems:
    """Every problem found, in the order found; the reader raises them all at once."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.found.append(f"{where}: {message}")

    def raise_any(self) -> None:
        if self.found:
            raise ResultsFileError(self.found)


def abf_number_of(raw: str, *, where: str, problems: Problems) -> str | None:
    """An ABF number as the scoring programs write it: leading zeros may be dropped."""
    raw = (raw or "").strip()
    if not raw:
        problems.add(where, f"no national ID number (the player's {number_name()})")
        return None
    number = abf_numbers.normalise(raw)
    reason = abf_numbers.validation_error(number)
    if reason:
        problems.add(where, reason)
        return None
    return number


def place_of(raw: str, *, where: str, problems: Problems) -> int | None:
    """A place: "3", or "3=" for a tie (the tie is also seen from the equal places)."""
    text = (raw or "").strip().rstrip("=").strip()
    if not text:
        problems.add(where, "no place")
        return None
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) <= 100_000:
        problems.add(where, f"{raw.strip()!r} is not a place (a whole number from 1, or 3= tied)")
        return None
    return int(text)


def decimal_of(raw: str, *, where: str, problems: Problems) -> Decimal | None:
    text = (raw or "").strip()
    if not text:
        return None
    try:
        value = Decimal(text)
    except ArithmeticError:
        value = None
    if value is None or not value.is_finite() or abs(value) >= 1_000_000:
        problems.add(where, f"{text!r} is not a number")
        return None
    return value


@dataclass
class Placed:
    """One contestant's place in a ranking, with where it was read and its score."""

    label: str
    place: int
    where: str
    score: Decimal | None = None


def ranking_of(placed: list[Placed], *, where: str, problems: Problems) -> list[list[str]]:
    """Places best first, each the labels tied there (4.4.6), checked to follow one another:
    after k contestants tied at place p the next place is p + k, and a better place never has
    a lower score."""
    if not placed:
        problems.add(where, "no contestants")
        return []
    ordered = sorted(placed, key=lambda p: p.place)
    ranking: list[list[str]] = []
    expected = 1
    index = 0
    while index < len(ordered):
        place = ordered[index].place
        group = [p for p in ordered[index:] if p.place == place]
        if place != expected:
            problems.add(
                group[0].where,
                f"PLACE {place} is out of order: "
                + (
                    "the first place is 1"
                    if expected == 1
                    else f"after {index} contestant(s) the next place is {expected}"
                ),
            )
        ranking.append([p.label for p in group])
        expected = place + len(group)
        index += len(group)
    scored = [p for p in ordered if p.score is not None]
    for better, worse in pairwise(scored):
        if better.place < worse.place and better.score < worse.score:
            problems.add(
                worse.where,
                f"PLACE {worse.place} has a higher score ({worse.score}) than place "
                f"{better.place} ({better.score}): the places are out of order",
            )
            break
    return ranking


def tables_of(contestants: int, kind: str) -> Decimal:
    """A field's tables from its contestants: 2 pairs or 4 players a table; for teams the
    number of teams (scheme.abf.events.Field)."""
    per_table = {"pairs": 2, "individual": 4}.get(kind, 1)
    return Decimal(contestants) / per_table
