"""A scoring program's results file (USEBIO or CSV) as the ACBL calculator's request.

A club's results file is a regular club game ("Masterpoints for Regular Club Games"): one
session, each field of it (one direction of a Mitchell, a Howell, an individual) a
comparison group ranked by the file. The kind of club game is the ACBL's `event`; each is
held at its own grades (an open game at CO, or on a cruise or online at CZ and OL). Special
club games, tournaments and bracketed teams are paid by the General Formula or their own
tables from what no results file holds (ratings, brackets, strats): their awards are entered
on screen, and a results file given for them is refused naming the grade."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scheme.acbl.events import DEFAULT_RULES
from scheme.base import ResultsEvent
from scheme.core.errors import RulesError

RESULTS_EVENTS = (
    ResultsEvent("club_open", "Club game, open", ("CO", "CZ", "OL")),
    ResultsEvent("club_invitational", "Club game, invitational", ("CI",)),
    ResultsEvent("club_restricted", "Club game, masterpoint restricted", ("CR",)),
    ResultsEvent("club_newcomer", "Club game, newcomer", ("CN",)),
)
# Where a club game is played, by its grade: the engine's `venue`.
VENUES = {"CZ": "cruise", "OL": "online"}
# The file's kind of event as the plan's type of event (T): a club's teams game is a Swiss.
TYPES = {"pairs": "pairs", "individual": "individual", "teams": "swiss"}


def results_event(*, grade: str, event: str = "") -> ResultsEvent:
    """The kind of club game a results file is read as: `event` if given (and held at the
    grade), else the grade's own; a `RulesError` names the field at fault."""
    by_grade = [known for known in RESULTS_EVENTS if grade in known.grades]
    readable = ", ".join(g for known in RESULTS_EVENTS for g in known.grades)
    if not by_grade:
        raise RulesError(
            "grade",
            f"the portal reads results files of regular club games ({readable}); a {grade} "
            "event is paid from what a results file does not hold: enter its awards on screen",
        )
    if not event:
        return by_grade[0]
    for known in RESULTS_EVENTS:
        if known.code == event:
            if grade not in known.grades:
                raise RulesError(
                    "event", f"a {known.label.lower()} is graded {' or '.join(known.grades)}"
                )
            return known
    codes = ", ".join(known.code for known in RESULTS_EVENTS)
    raise RulesError("event", f"{event!r} is not a kind of club game (known: {codes})")


def _groups(read: Mapping[str, Any]) -> list[dict[str, Any]]:
    sessions = read.get("sessions", [])
    if len(sessions) != 1:
        raise RulesError(
            "sessions",
            f"a regular club game is one session; these results have {len(sessions)}: enter "
            "the awards of a longer event on screen",
        )
    fields = sessions[0].get("fields", [])
    if fields:
        return [
            {"name": field.get("name") or f"Field {index + 1}", "ranking": field["ranking"]}
            for index, field in enumerate(fields)
        ]
    outright = read.get("outright") or {}
    if outright.get("ranking"):
        return [{"name": "Teams", "ranking": outright["ranking"]}]
    raise RulesError(
        "outright", "a teams game's results file must rank the teams (their final placings)"
    )


def results_request(read: Mapping[str, Any], *, grade: str, event: str = "") -> dict[str, Any]:
    """The ACBL calculator's request for a file's results at a grade, as the club game
    `event` names (blank: the grade's)."""
    game = results_event(grade=grade, event=event)
    request: dict[str, Any] = {
        "rules": DEFAULT_RULES,
        "event": game.code,
        "type": TYPES.get(read.get("kind", "pairs"), "pairs"),
        "groups": _groups(read),
    }
    if grade in VENUES:
        request["venue"] = VENUES[grade]
    boards = (read.get("sessions") or [{}])[0].get("boards")
    if boards:
        request["boards"] = boards
    return request
