"""The ledger's answers to the registry's signals (connected in AwardsConfig.ready)."""

from __future__ import annotations

from datetime import date
from typing import Any

from awards.ledger.services.held import held_credits_release
from players.models import Player


def held_credits_release_on_reactivation(
    sender: Any, *, player: Player, reactivated_on: date, **kwargs: Any
) -> None:
    """1.3.2: a reactivated player's held points are credited or forfeited, in the
    reactivation's transaction."""
    held_credits_release(player=player, reactivated_on=reactivated_on)
