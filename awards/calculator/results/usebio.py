"""USEBIO XML results (versions 1.1 and 1.2), as scoring programs write them.

The file is read with defusedxml: a DTD may be named (the programs name the EBU's) but is
never fetched, and entity declarations (the "billion laughs") and external entities are
refused. Its size is bounded before it is parsed, and the parse itself: only the elements
the reader uses are built (not a traveller's contract, a hand, anything unknown, nor what
they hold), and a file nested deeper than any results file, or holding more elements than
any event's, is refused as soon as it is seen to be one (2 MB of unclosed tags would
otherwise be a tree of 160 MB before the parser found the end missing).

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

import re
from datetime import date, datetime
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import defusedxml
import defusedxml.ElementTree

from awards.calculator.results.common import (
    LABEL_LENGTH,
    Placed,
    Problems,
    ReadResults,
    ResultsFileError,
    abf_number_of,
    decimal_of,
    is_director_placeholder,
    place_of,
    player_named,
    ranking_of,
    tables_of,
)

VERSIONS = ("1.1", "1.2")
MAX_BYTES = 2_000_000
# A results file nests eight deep (USEBIO/EVENT/SESSION/SECTION/PARTICIPANTS/PAIR/PLAYER/
# PLAYER_NAME); the largest congress's is a few thousand elements of those the reader keeps,
# and some tens of thousands with its travellers (2 MB at 40 bytes an element is 50,000).
MAX_DEPTH = 32
MAX_ELEMENTS = 20_000
MAX_ALL_ELEMENTS = 100_000
# The elements the reader reads; every other one is let go when it closes.
READ = frozenset(
    {
        "USEBIO",
        "EVENT",
        "EVENT_TYPE",
        "EVENT_DESCRIPTION",
        "TITLE",
        "DATE",
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
        "WINNER_TYPE",
        "MASTER_POINT_TYPE",
        "BOARDS_PLAYED",
        "SESSION",
        "SESSION_NUMBER",
        "SECTION",
        "SECTION_ID",
        "PARTICIPANTS",
        "PAIR",
        "TEAM",
        "PLAYER",
        "PAIR_NUMBER",
        "TEAM_NUMBER",
        "PLAYER_NUMBER",
        "PLAYER_NAME",
        "NATIONAL_ID_NUMBER",
        "PLACE",
        "PERCENTAGE",
        "TOTAL_SCORE",
        "DIRECTION",
        "MASTER_POINTS",
        "MASTER_POINTS_AWARDED",
        "MATCH",
        "HOME",
        "AWAY",
        "IMPS",
        "VICTORY_POINTS",
        "BOARD",
        "BOARD_NUMBER",
        "TRAVELLER_LINE",
    }
)

# EVENT_TYPE values read, by what competes; matches may be played in any of them.
PAIRS_TYPES = frozenset(
    {
        "PAIRS",
        "MP_PAIRS",
        "BUTLER_PAIRS",
        "CROSS_IMP",
        "IMP_PAIRS",
        "SWISS_PAIRS",
        "AGGREGATE_PAIRS",
    }
)
TEAMS_TYPES = frozenset(
    {"TEAMS", "MP_TEAMS", "IMP_TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR", "KO_TEAMS", "BAM_TEAMS"}
)
INDIVIDUAL_TYPES = frozenset({"INDIVIDUAL", "MP_INDIVIDUAL"})
EVENT_TYPES = PAIRS_TYPES | TEAMS_TYPES | INDIVIDUAL_TYPES

ELEMENT = {"pairs": "PAIR", "teams": "TEAM", "individual": "PLAYER"}
NUMBER = {"pairs": "PAIR_NUMBER", "teams": "TEAM_NUMBER", "individual": "PLAYER_NUMBER"}
PLAYERS = {"pairs": (2, 2), "teams": (4, 6), "individual": (1, 1)}
WORD = {"pairs": "pair", "teams": "team", "individual": "player"}


def read(content: bytes, *, max_bytes: int = MAX_BYTES) -> ReadResults:
    """The event's results from a USEBIO file; ResultsFileError naming every bad element."""
    root = _parse(content, max_bytes=max_bytes)
    return _Reader(root).read()


def _parse(content: bytes, *, max_bytes: int) -> Element:
    if len(content) > max_bytes:
        raise ResultsFileError(
            [f"file: a results file has at most {max_bytes:,} bytes; this one has {len(content):,}"]
        )
    try:
        return _fromstring(content)
    except ParseError as error:
        # Older programs write Windows text without saying so: read it as such once.
        if _declared_encoding(content) is None and _not_utf8(content):
            try:
                return _fromstring(content.decode("cp1252", errors="replace").encode("utf-8"))
            except (ParseError, defusedxml.DefusedXmlException):
                pass
            except _Unbounded as unbounded:
                raise ResultsFileError([str(unbounded)]) from None
        line, column = getattr(error, "position", (0, 0))
        reason = str(error).split(":")[0]
        raise ResultsFileError(
            [f"file: not XML: line {line}, column {column + 1}: {reason}"]
        ) from None
    except defusedxml.EntitiesForbidden:
        raise ResultsFileError(
            ["file: the XML declares entities, which a results file never needs; refused"]
        ) from None
    except defusedxml.ExternalReferenceForbidden:
        raise ResultsFileError(
            ["file: the XML refers to an external entity, which is never fetched; refused"]
        ) from None
    except defusedxml.DefusedXmlException:
        raise ResultsFileError(["file: the XML uses a construct this portal refuses"]) from None
    except _Unbounded as error:
        raise ResultsFileError([str(error)]) from None
    except (ValueError, LookupError, RecursionError):
        raise ResultsFileError(["file: not XML that this portal can read"]) from None


class _Unbounded(ValueError):
    """The file is deeper or larger than any results file."""


class _Builder:
    """The parser's target: a tree of the elements the reader uses, built as the file is
    read, within bounds. An element the reader does not use is not built, nor anything in
    it (a CLUB's details, a traveller's contract and score)."""

    def __init__(self) -> None:
        self.tree = TreeBuilder()
        self.depth = 0
        # The depth of the element not used that is being passed over, while inside it.
        self.passing = 0
        self.seen = 0
        self.kept = 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        self.seen += 1
        if self.depth > MAX_DEPTH:
            raise _Unbounded(
                f"file: elements nested more than {MAX_DEPTH} deep, which no results file is; "
                "refused"
            )
        if self.seen > MAX_ALL_ELEMENTS:
            raise _Unbounded(
                f"file: more than {MAX_ALL_ELEMENTS:,} elements, more than any results file's; "
                "refused"
            )
        if self.passing:
            return
        if tag not in READ and self.depth > 1:
            self.passing = self.depth
            return
        self.kept += 1
        if self.kept > MAX_ELEMENTS:
            raise _Unbounded(
                f"file: more than {MAX_ELEMENTS:,} elements of results, more than any event's; "
                "refused"
            )
        self.tree.start(tag, attrs)

    def end(self, tag: str) -> None:
        if self.passing:
            if self.depth == self.passing:
                self.passing = 0
        else:
            self.tree.end(tag)
        self.depth -= 1

    def data(self, text: str) -> None:
        if not self.passing:
            self.tree.data(text)

    def close(self) -> Element:
        return self.tree.close()


def _fromstring(content: bytes) -> Element:
    """The tree of the elements the reader uses, built within bounds."""
    # A DOCTYPE naming the USEBIO DTD is allowed (never fetched); entities are not.
    parser = defusedxml.ElementTree.DefusedXMLParser(
        target=_Builder(), forbid_dtd=False, forbid_entities=True, forbid_external=True
    )
    parser.feed(content)
    return parser.close()


def _declared_encoding(content: bytes) -> str | None:
    match = re.match(rb"\s*<\?xml[^>]*encoding=[\"']([A-Za-z0-9._-]+)", content[:200])
    return match.group(1).decode() if match else None


def _not_utf8(content: bytes) -> bool:
    try:
        content.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def _text(element: Element | None, name: str) -> str:
    if element is None:
        return ""
    child = element.find(name)
    return (child.text or "").strip() if child is not None else ""


def _attr_or_child(element: Element, name: str) -> str:
    return (element.get(name) or _text(element, name)).strip()


class _Reader:
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
        event_type = (event.get("EVENT_TYPE") or _text(event, "EVENT_TYPE")).strip().upper()
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
        winner_type = _text(event, "WINNER_TYPE") or "1"
        if winner_type not in ("1", "2"):
            problems.add("EVENT/WINNER_TYPE", f"{winner_type!r} is not 1 or 2")
        self.two_winners = winner_type == "2" and self.kind == "pairs"
        when = self._date(_text(event, "DATE"))
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
            name=_text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE"),
            date=when,
            program=" ".join(
                part
                for part in (_text(event, "PROGRAM_NAME"), _text(event, "PROGRAM_VERSION"))
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
        text = _text(event, "MASTER_POINT_TYPE").lower()
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
            number = _attr_or_child(session, "SESSION_NUMBER") or str(index)
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
                section_id = _attr_or_child(section, "SECTION_ID") or chr(ord("A") + position % 26)
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
        text = _text(scope, "BOARDS_PLAYED")
        if not text:
            return None
        if text.isascii() and text.isdigit() and 0 < int(text) <= 1000:
            return int(text)
        self.problems.add(f"{scope.tag}/BOARDS_PLAYED", f"{text!r} is not a number of boards")
        return None

    def _boards(self, scope: Element) -> int | None:
        """The scope's BOARDS_PLAYED, else the boards of its travellers."""
        if _text(scope, "BOARDS_PLAYED"):
            return self._boards_played(scope)
        boards = {
            _text(board, "BOARD_NUMBER")
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
            name, raw = _text(player, "PLAYER_NAME"), _text(player, "NATIONAL_ID_NUMBER")
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
        text = _text(entry, "MASTER_POINTS_AWARDED") or _text(
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
        return _text(entry, NUMBER[self.kind]) or _text(entry, "PAIR_NUMBER")

    def _placed(
        self, entry: Element, where: str, label: str, *, counted: bool = True
    ) -> Placed | None:
        place = place_of(_text(entry, "PLACE"), where=f"{where}/PLACE", problems=self.problems)
        score_element = "PERCENTAGE" if _text(entry, "PERCENTAGE") else "TOTAL_SCORE"
        number = self._number(entry)
        score = decimal_of(
            _text(entry, score_element),
            where=f"{where}/{score_element}",
            problems=self.problems,
            whose=f"{ELEMENT[self.kind]} {number}" if number else "",
        )
        if place is None:
            return None
        return Placed(label=label, place=place, where=where, score=score, counted=counted)

    def _section_fields(
        self, participants: Element, *, where: str, section: str, session: int
    ) -> list[tuple[dict, dict[str, str]]]:
        """One field (Howell, teams, individual), or two for a Mitchell (4.2.1), each with
        its contestants' percentages (4.2.2)."""
        entries = self._entries(participants, where)
        if not entries:
            self.problems.add(where, f"no {ELEMENT[self.kind]}: no tables were played")
            return []
        by_field: dict[str, list[Placed]] = {}
        scores: dict[str, dict[str, str]] = {}
        seen: set[str] = set()
        # A contestant of no known field leaves a gap no order check could account for.
        whole = True
        for entry, entry_where in entries:
            number = self._number(entry)
            direction = _text(entry, "DIRECTION").upper() if self.two_winners else ""
            if self.two_winners and direction not in ("NS", "EW"):
                self.problems.add(
                    f"{entry_where}/DIRECTION",
                    f"{direction or '(none)'}: a Mitchell (WINNER_TYPE 2) needs NS or EW",
                )
                whole = False
                continue
            label = f"{section}{number}"
            if direction and not number.upper().endswith(direction):
                label += direction
            contestant = self._contestant(entry, entry_where, label=label, session=session)
            if contestant is not None and contestant in seen:
                self.problems.add(entry_where, f"the same players as {contestant} in this section")
                contestant = None
            if contestant is not None:
                seen.add(contestant)
            # A refused contestant still holds its place, so the places after it read true.
            placed = self._placed(
                entry, entry_where, contestant or entry_where, counted=contestant is not None
            )
            if placed is not None:
                by_field.setdefault(direction, []).append(placed)
                if placed.counted and placed.score is not None and _text(entry, "PERCENTAGE"):
                    scores.setdefault(direction, {})[placed.label] = str(placed.score)
        tables = tables_of(len(entries), self.kind)
        movement = {"pairs": "howell", "teams": "howell", "individual": "individual"}[self.kind]
        fields = []
        for direction, placed in sorted(by_field.items()):
            fields.append(
                (
                    {
                        "movement": "mitchell" if self.two_winners else movement,
                        "tables": str(tables),
                        "ranking": ranking_of(
                            placed, where=where, problems=self.problems, check_order=whole
                        ),
                        "name": " ".join(p for p in (section, direction) if p)[:40],
                    },
                    scores.get(direction, {}),
                )
            )
        return fields

    def _event_contestants(self, participants: Element) -> dict[str, str]:
        numbers: dict[str, str] = {}
        for entry, where in self._entries(participants, "EVENT/PARTICIPANTS"):
            number = self._number(entry)
            if not number:
                self.problems.add(where, f"no {NUMBER[self.kind]}")
                continue
            prefix = {"pairs": "", "teams": "T", "individual": "P"}[self.kind]
            label = self._contestant(entry, where, label=f"{prefix}{number}", session=0)
            if label is not None:
                numbers[number] = label
        return numbers

    def _placed_event(self, participants: Element) -> list[Placed]:
        placed = []
        for entry, where in self._entries(participants, "EVENT/PARTICIPANTS"):
            label = self._contestant(entry, where, label=self._number(entry), session=0)
            one = self._placed(entry, where, label or where, counted=label is not None)
            if one is not None:
                placed.append(one)
        return placed

    # -- matches ----------------------------------------------------------------------------

    def _matches(
        self, matches: list[Element], *, where: str, numbers: dict[str, str]
    ) -> list[dict]:
        result = []
        for position, match in enumerate(matches, start=1):
            match_where = f"{where}/MATCH[{position}]"
            boards = _text(match, "BOARDS_PLAYED")
            if not (boards.isascii() and boards.isdigit() and 0 < int(boards) <= 1000):
                self.problems.add(
                    f"{match_where}/BOARDS_PLAYED",
                    f"{boards or '(none)'} is not a number of boards",
                )
                continue
            sides = {}
            for side in ("HOME", "AWAY"):
                element = match.find(side)
                side_where = f"{match_where}/{side}"
                if element is None:
                    self.problems.add(match_where, f"no {side}")
                    continue
                number = self._number(element)
                label = numbers.get(number)
                if label is None:
                    self.problems.add(
                        side_where,
                        f"{NUMBER[self.kind]} {number or '(none)'} is not a contestant of "
                        f"EVENT/PARTICIPANTS",
                    )
                    continue
                sides[side] = (
                    label,
                    decimal_of(
                        _text(element, "IMPS"), where=f"{side_where}/IMPS", problems=self.problems
                    ),
                    decimal_of(
                        _text(element, "VICTORY_POINTS"),
                        where=f"{side_where}/VICTORY_POINTS",
                        problems=self.problems,
                    ),
                )
            if len(sides) != 2:
                continue
            (home, home_imps, home_vps), (away, away_imps, away_vps) = sides["HOME"], sides["AWAY"]
            one: dict = {"boards": int(boards), "home": home, "away": away}
            if home_imps is not None and away_imps is not None:
                one.update(home_imps=str(home_imps), away_imps=str(away_imps))
            elif home_vps is not None and away_vps is not None:
                one.update(home_vps=str(home_vps), away_vps=str(away_vps))
            else:
                self.problems.add(match_where, "no IMPS or VICTORY_POINTS for both sides")
                continue
            result.append(one)
        if not result and not self.problems.found:
            self.problems.add(where, "no MATCH could be read")
        return result
