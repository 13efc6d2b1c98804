"""Input checks shared by every clause: each names the offending field in a `RulesError`."""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from scheme.core.errors import RulesError

# The checks every scheme shares live in scheme.core.inputs; the ABF's clauses read them here.
from scheme.core.inputs import (
    count as count,
    enum_value as enum_value,
    number as number,
    ranking_labels as ranking_labels,
    tables as tables,
)

# --- The largest event the rules take -------------------------------------------------------
#
# The largest real events are the national congresses: the Gold Coast Congress seats some
# 250-300 tables in a session and runs an event over 10-15 sessions, in sections of 10-20
# tables. Each limit below leaves two to three times that room; an event beyond one is refused,
# naming the field, before any award is worked out, so that no request can hold the machine.
MAX_TABLES = 1000  # tables (or teams) of one field, of the outright, of a final or the entry
MAX_CONTESTANTS = 2000  # contestants of one ranking or field size: two a table
MAX_SESSIONS = 30  # sessions of one event (S of 4.3.1 included)
MAX_FIELDS = 100  # fields of one session: a Mitchell section is two
MAX_MATCHES = 1000  # matches of one session
MAX_BOARDS = 1000  # boards of a session, of a match or of the whole event
MAX_CONSOLATIONS = 20  # consolations beside a final (4.2.5, 4.3.3)
MAX_AMPLIFICATION = 10  # 7.5.2: the table amplification factors are 3 and 1.5
# Over the whole event: every session's fields' tables, and every placing of every ranking
# and match. 15 sessions of 300 tables in Mitchell sections are 9,000 field tables and 9,000
# placings; an event at these limits is worked out in under a second.
MAX_EVENT_TABLES = 20_000
MAX_EVENT_PLACINGS = 20_000


def _size(value: object) -> Decimal | Fraction | None:
    """A size as given, compared without building it exactly (1e999999 stays cheap); None for
    anything that is not a finite number, which the clause reading it names."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | Fraction):
        return value  # type: ignore[return-value]
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    return amount if amount.is_finite() else None


def _at_most(value: object, limit: int, path: str, what: str) -> None:
    """Refuse `value` above `limit`."""
    amount = _size(value)
    if amount is not None and amount > limit:
        raise RulesError(path, f"at most {limit:,} {what} (the largest event the portal takes)")


def _at_most_many(items: object, limit: int, path: str, what: str) -> int:
    try:
        size = len(items)  # type: ignore[arg-type]
    except TypeError:
        return 0
    if size > limit:
        raise RulesError(path, f"at most {limit:,} {what} (the largest event the portal takes)")
    return size


def _placings(ranking: object, path: str) -> int:
    """The contestants a ranking lists, refused past MAX_CONTESTANTS."""
    total = 0
    for place in ranking or ():  # type: ignore[attr-defined]
        try:
            total += len(place)
        except TypeError:
            total += 1
    if total > MAX_CONTESTANTS:
        raise RulesError(
            path,
            f"at most {MAX_CONTESTANTS:,} contestants (the largest event the portal takes)",
        )
    return total


def event_within_limits(event: object) -> None:
    """Refuse an event larger than any real one (the limits above), naming the field.

    Only sizes are checked here, and cheaply; every value is checked again, with its
    clause, when the awards are worked out."""
    sessions = getattr(event, "sessions", ()) or ()
    _at_most_many(sessions, MAX_SESSIONS, "sessions", "sessions")
    tables = 0
    placings = 0
    for index, session in enumerate(sessions):
        path = f"sessions[{index}]"
        _at_most(getattr(session, "boards", None), MAX_BOARDS, f"{path}.boards", "boards")
        fields = getattr(session, "fields", ()) or ()
        matches = getattr(session, "matches", ()) or ()
        _at_most_many(fields, MAX_FIELDS, f"{path}.fields", "fields in a session")
        _at_most_many(matches, MAX_MATCHES, f"{path}.matches", "matches in a session")
        for number_, item in enumerate(fields):
            where = f"{path}.fields[{number_}]"
            _at_most(item.tables, MAX_TABLES, f"{where}.tables", "tables")
            _at_most(item.size, MAX_CONTESTANTS, f"{where}.size", "contestants")
            _at_most(item.consolation, MAX_CONSOLATIONS, f"{where}.consolation", "consolations")
            placings += _placings(item.ranking, f"{where}.ranking")
            counted = _size(item.tables)
            tables += math.ceil(counted) if counted is not None and counted > 0 else 0
        for number_, match in enumerate(matches):
            where = f"{path}.matches[{number_}]"
            _at_most(match.boards, MAX_BOARDS, f"{where}.boards", "boards")
            _at_most(match.consolation, MAX_CONSOLATIONS, f"{where}.consolation", "consolations")
            placings += 2
        if tables > MAX_EVENT_TABLES:
            raise RulesError(
                f"{path}.fields",
                f"at most {MAX_EVENT_TABLES:,} tables over all the sessions' fields "
                f"(the largest event the portal takes)",
            )
        if placings > MAX_EVENT_PLACINGS:
            raise RulesError(
                path,
                f"at most {MAX_EVENT_PLACINGS:,} placings over all the sessions "
                f"(the largest event the portal takes)",
            )
    _at_most(getattr(event, "entry_tables", None), MAX_TABLES, "entry_tables", "tables")
    _at_most(getattr(event, "consolations", None), MAX_CONSOLATIONS, "consolations", "consolations")
    outright = getattr(event, "outright", None)
    if outright is not None:
        _outright_within_limits(outright)


def _outright_within_limits(outright: object) -> None:
    path = "outright"
    _placings(getattr(outright, "ranking", ()), f"{path}.ranking")
    for name, limit, what in (
        ("tables", MAX_TABLES, "tables"),
        ("sessions", MAX_SESSIONS, "sessions"),
        ("boards", MAX_BOARDS * MAX_SESSIONS, "boards"),
        ("size", MAX_CONTESTANTS, "contestants"),
        ("amplification", MAX_AMPLIFICATION, "times the tables"),
        ("final_size", MAX_CONTESTANTS, "contestants"),
        ("final_tables", MAX_TABLES, "tables"),
    ):
        _at_most(getattr(outright, name, None), limit, f"{path}.{name}", what)
    walk_in = getattr(outright, "walk_in", None)
    if walk_in is not None:
        _at_most(walk_in.average_tables, MAX_TABLES, f"{path}.walk_in.average_tables", "tables")
    for name, limit, what in (
        ("sessions_played", MAX_SESSIONS, "sessions"),
        ("boards_played", MAX_BOARDS * MAX_SESSIONS, "boards"),
    ):
        played = getattr(outright, name, None) or {}
        _at_most_many(played, MAX_CONTESTANTS, f"{path}.{name}", "contestants")
        for label, value in played.items():
            _at_most(value, limit, f"{path}.{name}[{label}]", what)
    consolations = getattr(outright, "consolations", ()) or ()
    _at_most_many(consolations, MAX_CONSOLATIONS, f"{path}.consolations", "consolations")
    for index, consolation in enumerate(consolations):
        where = f"{path}.consolations[{index}]"
        _at_most(consolation.number, MAX_CONSOLATIONS, f"{where}.number", "consolations")
        _at_most(consolation.tables, MAX_TABLES, f"{where}.tables", "tables")
        for ranking_index, ranking in enumerate(consolation.rankings):
            _placings(ranking, f"{where}.rankings[{ranking_index}]")
