"""What the NZ award rules give back: each contestant's points by kind, and the working.

Points are hundredths by point-kind code ("A", "B", "C"), what each player of the contestant
receives."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Points = Mapping[str, int]


@dataclass(frozen=True)
class ContestantPoints:
    """`sessions` follows the event's sessions: the points of the session where the
    contestant played in a field (C Points, and the session winner's A or B Point), None
    where it did not; `matches` sums its match points over the event; `total` is by kind,
    every kind of the scheme."""

    label: str
    sessions: tuple[Points | None, ...]
    matches: Points
    overall: Points
    total: Points


@dataclass(frozen=True)
class EventPoints:
    rules: str
    status: str
    kind: str
    contestants: tuple[ContestantPoints, ...]
    working: tuple[str, ...]
    # Each listed player's points (scheme.nz.players.PlayerPoints), when the event lists
    # its contestants' players.
    players: tuple[Any, ...] = ()

    def __getitem__(self, label: str) -> ContestantPoints:
        for contestant in self.contestants:
            if contestant.label == label:
                return contestant
        raise KeyError(label)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(c.label for c in self.contestants)
