"""The corrections' answer to a change of a player's record (connected in AwardsConfig.ready):
a record retired by a merge is never made active, nor given a club, again."""

from __future__ import annotations

from typing import Any

from awards.corrections.models import Correction
from awards.corrections.services.common import CorrectionError
from players.models import Player


def retired_record_guard(sender: Any, *, instance: Player, **kwargs: Any) -> None:
    """Refuse, in words for the person who tried, to bring a retired number back (a club
    reactivating it, a transfer): the record it was merged into is the player's."""
    if instance.pk is None:
        return
    if instance.status == Player.Status.INACTIVE and instance.home_club_id is None:
        return
    merge = (
        Correction.objects.filter(kind=Correction.Kind.MERGE, player_id=instance.pk)
        .select_related("other_player")
        .first()
    )
    if merge is not None:
        kept = merge.other_player
        raise CorrectionError(
            f"{instance.abf_number} was merged into {kept.abf_number} {kept.full_name} "
            f"(correction {merge.pk}) and is retired: use {kept.abf_number}.",
            code="number_retired",
        )
