"""The home club's requests not to renew a membership (1.3.2, 1.4.2; guide F6.4): made or
withdrawn from 1 January until midday 31 March, applied in the 1 April update (yearly).
Only under a scheme with a membership year (MEMBERSHIP_YEAR, `Scheme.membership`)."""

from dataclasses import dataclass
from datetime import date, datetime

from django.db import transaction

from centre.dates import moment_text
from centre.errors import DomainError
from centre.models import User
from clubs.models import Club
from players import calendar
from players.models import Player
from players.services.common import (
    change_record,
    current_time,
    home_member_require,
    membership_rules,
    membership_rules_require,
    player_locked,
)
from scheme.base import MembershipRules


@dataclass(frozen=True)
class CancellationYear:
    """1.4.2, 1.3.2; guide F6.4: a year's cancellations reach the Centre by its deadline
    (midday 31 March) and take effect in the update (1 April); `window_open` at the time asked."""

    year: int
    deadline: datetime
    takes_effect: date
    window_open: bool


def _cancellation_year(rules: MembershipRules, *, year: int, now: datetime) -> CancellationYear:
    return CancellationYear(
        year=year,
        deadline=rules.cancellation_deadline(year),
        takes_effect=rules.cancellation_takes_effect(year),
        window_open=rules.cancellation_window_is_open(now),
    )


def cancellation_year(*, now: datetime) -> CancellationYear | None:
    """This calendar year's cancellations at `now`; None under a scheme without a
    membership year."""
    rules = membership_rules()
    if rules is None:
        return None
    return _cancellation_year(rules, year=calendar.local(now).year, now=now)


def cancellation_year_next(*, now: datetime) -> CancellationYear | None:
    """The next cancellation deadline from `now`: this year's until midday 31 March, then
    the next year's; None under a scheme without a membership year."""
    rules = membership_rules()
    if rules is None:
        return None
    year = calendar.local(now).year
    if now >= rules.cancellation_deadline(year):
        year += 1
    return _cancellation_year(rules, year=year, now=now)


def cancellation_year_printed(*, now: datetime) -> CancellationYear | None:
    """The year a schedule of home members printed at `now` is for (guide F6.4): this year's
    until the 1 April update, then the next; None under a scheme without a membership year."""
    rules = membership_rules()
    if rules is None:
        return None
    year = rules.cancellation_year_of(calendar.local(now).date())
    return _cancellation_year(rules, year=year, now=now)


def _window_require_open(now: datetime) -> None:
    rules = membership_rules_require()
    if not rules.cancellation_window_is_open(now):
        local = calendar.local(now)
        deadline = rules.cancellation_deadline(local.year)
        raise DomainError(
            "Cancellations can be requested or withdrawn only from 1 January until the "
            f"deadline of midday 31 March, Sydney time (1.4.2): the deadline for {local.year} "
            f"was {moment_text(deadline)} and it is now {moment_text(local)}. They open "
            f"again on 1 January {local.year + 1}."
        )


@transaction.atomic
def cancellation_request(
    *, player: Player, club: Club, by: User | None, now: datetime | None = None
) -> Player:
    """Ask that a home member not be renewed; it takes effect in the 1 April update (1.3.2)."""
    now = current_time(now)
    _window_require_open(now)
    player = player_locked(player)
    home_member_require(player, club, "cancelled")
    if player.cancellation_requested_at is not None:
        raise DomainError(
            f"A cancellation of {player.abf_number} {player.full_name} is already requested."
        )
    player.cancellation_requested_at = now
    player.save(update_fields=["cancellation_requested_at"])
    change_record(
        player=player,
        by=by,
        club=club,
        action="cancellation_request",
        changes={"cancellation_requested_at": [None, now.isoformat()]},
    )
    return player


@transaction.atomic
def cancellation_withdraw(
    *, player: Player, club: Club, by: User | None, now: datetime | None = None
) -> Player:
    """Undo a cancellation request before the deadline (guide F6.4, Figure F-9)."""
    now = current_time(now)
    _window_require_open(now)
    player = player_locked(player)
    home_member_require(player, club, "cancelled")
    if player.cancellation_requested_at is None:
        raise DomainError(
            f"No cancellation of {player.abf_number} {player.full_name} is requested."
        )
    previous = player.cancellation_requested_at
    player.cancellation_requested_at = None
    player.save(update_fields=["cancellation_requested_at"])
    change_record(
        player=player,
        by=by,
        club=club,
        action="cancellation_withdraw",
        changes={"cancellation_requested_at": [previous.isoformat(), None]},
    )
    return player
