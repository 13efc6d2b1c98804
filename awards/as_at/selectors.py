"""A player's points by kind and rank as at a day (Appendix A: novice and restricted events
are limited by "masterpoints at a particular date").

The points held on a day are those of the events that ended by it, as the ledger holds them
now: credited then or later (a club's file sent after the day still counts the session
played before it), provisional or approved, and with every correction since (a credit found
wrong was never the player's). The red points won before 1982 kept on the player count too
(1.8 notes). The rank is the one those points reach on the scheme's ladder; a promotion
itself is recorded at the next month close (1.4.4, the rank history).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Sum

from awards.ledger.models import Credit
from awards.ledger.selectors import zeros_by_kind
from centre.schemes import current_scheme
from players.models import Player
from scheme.base import SchemeRank

# Players whose credits one query reads.
CHUNK = 500


@dataclass(frozen=True)
class Holdings:
    player: Player
    on: date
    by_kind: dict[str, int] = field(default_factory=zeros_by_kind)

    @property
    def pre_1982_red(self) -> int:
        return self.player.pre_1982_red

    @property
    def total(self) -> int:
        """Every point held, the pre-1982 red points with them (1.8 notes)."""
        return sum(self.by_kind.values()) + self.pre_1982_red

    @property
    def rank(self) -> SchemeRank | None:
        return current_scheme().player_rank(self.by_kind, self.pre_1982_red)

    def as_json(self) -> dict:
        rank = self.rank
        return {
            "abf_number": self.player.abf_number,
            "name": self.player.full_name,
            "on": self.on.isoformat(),
            "points": dict(self.by_kind),
            "pre_1982_red": self.pre_1982_red,
            "total": self.total,
            "rank": rank.name if rank else None,
            "rank_order": rank.order if rank else 0,
        }


def players_holdings_as_at(*, players: Iterable[Player], on: date) -> dict[int, Holdings]:
    """Each player's holdings on `on`, the credits of CHUNK players read at a time."""
    players = list(players)
    found = {player.pk: Holdings(player=player, on=on) for player in players}
    ids = list(found)
    for start in range(0, len(ids), CHUNK):
        rows = (
            Credit.objects.filter(player_id__in=ids[start : start + CHUNK], event__ends_on__lte=on)
            .order_by()
            .values_list("player_id", "colour")
            .annotate(points=Sum("points"))
        )
        for player_id, colour, points in rows:
            kinds = found[player_id].by_kind
            kinds[colour] = kinds.get(colour, 0) + points
    return found


def holdings_as_at(*, player: Player, on: date) -> Holdings:
    return players_holdings_as_at(players=[player], on=on)[player.pk]
