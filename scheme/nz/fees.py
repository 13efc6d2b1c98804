"""Outline of the Master Point Scheme, rule 7: the fees NZ Bridge charges Regions and Clubs
to issue Master Points, in cents.

"(a) 30 cents per competing Player per Club session. (b) 50 cents per competing Player per
Tournament session. (c) $1 per A Point. A 10% discount is offered on Tournament sessions
provided that the full results and all the relevant Master Point information ... is
received by the NZ Bridge Secretary no later than one calendar month from the date of the
Tournament." The Board may change them on three months' notice: these are the book's.

The A Point fee is charged on the A Points issued, in hundredths: 1.50 A Points cost 150
cents. The discount is taken off the session fees only, rounded to the cent, half up.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from scheme.core.fees import FeeEvent, FeeLine, FeeRate, SchemeFees
from scheme.nz.kinds import A
from scheme.nz.statuses import STATUSES

CLUB_SESSION_CENTS = 30
TOURNAMENT_SESSION_CENTS = 50
A_POINT_CENTS = 100
PROMPT_DISCOUNT_PERCENT = 10


@dataclass(frozen=True)
class Fees:
    club_sessions: int
    tournament_sessions: int
    discount: int
    a_points: int

    @property
    def total(self) -> int:
        return self.club_sessions + self.tournament_sessions - self.discount + self.a_points


def one_month_after(day: date) -> date:
    """The same day a calendar month later (the last day of a shorter month)."""
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def fees(
    *,
    club_player_sessions: int = 0,
    tournament_player_sessions: int = 0,
    a_points: int = 0,
    tournament_date: date | None = None,
    results_received: date | None = None,
) -> Fees:
    """The fees, in cents, for players' sessions (one a player a session) and the A Points
    issued (hundredths); the 10% discount when the results of the Tournament arrived within
    a calendar month of it."""
    if min(club_player_sessions, tournament_player_sessions, a_points) < 0:
        raise ValueError("sessions and points are never negative")
    tournament = tournament_player_sessions * TOURNAMENT_SESSION_CENTS
    prompt = (
        tournament_date is not None
        and results_received is not None
        and results_received <= one_month_after(tournament_date)
    )
    discount = (tournament * PROMPT_DISCOUNT_PERCENT + 50) // 100 if prompt else 0
    return Fees(
        club_sessions=club_player_sessions * CLUB_SESSION_CENTS,
        tournament_sessions=tournament,
        discount=discount,
        a_points=a_points * A_POINT_CENTS // 100,
    )


# --- the invoice (Outline rule 7; "Annual, Quarterly and Monthly Processing") --------------

CLUB_SESSION = Decimal(CLUB_SESSION_CENTS).scaleb(-2)  # 0.30
TOURNAMENT_SESSION = Decimal(TOURNAMENT_SESSION_CENTS).scaleb(-2)  # 0.50
A_POINT = Decimal(A_POINT_CENTS).scaleb(-2)  # 1.00
# The discount a player's Tournament session: 10% of 50 cents, exact to the cent.
PROMPT_DISCOUNT = TOURNAMENT_SESSION * PROMPT_DISCOUNT_PERCENT / 100
_HOW = {
    "tables": "four players a table",
    "credited": "the players credited, as the tables were not given",
}


def _player_sessions(events: Sequence[FeeEvent]) -> dict[str, Decimal]:
    """Players' sessions by how the players were counted, with each event's sign."""
    counted: dict[str, Decimal] = {}
    for event in events:
        counted[event.players_from] = (
            counted.get(event.players_from, Decimal(0))
            + event.sign * event.players * event.sessions
        )
    return {how: n for how, n in counted.items() if n}


def invoice_lines(events: Sequence[FeeEvent]) -> tuple[FeeLine, ...]:
    """A club's or a Region's invoice for the events it ran in the period ("the fees it
    charges Regions and Clubs": a club its sessions and own tournaments, a Region the
    tournaments it ran, statuses 3B to 25A): (a) 30 cents a competing player
    a Club session, (b) 50 cents a player a Tournament session, less 10% for a Tournament
    whose results arrived within a calendar month of it, (c) $1 an A Point issued. An
    upload reversed in the period takes its sessions back (its `sign` is -1), and its A
    Points come back with theirs."""
    club = [e for e in events if not STATUSES[e.grade].is_tournament]
    tournaments = [e for e in events if STATUSES[e.grade].is_tournament]
    prompt = [
        e
        for e in tournaments
        if e.received_on is not None and e.received_on <= one_month_after(e.ends_on)
    ]
    lines: list[FeeLine] = []
    for how, sessions in _player_sessions(club).items():
        lines.append(
            FeeLine(
                f"Club sessions: competing players a session, {_HOW[how]} (Outline rule 7(a))",
                sessions,
                CLUB_SESSION,
            )
        )
    for how, sessions in _player_sessions(tournaments).items():
        lines.append(
            FeeLine(
                f"Tournament sessions: competing players a session, {_HOW[how]} "
                "(Outline rule 7(b))",
                sessions,
                TOURNAMENT_SESSION,
            )
        )
    if prompt_sessions := sum(_player_sessions(prompt).values(), Decimal(0)):
        lines.append(
            FeeLine(
                "Less 10% on Tournament sessions whose results arrived within a calendar "
                "month of the Tournament (Outline rule 7)",
                prompt_sessions,
                -PROMPT_DISCOUNT,
            )
        )
    a_points = sum(e.points.get(A, 0) for e in events)
    if a_points:
        lines.append(
            FeeLine("A Points issued (Outline rule 7(c))", Decimal(a_points) / 100, A_POINT)
        )
    return tuple(lines)


NZ_FEES = SchemeFees(
    title="Master Point fees",
    summary=(
        "NZ Bridge charges Regions and Clubs fees to issue Master Points. The Board sets "
        "them and may amend them on giving three months' notice in writing "
        "(Outline rule 7)."
    ),
    rates=(
        FeeRate("Each competing player, each Club session (7(a))", CLUB_SESSION, "a player"),
        FeeRate(
            "Each competing player, each Tournament session (7(b))",
            TOURNAMENT_SESSION,
            "a player",
        ),
        FeeRate("Each A Point issued (7(c))", A_POINT, "an A Point"),
    ),
    notes=(
        "A 10% discount is offered on Tournament sessions when the full results and all "
        "the Master Point information reach the NZ Bridge Secretary no later than one "
        "calendar month from the date of the Tournament (Outline rule 7).",
        "A session's competing players are four a table (a team of four counts as a "
        "table's worth); an event whose tables were not given is counted by the players "
        "it credited.",
    ),
    period_months=3,
    # "Master Points check printouts are processed at the end of each quarter together with
    # invoices and cost reports, e.g. (March, June, September and December)."
    period_words=(
        "Regions and clubs are invoiced at the end of each quarter (March, June, September "
        "and December) for the events each ran, with the quarter's Master Point printouts "
        "and cost reports (Annual, Quarterly and Monthly Processing)."
    ),
    lines=invoice_lines,
)
