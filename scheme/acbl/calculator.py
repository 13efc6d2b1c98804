"""The ACBL plan's answers for the portal's award calculator: the request read into an event
(`calculator_event`), its awards written as the answer (`calculator_answer`), and named example
requests. The rank calculator is `scheme.acbl.rank_calculator`.

A request is JSON: `rules` (the edition), `event` (what kind of event), and the fields of
that kind, each read and checked by `scheme.acbl.request_fields`.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from scheme.acbl import request_fields as read
from scheme.acbl.events import (
    DEFAULT_RULES,
    Bracket,
    BracketedTeamEvent,
    ClubGame,
    ClubGameType,
    GeneralFormulaEvent,
    SpecialGame,
    TeamFormat,
    Tournament,
    Venue,
)
from scheme.acbl.formula import EventType, Rating, Standing
from scheme.acbl.grass_roots import Contest, Flight, GrassRootsFinal, Stage
from scheme.acbl.nabc import NABC_PLUS_EVENTS, NabcEvent
from scheme.acbl.placings import cents_text
from scheme.acbl.results import EventAwards
from scheme.acbl.tournaments import Modifier, TableRule
from scheme.core.errors import RulesError

CLUB_EVENTS = {
    "club_open": ClubGameType.OPEN,
    "club_invitational": ClubGameType.INVITATIONAL,
    "club_restricted": ClubGameType.RESTRICTED,
    "club_newcomer": ClubGameType.NEWCOMER,
}
GENERAL_EVENTS = ("club_special", "tournament")
TEAM_EVENTS = {
    "knockout": TeamFormat.KNOCKOUT,
    "compact_knockout": TeamFormat.COMPACT_KNOCKOUT,
    "bracketed_swiss": TeamFormat.BRACKETED_SWISS,
}
NABC_EVENT = "nabc_plus"
FINAL_EVENT = "nap_gnt_final"
EVENTS = (*CLUB_EVENTS, *GENERAL_EVENTS, *TEAM_EVENTS, NABC_EVENT, FINAL_EVENT)

COMMON = {"rules", "event"}
CLUB_FIELDS = COMMON | {
    "venue",
    "type",
    "boards",
    "upper_limit",
    "groups",
    "overall",
    "strats",
    "strat_of",
    "restricted_tables",
    "newcomer_tables",
    "matches",
    "invitational_club",
}
GENERAL_FIELDS = COMMON | {
    "rating",
    "tournament",
    "type",
    "sessions",
    "tables",
    "ranking",
    "upper_limit",
    "restrictions",
    "standing",
    "special",
    "special_award",
    "boards",
    "session_groups",
    "strats",
    "strat_of",
    "strat_tables",
    "matches",
    "combined_sections",
    "table_rule",
    "concurrent_tables",
    "nlm_regional_tables",
    "modifiers",
    "series_one_session",
    "contest",
    "flight",
    "invitational_club",
}
TEAM_FIELDS = COMMON | {
    "rating",
    "tournament",
    "teams",
    "ranking",
    "team_masterpoints",
    "bracket_average",
    "rounds",
    "boards_per_match",
    "restrictions",
    "bracket",
    "top_bracket",
    "wins",
    "matches",
    "playoff",
    "broken_bracket",
    "round_robin_teams",
}
NABC_FIELDS = COMMON | {"name", "tables", "ranking", "upper_limit", "wins"}
FINAL_FIELDS = COMMON | {"contest", "stage", "flight", "sessions", "entries", "ranking", "wins"}


# Events -----------------------------------------------------------------------------------


def _club(data: Mapping[str, Any], game: ClubGameType) -> ClubGame:
    read.only_fields(data, CLUB_FIELDS)
    if "groups" not in data:
        raise RulesError("groups", "this field is required")
    return ClubGame(
        game=game,
        venue=read.choice(data, "venue", "", Venue, Venue.CLUB),
        event_type=read.choice(data, "type", "", EventType, EventType.PAIRS),
        boards=read.whole(data, "boards", "", low=1, high=read.MAX_BOARDS, default=24),
        upper_limit=read.upper_limit(data, "upper_limit", ""),
        groups=read.groups(data["groups"], "groups"),
        overall=read.groups(data.get("overall", []), "overall"),
        strats=read.strats(data),
        strat_of=read.strat_of(data),
        restricted_tables=read.whole(data, "restricted_tables", "", low=0, high=500, default=0),
        newcomer_tables=read.whole(data, "newcomer_tables", "", low=0, high=500, default=0),
        matches=read.matches(data),
        invitational_club=read.flag(data, "invitational_club", "", False),
        rules=data.get("rules", DEFAULT_RULES),
    )


def _modifiers(data: Mapping[str, Any]) -> tuple[Modifier, ...]:
    chosen = []
    for i, value in enumerate(read.list_of(data.get("modifiers", []), "modifiers", len(Modifier))):
        try:
            chosen.append(Modifier(value))
        except ValueError:
            known = ", ".join(m.value for m in Modifier)
            raise RulesError(f"modifiers[{i}]", f"{value!r} is not one of {known}") from None
    return tuple(chosen)


def _general(data: Mapping[str, Any], club: bool) -> GeneralFormulaEvent:
    read.only_fields(data, GENERAL_FIELDS)
    sessions = read.whole(data, "sessions", "", low=1, high=6, default=1)
    rating = read.choice(data, "rating", "", Rating, Rating.CSG7 if club else None)
    tournament = read.choice(data, "tournament", "", Tournament, Tournament.CLUB if club else None)
    if club and tournament is not Tournament.CLUB:
        raise RulesError("tournament", "a club special game is held at a club")
    if club and rating not in (Rating.CSG7, Rating.CSG9, Rating.STAC):
        raise RulesError("rating", "a club special game is rated csg7, csg9 or stac")
    strat_tables = {}
    for name, value in read.mapping(data.get("strat_tables", {}), "strat_tables").items():
        strat_tables[str(name)] = read.number(
            value, f"strat_tables.{name}", low=Decimal(0), high=read.MAX_TABLES
        )
    special_award = data.get("special_award", "")
    if not isinstance(special_award, str):
        raise RulesError("special_award", "give BR, CA or IMP")
    return GeneralFormulaEvent(
        rating=rating,
        event_type=read.choice(data, "type", "", EventType, EventType.PAIRS),
        sessions=sessions,
        tables=read.tables(data),
        overall=read.ranking(data.get("ranking", []), "ranking"),
        tournament=tournament,
        upper_limit=read.upper_limit(data, "upper_limit", ""),
        restrictions=read.whole(data, "restrictions", "", low=0, high=10, default=0),
        standing=read.choice(data, "standing", "", Standing, Standing.CHAMPIONSHIP),
        special=read.choice(data, "special", "", SpecialGame, SpecialGame.REGULAR),
        boards=read.whole(data, "boards", "", low=1, high=read.MAX_BOARDS),
        session_groups=read.groups(
            data.get("session_groups", []), "session_groups", sessions=sessions
        ),
        strats=read.strats(data),
        strat_of=read.strat_of(data),
        strat_tables=strat_tables,
        matches=read.matches(data),
        special_award=special_award,
        combined_sections=read.whole(data, "combined_sections", "", low=0, high=20, default=0),
        table_rule=read.choice(data, "table_rule", "", TableRule, TableRule.NONE),
        concurrent_tables=read.number(
            data.get("concurrent_tables", 0),
            "concurrent_tables",
            low=Decimal(0),
            high=read.MAX_TABLES,
        ),
        nlm_regional_tables=read.number(
            data.get("nlm_regional_tables", 0),
            "nlm_regional_tables",
            low=Decimal(0),
            high=read.MAX_TABLES,
        ),
        modifiers=_modifiers(data),
        series_one_session=tuple(
            read.label(value, f"series_one_session[{i}]")
            for i, value in enumerate(
                read.list_of(
                    data.get("series_one_session", []), "series_one_session", read.MAX_CONTESTANTS
                )
            )
        ),
        contest=read.one_of(data, "contest", ("", "nap", "gnt")),
        flight=read.one_of(data, "flight", ("", "championship", "A", "B", "C")),
        invitational_club=read.flag(data, "invitational_club", "", False),
        rules=data.get("rules", DEFAULT_RULES),
    )


def _teams(data: Mapping[str, Any], format_: TeamFormat) -> BracketedTeamEvent:
    read.only_fields(data, TEAM_FIELDS)
    masterpoints = {}
    raw = read.mapping(data.get("team_masterpoints", {}), "team_masterpoints")
    if len(raw) > read.MAX_CONTESTANTS:
        raise RulesError("team_masterpoints", f"at most {read.MAX_CONTESTANTS} teams")
    for label, value in raw.items():
        where = f"team_masterpoints.{label}"
        pair = read.list_of(value, where, 2)
        if len(pair) != 2:
            raise RulesError(where, "give [masterpoints, players]")
        points = read.number(pair[0], where, low=Decimal(0), high=Decimal(10_000_000))
        players = pair[1]
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(where, "give the players as a whole number")
        masterpoints[read.label(label, where)] = (points, players)
    average = data.get("bracket_average")
    wins = read.wins(data)
    return BracketedTeamEvent(
        format=format_,
        rating=read.choice(data, "rating", "", Rating, Rating.REGIONAL),
        teams=read.required_whole(data, "teams", "", low=3, high=1000),
        ranking=read.ranking(data.get("ranking", []), "ranking"),
        team_masterpoints=masterpoints,
        bracket_average=None
        if average is None
        else read.number(average, "bracket_average", low=Decimal(0), high=Decimal(1_000_000)),
        rounds=read.whole(data, "rounds", "", low=1, high=10),
        boards_per_match=read.whole(
            data, "boards_per_match", "", low=1, high=read.MAX_BOARDS, default=24
        ),
        restrictions=read.whole(data, "restrictions", "", low=0, high=10, default=0),
        bracket=read.choice(data, "bracket", "", Bracket, Bracket.ORDINARY),
        top_bracket=read.flag(data, "top_bracket", "", True),
        tournament=read.choice(data, "tournament", "", Tournament, Tournament.REGIONAL),
        wins=wins,
        matches=read.matches(data),
        playoff=read.flag(data, "playoff", "", False),
        broken_bracket=read.flag(data, "broken_bracket", "", False),
        round_robin_teams=read.whole(
            data, "round_robin_teams", "", low=5, high=read.MAX_CONTESTANTS
        ),
        rules=data.get("rules", DEFAULT_RULES),
    )


def _nabc(data: Mapping[str, Any]) -> NabcEvent:
    read.only_fields(data, NABC_FIELDS)
    name = data.get("name")
    if not isinstance(name, str) or name not in NABC_PLUS_EVENTS:
        raise RulesError("name", f"name an NABC+ event: {', '.join(NABC_PLUS_EVENTS)}")
    wins = read.wins(data)
    return NabcEvent(
        name=name,
        tables=read.tables(data),
        ranking=read.ranking(data.get("ranking", []), "ranking"),
        upper_limit=read.upper_limit(data, "upper_limit", ""),
        wins=wins,
        rules=data.get("rules", DEFAULT_RULES),
    )


def _final(data: Mapping[str, Any]) -> GrassRootsFinal:
    read.only_fields(data, FINAL_FIELDS)
    wins = read.wins(data)
    return GrassRootsFinal(
        contest=read.choice(data, "contest", "", Contest, None),
        stage=read.choice(data, "stage", "", Stage, None),
        flight=read.choice(data, "flight", "", Flight, None),
        sessions=read.whole(data, "sessions", "", low=2, high=6, default=2),
        entries=read.required_whole(data, "entries", "", low=1, high=read.MAX_CONTESTANTS),
        ranking=read.ranking(data.get("ranking", []), "ranking"),
        wins={label: Fraction(value) for label, value in wins.items()},
        rules=data.get("rules", DEFAULT_RULES),
    )


def calculator_event(data: Mapping[str, Any]) -> Any:
    """The request as an ACBL event; a `RulesError` naming the field on bad input."""
    data = read.mapping(data, "event")
    rules = data.get("rules", DEFAULT_RULES)
    if rules != DEFAULT_RULES:
        raise RulesError("rules", f"the ACBL plan's edition is {DEFAULT_RULES}")
    kind = data.get("event")
    if not isinstance(kind, str):
        raise RulesError("event", f"name the kind of event: one of {', '.join(EVENTS)}")
    if kind in CLUB_EVENTS:
        return _club(data, CLUB_EVENTS[kind])
    if kind in GENERAL_EVENTS:
        return _general(data, club=kind == "club_special")
    if kind in TEAM_EVENTS:
        return _teams(data, TEAM_EVENTS[kind])
    if kind == NABC_EVENT:
        return _nabc(data)
    if kind == FINAL_EVENT:
        return _final(data)
    raise RulesError("event", f"{kind!r} is not one of {', '.join(EVENTS)}")


def calculator_answer(awards: EventAwards) -> dict[str, Any]:
    """The answer in the ABF answer's shape, points by colour as text of two decimals."""
    return {
        "rules": awards.rules,
        "grade": awards.grade,
        "kind": awards.kind,
        "colour": awards.colour,
        "contestants": [
            {
                "label": c.label,
                "sessions": [None if s is None else cents_text(s) for s in c.sessions],
                "matches": cents_text(c.matches),
                "outright": cents_text(c.overall),
                "points": {colour: cents_text(c.points[colour]) for colour in c.points},
                "total": cents_text(c.total),
            }
            for c in awards.contestants
        ],
        "working": list(awards.working),
    }


CALCULATOR_EXAMPLES: dict[str, dict[str, Any]] = {
    "An open club pairs game (ACBL)": {
        "rules": DEFAULT_RULES,
        "event": "club_open",
        "boards": 24,
        "groups": [
            {"name": "N-S", "size": 9, "ranking": [["N3"], ["N7", "N1"], ["N5"]]},
            {"name": "E-W", "size": 9, "ranking": [["E2"], ["E8"], ["E4"], ["E6"]]},
        ],
    },
    "A regional two-session pairs event by the General Formula": {
        "rules": DEFAULT_RULES,
        "event": "tournament",
        "tournament": "regional",
        "rating": "regional",
        "type": "pairs",
        "sessions": 2,
        "tables": 40,
        "ranking": [["12"], ["3"], ["27", "8"], ["15"], ["31"], ["6"]],
        "session_groups": [
            {
                "name": "Session 1, section A N-S",
                "session": 1,
                "size": 13,
                "tables": 13,
                "ranking": [["3"], ["12"], ["8"]],
            },
        ],
    },
    "A regional knockout bracket": {
        "rules": DEFAULT_RULES,
        "event": "knockout",
        "tournament": "regional",
        "rating": "regional",
        "teams": 16,
        "rounds": 4,
        "bracket_average": 8000,
        "ranking": [["Lee"], ["Ortiz"], ["Chen", "Dubois"]],
        "wins": {"Lee": 4, "Ortiz": 3, "Chen": 2, "Dubois": 2},
    },
    "A club championship (rating seven)": {
        "rules": DEFAULT_RULES,
        "event": "club_special",
        "rating": "csg7",
        "special": "club_championship",
        "boards": 24,
        "tables": 12,
        "ranking": [["4"], ["9"], ["1"], ["11"]],
    },
}


__all__ = ["CALCULATOR_EXAMPLES", "calculator_answer", "calculator_event"]
