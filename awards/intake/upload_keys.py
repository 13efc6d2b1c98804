"""Credited once: the two keys of an upload, plain Python (migration 0023 fills them for the
uploads kept before them with these same functions).

- The event's identity: who ran it (organiser, club, state, congress organiser), its first
  day, its session of the day, its grade and its name (casefolded, whitespace collapsed). A
  second session played the same day is another event by its session number.
- The fingerprint of its lines: each player's points of each kind, summed and sorted, with
  who issues them (the club, else the state, else the national body), the first day and the
  session. The same awards give the same fingerprint whatever the file's bytes (line endings,
  blank lines, order, a line split in two) or its route (credit file, results, CPAR, Sundry,
  the API); the day and the session keep apart two events whose few winners won the same.

Both are read from the upload's event details as stored (`EventDetails.as_json`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any


def _sha256(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()


def _id(value: object) -> str:
    return "" if value is None else str(value)


def event_name_normalised(name: str) -> str:
    return " ".join(name.split()).casefold()


def event_session(details: Mapping[str, Any]) -> int:
    """The session of the day; 1 for details kept before there was one."""
    return int(details.get("session") or 1)


def event_key(details: Mapping[str, Any]) -> str:
    return _sha256(
        "event",
        details.get("organiser") or "",
        _id(details.get("club_id")),
        _id(details.get("state_id")),
        _id(details.get("congress_organiser_id")),
        details["starts_on"],
        event_session(details),
        details.get("grade") or "",
        event_name_normalised(details.get("name") or ""),
    )


def issuer_of(details: Mapping[str, Any]) -> str:
    """Who issues the points: the club, else the state, else the national body."""
    if details.get("club_id") is not None:
        return f"club {details['club_id']}"
    if details.get("state_id") is not None:
        return f"state {details['state_id']}"
    return "national"


def lines_fingerprint(details: Mapping[str, Any], lines: Iterable[tuple[str, str, int]]) -> str:
    """`lines` are (ABF number, kind, hundredths): each player's points of a kind summed."""
    summed: dict[tuple[str, str], int] = {}
    for number, kind, points in lines:
        summed[(number, kind)] = summed.get((number, kind), 0) + int(points)
    awards = sorted((number, kind, points) for (number, kind), points in summed.items() if points)
    return _sha256(
        "lines",
        issuer_of(details),
        details["starts_on"],
        event_session(details),
        *(f"{number} {kind} {points}" for number, kind, points in awards),
    )
