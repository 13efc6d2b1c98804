"""The most one player may be given for an event, held against each award entered on screen
(as the ABF's awards.intake.services.award_checks does by its engine).

- At the event as described: its winner's award by the engine, from the status, the kind,
  the sessions, the tables and the deals a session ("Club Sessions" and the Basic Table of
  C Point Awards; the Tournaments' Tables of Session and Tournament Awards): the contestant
  who wins every session and the overall. For pairs and individual events with the tables
  given; teams' match awards depend on the matches, which the entry does not give.
- At any event of the status: a club session pays its winner at most the top of the Basic
  Table, 40 C Points a session (a teams session at the Basic Match Play Table, 2 C Points a
  deal won, all its deals); a tournament pays at most the winners' award the Board allocates
  ("Tournaments General", rule 2(a)) and one point to each session winner of a Pairs
  tournament (A and B Point Tournaments, rule 3), and in Match Play the Basic A Point Table
  times the status's factor on every deal. The national events' tables "are for information
  only" (rule 2(a)(iii) of the sanctioned tournaments): no bound.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scheme.core.errors import RulesError
from scheme.nz.calculator import calculator_answer, calculator_event
from scheme.nz.editions import compute_awards
from scheme.nz.matchplay import A_PER_DEAL_WON, C_PER_DEAL_WON
from scheme.nz.statuses import STATUSES

WINNER, RUNNER_UP = "W", "X"
# The Basic Table of C Point Awards: the winner's award, whatever the field (page E40).
BASIC_TABLE_TOP = 40_00
# A full session (Tournaments General 2(c): 20 boards); fewer deals only lower the award.
FULL_DEALS = 20


def _text(hundredths: int) -> str:
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def _hundredths(text: str) -> int:
    return int(Decimal(text) * 100)


def event_ceiling(
    *, grade: str, kind: str, sessions: int, tables: Decimal | None, boards: int | None
) -> tuple[int, str] | None:
    """The winner's award, in the status's kind, of the event as described; None when its
    tables are not given, it is of teams, or the engine cannot take it."""
    status = STATUSES.get(grade)
    if status is None or tables is None or kind == "teams":
        return None
    deals = boards or FULL_DEALS
    session = {
        "deals": deals,
        "fields": [
            {"movement": "howell", "tables": str(tables), "ranking": [[WINNER], [RUNNER_UP]]}
        ],
    }
    request: dict = {
        "rules": "NZB-2007",
        "status": grade,
        "kind": kind,
        "sessions": [session] * sessions,
    }
    if status.is_tournament:
        contestants = int(Decimal(tables) * 2)
        request["overall"] = {"size": max(contestants, 2), "ranking": [[WINNER], [RUNNER_UP]]}
    try:
        answer = calculator_answer(compute_awards(calculator_event(request)))
    except (RulesError, ValueError):
        return None
    winner = next((c for c in answer["contestants"] if c["label"] == WINNER), None)
    if winner is None:
        return None
    points = _hundredths(winner["points"].get(status.kind, "0"))
    over = f"over its {sessions} sessions and overall" if sessions > 1 else "of its one session"
    tables_text = format(Decimal(tables).normalize(), "f")
    source = (
        "the Tables of Tournament and Session Awards"
        if status.is_tournament
        else "the Basic Table of C Point Awards (Club Sessions)"
    )
    how = (
        f"the winner's {status.kind} Points {over} of a status {grade} event "
        f"({status.description}) of {tables_text} tables and {deals} deals a session, by "
        f"the {source}"
    )
    return points, how


def grade_limit(
    *, grade: str, kind: str, sessions: int, boards: int | None = None
) -> tuple[int, str] | None:
    """The most any event of the status, of this kind and sessions, could pay one player
    in the status's kind; None where the scheme sets no bound."""
    status = STATUSES.get(grade)
    if status is None or (status.winners_award is None and status.is_tournament):
        return None
    if grade.startswith("IPC"):
        return None  # national events: "Tables are for information only"
    if not status.is_tournament:
        if kind == "teams":
            if not boards:
                return None
            points = C_PER_DEAL_WON * boards * sessions
            return points, (
                f"the Basic Match Play Table's {_text(C_PER_DEAL_WON)} C Points a deal won, "
                f"for all {boards} deals of each of its {sessions} club session(s)"
            )
        points = BASIC_TABLE_TOP * int(status.c_factor) * sessions
        return points, (
            f"the top of the Basic Table of C Point Awards, {_text(BASIC_TABLE_TOP)} C Points a "
            f"club session (Club Sessions), over its {sessions} session(s)"
        )
    points = status.winners_award * 100
    parts = [
        f"the winners' award of {status.winners_award} {status.kind} Points the Board "
        f"allocates a {grade} tournament (Tournaments General, rule 2(a))"
    ]
    if kind == "teams":
        if status.match_a_factor is None or not boards:
            if status.match_a_factor is not None:
                return None
        else:
            match = int(A_PER_DEAL_WON * boards * sessions * Fraction(status.match_a_factor))
            points += match
            parts.append(
                f"{_text(match)} A Points for winning all {boards} deals of each of "
                f"its {sessions} sessions (Basic A Point Table x {status.match_a_factor})"
            )
    elif status.session_award_kind:
        points += 100 * sessions
        parts.append(
            f"one {status.kind} Point for winning each of its {sessions} sessions (rule 3)"
        )
    return points, " and ".join(parts)
