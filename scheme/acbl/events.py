"""What an ACBL event looks like to the award rules: the description that goes in.

Plain containers; the rules check every value when they compute and name the offending
field in a `RulesError`. Numbers are `Decimal`, int or str (never float).

Contestants are opaque labels (a pair number, a team name). A ranking is a list of places,
best first, each place the list of labels tied there ("Awards for tied positions").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from scheme.acbl.formula import EventType, Rating, Standing
from scheme.acbl.tournaments import Modifier, TableRule
from scheme.core.placings import Ranking

DEFAULT_RULES = "ACBL-2024-01"


def _ranking(value: Sequence[Sequence[str]]) -> Ranking:
    return tuple(tuple(group) for group in value)


class ClubGameType(StrEnum):
    """The regular club games: open, invitational, masterpoint restricted, newcomer."""

    OPEN = "open"
    INVITATIONAL = "invitational"
    RESTRICTED = "restricted"
    NEWCOMER = "newcomer"


class Venue(StrEnum):
    """Where a club game is played: a club, a cruise (special sanction), online."""

    CLUB = "club"
    CRUISE = "cruise"
    ONLINE = "online"


class Result(StrEnum):
    HOME = "home"
    AWAY = "away"
    TIE = "tie"


@dataclass(frozen=True)
class Strat:
    """A strat (or flight) of an event: its name and upper masterpoint limit (None: open).
    Strats are listed top first; a contestant of a lower strat competes in the higher ones
    too."""

    name: str
    upper_limit: int | None = None


@dataclass(frozen=True)
class Group:
    """A comparison group: one direction of a Mitchell section, a Howell section, a field.

    `size` is the number of contestants in the group when the ranking lists only some; a
    half table counts as a full one ("seven and a half tables would be eight pairs"), so
    give the count rounded up. `tables` (General Formula session awards) defaults to the
    event's tables."""

    ranking: Ranking
    size: int | None = None
    name: str = ""
    tables: Decimal | None = None
    session: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", _ranking(self.ranking))

    @property
    def contestants(self) -> int:
        ranked = sum(len(place) for place in self.ranking)
        return max(ranked, self.size or 0)


@dataclass(frozen=True)
class MatchResult:
    """A team match and who won it (a tie pays each side half the award)."""

    home: str
    away: str
    boards: int
    result: Result

    def shares(self) -> tuple[tuple[str, Fraction], tuple[str, Fraction]]:
        """Each side's share of the match award: the winner all of it, a tie half each."""
        if self.result is Result.HOME:
            return (self.home, Fraction(1)), (self.away, Fraction(0))
        if self.result is Result.AWAY:
            return (self.away, Fraction(1)), (self.home, Fraction(0))
        return (self.home, Fraction(1, 2)), (self.away, Fraction(1, 2))


def _frozen(mapping: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class ClubGame:
    """A regular sanctioned club game ("Masterpoints for Regular Club Games")."""

    groups: tuple[Group, ...]
    game: ClubGameType = ClubGameType.OPEN
    venue: Venue = Venue.CLUB
    event_type: EventType = EventType.PAIRS
    boards: int = 24
    # The game's upper masterpoint limit (restricted and newcomer games).
    upper_limit: int | None = None
    # Overall comparisons across sections (games of several sections or over 15 tables).
    overall: tuple[Group, ...] = ()
    strats: tuple[Strat, ...] = ()
    strat_of: Mapping[str, str] = field(default_factory=dict)
    # "Flighted events at clubs": tables of a concurrent restricted game (open games only,
    # top strat only) and of a concurrent newcomer game (every strat).
    restricted_tables: int = 0
    newcomer_tables: int = 0
    matches: tuple[MatchResult, ...] = ()
    # A restricted game held at an Invitational club: its overall awards are capped at the
    # Invitational club's 3.20, not the Open club's 4.00.
    invitational_club: bool = False
    rules: str = DEFAULT_RULES

    def __post_init__(self) -> None:
        object.__setattr__(self, "groups", tuple(self.groups))
        object.__setattr__(self, "overall", tuple(self.overall))
        object.__setattr__(self, "strats", tuple(self.strats))
        object.__setattr__(self, "strat_of", _frozen(self.strat_of))
        object.__setattr__(self, "matches", tuple(self.matches))


class SpecialGame(StrEnum):
    """Club special games whose boards or caps the plan sets apart ("Number of Boards")."""

    REGULAR = "regular"  # any other special game: 18 boards at least
    CLUB_CHAMPIONSHIP = "club_championship"  # 18+ boards, or shortened 12-17 at 60%
    FUND = "fund"  # Special Fund games: capped at 6.00


class Tournament(StrEnum):
    """Where a General Formula event is held, which decides its colours."""

    CLUB = "club"  # club special games: black
    UNIT = "unit"  # black
    SECTIONAL = "sectional"  # silver (STaCs too)
    REGIONAL = "regional"  # red, gold for overalls and section tops of 2-session 750+ events
    NABC = "nabc"  # regional-rated red; national-rated gold when the limit is 750+
    INTERMEDIATE_NOVICE = "intermediate_novice"  # 33% gold, 67% red


@dataclass(frozen=True)
class GeneralFormulaEvent:
    """A club special game or a tournament event awarded by the General Formula: overall
    placings, session (section) awards and match awards."""

    rating: Rating
    event_type: EventType
    sessions: int
    tables: Decimal
    overall: Ranking = ()
    tournament: Tournament = Tournament.CLUB
    upper_limit: int | None = None
    restrictions: int = 0
    standing: Standing = Standing.CHAMPIONSHIP
    special: SpecialGame = SpecialGame.REGULAR
    boards: int | None = None
    session_groups: tuple[Group, ...] = ()
    strats: tuple[Strat, ...] = ()
    strat_of: Mapping[str, str] = field(default_factory=dict)
    # Tables in play in each strat (by name); a strat's awards count its tables and all the
    # tables of the strats below it ("Stratified events").
    strat_tables: Mapping[str, Decimal] = field(default_factory=dict)
    matches: tuple[MatchResult, ...] = ()
    # A club special game paid in parts ("Special awards in club events"): "BR" (half
    # black, half red), "CA" (Club Appreciation teams: 5% gold up to 0.25), "IMP" (Instant
    # Matchpoint: 1.00 gold in section tops, the rest half black, half red).
    special_award: str = ""
    # "Session award modifiers — multiple section events": sections combined for scoring
    # across the field (0: none).
    combined_sections: int = 0
    # How the top flight counts its tables (regional stratiflighted and flighted events,
    # progressive sectional finals).
    table_rule: TableRule = TableRule.NONE
    # An unrestricted sectional event: tables of totally concurrent events and of a
    # concurrent NLM regional it is credited with (at most three times its own).
    concurrent_tables: Decimal = Decimal(0)
    nlm_regional_tables: Decimal = Decimal(0)
    modifiers: tuple[Modifier, ...] = ()
    # A side game series' single session at a regional pays its session tops gold to
    # "players ... provided they compete in at least two sessions of the series": the
    # contestants who play only this one session of the series (their tops are red).
    series_one_session: tuple[str, ...] = ()
    # A club stage game of the North American Pairs ("nap") or Grand National Teams
    # ("gnt"): its flight, and whether the club is invitational.
    contest: str = ""
    flight: str = ""
    invitational_club: bool = False
    rules: str = DEFAULT_RULES

    def __post_init__(self) -> None:
        object.__setattr__(self, "modifiers", tuple(self.modifiers))
        object.__setattr__(self, "series_one_session", tuple(self.series_one_session))
        object.__setattr__(self, "overall", _ranking(self.overall))
        object.__setattr__(self, "session_groups", tuple(self.session_groups))
        object.__setattr__(self, "strats", tuple(self.strats))
        object.__setattr__(self, "strat_of", _frozen(self.strat_of))
        object.__setattr__(self, "strat_tables", MappingProxyType(dict(self.strat_tables)))
        object.__setattr__(self, "matches", tuple(self.matches))


class TeamFormat(StrEnum):
    KNOCKOUT = "knockout"
    COMPACT_KNOCKOUT = "compact_knockout"
    BRACKETED_SWISS = "bracketed_swiss"


class Bracket(StrEnum):
    """Which bracket size table applies: an ordinary bracket, or the Soloway format's top
    or lower brackets of an unlimited KO."""

    ORDINARY = "ordinary"
    SOLOWAY_TOP = "soloway_top"
    SOLOWAY_LOWER = "soloway_lower"


@dataclass(frozen=True)
class BracketedTeamEvent:
    """One bracket of a knockout or bracketed Swiss/round robin team event ("Specialized
    Team Events"): its teams' masterpoints, the overall ranks and the matches won."""

    format: TeamFormat
    rating: Rating
    teams: int
    ranking: Ranking
    # Avg MP per Team = 4 x (team masterpoints) / players, at most 45,000; give the teams'
    # (masterpoints, players), or the bracket's average directly.
    team_masterpoints: Mapping[str, tuple[Decimal, int]] = field(default_factory=dict)
    bracket_average: Decimal | None = None
    rounds: int | None = None
    boards_per_match: int = 24
    restrictions: int = 0
    bracket: Bracket = Bracket.ORDINARY
    top_bracket: bool = True
    tournament: Tournament = Tournament.REGIONAL
    # Knockout: matches won by each team (a three- or four-way's single win is half).
    wins: Mapping[str, Decimal] = field(default_factory=dict)
    matches: tuple[MatchResult, ...] = ()
    # KO of three sessions with 7 or 8 teams: the semifinal losers played off for 3rd.
    playoff: bool = False
    # Ranks not by a power-of-two elimination (double elimination, a broken bracket): below
    # the top 8, 1/rank, a tie that includes 9th at least 10% each.
    broken_bracket: bool = False
    # The Soloway format: the teams of the round robin that qualified four to the semifinals
    # (its 3rd and 4th places and their colours depend on it and on `playoff`).
    round_robin_teams: int | None = None
    rules: str = DEFAULT_RULES

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", _ranking(self.ranking))
        object.__setattr__(
            self, "team_masterpoints", MappingProxyType(dict(self.team_masterpoints))
        )
        object.__setattr__(self, "wins", MappingProxyType(dict(self.wins)))
        object.__setattr__(self, "matches", tuple(self.matches))


Event = ClubGame | GeneralFormulaEvent | BracketedTeamEvent
