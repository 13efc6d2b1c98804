"""The ACBL Masterpoint Plan (seed 004) as plain Python: colours, honor titles, regular club
games, the General Formula, knockout and bracketed team events.

An event goes in, `EventAwards` come out: each contestant's awards by colour in hundredths,
and the working::

    from scheme.acbl import ClubGame, Group, compute_awards

    awards = compute_awards(ClubGame(groups=[Group([["1"], ["2"], ["3"]], size=8)]))
    awards["1"].points  # {"black": 80}: .10 a pair for 8 pairs

Nothing here imports Django.
"""

from scheme.acbl.editions import ACBL_PLAN, RULE_SETS, compute_awards, get_rule_set
from scheme.acbl.events import (
    DEFAULT_RULES,
    Bracket,
    BracketedTeamEvent,
    ClubGame,
    ClubGameType,
    GeneralFormulaEvent,
    Group,
    MatchResult,
    Result,
    SpecialGame,
    Strat,
    TeamFormat,
    Tournament,
    Venue,
)
from scheme.acbl.formula import EventType, Rating, Standing
from scheme.acbl.grass_roots import Contest, Flight, GrassRootsFinal, Stage
from scheme.acbl.nabc import NabcEvent
from scheme.acbl.results import ContestantAwards, EventAwards
from scheme.acbl.tournaments import Modifier, TableRule

__all__ = [
    "ACBL_PLAN",
    "DEFAULT_RULES",
    "RULE_SETS",
    "Bracket",
    "BracketedTeamEvent",
    "ClubGame",
    "ClubGameType",
    "Contest",
    "ContestantAwards",
    "EventAwards",
    "EventType",
    "Flight",
    "GeneralFormulaEvent",
    "GrassRootsFinal",
    "Group",
    "MatchResult",
    "Modifier",
    "NabcEvent",
    "Rating",
    "Result",
    "SpecialGame",
    "Stage",
    "Standing",
    "Strat",
    "TableRule",
    "TeamFormat",
    "Tournament",
    "Venue",
    "compute_awards",
    "get_rule_set",
]
