"""What the award rules give back: each contestant's awards, and the working."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from scheme.abf.grades import Colour, Kind


@dataclass(frozen=True)
class ContestantAwards:
    """One contestant's awards for the event, per player, in hundredths (4.1.2, 4.4.2).

    `sessions` follows the event's sessions: the session award where the contestant played
    in a field, None where it did not (or where the session was of matches, whose awards
    are summed in `matches`). `total` is the sum of the rounded parts.
    """

    label: str
    sessions: tuple[Decimal | None, ...]
    matches: Decimal
    outright: Decimal
    total: Decimal


@dataclass(frozen=True)
class PlayerAwards:
    """One player's awards when the event lists its contestants' players (4.4.4, 4.4.5):
    the contestant's awards for the sessions the player is eligible for, the outright award
    if eligible, and each reason a part is withheld or shared."""

    label: str
    contestant: str
    sessions: tuple[Decimal | None, ...]
    matches: Decimal
    outright: Decimal
    total: Decimal
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class EventAwards:
    rules: str
    grade: str
    kind: Kind
    colour: Colour
    contestants: tuple[ContestantAwards, ...]
    working: tuple[str, ...]
    # Given only when the event lists its contestants' players (4.4.4, 4.4.5).
    players: tuple[PlayerAwards, ...] = ()

    def __getitem__(self, label: str) -> ContestantAwards:
        for contestant in self.contestants:
            if contestant.label == label:
                return contestant
        raise KeyError(label)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(c.label for c in self.contestants)
