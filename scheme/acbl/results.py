"""What the ACBL award rules give back: each contestant's awards by colour, and the working.

All amounts are whole hundredths of a masterpoint, per player."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ContestantAwards:
    """One contestant's awards. `sessions` holds the section (session) award of each session
    (None where the contestant had none); `overall` the overall award; `matches` the match
    awards summed; `points` what is credited, by colour, and `total` their sum. At a regular
    club game a contestant receives the section or the overall award, whichever is greater,
    not both; at a General Formula event the awards add up."""

    label: str
    sessions: tuple[int | None, ...]
    matches: int
    overall: int
    total: int
    points: Mapping[str, int]


@dataclass(frozen=True)
class EventAwards:
    rules: str
    grade: str
    kind: str
    colour: str
    contestants: tuple[ContestantAwards, ...]
    working: tuple[str, ...]

    def __getitem__(self, label: str) -> ContestantAwards:
        for contestant in self.contestants:
            if contestant.label == label:
                return contestant
        raise KeyError(label)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(c.label for c in self.contestants)
