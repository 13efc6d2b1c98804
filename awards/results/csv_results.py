"""Results as CSV, for scoring programs that do not write USEBIO.

The layout (README "Results files"): a header row, then one row per contestant per
session, in UTF-8 (a byte-order mark is allowed) with commas. The columns, in any order,
named in the header (case does not matter):

- `session`: 1, 2, ... for a session's placings; `final` for the event's final placings
  (an event of two or more sessions, 4.3).
- `section`: the section (A, B, ...); may be blank for a single section.
- `direction`: NS or EW in a Mitchell (two winners); blank for a Howell, teams or an
  individual (one winner).
- `contestant`: the pair, team or player number as the program numbers it; the awards are
  shown under the section, this number and the direction together (A1NS), so a contestant
  keeps the same section and direction on all its rows.
- `place`: 1, 2, ...; a tie as the same place twice, or written 3=.
- `score`: optional; the score or percentage, which must not contradict the places. When
  the session awards follow each pair's score (4.2.2), it is the pair's percentage.
- `players`: the contestant's ABF numbers, separated by spaces or semicolons (a number
  may lose its leading zeros).
- `boards`: optional; the boards played in the session (4.4.7), on any of its rows.
- `player_boards`: optional; the boards each of the row's `players` played in the session,
  in the same order (boards sat out count as played, 4.4.4). With this column a contestant's
  rows may name different players (a substitute comes in); the contestant's players are all
  those named, and one not named on a row that gives `player_boards` did not play that
  session. Left blank for a session, each player of the contestant played all its boards.
  The awards then follow each player (4.4.4: 75% of the session's boards for a pairs
  session award; 4.4.5: 40% of the team's boards, in each stage, for the final placing).
- `substitutes`: optional; those of the row's `players` who are substitutes (4.4.5: the
  session awards of the sessions played, no final placing award).
- For a match of 5 or more boards (teams, Swiss): `opponent`, the other contestant's
  number, with `boards` and either `imps` and `opponent_imps` or `vps` and `opponent_vps`;
  each match on one row, of either side; such a row has no `place`.

Every error names its line and column: `line 7, column place: '3a' is not a place`. A
player on the rows of two contestants of one session is refused, naming both lines.
"""

from __future__ import annotations

import csv
import io

from awards.results.common import (
    LABEL_LENGTH,
    Placed,
    Problems,
    ReadResults,
    ResultsFileError,
    abf_number_of,
    decimal_of,
    place_of,
    ranking_of,
    tables_of,
)
from centre.schemes import number_name

MAX_BYTES = 2_000_000
MAX_ROWS = 20_000
REQUIRED = ("session", "contestant", "players")
KNOWN = (
    *REQUIRED,
    "section",
    "direction",
    "place",
    "score",
    "boards",
    "opponent",
    "imps",
    "opponent_imps",
    "vps",
    "opponent_vps",
    "player_boards",
    "substitutes",
)
PLAYERS = {"pairs": (2, 2), "teams": (4, 6), "individual": (1, 1)}


def read(content: bytes, *, kind: str, max_bytes: int = MAX_BYTES) -> ReadResults:
    """The event's results from a CSV file of the layout above; `kind` is pairs, teams or
    individual (a CSV does not say). ResultsFileError names every bad line and column."""
    if kind not in PLAYERS:
        raise ResultsFileError([f"kind: {kind!r} is not pairs, teams or individual"])
    if len(content) > max_bytes:
        raise ResultsFileError(
            [f"file: a results file has at most {max_bytes:,} bytes; this one has {len(content):,}"]
        )
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ResultsFileError(
            [f"file: not UTF-8 text (byte {error.start + 1}); save the CSV as UTF-8"]
        ) from None
    if "\x00" in text:
        raise ResultsFileError(["file: not a CSV file (it holds NUL characters)"])
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as error:
        raise ResultsFileError([f"file: not CSV: {error}"]) from None
    return _Reader(rows, kind).read()


class _Reader:
    def __init__(self, rows: list[list[str]], kind: str) -> None:
        self.rows = rows
        self.kind = kind
        self.problems = Problems()
        self.players: dict[str, list[str]] = {}
        self.where: dict[str, str] = {}
        # 4.4.4, 4.4.5: contestant -> ABF number -> session -> boards played; substitutes.
        self.per_player = False
        self.player_boards: dict[str, dict[str, dict[str, int]]] = {}
        self.substitutes: set[str] = set()
        # Each ABF number as written; (session, ABF number) -> the contestant and line.
        self.names: dict[str, str] = {}
        self.held_by: dict[tuple[str, str], tuple[str, int]] = {}

    def read(self) -> ReadResults:
        problems = self.problems
        if not self.rows:
            raise ResultsFileError(["line 1: the file is empty; the first line names the columns"])
        header = [name.strip().lower() for name in self.rows[0]]
        for name in header:
            if name not in KNOWN:
                problems.add(
                    f"line 1, column {name or '(blank)'}",
                    f"not a column of the layout ({', '.join(KNOWN)})",
                )
        for name in REQUIRED:
            if name not in header:
                problems.add("line 1", f"no {name} column")
        if len(set(header)) != len(header):
            problems.add("line 1", "a column is named twice")
        if len(self.rows) - 1 > MAX_ROWS:
            problems.add("file", f"at most {MAX_ROWS:,} rows; this file has {len(self.rows) - 1:,}")
        problems.raise_any()
        self.per_player = "player_boards" in header
        # session -> section -> direction -> placed; session -> boards; session -> matches
        fields: dict[str, dict[str, dict[str, list[Placed]]]] = {}
        counts: dict[tuple[str, str], int] = {}
        boards: dict[str, int] = {}
        matches: dict[str, list[dict]] = {}
        final: list[Placed] = []
        labels_seen: dict[tuple[str, str], int] = {}
        # 4.2.2: each contestant's score in each session, read as its percentage.
        score_of: dict[tuple[str, str], str] = {}
        for line, row in enumerate(self.rows[1:], start=2):
            if not any(cell.strip() for cell in row):
                continue
            if len(row) != len(header):
                problems.add(f"line {line}", f"{len(row)} columns; the header names {len(header)}")
                continue
            cells = {name: value.strip() for name, value in zip(header, row, strict=True)}
            here = f"line {line}, column "
            session = cells["session"].lower()
            if session != "final" and not (session.isdigit() and 0 < int(session) <= 99):
                problems.add(here + "session", f"{cells['session']!r} is not 1, 2, ... or final")
                continue
            contestant = cells["contestant"][:LABEL_LENGTH]
            if not contestant:
                problems.add(here + "contestant", "no contestant")
                continue
            if cells.get("boards"):
                count = cells["boards"]
                if not (count.isdigit() and 0 < int(count) <= 1000):
                    problems.add(here + "boards", f"{count!r} is not a number of boards")
                    continue
                if not cells.get("opponent"):
                    boards[session] = int(count)
            if cells.get("opponent"):
                if cells["players"] and not self._players(cells, line, contestant, session):
                    continue
                self._match(cells, line, matches.setdefault(session, []))
                continue
            direction = cells.get("direction", "").upper()
            if direction not in ("", "NS", "EW"):
                problems.add(here + "direction", f"{direction!r} is not NS, EW or blank")
                continue
            section = cells.get("section", "")
            # One label a contestant: its section, number and direction (A1NS).
            contestant = f"{section}{contestant}"
            if direction and not contestant.upper().endswith(direction):
                contestant += direction
            contestant = contestant[:LABEL_LENGTH]
            players_read = self._players(cells, line, contestant, session)
            place = place_of(cells.get("place", ""), where=here + "place", problems=problems)
            score = decimal_of(cells.get("score", ""), where=here + "score", problems=problems)
            if place is None:
                continue
            # A refused row still holds its place, so the places after it read true.
            placed = Placed(
                label=contestant,
                place=place,
                where=f"line {line}",
                score=score,
                counted=players_read,
            )
            if not players_read:
                if session == "final":
                    final.append(placed)
                else:
                    fields.setdefault(session, {}).setdefault(section, {}).setdefault(
                        direction, []
                    ).append(placed)
                    counts[session, section] = counts.get((session, section), 0) + 1
                continue
            if session == "final":
                final.append(placed)
                continue
            if (session, contestant) in labels_seen:
                problems.add(
                    here + "contestant",
                    f"{contestant} is already placed in session {session} "
                    f"(line {labels_seen[session, contestant]})",
                )
                continue
            labels_seen[session, contestant] = line
            if score is not None:
                score_of[session, contestant] = str(score)
            fields.setdefault(session, {}).setdefault(section, {}).setdefault(direction, []).append(
                placed
            )
            counts[session, section] = counts.get((session, section), 0) + 1
        sessions = []
        scores: list[list[dict[str, str]]] = []
        for session in sorted({*fields, *matches} - {"final"}, key=int):
            if session in fields and session in matches:
                problems.add(f"session {session}", "a session has either placings or matches")
                continue
            one: dict = {}
            if session in matches:
                one["matches"] = matches[session]
            else:
                one["fields"] = self._fields(session, fields[session], counts)
            if session in boards:
                one["boards"] = boards[session]
            sessions.append(one)
            scores.append(
                [
                    {
                        label: score_of[session, label]
                        for group in field["ranking"]
                        for label in group
                        if (session, label) in score_of
                    }
                    for field in one.get("fields", [])
                ]
            )
        if not sessions:
            problems.add("file", "no session's results")
        outright = None
        if len(sessions) > 1:
            if not final:
                problems.add(
                    "file",
                    "no final placings (session final): an event of two or "
                    "more sessions needs them (4.3)",
                )
            else:
                outright = {
                    "sessions": len(sessions),
                    "ranking": ranking_of(final, where="session final", problems=problems),
                }
        problems.raise_any()
        order = [s for s in sorted({*fields, *matches} - {"final"}, key=int)]
        return ReadResults(
            format="CSV",
            kind=self.kind,
            sessions=sessions,
            outright=outright,
            players=self.players,
            team_sizes=(
                {
                    label: members
                    for label, numbers in self.players.items()
                    if (members := len([n for n in numbers if n not in self.substitutes])) > 4
                }
                if self.kind == "teams"
                else {}
            ),
            where=self.where,
            player_boards=self._boards_by_session(order),
            substitutes=self.substitutes,
            names=self.names,
            scores=scores,
        )

    def _boards_by_session(self, order: list[str]) -> dict[str, dict[str, list[int | None]]]:
        """Each player's boards in each session, in the order of the sessions: as given; 0
        where the contestant's boards are given for the session but not the player's, or
        where a substitute is not named; None (all the contestant's) otherwise."""
        result: dict[str, dict[str, list[int | None]]] = {}
        for contestant, given in self.player_boards.items():
            sessions_given = {session for boards in given.values() for session in boards}
            result[contestant] = {
                number: [
                    given.get(number, {}).get(session)
                    if session in sessions_given
                    else (0 if number in self.substitutes else None)
                    for session in order
                ]
                for number in self.players[contestant]
            }
            for boards in result[contestant].values():
                for index, session in enumerate(order):
                    if session in sessions_given and boards[index] is None:
                        boards[index] = 0
        return result

    def _players(self, cells: dict[str, str], line: int, contestant: str, session: str) -> bool:
        where = f"line {line}, column players"
        raw = cells["players"].replace(";", " ").split()
        low, high = PLAYERS[self.kind]
        if not low <= len(raw) <= high:
            self.problems.add(
                where,
                f"{len(raw)} {number_name()}s; a {self.kind.rstrip('s')} contestant has "
                f"{low if low == high else f'{low} to {high}'}",
            )
            return False
        numbers = [abf_number_of(n, where=where, problems=self.problems) for n in raw]
        if None in numbers:
            return False
        if len(set(numbers)) != len(numbers):
            self.problems.add(where, f"the same {number_name()} twice")
            return False
        for written, number in zip(raw, numbers, strict=True):
            self.names.setdefault(number, written)
            held, held_line = self.held_by.setdefault((session, number), (contestant, line))
            if held != contestant:
                self.problems.add(
                    where,
                    f"{written} is already in {held} (line {held_line}): a player is in one "
                    f"contestant of a session",
                )
                return False
        known = self.players.get(contestant)
        if self.per_player:
            if not self._player_boards(cells, line, contestant, session, numbers):
                return False
            # 4.4.5: a substitute may come in; the contestant's players are all those named.
            self.players[contestant] = (known or []) + [
                n for n in numbers if n not in (known or [])
            ]
        elif known is not None and set(known) != set(numbers):
            self.problems.add(
                where, f"{contestant} had other players on an earlier line: {' '.join(known)}"
            )
            return False
        else:
            self.players[contestant] = numbers
        for number in numbers:
            self.where.setdefault(number, where)
        return True

    def _player_boards(
        self, cells: dict[str, str], line: int, contestant: str, session: str, numbers: list
    ) -> bool:
        """The row's `player_boards` (one count a player, in the order of `players`) and its
        `substitutes` (some of the row's players)."""
        here = f"line {line}, column "
        raw = cells.get("substitutes", "").replace(";", " ").split()
        for text in raw:
            number = abf_number_of(text, where=here + "substitutes", problems=self.problems)
            if number is None:
                return False
            if number not in numbers:
                self.problems.add(here + "substitutes", f"{number} is not one of the row's players")
                return False
            self.substitutes.add(number)
        counts = cells.get("player_boards", "").replace(";", " ").split()
        if not counts:
            return True
        if session == "final":
            self.problems.add(here + "player_boards", "boards are given on a session's rows")
            return False
        if len(counts) != len(numbers):
            self.problems.add(
                here + "player_boards",
                f"{len(counts)} counts for {len(numbers)} players: one a player, in order",
            )
            return False
        given = self.player_boards.setdefault(contestant, {})
        for number, count in zip(numbers, counts, strict=True):
            if not (count.isascii() and count.isdigit() and int(count) <= 1000):
                self.problems.add(here + "player_boards", f"{count!r} is not a number of boards")
                return False
            earlier = given.setdefault(number, {}).get(session)
            if earlier is not None and earlier != int(count):
                self.problems.add(
                    here + "player_boards",
                    f"{number} played {earlier} boards of session {session} on an earlier line",
                )
                return False
            given[number][session] = int(count)
        return True

    def _fields(
        self, session: str, sections: dict[str, dict[str, list[Placed]]], counts: dict
    ) -> list[dict]:
        result = []
        for section, directions in sorted(sections.items()):
            two_winners = set(directions) == {"NS", "EW"}
            if not two_winners and len(directions) > 1:
                self.problems.add(
                    f"session {session} section {section or '(blank)'}",
                    "give every row a direction (NS or EW, a Mitchell) or none (one winner)",
                )
                continue
            tables = tables_of(counts[session, section], self.kind)
            movement = (
                "mitchell"
                if two_winners
                else ("individual" if self.kind == "individual" else "howell")
            )
            for direction, placed in sorted(directions.items()):
                result.append(
                    {
                        "movement": movement,
                        "tables": str(tables),
                        "ranking": ranking_of(
                            placed,
                            where=f"session {session} section {section or '(blank)'} "
                            f"{direction}".strip(),
                            problems=self.problems,
                        ),
                        "name": " ".join(p for p in (section, direction) if p)[:40],
                    }
                )
        return result

    def _match(self, cells: dict[str, str], line: int, matches: list[dict]) -> None:
        here = f"line {line}, column "
        if not cells.get("boards"):
            self.problems.add(here + "boards", "a match needs its number of boards")
            return
        one: dict = {
            "boards": int(cells["boards"]),
            "home": cells["contestant"][:LABEL_LENGTH],
            "away": cells["opponent"][:LABEL_LENGTH],
        }
        for ours, theirs, home, away in (
            ("imps", "opponent_imps", "home_imps", "away_imps"),
            ("vps", "opponent_vps", "home_vps", "away_vps"),
        ):
            mine = decimal_of(cells.get(ours, ""), where=here + ours, problems=self.problems)
            other = decimal_of(cells.get(theirs, ""), where=here + theirs, problems=self.problems)
            if mine is not None and other is not None:
                one.update({home: str(mine), away: str(other)})
                matches.append(one)
                return
        self.problems.add(
            here + "imps", "a match needs imps and opponent_imps, or vps and opponent_vps"
        )
