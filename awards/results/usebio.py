"""USEBIO XML results (versions 1.1 and 1.2), as scoring programs write them.

The XML is parsed within bounds, with defusedxml, by `usebio_parse`; the sessions' fields
and matches are read by `usebio_sessions`.

What is read (README "Results files"):

- `USEBIO` with its `Version` attribute (1.1 or 1.2), holding one `EVENT` whose `EVENT_TYPE`
  says what was played; `EVENT_DESCRIPTION` (or `TITLE`), `DATE` (DD/MM/YYYY as the programs
  write it, or YYYY-MM-DD), `PROGRAM_NAME` and `PROGRAM_VERSION`, `WINNER_TYPE` (2: a
  Mitchell with a winner each way, 1: one winner).
- The contestants in `PARTICIPANTS`: `PAIR` (pairs), `TEAM` (teams) or `PLAYER` (an
  individual), each with its number (`PAIR_NUMBER`, `TEAM_NUMBER`, `PLAYER_NUMBER`), its
  `PLACE` ("3", or "3=" tied), its `TOTAL_SCORE` or `PERCENTAGE`, `DIRECTION` (NS, EW) in a
  Mitchell, and its players: `PLAYER` with `PLAYER_NAME` and `NATIONAL_ID_NUMBER` (the ABF
  number; a program may drop its leading zero). The program's own award, when written, is
  `MASTER_POINTS_AWARDED` in hundredths directly under the contestant (Compscore) or inside
  `MASTER_POINTS`; it is shown, never credited.
- One session of one section: `EVENT/PARTICIPANTS`. One session of several sections:
  `EVENT/SECTION` (its `SECTION_ID` an attribute or an element), each holding its
  `PARTICIPANTS`. Several sessions: `EVENT/SESSION` (each with
  `SESSION_NUMBER` and optional `BOARDS_PLAYED`), each with `SECTION` (`SECTION_ID`, e.g.
  A) holding its `PARTICIPANTS`; the event's own `PARTICIPANTS` then give the final
  placings. Matches (teams, Swiss): `SESSION/MATCH` with `BOARDS_PLAYED` and `HOME` and
  `AWAY`, each naming a contestant of the event's `PARTICIPANTS` by number with its `IMPS`
  or `VICTORY_POINTS`.

The session's boards (4.4.7) are its `BOARDS_PLAYED`, else the distinct `BOARD_NUMBER`s of
the travellers written for it, else the event's `BOARDS_PLAYED` (Compscore states the boards
once, for the event), else a full session.

Compscore writes the director sitting in as a player named DIRECTOR numbered 0 or 1: that
placeholder is skipped (listed in `skipped`) and the real partner credited. A player in two
contestants of one session is refused, naming both. `MASTER_POINT_TYPE` (GREEN, RED, GOLD)
is read so that an upload can warn when it is not the colour of the grade chosen; each
pair's `PERCENTAGE` is kept for the session awards by score (4.2.2).
"""

from __future__ import annotations

from datetime import date, datetime
from xml.etree.ElementTree import Element

from awards.results.common import (
    LABEL_LENGTH,
    Problems,
    ReadResults,
    abf_number_of,
    decimal_of,
    is_director_placeholder,
    player_named,
    ranking_of,
)
from awards.results.usebio_parse import (
    ELEMENT,
    EVENT_TYPES,
    MAX_BYTES,
    NUMBER,
    PAIRS_TYPES,
    PLAYERS,
    TEAMS_TYPES,
    VERSIONS,
    WORD,
    attr_or_child,
    parse,
    text_of,
)
from awards.results.usebio_sessions import SessionReading


def read(content: bytes, *, max_bytes: int = MAX_BYTES) -> ReadResults:
    """The event's results from a USEBIO file; ResultsFileError naming every bad element."""
    root = parse(content, max_bytes=max_bytes)
    return _Reader(root).read()


class _Reader(SessionReading):
    def __init__(self, root: Element) -> None:
        self.root = root
        self.problems = Problems()
        self.players: dict[str, list[str]] = {}
        self.by_players: dict[frozenset[str], str] = {}
        self.file_awards: dict[str, int] = {}
        self.where: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.skipped: list[str] = []
        self.uncredited: set[str] = set()
        self.scores: list[list[dict[str, str]]] = []
        # (session, ABF number) -> the contestant's element that holds the player there, and
        # the player as it names them.
        self.held_by: dict[tuple[int, str], tuple[str, str]] = {}
        self.kind = ""

    def read(self) -> ReadResults:
        root, problems = self.root, self.problems
        if root.tag != "USEBIO":
            problems.add(root.tag, "not a USEBIO file: its root element is not USEBIO")
            problems.raise_any()
        version = (root.get("Version") or root.get("VERSION") or "").strip()
        if version not in VERSIONS:
            problems.add(
                "USEBIO",
                f"version {version or '(none)'} is not one this portal reads "
                f"({' or '.join(VERSIONS)})",
            )
            problems.raise_any()
        events = root.findall("EVENT")
        if len(events) != 1:
            problems.add("USEBIO", f"{len(events)} EVENT elements; a results file has one")
            problems.raise_any()
        event = events[0]
        event_type = (event.get("EVENT_TYPE") or text_of(event, "EVENT_TYPE")).strip().upper()
        if event_type not in EVENT_TYPES:
            problems.add(
                "EVENT",
                f"EVENT_TYPE {event_type or '(none)'} is not one this portal reads "
                f"({', '.join(sorted(EVENT_TYPES))})",
            )
            problems.raise_any()
        self.kind = (
            "pairs"
            if event_type in PAIRS_TYPES
            else "teams"
            if event_type in TEAMS_TYPES
            else "individual"
        )
        winner_type = text_of(event, "WINNER_TYPE") or "1"
        if winner_type not in ("1", "2"):
            problems.add("EVENT/WINNER_TYPE", f"{winner_type!r} is not 1 or 2")
        self.two_winners = winner_type == "2" and self.kind == "pairs"
        when = self._date(text_of(event, "DATE"))
        sessions, outright = self._sessions(event)
        problems.raise_any()
        team_sizes = (
            {label: len(n) for label, n in self.players.items() if len(n) > 4}
            if self.kind == "teams"
            else {}
        )
        return ReadResults(
            format=f"USEBIO {version}",
            kind=self.kind,
            sessions=sessions,
            outright=outright,
            players=self.players,
            name=text_of(event, "EVENT_DESCRIPTION") or text_of(event, "TITLE"),
            date=when,
            program=" ".join(
                part
                for part in (text_of(event, "PROGRAM_NAME"), text_of(event, "PROGRAM_VERSION"))
                if part
            ),
            team_sizes=team_sizes,
            file_awards=self.file_awards,
            where=self.where,
            names=self.names,
            skipped=self.skipped,
            uncredited=self.uncredited,
            point_type=self._point_type(event),
            scores=self.scores,
        )

    def _point_type(self, event: Element) -> str:
        """MASTER_POINT_TYPE as Compscore writes it (GREEN, RED, GOLD); other values are not
        a kind of point this scheme knows, and are left unread."""
        text = text_of(event, "MASTER_POINT_TYPE").lower()
        return text if text in ("green", "red", "gold") else ""

    def _date(self, text: str) -> date | None:
        if not text:
            return None
        for pattern in ("%d/%m/%Y", "%d-%m-%Y", "%Y-%m-%d"):
            try:
                return datetime.strptime(text, pattern).date()
            except ValueError:
                continue
        self.problems.add("EVENT/DATE", f"{text!r} is not a date (DD/MM/YYYY)")
        return None

    # -- sessions ---------------------------------------------------------------------------

    def _sessions(self, event: Element) -> tuple[list[dict], dict | None]:
        sessions = event.findall("SESSION")
        if not sessions and event.find("SECTION") is not None:
            # One session in several sections, written straight under the event (as NZ
            # Bridge's Scorer and others write it): the event is its one session.
            sessions = [event]
        top = event.find("PARTICIPANTS")
        if not sessions:
            if top is None:
                self.problems.add("EVENT", "no PARTICIPANTS and no SESSION: nothing was played")
                return [], None
            fields = self._section_fields(top, where="EVENT/PARTICIPANTS", section="", session=1)
            return [self._session(fields, self._boards(event))], None
        # Compscore states the boards once for the event (EVENT/BOARDS_PLAYED): a session
        # that does not give its own played that many (4.4.7).
        event_boards = self._boards_played(event) if event not in sessions else None
        numbers: dict[str, str] = {}
        if top is not None:
            # The event's contestants (their numbers) for its matches and final placings.
            numbers = self._event_contestants(top)
        result = []
        for index, session in enumerate(sessions, start=1):
            number = attr_or_child(session, "SESSION_NUMBER") or str(index)
            where = "EVENT" if session is event else f"EVENT/SESSION[{number}]"
            matches = session.findall("MATCH")
            sections = session.findall("SECTION")
            boards = self._boards(session)
            if boards is None:
                boards = event_boards
            if matches:
                result.append(
                    self._session(
                        {"matches": self._matches(matches, where=where, numbers=numbers)}, boards
                    )
                )
                continue
            if not sections:
                self.problems.add(where, "no SECTION and no MATCH: nothing was played")
                continue
            fields: list[tuple[dict, dict[str, str]]] = []
            for position, section in enumerate(sections):
                section_id = attr_or_child(section, "SECTION_ID") or chr(ord("A") + position % 26)
                participants = section.find("PARTICIPANTS")
                section_where = f"{where}/SECTION[{section_id}]"
                if participants is None or not len(participants):
                    self.problems.add(section_where, "no tables: the section has no PARTICIPANTS")
                    continue
                fields += self._section_fields(
                    participants,
                    where=f"{section_where}/PARTICIPANTS",
                    section=section_id if len(sections) > 1 else "",
                    session=index,
                )
            result.append(self._session(fields, boards))
        outright = None
        if len(sessions) > 1:
            if top is None:
                self.problems.add(
                    "EVENT",
                    "no PARTICIPANTS: an event of two or more sessions "
                    "gives its final placings there (4.3)",
                )
            else:
                outright = {
                    "sessions": len(sessions),
                    "ranking": ranking_of(
                        self._placed_event(top), where="EVENT/PARTICIPANTS", problems=self.problems
                    ),
                }
        return result, outright

    def _session(
        self, played: dict | list[tuple[dict, dict[str, str]]], boards: int | None
    ) -> dict:
        """A session of matches, or of fields with each field's scores kept for 4.2.2."""
        if isinstance(played, dict):
            session, scores = played, []
        else:
            session = {"fields": [one for one, _ in played]}
            scores = [given for _, given in played]
        self.scores.append(scores)
        if boards is not None:
            session["boards"] = boards
        return session

    def _boards_played(self, scope: Element) -> int | None:
        text = text_of(scope, "BOARDS_PLAYED")
        if not text:
            return None
        if text.isascii() and text.isdigit() and 0 < int(text) <= 1000:
            return int(text)
        self.problems.add(f"{scope.tag}/BOARDS_PLAYED", f"{text!r} is not a number of boards")
        return None

    def _boards(self, scope: Element) -> int | None:
        """The scope's BOARDS_PLAYED, else the boards of its travellers."""
        if text_of(scope, "BOARDS_PLAYED"):
            return self._boards_played(scope)
        boards = {
            text_of(board, "BOARD_NUMBER")
            for board in scope.iter("BOARD")
            if board.find("TRAVELLER_LINE") is not None
        }
        boards.discard("")
        return len(boards) or None

    # -- contestants ------------------------------------------------------------------------

    def _entries(self, participants: Element, where: str) -> list[tuple[Element, str]]:
        element = ELEMENT[self.kind]
        entries = participants.findall(element)
        others = [child.tag for child in participants if child.tag != element]
        if others and not entries:
            self.problems.add(
                where,
                f"{others[0]} is not a contestant of a {self.kind} event (expected {element})",
            )
        return [
            (entry, f"{where}/{element}[{position}]")
            for position, entry in enumerate(entries, start=1)
        ]

    def _contestant(self, entry: Element, where: str, *, label: str, session: int) -> str | None:
        """The contestant's label, its players noted; the same players keep one label. A
        DIRECTOR placeholder is skipped (its partners are credited); a player already in
        another contestant of the session is refused, naming both."""
        if self.kind == "individual":
            players = [(entry, where)]
        else:
            players = [
                (player, f"{where}/PLAYER[{position}]")
                for position, player in enumerate(entry.findall("PLAYER"), start=1)
            ]
        low, high = PLAYERS[self.kind]
        if not players:
            self.problems.add(where, "no PLAYER")
            return None
        if not low <= len(players) <= high:
            self.problems.add(
                where,
                f"{len(players)} PLAYER elements; a {ELEMENT[self.kind]} has "
                f"{low if low == high else f'{low} to {high}'}",
            )
        numbers: list[str] = []
        placeholders: list[str] = []
        refused = False
        for player, player_where in players:
            name, raw = text_of(player, "PLAYER_NAME"), text_of(player, "NATIONAL_ID_NUMBER")
            if is_director_placeholder(name, raw):
                placeholders.append(f"{player_where}: {player_named(name, raw)}")
                continue
            number = abf_number_of(
                raw, where=f"{player_where}/NATIONAL_ID_NUMBER", problems=self.problems, name=name
            )
            if number is None:
                refused = True
                continue
            who = player_named(name, raw)
            if number in numbers:
                self.problems.add(where, f"{who} is named twice")
                refused = True
                continue
            held, first = self.held_by.setdefault((session, number), (where, who))
            if held != where:
                self.problems.add(
                    where,
                    f"{who} is already in {held}"
                    + (f" as {first}" if first != who else "")
                    + f": a player is in one {ELEMENT[self.kind]} of a session",
                )
                refused = True
            numbers.append(number)
            self.names.setdefault(number, who)
            self.where.setdefault(number, f"{player_where}/NATIONAL_ID_NUMBER")
        if refused:
            return None
        key = frozenset(numbers)
        known = self.by_players.get(key) if numbers else None
        if known is not None:
            return known
        label = label[:LABEL_LENGTH] or f"S{session}"
        if label in self.players:
            label = f"{label}/S{session}"[-LABEL_LENGTH:]
        if numbers:
            self.by_players[key] = label
        else:
            # Every player a placeholder: the contestant holds its place, nobody is credited.
            self.uncredited.add(label)
        self.players[label] = numbers
        for placeholder in placeholders:
            self.skipped.append(
                f"{placeholder} is the director sitting in, not a player: skipped"
                + (
                    f", and the other player(s) of {WORD[self.kind]} {label} credited"
                    if numbers
                    else ""
                )
            )
        awarded = self._file_award(entry, where)
        if awarded is not None:
            self.file_awards[label] = awarded
        return label

    def _file_award(self, entry: Element, where: str) -> int | None:
        text = text_of(entry, "MASTER_POINTS_AWARDED") or text_of(
            entry.find("MASTER_POINTS"), "MASTER_POINTS_AWARDED"
        )
        if not text:
            return None
        value = decimal_of(text, where=f"{where}/MASTER_POINTS_AWARDED", problems=self.problems)
        if value is None:
            return None
        # Compscore writes hundredths ("57"); a decimal point means points ("0.57").
        return int(value * 100) if "." in text else int(value)

    def _number(self, entry: Element) -> str:
        return text_of(entry, NUMBER[self.kind]) or text_of(entry, "PAIR_NUMBER")
