"""Reading a USEBIO file's XML within bounds (`usebio` reads the results from it).

The file is read with defusedxml: a DTD may be named (the programs name the EBU's) but is
never fetched, and entity declarations (the "billion laughs") and external entities are
refused. Its size is bounded before it is parsed, and the parse itself: only the elements
the reader uses are built (not a traveller's contract, a hand, anything unknown, nor what
they hold), and a file nested deeper than any results file, or holding more elements than
any event's, is refused as soon as it is seen to be one (2 MB of unclosed tags would
otherwise be a tree of 160 MB before the parser found the end missing).
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import defusedxml
import defusedxml.ElementTree

from awards.results.common import (
    ResultsFileError,
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


def parse(content: bytes, *, max_bytes: int) -> Element:
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


def text_of(element: Element | None, name: str) -> str:
    if element is None:
        return ""
    child = element.find(name)
    return (child.text or "").strip() if child is not None else ""


def attr_or_child(element: Element, name: str) -> str:
    return (element.get(name) or text_of(element, name)).strip()
