"""What an NZ event looks like to the award rules: the description that goes in.

Plain containers, checked when the awards are computed (a `RulesError` names the field).
Contestants are opaque labels (a pair number, a team name). A ranking lists places best
first, each place the labels tied there. A field is one group whose scores are compared
(Club Sessions, Scoring 3: a Mitchell section gives two, the N/S and the E/W pairs; a Howell
one); the Basic Table reads its number of contestants (`size`, or else from its tables and
movement, or else its ranking's labels).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType

from scheme.core.placings import Ranking
from scheme.nz.editions import DEFAULT_RULES
from scheme.nz.players import Player


class Kind(StrEnum):
    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


class Movement(StrEnum):
    """How a field is played: how many contestants its tables hold."""

    MITCHELL = "mitchell"  # one group of a Mitchell: one contestant a table
    HOWELL = "howell"  # all pairs in one group: two a table
    INDIVIDUAL = "individual"  # four players a table
    TEAMS = "teams"  # a ranking of teams: `tables` is the number of teams

    def contestants(self, tables: Decimal) -> int:
        per_table = {"mitchell": 1, "howell": 2, "individual": 4, "teams": 1}[self.value]
        return int(tables * per_table)


def _ranking(value: object) -> Ranking:
    return tuple(tuple(group) for group in value)  # type: ignore[union-attr]


@dataclass(frozen=True)
class Field:
    movement: Movement
    tables: Decimal
    ranking: Ranking
    size: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", _ranking(self.ranking))


@dataclass(frozen=True)
class Match:
    """A match scored as a separate entity (Club Sessions, Basic C Point Tables 2; A Point
    Tournaments rule 4). The winner by victory points, else IMPs, else total points."""

    deals: int
    home: str
    away: str
    home_vps: Decimal | None = None
    away_vps: Decimal | None = None
    home_imps: Decimal | None = None
    away_imps: Decimal | None = None
    home_points: Decimal | None = None
    away_points: Decimal | None = None


@dataclass(frozen=True)
class Session:
    """One session: fields ranked by their scores, or matches. `deals` is the deals in
    circulation (20 or more when left out)."""

    fields: tuple[Field, ...] = ()
    matches: tuple[Match, ...] = ()
    deals: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", tuple(self.fields))
        object.__setattr__(self, "matches", tuple(self.matches))


@dataclass(frozen=True)
class Overall:
    """The overall placings of a Tournament (A/B Point Tournaments rule 2). `size` is the
    number of contestants in the TOTAL field (qualifying/final and plate: the plate's
    placings follow the final's, Tables E42-E47), when the ranking lists only some."""

    ranking: Ranking
    size: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", _ranking(self.ranking))


@dataclass(frozen=True)
class Event:
    status: str
    kind: Kind
    sessions: tuple[Session, ...]
    overall: Overall | None = None
    rules: str = DEFAULT_RULES
    name: str = ""
    # By contestant label, its players and the deals each played (A/B Point Tournaments
    # rule 2): the answer then gives each player's points.
    players: Mapping[str, tuple[Player, ...]] = field(default_factory=dict)
    # Issue of Master Points 6, 9: contestants not entitled to Master Points (a non-member,
    # a player above the Tournament's grade). Their places count; their points are not
    # issued, and the others receive what they would have had.
    ineligible: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "sessions", tuple(self.sessions))
        object.__setattr__(self, "ineligible", tuple(self.ineligible))
        object.__setattr__(
            self,
            "players",
            MappingProxyType({label: tuple(members) for label, members in self.players.items()}),
        )
