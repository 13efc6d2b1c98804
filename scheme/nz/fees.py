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
from dataclasses import dataclass
from datetime import date

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
