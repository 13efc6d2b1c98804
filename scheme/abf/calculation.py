"""One event walked through the award rules: the grade (1.5.1), the event's factors
(4.4.9, 4.4.10, 6.2.2), each session (4.2: fields, or matches 4.2.3), the outright placings
(4.3), and the rounded results (4.4.2, 4.1.2).

Each clause lives in its own module (`sessions`, `matches`, `outright`, `stages`,
`adjustments`); they share one `Working` that holds the tallies and the working lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scheme.abf.adjustments import event_factor, team_factor
from scheme.abf.eligibility import check_players, player_awards
from scheme.abf.events import Event
from scheme.abf.factors import team_member_factor
from scheme.abf.grades import Kind
from scheme.abf.matches import match_session
from scheme.abf.outright import outright_awards, sessions_from_boards
from scheme.abf.results import ContestantAwards, EventAwards
from scheme.abf.sessions import field_session
from scheme.abf.validation import enum_value
from scheme.abf.working import ONE, Working
from scheme.core.arithmetic import cents, exact_scaled, show_number
from scheme.core.errors import RulesError

if TYPE_CHECKING:
    from scheme.abf.ruleset import AbfRuleSet

# Kept for callers of the old single-module calculation.
_sessions_from_boards = sessions_from_boards


def calculate(rules: AbfRuleSet, event: Event, *, working: bool = True) -> EventAwards:
    """The awards of every contestant of `event` under `rules`, with the working lines when
    `working` is set (and none, for speed, when it is not)."""
    grade = rules.grade(event.grade)
    kind = enum_value(Kind, event.kind, "kind")
    if not event.sessions:
        raise RulesError("sessions", "an event has at least one session")
    # 4.1.1: pairs events whose matches are all of 5 or more boards (Butler and Swiss
    # pairs) are placed like teams; the NSW guide (E2) gives them the teams weight.
    match_scored = kind is Kind.PAIRS and all(s.matches and not s.fields for s in event.sessions)
    calc = Working(
        rules=rules,
        event=event,
        grade=grade,
        kind=kind,
        match_scored=match_scored,
        explain=working,
        per_player=bool(event.players),
    )
    if working:
        calc.note(describe_grade(calc))
    calc.factor = event_factor(calc)
    for index, session in enumerate(event.sessions):
        path = f"sessions[{index}]"
        if bool(session.fields) == bool(session.matches):
            raise RulesError(path, "a session has either fields or matches")
        title = session.name or f"Session {index + 1}"
        calc.session_index = index
        if session.fields:
            field_session(calc, index, session, path, title)
        else:
            match_session(calc, session, path, title)
    if event.outright is not None:
        outright_awards(calc, event.outright)
    return results(calc)


def describe_grade(calc: Working) -> str:
    """The first working line: the grade's weight and colour (1.5.1), its tables (3.1.3)."""
    grade, kind = calc.grade, calc.kind
    tables = grade.tables(kind)
    printed = (
        ", ".join(tables.describe(n) for n in (1, 2, 3))
        if kind is not Kind.TEAMS
        else (f"{tables.describe(2)} for matches under 5 boards, {tables.describe(3)}")
    )
    line = (
        f"Grade {grade.code} ({grade.description}), {kind.value}: weight "
        f"{show_number(grade.weight(kind))}, {grade.colour.value} points (1.5.1); "
        f"{printed} (3.1.3); rule set {calc.rules.name}."
    )
    if calc.match_scored:
        line += (
            " Every session is of matches: placed like teams, to the top third (4.1.1),"
            f" outright at the teams weight {show_number(grade.teams_weight)} (NSW guide E2)."
        )
    return line


def results(calc: Working) -> EventAwards:
    """4.4.2: each part rounded once, the total the sum of the rounded parts; 4.1.2: each
    member of a large team receives a share."""
    rounding = calc.rules.rounding
    team_sizes = calc.event.team_sizes
    contestants = []
    for label, tally in calc.tallies.items():
        parts = [*tally.sessions, tally.matches, tally.outright]
        if label in team_sizes:
            factor = team_factor(calc, label)
            parts = [
                None if part is None else exact_scaled(part, factor, rounding) for part in parts
            ]
        total = 0  # 4.4.2: the sum of the rounded parts, in hundredths
        rounded = []
        for part in parts:
            if part is None:
                rounded.append(None)
            else:
                total += part.hundredths
                rounded.append(cents(part.hundredths))
        *sessions, matches, outright = rounded
        contestants.append(
            ContestantAwards(label, tuple(sessions), matches, outright, cents(total))
        )
    unknown = set(calc.event.team_sizes) - set(calc.tallies)
    if unknown:
        label = sorted(unknown)[0]
        raise RulesError(f"team_sizes[{label}]", f"team {label!r} does not play in the event")
    players = []
    if calc.per_player:
        check_players(calc)
        for label in calc.event.players:
            factor = (
                team_member_factor(team_sizes[label], f"team_sizes[{label}]")
                if label in team_sizes
                else ONE
            )
            players += player_awards(calc, label, calc.tallies[label], factor)
    return EventAwards(
        rules=calc.rules.name,
        grade=calc.grade.code,
        kind=calc.kind,
        colour=calc.grade.colour,
        contestants=tuple(contestants),
        working=tuple(calc.lines),
        players=tuple(players),
    )
