"""The largest NZ event the rules take, and the input checks the NZ rules add to the shared
ones (`scheme.core.inputs`: numbers, counts, rankings).

NZ's largest events (the National Congress) seat a few hundred tables over some 16 sessions
(Metropolitan events "may consist of up to 16 sessions"); each limit leaves room beyond,
and an event past one is refused, naming the field, before any award is worked out, so that
no request can hold the machine."""

from __future__ import annotations

from fractions import Fraction

from scheme.core.errors import RulesError
from scheme.core.inputs import number

MAX_SESSIONS = 30
MAX_FIELDS = 100  # groups of one session: a Mitchell section is two
MAX_MATCHES = 500  # matches of one session
MAX_DEALS = 200  # deals of one session or match
MAX_CONTESTANTS = 2000  # labels of one ranking, or a field's or the overall's size
MAX_TABLES = 1000
MAX_EVENT_PLACINGS = 20_000  # labels over all the sessions' rankings and matches


def optional_number(value: object, path: str) -> Fraction | None:
    return None if value is None else number(value, path)


def _at_most(value: object, limit: int, path: str, what: str) -> None:
    if value is None or isinstance(value, bool):
        return
    try:
        too_many = Fraction(str(value)) > limit
    except (ValueError, ZeroDivisionError):
        return  # not a number: the rules name it when they read it
    if too_many:
        raise RulesError(path, f"at most {limit:,} {what} (the largest event the portal takes)")


def _many(items: object, limit: int, path: str, what: str) -> int:
    size = len(items) if hasattr(items, "__len__") else 0  # type: ignore[arg-type]
    if size > limit:
        raise RulesError(path, f"at most {limit:,} {what} (the largest event the portal takes)")
    return size


def _placings(ranking: object, path: str) -> int:
    size = 0
    for group in ranking or ():  # type: ignore[attr-defined]
        size += len(group) if hasattr(group, "__len__") else 1
    if size > MAX_CONTESTANTS:
        raise RulesError(path, f"at most {MAX_CONTESTANTS:,} contestants in a ranking")
    return size


def event_within_limits(event: object) -> None:
    """Refuse an event larger than any real one, naming the field (sizes only, cheaply)."""
    sessions = getattr(event, "sessions", ()) or ()
    _many(sessions, MAX_SESSIONS, "sessions", "sessions")
    placings = 0
    for index, session in enumerate(sessions):
        path = f"sessions[{index}]"
        _at_most(getattr(session, "deals", None), MAX_DEALS, f"{path}.deals", "deals")
        fields = getattr(session, "fields", ()) or ()
        matches = getattr(session, "matches", ()) or ()
        _many(fields, MAX_FIELDS, f"{path}.fields", "fields in a session")
        _many(matches, MAX_MATCHES, f"{path}.matches", "matches in a session")
        for number_, field in enumerate(fields):
            where = f"{path}.fields[{number_}]"
            _at_most(field.tables, MAX_TABLES, f"{where}.tables", "tables")
            _at_most(field.size, MAX_CONTESTANTS, f"{where}.size", "contestants")
            placings += _placings(field.ranking, f"{where}.ranking")
        for number_, match in enumerate(matches):
            _at_most(match.deals, MAX_DEALS, f"{path}.matches[{number_}].deals", "deals")
            placings += 2
        if placings > MAX_EVENT_PLACINGS:
            raise RulesError(path, f"at most {MAX_EVENT_PLACINGS:,} placings over all the sessions")
    players = getattr(event, "players", None) or {}
    _many(players, MAX_CONTESTANTS, "players", "contestants with players")
    overall = getattr(event, "overall", None)
    if overall is not None:
        _placings(overall.ranking, "overall.ranking")
        _at_most(overall.size, MAX_CONTESTANTS, "overall.size", "contestants")
