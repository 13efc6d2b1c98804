"""The yearly updates: the 1 April update applies the requested cancellations (1.3.2,
1.4.2), and on 1 January the Youth Players' Club loses its members now 26 or older (1.3.6).
Only under a scheme with a membership year (MEMBERSHIP_YEAR, `Scheme.membership`)."""

from collections import defaultdict
from datetime import datetime
from typing import Any

from django.db import transaction

from centre.dates import moment_text
from centre.errors import DomainError
from centre.mail import email_after_commit
from centre.models import User
from clubs.models import Club
from players import calendar, emails
from players.models import Player
from players.services.common import (
    change_record,
    club_ref,
    current_time,
    membership_rules_require,
)


def players_make_inactive(
    players: list[Player], *, by: User | None, action: str
) -> dict[int, list[int]]:
    """Make each player inactive; return the player ids per former home club."""
    by_club: dict[int, list[int]] = defaultdict(list)
    for player in players:
        home = player.home_club
        changes: dict[str, list[Any]] = {
            "status": [player.status, Player.Status.INACTIVE.value],
            "home_club": [club_ref(home), None],
        }
        if player.cancellation_requested_at is not None:
            changes["cancellation_requested_at"] = [
                player.cancellation_requested_at.isoformat(),
                None,
            ]
        player.status = Player.Status.INACTIVE
        player.home_club = None
        player.cancellation_requested_at = None
        player.save(update_fields=["status", "home_club", "cancellation_requested_at"])
        # One summary email per club, not one per player.
        change_record(player=player, by=by, club=home, action=action, changes=changes, notify=False)
        if home is not None:
            by_club[home.pk].append(player.pk)
    for club_id, player_ids in by_club.items():
        email_after_commit(emails.club_players_inactive_notify, club_id, player_ids, action)
    return dict(by_club)


@transaction.atomic
def cancellations_apply(*, now: datetime | None = None, by: User | None = None) -> list[Player]:
    """The 1 April update: every requested cancellation takes effect (1.3.2, 1.4.2).

    Run after the deadline only, so that no club can still withdraw a request. Running it
    again finds no request left and changes nothing.
    """
    rules = membership_rules_require()
    now = current_time(now)
    local = calendar.local(now)
    if local < rules.cancellation_deadline(local.year):
        raise DomainError(
            f"The 1 April update runs after the cancellation deadline, midday 31 March "
            f"{local.year}; it is now {moment_text(local)}."
        )
    players = list(
        Player.objects.select_for_update(of=("self",))
        .select_related("home_club")
        .filter(status=Player.Status.ACTIVE, cancellation_requested_at__isnull=False)
        .order_by("pk")
    )
    players_make_inactive(players, by=by, action="cancellation")
    return players


@transaction.atomic
def youth_age_out(*, now: datetime | None = None, by: User | None = None) -> list[Player]:
    """Move Youth Players' Club members who are 26 or older on 1 January to inactive (1.3.6).

    Members with no birth year on record are left alone: their age is unknown. Running it
    again finds nobody left to move.
    """
    rules = membership_rules_require()
    now = current_time(now)
    cutoff = rules.youth_cutoff_birth_year(year=calendar.local(now).year)
    players = list(
        Player.objects.select_for_update(of=("self",))
        .select_related("home_club")
        .filter(
            status=Player.Status.ACTIVE,
            home_club__kind=Club.Kind.YOUTH,
            birth_year__isnull=False,
            birth_year__lte=cutoff,
        )
        .order_by("pk")
    )
    players_make_inactive(players, by=by, action="youth_age_out")
    return players
