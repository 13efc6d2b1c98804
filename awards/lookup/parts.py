"""What the apps above the ledger add to the public player page's kept record: the ranks
app adds the rank history. Each part is read when the record is built and kept with it in
the cache, so that a page served from the cache reads nothing more for it."""

from __future__ import annotations

from collections.abc import Callable

from players.models import Player

PlayerPart = Callable[[Player], object]

_PARTS: dict[str, PlayerPart] = {}


def player_page_part(name: str, build: PlayerPart) -> None:
    """Add `name` to the player page's context, built by `build(player)` with the record.
    What it shows must change only with the record's keys: the player's details, rank
    included, and the lifetime and approved totals' versions."""
    _PARTS[name] = build


def player_page_parts(player: Player) -> dict[str, object]:
    return {name: build(player) for name, build in _PARTS.items()}
