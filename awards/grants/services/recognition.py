"""An overseas rank recognised (NZ Bridge's Overseas Master Points, `Scheme.rank_recognition`):
staff credit a new resident the fewest points that reach the scheme's equivalent rank, as
grants of an event of their own that counts in no year (they were not won in one)."""

from __future__ import annotations

from datetime import date

from django.db import transaction

from awards.errors import AwardsError
from awards.ledger.models import Credit, Event
from awards.ledger.selectors import player_totals
from awards.ledger.services.credits import credit_add
from centre.dates import date_refusal
from centre.models import User
from centre.schemes import current_scheme, number_name
from players.models import Player
from scheme.core.points import points_text


def rank_recognise(
    *, by: User, number: str, rank_order: int, reason: str, on: date
) -> list[Credit]:
    """Credit the player of `number` the points `rank_order` still needs, by kind, with the
    reason; refused, naming the field and with nothing written, when the player already
    holds them (the same request sent again), is not active, or the rank is not one of the
    scheme's."""
    scheme = current_scheme()
    if scheme.rank_recognition is None:
        raise AwardsError("This scheme recognises no overseas rank.")
    if not by.is_centre_staff:
        raise AwardsError("An overseas rank is recognised by centre staff.")
    reason = reason.strip()
    if not reason:
        raise AwardsError.on_field("reason", "Give the reason: who recognised which overseas rank.")
    if refusal := date_refusal(on, what="The day of the recognition"):
        raise AwardsError.on_field("on", refusal)
    rank = next((rank for rank in scheme.ranks if rank.order == rank_order), None)
    if rank is None:
        raise AwardsError.on_field("rank", "Choose one of the scheme's ranks.")
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(abf_number=number).first()
        if player is None:
            raise AwardsError.on_field("number", f"No player has the {number_name()} {number}.")
        if player.status != Player.Status.ACTIVE:
            raise AwardsError.on_field(
                "number",
                f"{number} is {player.get_status_display().lower()}: only an active player's "
                "rank is recognised.",
            )
        held = scheme.record_totals(player_totals(player=player).lifetime, player.pre_1982_red)
        points = scheme.rank_recognition(rank, held)
        if not points:
            raise AwardsError.on_field(
                "rank",
                f"{number} {player.full_name} already holds the points of {rank.name}: "
                "nothing was credited.",
            )
        event = Event.objects.create(
            organiser=Event.Organiser.OVERSEAS,
            name=f"Overseas rank recognised: {rank.name}",
            starts_on=on,
            ends_on=on,
            grade="",
            of_the_year=False,
            created_by=by,
        )
        return [
            credit_add(
                player=player,
                event=event,
                colour=kind,
                points=hundredths,
                source=Credit.Source.GRANT,
                by=by,
                reason=reason,
            )
            for kind, hundredths in points.items()
        ]


def recognised_text(credits: list[Credit]) -> str:
    """ "30.00 A Points and 20.00 B Points", in the scheme's words."""
    scheme = current_scheme()
    return " and ".join(
        f"{points_text(credit.points)} {scheme.point_kind(credit.colour).label}"
        for credit in credits
    )
