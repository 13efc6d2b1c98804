"""A player's rank history (issue 25): each promotion with its day (1.4.4: promotions happen
at a month close), the records merged into the player's included, and the rank held on any
day by that history."""

from __future__ import annotations

import calendar
import functools
from dataclasses import dataclass
from datetime import UTC, date, datetime

from django.db import connection
from django.utils import timezone

from awards.corrections.models import Correction
from centre.models import Period
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


@functools.lru_cache(maxsize=4)
def _history_sql(vendor: str) -> str:
    """The promotions of a record and of every record merged into it (a record merged into
    one merged later, too), each with the number it was made under: one statement, whose
    one parameter is the record's id, read through the promotions' and the corrections'
    indexes of the player. Written once for each database (`vendor`)."""
    quote = connection.ops.quote_name
    promotion, period = quote(Promotion._meta.db_table), quote(Period._meta.db_table)
    player, correction = quote(Player._meta.db_table), quote(Correction._meta.db_table)
    return (
        "WITH RECURSIVE merged (id) AS (SELECT CAST(%s AS BIGINT) UNION "  # noqa: S608
        f"SELECT c.player_id FROM {correction} c JOIN merged m ON c.other_player_id = m.id "
        f"WHERE c.kind = '{Correction.Kind.MERGE.value}') "
        "SELECT pr.rank_order, pr.rank_name, pe.year, pe.month, pr.promoted_at, pl.abf_number "
        f"FROM {promotion} pr JOIN {period} pe ON pe.id = pr.period_id "
        f"JOIN {player} pl ON pl.id = pr.player_id WHERE pr.player_id IN (SELECT id FROM merged)"
    )


# The months' names, as the register writes them (calendar.month_name writes each again).
_MONTH_NAMES = tuple(calendar.month_name)


def _aware(value: datetime | str) -> datetime:
    """A moment as the cursor gives it (SQLite: in UTC without its zone, or as text)."""
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(value)
    return moment if timezone.is_aware(moment) else moment.replace(tzinfo=UTC)


def rank_history(*, player: Player) -> list[RankStep]:
    """The player's promotions, the earliest first. A player never ranked has none, and is
    answered without reading them: the public player page reads only what it shows."""
    if player.rank_order == 0:
        return []
    with connection.cursor() as cursor:
        cursor.execute(_history_sql(connection.vendor), [player.pk])
        rows = cursor.fetchall()
    steps = [
        RankStep(
            rank_order=rank_order,
            rank_name=rank_name,
            month=f"{_MONTH_NAMES[month]} {year}",
            promoted_on=timezone.localdate(_aware(promoted_at)),
            abf_number=number,
        )
        for rank_order, rank_name, year, month, promoted_at, number in rows
    ]
    return sorted(steps, key=lambda step: (step.promoted_on, step.rank_order))


def rank_held_on(*, steps: list[RankStep], on: date) -> RankStep | None:
    """The rank held on a day by the history: the highest promotion made by then."""
    held = [step for step in steps if step.promoted_on <= on]
    return max(held, key=lambda step: step.rank_order) if held else None
