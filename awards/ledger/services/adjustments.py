"""Corrections: a credit is never edited; an adjusting credit with a reason is added."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Sum

from awards.errors import AwardsError
from awards.ledger.models import Credit
from awards.ledger.services.credits import credit_add
from centre.models import Period, User
from players.models import Player
from scheme.core.points import points_text


def credit_adjust(*, credit: Credit, points: int, reason: str, by: User) -> Credit:
    """A correction: an adjusting credit with a reason (the ledger is never edited).

    Staff may adjust any credit; a club only its own uploads, and only before their month
    closes (App. E: until then they are provisional).
    """
    reason = reason.strip()
    if not reason:
        raise AwardsError("Say why the credit is adjusted.")
    if points == 0:
        raise AwardsError("An adjustment changes the points: give a non-zero amount.")
    with transaction.atomic():
        credit = Credit.objects.select_related("upload", "period").get(pk=credit.pk)
        if not by.is_centre_staff:
            if not (by.is_club_secretary and credit.upload and credit.upload.club_id == by.club_id):
                raise AwardsError("Only centre staff, or the club that credited it, adjust this.")
            if credit.period.status != Period.Status.OPEN:
                raise AwardsError(
                    f"{credit.period.label} is closed; ask the Masterpoint Centre to adjust it."
                )
        Player.objects.select_for_update().get(pk=credit.player_id)
        original = credit.adjusts or credit
        so_far = (
            Credit.objects.filter(
                player_id=credit.player_id, event_id=credit.event_id, colour=credit.colour
            ).aggregate(total=Sum("points"))["total"]
            or 0
        )
        if so_far + points < 0:
            raise AwardsError(
                f"The player has {points_text(so_far)} {credit.colour} points from this event; "
                f"an adjustment cannot take more."
            )
        return credit_add(
            player=credit.player,
            event=credit.event,
            colour=credit.colour,
            points=points,
            source=Credit.Source.ADJUSTMENT,
            by=by,
            reason=reason,
            adjusts=original,
        )
