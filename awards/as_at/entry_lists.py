"""An entry list checked against an event's limit as at its cut-off day (Appendix A: a novice
event admits players with fewer than 100 masterpoints at a particular date, a restricted one
fewer than 300; a master event a rank, 1.4.4).

The list is numbers, one a line, or CSV (the number in a column headed like one, else the
first column that is a number). Each line is answered: the player's holdings and rank then,
and whether they breach the limit; a line that is not a player says why, naming the line.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import date

from awards.as_at.selectors import Holdings, players_holdings_as_at
from awards.corrections.selectors import retired_numbers
from centre.errors import DomainError
from centre.schemes import current_scheme, number_name
from players import abf_numbers
from players.models import Player
from scheme.base import SchemeRank
from scheme.core.points import points_text

# The most lines a list may have: the largest congress field, many times over.
MAX_LINES = 5000
# Column headings that name a player's number.
NUMBER_HEADINGS = ("number", "abf", "nzb", "acbl", "member", "id")


@dataclass(frozen=True)
class Limit:
    """An event's limit: fewer than `points` (hundredths) and/or a rank below `rank`."""

    points: int | None = None
    rank: SchemeRank | None = None

    def breach(self, holdings: Holdings) -> str:
        """Why the holdings break the limit, or ""."""
        reasons = []
        if self.points is not None and holdings.total >= self.points:
            reasons.append(
                f"holds {points_text(holdings.total)}, not fewer than {points_text(self.points)}"
            )
        rank = holdings.rank
        if self.rank is not None and rank is not None and rank.order >= self.rank.order:
            reasons.append(f"is {rank.name}, not below {self.rank.name}")
        return "; ".join(reasons)

    def as_json(self) -> dict:
        return {
            "points": self.points,
            "rank": self.rank.name if self.rank else None,
        }


@dataclass
class Entry:
    line: int
    number: str
    holdings: Holdings | None = None
    breach: str = ""
    problem: str = ""
    # A number retired by a merge: the number it answers with (its holdings are that one's).
    merged_into: str = ""
    # The other lines listing the same player.
    also_on: list[int] = field(default_factory=list)

    def as_json(self) -> dict:
        body: dict = {"line": self.line, "abf_number": self.number}
        if self.problem:
            body["problem"] = self.problem
            return body
        assert self.holdings is not None
        body.update(self.holdings.as_json())
        body["abf_number"] = self.number
        body["status"] = self.holdings.player.status
        body["breach"] = bool(self.breach)
        body["breach_reason"] = self.breach
        if self.merged_into:
            body["merged_into"] = self.merged_into
        if self.also_on:
            body["also_on_lines"] = self.also_on
        return body


@dataclass
class EntryListCheck:
    on: date
    limit: Limit
    entries: list[Entry]

    @property
    def breaches(self) -> list[Entry]:
        return [entry for entry in self.entries if entry.breach]

    @property
    def problems(self) -> list[Entry]:
        return [entry for entry in self.entries if entry.problem]

    def problem_fields(self) -> dict[str, list[str]]:
        return {f"lines.{entry.line}": [entry.problem] for entry in self.problems}

    def as_json(self) -> dict:
        return {
            "on": self.on.isoformat(),
            "limit": self.limit.as_json(),
            "players": sum(1 for entry in self.entries if entry.holdings is not None),
            "breaches": len(self.breaches),
            "problems": self.problem_fields(),
            "entries": [entry.as_json() for entry in self.entries],
        }


def _refused(field_name: str, message: str) -> DomainError:
    return DomainError(message, fields={field_name: [message]}, code="entry_list_refused")


def _number_column(header: list[str]) -> int | None:
    key = current_scheme().number_key.lower()
    for index, heading in enumerate(header):
        words = heading.strip().lower()
        if words == key or any(word in words for word in NUMBER_HEADINGS):
            return index
    return None


def entry_numbers(text: str) -> list[tuple[int, str]]:
    """(line, number as written) of each line that names a player; blank lines and lines
    beginning with # are passed over, and a CSV's heading line read for its number column."""
    rows = list(csv.reader(io.StringIO(text.replace("\t", ","))))
    if len(rows) > MAX_LINES:
        raise _refused(
            "numbers", f"An entry list has at most {MAX_LINES:,} lines; this one has {len(rows):,}."
        )
    found: list[tuple[int, str]] = []
    column: int | None = None
    for line, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if not found and column is None and not any(c.isdigit() for c in cells):
            heading = _number_column(cells)
            if heading is not None or len(cells) > 1:
                # A heading: which column holds the number.
                column = heading
                continue
        if column is not None and column < len(cells):
            found.append((line, cells[column]))
            continue
        digits = next((c for c in cells if c.isdigit()), cells[0])
        found.append((line, digits))
    if not found:
        raise _refused("numbers", f"Give the players' {number_name()}s, one a line, or as CSV.")
    return found


def entry_list_check(*, text: str, on: date, limit: Limit) -> EntryListCheck:
    """Every line of the list answered as at `on`: holdings, rank, breach or problem."""
    entries: list[Entry] = []
    wanted: dict[str, list[Entry]] = {}
    retired = retired_numbers()
    for line, written in entry_numbers(text):
        number = abf_numbers.normalise(written)
        entry = Entry(line=line, number=number)
        entries.append(entry)
        problem = abf_numbers.validation_error(number)
        if problem:
            entry.problem = f"Line {line}: {problem}."
            continue
        if number in retired:
            entry.merged_into = retired[number]
        wanted.setdefault(entry.merged_into or number, []).append(entry)
    players = {p.abf_number: p for p in Player.objects.filter(abf_number__in=list(wanted))}
    holdings = players_holdings_as_at(players=players.values(), on=on)
    for number, listed in wanted.items():
        player = players.get(number)
        for entry in listed:
            if player is None:
                entry.problem = (
                    f"Line {entry.line}: no player has the {number_name()} {entry.number}."
                )
                continue
            entry.holdings = holdings[player.pk]
            entry.breach = limit.breach(entry.holdings)
            entry.also_on = [other.line for other in listed if other is not entry]
    return EntryListCheck(on=on, limit=limit, entries=entries)


def rank_named(name: str) -> SchemeRank:
    """A rank of the scheme's ladder by its name, as the limit gives it."""
    for rank in current_scheme().ranks:
        if rank.name.lower() == (name or "").strip().lower():
            return rank
    raise _refused("limit_rank", f"{name!r} is not a rank of the {current_scheme().name}.")
