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
# A contestant's label as the calculator takes it
# (awards.calculator.sessions.serializers.LABEL_LENGTH).
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
    # Each ABF number as the file names its player: "IRENE SMITH (201065)", or the number
    # as written when the file gives no name.
    names: dict[str, str] = field(default_factory=dict)
    # What was read past rather than refused (a DIRECTOR placeholder), one sentence each.
    skipped: list[str] = field(default_factory=list)
    # Contestants whose players were all placeholders: placed, but nobody to credit.
    uncredited: set[str] = field(default_factory=set)
    # The kind of point the file says it awards (USEBIO MASTER_POINT_TYPE): green, red, gold.
    point_type: str = ""
    # 4.2.2: each field's scores in percent by contestant, in the order of `sessions` and
    # their fields; given to the calculator only when the awards follow the scores.
    scores: list[list[dict[str, str]]] = field(default_factory=list)

    def request(self, *, grade: str, kind: str = "", percentages: bool = False) -> dict:
        """The calculator's request for this event at this grade (JSON-ready); with
        `percentages`, each field's session awards follow its pairs' scores (4.2.2)."""
        sessions = self.sessions
        if percentages:
            sessions = [
                {
                    **session,
                    "fields": [
                        {**one, "percentages": scores}
                        for one, scores in zip(
                            session["fields"], self._scores_of(index, session), strict=True
                        )
                    ],
                }
                if session.get("fields")
                else session
                for index, session in enumerate(sessions)
            ]
        request: dict = {"grade": grade, "kind": kind or self.kind, "sessions": sessions}
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

    def _scores_of(self, index: int, session: dict) -> list[dict[str, str]]:
        given = self.scores[index] if index < len(self.scores) else []
        return [given[n] if n < len(given) else {} for n in range(len(session["fields"]))]

    def who(self, number: str) -> str:
        """The player as the file names them, for a message."""
        return self.names.get(number, number)


class Problems:
    """Every problem found, in the order found; the reader raises them all at once."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.found.append(f"{where}: {message}")

    def raise_any(self) -> None:
        if self.found:
            raise ResultsFileError(self.found)


def player_named(name: str, raw: str) -> str:
    """A player as the file names them: "IRENE SMITH (201065)", the number as written."""
    name, raw = " ".join((name or "").split()), (raw or "").strip()
    if name and raw:
        return f"{name} ({raw})"
    return name or raw or "a player"


def abf_number_of(raw: str, *, where: str, problems: Problems, name: str = "") -> str | None:
    """An ABF number as the scoring programs write it: leading zeros may be dropped. A
    problem names the player as the file does (its name, when it gives one, and number)."""
    raw = (raw or "").strip()
    if not raw:
        problems.add(
            where,
            f"{name + ': ' if name else ''}no national ID number (the player's {number_name()})",
        )
        return None
    number = abf_numbers.normalise(raw)
    reason = abf_numbers.validation_error(number)
    if reason:
        if name:
            # "IRENE SMITH (200858) is not an ABF number: its check digit is wrong"
            reason = f"{player_named(name, raw)} is not {reason.split(' is not ', 1)[-1]}"
        problems.add(where, reason)
        return None
    return number


def is_director_placeholder(name: str, raw: str) -> bool:
    """Compscore's stand-in for the director sitting in: a player named DIRECTOR numbered 0
    or 1, never an ABF number (0000001 fails its check digit; 0000000 is no one's)."""
    raw = (raw or "").strip()
    return (
        " ".join((name or "").split()).upper() == "DIRECTOR"
        and raw.isascii()
        and raw.isdigit()
        and int(raw) in (0, 1)
    )


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


def decimal_of(raw: str, *, where: str, problems: Problems, whose: str = "") -> Decimal | None:
    """A score, IMPs or VPs: a finite number ("NaN", "inf" and "abc" are refused, naming the
    element and, given `whose`, the contestant)."""
    text = (raw or "").strip()
    if not text:
        return None
    try:
        value = Decimal(text)
    except ArithmeticError:
        value = None
    if value is None or not value.is_finite() or abs(value) >= 1_000_000:
        problems.add(where, f"{text!r} is not a number{f' ({whose})' if whose else ''}")
        return None
    return value


@dataclass
class Placed:
    """One contestant's place in a ranking, with where it was read and its score."""

    label: str
    place: int
    where: str
    score: Decimal | None = None
    # False for a contestant refused for another reason: it still holds its place, so that
    # the places after it are not reported out of order, but it is not ranked.
    counted: bool = True


def ranking_of(
    placed: list[Placed], *, where: str, problems: Problems, check_order: bool = True
) -> list[list[str]]:
    """Places best first, each the labels tied there (4.4.6), checked to follow one another:
    after k contestants tied at place p the next place is p + k, and a better place never has
    a lower score. Without `check_order` (a contestant could not be placed at all, and the
    file is refused for it) the gap it leaves is not reported again."""
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
        if place != expected and check_order:
            problems.add(
                group[0].where,
                f"PLACE {place} is out of order: "
                + (
                    "the first place is 1"
                    if expected == 1
                    else f"after {index} contestant(s) the next place is {expected}"
                ),
            )
        labels = [p.label for p in group if p.counted]
        if labels:
            ranking.append(labels)
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
    number of teams, as the calculator's fields count them."""
    per_table = {"pairs": 2, "individual": 4}.get(kind, 1)
    return Decimal(contestants) / per_table
