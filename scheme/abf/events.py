"""What an event looks like to the award rules: the description that goes in.

These are plain containers; the rule set checks every value when it computes the awards and
names the offending field in a `RulesError`. Numbers are `Decimal` (or int, or str); a
float is accepted only through its `str` form.

Contestants are opaque labels (a pair number, a team name, an ABF number). A ranking is a
list of places, best first, each place the list of labels tied there (4.4.6). List every
contestant of the field, or at least the placed ones and the field's `size`, so that the
depth of the placings (4.1.1) can be derived.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType

from scheme.abf.factors import MasterFactor
from scheme.abf.grades import Kind
from scheme.core.placings import Ranking

DEFAULT_RULES = "ABF-2025"


class Movement(StrEnum):
    """How a field is played; it decides one or two session winners (4.2.1)."""

    MITCHELL = "mitchell"  # two winners, Tables 1A-1C
    HOWELL = "howell"  # one winner, Tables 2A-2C
    ARROW_SWITCH = "arrow_switch"  # one winner
    INDIVIDUAL = "individual"  # one winner: the Howell award for the same tables
    SHORT_MATCHES = "short_matches"  # matches under 5 boards: one winner (4.2.3)

    @property
    def two_winners(self) -> bool:
        return self is Movement.MITCHELL

    @property
    def label(self) -> str:
        return {
            Movement.MITCHELL: "Mitchell",
            Movement.HOWELL: "Howell",
            Movement.ARROW_SWITCH: "arrow-switch Mitchell",
            Movement.INDIVIDUAL: "Individual",
            Movement.SHORT_MATCHES: "matches of under 5 boards",
        }[self]


class Stage(StrEnum):
    """Where a field or match stands in an event with finals (4.2.4, 4.2.5)."""

    QUALIFYING = "qualifying"  # standard awards
    SEMI_FINAL = "semi_final"  # a stage before the final: +50% if no larger than a final
    FINAL = "final"  # +50%, factored down if the final is too large
    CONSOLATION = "consolation"  # standard awards times the consolation factor


def _ranking(value: Sequence[Sequence[str]]) -> Ranking:
    return tuple(tuple(group) for group in value)


def _frozen(mapping: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Field:
    """A set of contestants whose scores are compared directly (4.1.1 NOTE), in one session.

    A Mitchell gives two fields (N-S and E-W), each with the movement's number of tables.
    For teams, `tables` is the number of teams in the field.
    """

    movement: Movement
    tables: Decimal
    ranking: Ranking
    name: str = ""
    # The number of contestants in the field, when the ranking lists only the placed ones.
    size: int | None = None
    stage: Stage = Stage.QUALIFYING
    # For a consolation: 1 for the first (top) consolation, 2 for the next...
    consolation: int | None = None
    # 4.2.2 (and 6.3's alternative): each pair's score in percent; given, the session awards
    # follow the scores instead of the placings.
    percentages: Mapping[str, Decimal] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", _ranking(self.ranking))
        if self.percentages is not None:
            object.__setattr__(self, "percentages", MappingProxyType(dict(self.percentages)))


@dataclass(frozen=True)
class Match:
    """A match of 5 or more boards between two contestants (4.2.3).

    Give the IMPs when known; otherwise the victory points; for matchpoint scoring, the home
    side's percentage.
    """

    boards: int
    home: str
    away: str
    home_imps: Decimal | None = None
    away_imps: Decimal | None = None
    home_vps: Decimal | None = None
    away_vps: Decimal | None = None
    home_percent: Decimal | None = None
    stage: Stage = Stage.QUALIFYING
    consolation: int | None = None
    # 4.2.3 NOTE (iii): a half-match of a single round triangle, under 5 boards.
    triangle: bool = False


@dataclass(frozen=True)
class Session:
    """One session: either fields of a movement, or matches of 5 or more boards."""

    fields: tuple[Field, ...] = ()
    matches: tuple[Match, ...] = ()
    # Boards played in the session; under 24 (15 for grade F) the awards are factored down
    # (4.4.7). Leave it out for a full session.
    boards: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", tuple(self.fields))
        object.__setattr__(self, "matches", tuple(self.matches))


@dataclass(frozen=True)
class WalkIn:
    """4.3.2: an eclectic or walk-in event. The outright field is the average attendance,
    or 125% of the tables that qualified for a final placing, whichever is the lesser."""

    average_tables: Decimal


@dataclass(frozen=True)
class ConsolationOutright:
    """4.3.3: the outright placings of one consolation, as a share of the final's award.

    Give one ranking, or two when the consolation produces two winners (a Mitchell)."""

    number: int
    tables: Decimal
    rankings: tuple[Ranking, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "rankings", tuple(_ranking(r) for r in self.rankings))


@dataclass(frozen=True)
class Outright:
    """The final placings of an event of two or more sessions (4.3).

    `sessions` or `boards` (or both) give S (4.3.1); `tables` defaults from the number of
    contestants.
    """

    ranking: Ranking
    tables: Decimal | None = None
    sessions: int | None = None
    boards: int | None = None
    # The number of contestants in the field, when the ranking lists only the placed ones.
    size: int | None = None
    # 4.3.3: sessions (or boards) actually played by award recipients who played fewer or
    # more than the event's S, e.g. finalists of a knock-out.
    sessions_played: Mapping[str, int] = field(default_factory=dict)
    boards_played: Mapping[str, int] = field(default_factory=dict)
    walk_in: WalkIn | None = None
    # 7.5.2: the table amplification factor of some national events (3, or 1.5).
    amplification: Decimal | None = None
    # 4.3.3: contestants in the final section; the awards go no deeper than that.
    final_size: int | None = None
    # 4.3.3: tables in the final, against which a consolation's size is measured.
    final_tables: Decimal | None = None
    consolations: tuple[ConsolationOutright, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", _ranking(self.ranking))
        object.__setattr__(self, "sessions_played", _frozen(self.sessions_played))
        object.__setattr__(self, "boards_played", _frozen(self.boards_played))
        object.__setattr__(self, "consolations", tuple(self.consolations))


@dataclass(frozen=True)
class Player:
    """One player of a contestant and the boards they played (4.4.4, 4.4.5).

    `boards` gives the boards played in each session of the event, in order (0 where the
    player did not play, None where the player played every board of the contestant's);
    boards missed because of a sit-out count as played (4.4.4). Left out, the player played
    every board of the contestant's in every session.
    """

    label: str
    boards: tuple[int | None, ...] | None = None
    # 4.4.5: a substitute receives the session awards of the sessions played, no outright.
    substitute: bool = False
    # 4.4.5 NOTE: in the final of a National Teams event, a member who played under 40% of
    # the final's boards is awarded this share (the proportion of the Playoff Qualifying
    # Points given) of the final's masterpoints; the rest goes to the eligible team-mates.
    playoff_share: Decimal | None = None

    def __post_init__(self) -> None:
        if self.boards is not None:
            object.__setattr__(self, "boards", tuple(self.boards))


@dataclass(frozen=True)
class Event:
    """An event to award: its grade, kind, sessions and final placings."""

    grade: str
    kind: Kind
    sessions: tuple[Session, ...]
    outright: Outright | None = None
    rules: str = DEFAULT_RULES
    # 4.2.5: the tables of the original entry, against which a final's size is limited.
    # Defaults to the outright tables.
    entry_tables: Decimal | None = None
    # 4.2.5, 4.3.3: how many consolations run beside the final, and whether they are graded.
    consolations: int = 0
    consolations_graded: bool = True
    # 5.4.2: a Congress Championship (not a Bridge Tour): S is increased by one session.
    congress: bool = False
    master_factor: MasterFactor | None = None
    # 4.4.10: entry restricted by age or gender (grades A, A2 and B only).
    restricted: bool = False
    # 6.2.2: a State championship marked "+", which receives 75% of the grade B award.
    reduced_state_championship: bool = False
    # 6.3: an Australia-Wide Pairs contest, with its own placing awards.
    australia_wide: bool = False
    # 4.1.2: members of each team (5 and 6 share the award as 4/5 and 2/3).
    team_sizes: Mapping[str, int] = field(default_factory=dict)
    # 4.4.4, 4.4.5: each contestant's players with the boards they played; given, the
    # awards are also worked out player by player (`EventAwards.players`).
    players: Mapping[str, Sequence[Player]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sessions", tuple(self.sessions))
        object.__setattr__(self, "team_sizes", _frozen(self.team_sizes))
        object.__setattr__(
            self,
            "players",
            MappingProxyType({label: tuple(group) for label, group in self.players.items()}),
        )
