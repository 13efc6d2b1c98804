"""The most an event typed session by session (`Scheme.calculator_sessions`, the ABF's) can pay
one player, and the most any event of its grade could, by its award engine: the award checks
(awards.intake.services.award_checks) ask here only under such a scheme.

The engine works both out from an event made for the purpose, whose contestant "W" wins
every session and the outright: what it gives W is what the winner of the event the uploader
describes receives, and no player of that event can receive more (4.1.1: awards fall with
the place). A line above it is shown with a warning; a line above what any event of the
grade could pay is refused.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from awards.calculator.ceilings import Ceiling, results_ceiling
from awards.errors import Problem
from awards.ledger.services.events import EventDetails
from centre.errors import rules_error_path
from scheme.abf import (
    Event,
    Field,
    Kind,
    MasterFactor,
    Match,
    Movement,
    Outright,
    RulesError,
    Session,
    Stage,
    compute_awards,
)
from scheme.abf.factors import MASTER_FACTOR_COLUMNS
from scheme.abf.grades import ABF_GRADES
from scheme.abf.validation import (
    MAX_AMPLIFICATION,
    MAX_BOARDS,
    MAX_EVENT_TABLES,
    MAX_SESSIONS,
    MAX_TABLES,
    event_within_limits,
)

WINNER, RUNNER_UP = "W", "X"


# A session of teams matches of 5 or more boards (4.2.3), beside the movements of a field.
MATCHES = "matches"


# The movement that pays a field's winner the most when the uploader does not say: one
# winner (4.2.1), where a Mitchell's winner shares the tables with the other direction's.
ONE_WINNER = {
    Kind.PAIRS: Movement.HOWELL,
    Kind.INDIVIDUAL: Movement.INDIVIDUAL,
    Kind.TEAMS: Movement.SHORT_MATCHES,
}


MOVEMENT_LABELS = {**{m.value: m.label for m in Movement}, MATCHES: "matches"}


def _hundredths(amount: Decimal) -> int:
    return int((amount * 100).to_integral_value(rounding=ROUND_HALF_UP))


def _winner(event: Event) -> int:
    """What the engine gives the contestant who wins every session and the outright."""
    event_within_limits(event)
    return _hundredths(compute_awards(event, working=False)[WINNER].total)


def _session(
    movement: str, tables: Decimal | int, boards: int | None, stage: Stage = Stage.QUALIFYING
) -> Session:
    if movement == MATCHES:
        # 4.2.3: the winner of a match takes the award for its boards; W wins them all.
        match = Match(boards or 0, WINNER, RUNNER_UP, home_imps=boards, away_imps=0, stage=stage)
        return Session(matches=[match])
    ranking = [[WINNER], [RUNNER_UP]]
    return Session(boards=boards, fields=[Field(movement, tables, ranking, stage=stage)])


def _described(
    *, grade: str, kind: str, movement: str, tables: Decimal, sessions: int, boards: int | None
) -> Event:
    outright = None
    if sessions > 1:
        ranking = [[WINNER], [RUNNER_UP]]
        outright = Outright(ranking=ranking, tables=tables, sessions=sessions)
    return Event(
        grade=grade,
        kind=kind,
        sessions=[_session(movement, tables, boards) for _ in range(sessions)],
        outright=outright,
    )


def event_ceiling(*, event: EventDetails) -> tuple[Ceiling | None, list[Problem]]:
    """The winner's award of the event as the uploader describes it (its tables, sessions,
    kind and movement), over all its sessions plus the outright award; None when the tables
    are not given. A description the rules cannot take is a problem naming its field."""
    if event.tables is None or event.grade not in ABF_GRADES:
        return None, []
    kind = Kind(event.kind) if event.kind in Kind._value2member_map_ else Kind.PAIRS
    if event.movement:
        movements = [event.movement]
    elif kind is Kind.TEAMS and event.boards:
        movements = [ONE_WINNER[kind].value, MATCHES]
    else:
        movements = [ONE_WINNER[kind].value]
    if MATCHES in movements and not event.boards:
        return None, [
            Problem(0, "Give the boards each team plays in a session of matches.", "event.boards")
        ]
    best: tuple[int, str] | None = None
    for movement in movements:
        try:
            points = _winner(
                _described(
                    grade=event.grade,
                    kind=kind.value,
                    movement=movement,
                    tables=event.tables,
                    sessions=event.sessions,
                    boards=event.boards,
                )
            )
        except RulesError as error:
            field = rules_error_path(error).split(".")[-1].split("[")[0]
            field = field if field in {"tables", "boards", "sessions"} else "tables"
            return None, [Problem(0, f"{error.message}.", f"event.{field}")]
        if best is None or points > best[0]:
            best = (points, movement)
    points, movement = best
    tables = format(Decimal(event.tables).normalize(), "f")
    if movement == MATCHES:
        shape = f"{tables} teams playing matches of {event.boards} boards a session"
    elif kind is Kind.TEAMS:
        shape = f"a field of {tables} teams"
    else:
        shape = f"a {MOVEMENT_LABELS[movement]} of {tables} tables"
    over = (
        f"over its {event.sessions} sessions and the outright"
        if event.sessions > 1
        else "of its one session"
    )
    how = (
        f"the winner's award {over} of a grade {event.grade} {kind.value} event, {shape}, "
        f"by the award rules"
    )
    return Ceiling(points, how), []


@lru_cache(maxsize=32)
def grade_limit(grade: str) -> Ceiling:
    """The most any event of `grade` could pay one player, by the award engine.

    The largest event the portal takes (scheme.abf.validation) is at most MAX_SESSIONS
    sessions, MAX_TABLES tables a field and MAX_EVENT_TABLES field tables over the whole
    event, MAX_BOARDS boards a session or match. An award grows with the tables and the
    sessions, so the largest is paid in an event of MAX_EVENT_TABLES // MAX_TABLES to
    MAX_SESSIONS sessions, as many tables each as the whole event allows. W wins every
    session (as the field of one winner or every match of MAX_BOARDS boards, qualifying or
    final: 4.2.4's premium) and the outright of MAX_TABLES tables amplified by
    MAX_AMPLIFICATION (7.5.2), with congress acceleration (5.4.2) and the highest master
    factor (4.4.9), for pairs, teams and individuals. No event the engine takes can pay one
    contestant more, so no credit line of the grade can be larger.
    """
    best = 0
    top_rank = (MASTER_FACTOR_COLUMNS[-1],)
    for sessions in range(MAX_EVENT_TABLES // MAX_TABLES, MAX_SESSIONS + 1):
        tables = min(MAX_TABLES, MAX_EVENT_TABLES // sessions)
        for kind in Kind:
            for movement in (ONE_WINNER[kind].value, MATCHES):
                for stage in (Stage.QUALIFYING, Stage.FINAL):
                    event = Event(
                        grade=grade,
                        kind=kind.value,
                        sessions=[
                            _session(movement, tables, MAX_BOARDS, stage) for _ in range(sessions)
                        ],
                        outright=Outright(
                            ranking=[[WINNER], [RUNNER_UP]],
                            tables=MAX_TABLES,
                            sessions=sessions,
                            amplification=MAX_AMPLIFICATION,
                        ),
                        entry_tables=MAX_TABLES,
                        congress=True,
                        master_factor=MasterFactor(top_rank),
                    )
                    try:
                        best = max(best, _winner(event))
                    except RulesError:
                        continue  # e.g. individuals do not play matches
    return Ceiling(
        best,
        f"the most any grade {grade} event could pay one player (the winner of every session "
        f"and the outright of the largest event the portal takes, with every premium of the "
        f"rules)",
    )


def sessions_ceilings(
    *, event: EventDetails, expected: dict[str, int] | None = None
) -> tuple[Ceiling | None, Ceiling | None, list[Problem]] | None:
    """The most the event can pay one player (by its results when given, else by its shape),
    the most any event of its grade could, and what the engine refused of the description;
    None for a grade the engine does not know."""
    if event.grade not in ABF_GRADES:
        return None
    if expected is not None:
        ceiling, problems = results_ceiling(expected), []
    else:
        ceiling, problems = event_ceiling(event=event)
    return ceiling, grade_limit(event.grade), problems
