"""A player's rank history (issue 25): each promotion with its day (1.4.4: promotions happen
at a month close), the records merged into the player's included, and the rank held on any
day by that history."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from awards.corrections.selectors import numbers_merged_into
from players.models import Player
from ranks.models import Promotion


@dataclass(frozen=True)
class RankStep:
    rank_order: int
    rank_name: str
    # The month whose close made it, and the day it was made.
    month: str
    promoted_on: date
    # The number the promotion was made under: the player's, or a record merged into it.
    abf_number: str

    def as_json(self) -> dict:
        return {
            "rank": self.rank_name,
            "rank_order": self.rank_order,
            "month": self.month,
            "promoted_on": self.promoted_on.isoformat(),
            "abf_number": self.abf_number,
        }


def rank_history(*, player: Player) -> list[RankStep]:
    """The player's promotions, the earliest first. A player never ranked has none, and is
    answered without reading them: the public player page reads only what it shows."""
    if player.rank_order == 0:
        return []
    records = [player, *numbers_merged_into(player=player)]
    numbers = {record.pk: record.abf_number for record in records}
    steps = [
        RankStep(
            rank_order=promotion.rank_order,
            rank_name=promotion.rank_name,
            month=promotion.period.label,
            promoted_on=timezone.localdate(promotion.promoted_at),
            abf_number=numbers[promotion.player_id],
        )
        for promotion in Promotion.objects.filter(player_id__in=numbers).select_related("period")
    ]
    return sorted(steps, key=lambda step: (step.promoted_on, step.rank_order))


def rank_held_on(*, steps: list[RankStep], on: date) -> RankStep | None:
    """The rank held on a day by the history: the highest promotion made by then."""
    held = [step for step in steps if step.promoted_on <= on]
    return max(held, key=lambda step: step.rank_order) if held else None
