"""A club's alternates: players of other home clubs in its reports (App. C ii; guide F6.3)."""

from django.db import transaction

from centre.errors import DomainError
from centre.models import User
from clubs.models import Club
from players.models import Alternate, Player
from players.services.common import change_record, player_locked


@transaction.atomic
def alternate_add(*, player: Player, club: Club, by: User | None) -> Alternate:
    """Include a player of another home club in the club's reports (App. C ii; guide F6.3)."""
    player = player_locked(player)
    if player.status == Player.Status.DECEASED:
        raise DomainError(
            f"{player.abf_number} {player.full_name} is deceased and cannot be an alternate."
        )
    if player.home_club_id == club.pk:
        raise DomainError(
            f"{player.abf_number} {player.full_name} is a home member of {club.name}; a club's "
            "home members cannot also be its alternates."
        )
    if Alternate.objects.filter(player=player, club=club).exists():
        raise DomainError(
            f"{player.abf_number} {player.full_name} is already an alternate of {club.name}."
        )
    alternate = Alternate.objects.create(player=player, club=club)
    change_record(
        player=player,
        by=by,
        club=club,
        action="alternate_add",
        changes={"alternate_clubs": [None, club.number]},
    )
    return alternate


@transaction.atomic
def alternate_remove(*, player: Player, club: Club, by: User | None) -> None:
    """A club may remove its alternates at any time (App. C ii)."""
    player = player_locked(player)
    deleted, _ = Alternate.objects.filter(player=player, club=club).delete()
    if not deleted:
        raise DomainError(
            f"{player.abf_number} {player.full_name} is not an alternate of {club.name}."
        )
    change_record(
        player=player,
        by=by,
        club=club,
        action="alternate_remove",
        changes={"alternate_clubs": [club.number, None]},
    )
