"""A player's details and life in the registry: edits, transfer, reactivation, death
(App. C 2, 6; guide F6.1)."""

from datetime import datetime
from typing import Any

from django.db import transaction

from centre.errors import DomainError
from centre.mail import email_after_commit
from centre.models import User
from centre.schemes import number_name
from clubs.models import Club
from players import calendar, emails
from players.models import Player
from players.services.common import (
    DETAIL_FIELDS,
    STAFF_ONLY_FIELDS,
    alternate_drop,
    change_record,
    club_ref,
    current_time,
    details_clean,
    home_member_require,
    player_locked,
    refused,
    refused_fields,
    youth_join_require,
)
from players.signals import player_reactivated


@transaction.atomic
def player_update(
    *,
    player: Player,
    by: User | None,
    club: Club | None,
    data: dict[str, Any],
    now: datetime | None = None,
) -> Player:
    """Edit a player's details; never the ABF number (guide F6.1).

    `club` is the club making the change, which must be the player's home club; centre staff
    act with no club and may also correct the pre-1982 red points (1.8 notes).
    """
    now = current_time(now)
    allowed = DETAIL_FIELDS + (STAFF_ONLY_FIELDS if club is None else ())
    if "abf_number" in data:
        raise refused("abf_number", f"An {number_name()} is kept for life; it cannot change.")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise refused_fields(unknown, "This field cannot be changed here.")
    player = player_locked(player)
    if club is not None:
        home_member_require(player, club, "edited")
    elif player.status == Player.Status.DECEASED:
        raise DomainError(f"{player.abf_number} {player.full_name} is deceased.")
    cleaned = details_clean(data, now=now)
    changes = {
        field: [getattr(player, field), value]
        for field, value in cleaned.items()
        if getattr(player, field) != value
    }
    if not changes:
        return player
    if "birth_year" in changes and player.status == Player.Status.ACTIVE:
        # 1.3.6: a member of the Youth Players' Club is under 26 on 1 January, whether the
        # birth year is given when joining or corrected afterwards.
        youth_join_require(birth_year=cleaned["birth_year"], club=player.home_club, now=now)
    for field, (_, value) in changes.items():
        setattr(player, field, value)
    player.save(update_fields=list(changes))
    change_record(
        player=player, by=by, club=club or player.home_club, action="update", changes=changes
    )
    return player


@transaction.atomic
def player_transfer(
    *, player: Player, club: Club, by: User | None, now: datetime | None = None
) -> Player:
    """Make `club` the home club of an active player registered elsewhere (guide F6.1)."""
    now = current_time(now)
    player = player_locked(player)
    if player.status != Player.Status.ACTIVE:
        raise DomainError(
            f"{player.abf_number} {player.full_name} is {player.get_status_display().lower()}: "
            "only an active player can be transferred"
            + (" (use Reactivate instead)." if player.status == Player.Status.INACTIVE else ".")
        )
    if player.home_club_id == club.pk:
        raise DomainError(
            f"{player.abf_number} {player.full_name} is already a home member of {club.name}."
        )
    youth_join_require(birth_year=player.birth_year, club=club, now=now)
    previous = player.home_club
    changes: dict[str, list[Any]] = {"home_club": [club_ref(previous), club.number]}
    if player.cancellation_requested_at is not None:
        # The old home club's cancellation request does not follow the player to a new club.
        changes["cancellation_requested_at"] = [
            player.cancellation_requested_at.isoformat(),
            None,
        ]
        player.cancellation_requested_at = None
    if alternate_drop(player, club):
        changes["alternate_clubs"] = [[club.number], []]
    player.home_club = club
    player.save(update_fields=["home_club", "cancellation_requested_at"])
    change = change_record(player=player, by=by, club=club, action="transfer", changes=changes)
    # The club losing the player is told too, in a message of its own (guide F6.1: a
    # transfer needs no consent from the previous home club, but it must not go unheard).
    email_after_commit(emails.player_transfer_out_notify, change.pk)
    return player


@transaction.atomic
def player_reactivate(
    *, player: Player, club: Club, by: User | None, now: datetime | None = None
) -> Player:
    """Bring an inactive player back; the reactivating club becomes home (1.3.2; App. C 2)."""
    now = current_time(now)
    player = player_locked(player)
    if player.status != Player.Status.INACTIVE:
        reason = (
            "transfer the player or add them as an alternate instead"
            if player.status == Player.Status.ACTIVE
            else "a deceased player's record is closed"
        )
        raise DomainError(
            f"{player.abf_number} {player.full_name} is {player.get_status_display().lower()}: "
            f"only an inactive player can be reactivated; {reason}."
        )
    youth_join_require(birth_year=player.birth_year, club=club, now=now)
    changes: dict[str, list[Any]] = {
        "status": [player.status, Player.Status.ACTIVE.value],
        "home_club": [club_ref(player.home_club), club.number],
    }
    if alternate_drop(player, club):
        changes["alternate_clubs"] = [[club.number], []]
    player.status = Player.Status.ACTIVE
    player.home_club = club
    player.save(update_fields=["status", "home_club"])
    change_record(player=player, by=by, club=club, action="reactivate", changes=changes)
    # 1.3.2: points held while inactive are credited for the quarter of renewal and the one
    # before it, the rest forfeited. The ledger, above the registry, listens for this.
    player_reactivated.send(sender=Player, player=player, reactivated_on=calendar.local(now).date())
    return player


@transaction.atomic
def player_mark_deceased(*, player: Player, by: User | None, club: Club | None) -> Player:
    """Record a player's death (App. C 6): never a way to cancel a membership.

    A club may do it only for its own home members; centre staff act with no club.
    """
    player = player_locked(player)
    if club is not None:
        home_member_require(player, club, "marked as deceased")
    elif player.status == Player.Status.DECEASED:
        raise DomainError(f"{player.abf_number} {player.full_name} is already deceased.")
    changes: dict[str, list[Any]] = {
        "status": [player.status, Player.Status.DECEASED.value],
        "home_club": [club_ref(player.home_club), None],
    }
    if player.cancellation_requested_at is not None:
        changes["cancellation_requested_at"] = [
            player.cancellation_requested_at.isoformat(),
            None,
        ]
    notify_club = club or player.home_club
    player.status = Player.Status.DECEASED
    player.home_club = None
    player.cancellation_requested_at = None
    player.save(update_fields=["status", "home_club", "cancellation_requested_at"])
    change_record(player=player, by=by, club=notify_club, action="deceased", changes=changes)
    return player
