"""A scoring program's results file (USEBIO or CSV) as the NZ calculator's request.

The portal reads a file into the ABF calculator's shape (sessions of fields or matches, and
the overall placings); NZ Bridge's engine reads the same things under its own names: the
grade is the event's status (club, 3B ... 25A), a session's boards are its deals in
circulation, and the overall placings are the `overall`. What the ABF alone reads (a field's
stage, a team's size, the boards each player played) is left out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scheme.nz.editions import DEFAULT_RULES
from scheme.nz.events import Movement

# A field of a movement NZ Bridge does not name (an arrow switch, short matches) is ranked
# as one group, two pairs a table: the Howell's.
MOVEMENTS = {movement.value for movement in Movement}


def _field(field: Mapping[str, Any]) -> dict[str, Any]:
    movement = field.get("movement", "mitchell")
    given = {
        "movement": movement if movement in MOVEMENTS else Movement.HOWELL.value,
        "tables": field["tables"],
        "ranking": field["ranking"],
    }
    for key in ("size", "name"):
        if field.get(key):
            given[key] = field[key]
    return given


def _match(match: Mapping[str, Any]) -> dict[str, Any]:
    given = {"deals": match["boards"], "home": match["home"], "away": match["away"]}
    for key in ("home_imps", "away_imps", "home_vps", "away_vps"):
        if match.get(key) is not None:
            given[key] = match[key]
    return given


def _session(session: Mapping[str, Any]) -> dict[str, Any]:
    given: dict[str, Any] = {}
    if session.get("boards"):
        given["deals"] = session["boards"]
    if session.get("name"):
        given["name"] = session["name"]
    if session.get("fields"):
        given["fields"] = [_field(field) for field in session["fields"]]
    if session.get("matches"):
        given["matches"] = [_match(match) for match in session["matches"]]
    return given


def results_request(read: Mapping[str, Any], *, grade: str, event: str = "") -> dict[str, Any]:
    """The NZ calculator's request for a file's results at a grade (the event's status);
    NZ Bridge names no kind of event beyond it, so `event` is not read."""
    request: dict[str, Any] = {
        "rules": DEFAULT_RULES,
        "status": grade,
        "kind": read.get("kind", "pairs"),
        "sessions": [_session(session) for session in read.get("sessions", [])],
    }
    outright = read.get("outright")
    if outright and outright.get("ranking"):
        request["overall"] = {"ranking": outright["ranking"]}
    return request
