"""The ACBL plan's answers for the portal's calculators: the award calculator's request read
into an event (`calculator_event`), its awards written as the answer (`calculator_answer`),
named example requests, and the rank calculator from points by colour.

A request is JSON: `rules` (the edition), `event` (what kind of event), and the fields of
that kind. Every value is checked; a refusal is a `RulesError` naming the field's path
("groups[0].ranking[2]"), and sizes are bounded so that no request is larger than a real
event.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

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
from scheme.acbl.nabc import NABC_PLUS_EVENTS, NabcEvent
from scheme.acbl.placings import cents_text
from scheme.acbl.ranks import LADDER, Need, Title
from scheme.acbl.results import EventAwards
from scheme.acbl.tournaments import Modifier, TableRule
from scheme.core.errors import RulesError
from scheme.core.inputs import enum_value, tables
from scheme.core.placings import Ranking
from scheme.core.points import PointsError, parse_points, points_text

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

# Bounds: larger than any real event, small enough to answer at once.
MAX_GROUPS = 100
MAX_CONTESTANTS = 2000
MAX_LABEL = 60
MAX_MATCHES = 2000
MAX_STRATS = 6
MAX_BOARDS = 200
MAX_TABLES = Decimal(2000)
MAX_LIMIT = 100_000

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


# Reading values -------------------------------------------------------------------------


def _mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RulesError(path, "give an object")
    return value


def _list(value: Any, path: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise RulesError(path, "give a list")
    if len(value) > most:
        raise RulesError(path, f"at most {most} entries")
    return value


def _int(data: Mapping[str, Any], key: str, path: str, *, low: int, high: int, default=None):
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(path + key, "give a whole number")
    if not low <= value <= high:
        raise RulesError(path + key, f"give a whole number from {low} to {high}")
    return value


def _required_int(data: Mapping[str, Any], key: str, path: str, *, low: int, high: int) -> int:
    if data.get(key) is None:
        raise RulesError(path + key, "this field is required")
    value = _int(data, key, path, low=low, high=high)
    if value is None:
        raise RulesError(path + key, "this field is required")
    return value


def _limit(data: Mapping[str, Any], key: str, path: str) -> int | None:
    if data.get(key) is None:
        return None
    return _int(data, key, path, low=0, high=MAX_LIMIT)


def _decimal(value: Any, path: str, *, low: Decimal, high: Decimal) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | str | Decimal | float):
        raise RulesError(path, "give a number")
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise RulesError(path, "give a number") from None
    if not number.is_finite() or not low <= number <= high:
        raise RulesError(path, f"give a number from {low} to {high}")
    if (number * 2) != (number * 2).to_integral_value() and path.endswith("tables"):
        raise RulesError(path, "tables are counted in halves")
    return number


def _choice(data: Mapping[str, Any], key: str, path: str, choices: type, default: Any) -> Any:
    value = data.get(key, default.value if default is not None else None)
    if not isinstance(value, str):
        raise RulesError(path + key, f"name one of {', '.join(c.value for c in choices)}")
    return enum_value(choices, value, path + key)


def _bool(data: Mapping[str, Any], key: str, path: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise RulesError(path + key, "give true or false")
    return value


def _label(value: Any, path: str) -> str:
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise RulesError(path, "a contestant is named by text")
    label = str(value).strip()
    if not label or len(label) > MAX_LABEL:
        raise RulesError(path, f"a contestant's name is 1 to {MAX_LABEL} characters")
    return label


def _ranking(value: Any, path: str) -> Ranking:
    places = _list(value, path, MAX_CONTESTANTS)
    ranking = []
    for i, place in enumerate(places):
        if isinstance(place, str | int) and not isinstance(place, bool):
            place = [place]
        members = _list(place, f"{path}[{i}]", MAX_CONTESTANTS)
        if not members:
            raise RulesError(f"{path}[{i}]", "a place lists at least one contestant")
        ranking.append(tuple(_label(m, f"{path}[{i}][{j}]") for j, m in enumerate(members)))
    if sum(len(p) for p in ranking) > MAX_CONTESTANTS:
        raise RulesError(path, f"at most {MAX_CONTESTANTS} contestants")
    return tuple(ranking)


def _unknown(data: Mapping[str, Any], allowed: set[str], path: str = "") -> None:
    for key in data:
        if key not in allowed:
            raise RulesError(
                path + str(key), f"not a field of this event (fields: {', '.join(sorted(allowed))})"
            )


# Contestants over every group of a request: a large tournament's sessions, not more.
MAX_GROUPED = 10_000


def _groups(value: Any, path: str, *, sessions: int = 1) -> tuple[Group, ...]:
    groups = []
    listed = 0
    for i, raw in enumerate(_list(value, path, MAX_GROUPS)):
        where = f"{path}[{i}]."
        data = _mapping(raw, f"{path}[{i}]")
        _unknown(data, {"name", "size", "ranking", "tables", "session"}, where)
        if "ranking" not in data:
            raise RulesError(where + "ranking", "this field is required")
        name = data.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_LABEL:
            raise RulesError(where + "name", f"a name of at most {MAX_LABEL} characters")
        tables = data.get("tables")
        groups.append(
            Group(
                ranking=_ranking(data["ranking"], where + "ranking"),
                size=_int(data, "size", where, low=1, high=MAX_CONTESTANTS),
                name=name,
                tables=None
                if tables is None
                else _decimal(tables, where + "tables", low=Decimal("0.5"), high=MAX_TABLES),
                session=_int(data, "session", where, low=1, high=sessions, default=1),
            )
        )
        listed += sum(len(place) for place in groups[-1].ranking)
        if listed > MAX_GROUPED:
            raise RulesError(path, f"at most {MAX_GROUPED} contestants over all the groups")
    return tuple(groups)


def _strats(data: Mapping[str, Any]) -> tuple[Strat, ...]:
    strats = []
    for i, raw in enumerate(_list(data.get("strats", []), "strats", MAX_STRATS)):
        item = _mapping(raw, f"strats[{i}]")
        _unknown(item, {"name", "upper_limit"}, f"strats[{i}].")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 20:
            raise RulesError(f"strats[{i}].name", "a strat's name is 1 to 20 characters")
        strats.append(Strat(name.strip(), _limit(item, "upper_limit", f"strats[{i}].")))
    return tuple(strats)


def _strat_of(data: Mapping[str, Any]) -> dict[str, str]:
    raw = _mapping(data.get("strat_of", {}), "strat_of")
    if len(raw) > MAX_CONTESTANTS:
        raise RulesError("strat_of", f"at most {MAX_CONTESTANTS} contestants")
    result = {}
    for label, strat in raw.items():
        if not isinstance(strat, str):
            raise RulesError(f"strat_of.{label}", "name the contestant's strat")
        result[_label(label, f"strat_of.{label}")] = strat
    return result


def _matches(data: Mapping[str, Any]) -> tuple[MatchResult, ...]:
    matches = []
    for i, raw in enumerate(_list(data.get("matches", []), "matches", MAX_MATCHES)):
        where = f"matches[{i}]."
        item = _mapping(raw, f"matches[{i}]")
        _unknown(item, {"home", "away", "boards", "result"}, where)
        for key in ("home", "away", "boards", "result"):
            if key not in item:
                raise RulesError(where + key, "this field is required")
        home, away = _label(item["home"], where + "home"), _label(item["away"], where + "away")
        if home == away:
            raise RulesError(where + "away", "a team does not play itself")
        matches.append(
            MatchResult(
                home,
                away,
                _required_int(item, "boards", where, low=1, high=MAX_BOARDS),
                _choice(item, "result", where, Result, None),
            )
        )
    return tuple(matches)


# Events -----------------------------------------------------------------------------------


def _club(data: Mapping[str, Any], game: ClubGameType) -> ClubGame:
    _unknown(data, CLUB_FIELDS)
    if "groups" not in data:
        raise RulesError("groups", "this field is required")
    return ClubGame(
        game=game,
        venue=_choice(data, "venue", "", Venue, Venue.CLUB),
        event_type=_choice(data, "type", "", EventType, EventType.PAIRS),
        boards=_int(data, "boards", "", low=1, high=MAX_BOARDS, default=24),
        upper_limit=_limit(data, "upper_limit", ""),
        groups=_groups(data["groups"], "groups"),
        overall=_groups(data.get("overall", []), "overall"),
        strats=_strats(data),
        strat_of=_strat_of(data),
        restricted_tables=_int(data, "restricted_tables", "", low=0, high=500, default=0),
        newcomer_tables=_int(data, "newcomer_tables", "", low=0, high=500, default=0),
        matches=_matches(data),
        rules=data.get("rules", DEFAULT_RULES),
    )


def _tables(data: Mapping[str, Any], key: str = "tables") -> Decimal:
    if data.get(key) is None:
        raise RulesError(key, "this field is required")
    # Whole or half tables (scheme.core.inputs), then no more than any real event.
    counted = tables(data[key], key)
    return _decimal(
        Decimal(counted.numerator) / counted.denominator, key, low=Decimal("0.5"), high=MAX_TABLES
    )


def _text(data: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = data.get(key, "")
    if value not in choices:
        raise RulesError(key, f"{value!r} is not one of {', '.join(c for c in choices if c)}")
    return value


def _modifiers(data: Mapping[str, Any]) -> tuple[Modifier, ...]:
    chosen = []
    for i, value in enumerate(_list(data.get("modifiers", []), "modifiers", len(Modifier))):
        try:
            chosen.append(Modifier(value))
        except ValueError:
            known = ", ".join(m.value for m in Modifier)
            raise RulesError(f"modifiers[{i}]", f"{value!r} is not one of {known}") from None
    return tuple(chosen)


def _general(data: Mapping[str, Any], club: bool) -> GeneralFormulaEvent:
    _unknown(data, GENERAL_FIELDS)
    sessions = _int(data, "sessions", "", low=1, high=6, default=1)
    rating = _choice(data, "rating", "", Rating, Rating.CSG7 if club else None)
    tournament = _choice(data, "tournament", "", Tournament, Tournament.CLUB if club else None)
    if club and tournament is not Tournament.CLUB:
        raise RulesError("tournament", "a club special game is held at a club")
    if club and rating not in (Rating.CSG7, Rating.CSG9, Rating.STAC):
        raise RulesError("rating", "a club special game is rated csg7, csg9 or stac")
    strat_tables = {}
    for name, value in _mapping(data.get("strat_tables", {}), "strat_tables").items():
        strat_tables[str(name)] = _decimal(
            value, f"strat_tables.{name}", low=Decimal(0), high=MAX_TABLES
        )
    special_award = data.get("special_award", "")
    if not isinstance(special_award, str):
        raise RulesError("special_award", "give BR, CA or IMP")
    return GeneralFormulaEvent(
        rating=rating,
        event_type=_choice(data, "type", "", EventType, EventType.PAIRS),
        sessions=sessions,
        tables=_tables(data),
        overall=_ranking(data.get("ranking", []), "ranking"),
        tournament=tournament,
        upper_limit=_limit(data, "upper_limit", ""),
        restrictions=_int(data, "restrictions", "", low=0, high=10, default=0),
        standing=_choice(data, "standing", "", Standing, Standing.CHAMPIONSHIP),
        special=_choice(data, "special", "", SpecialGame, SpecialGame.REGULAR),
        boards=_int(data, "boards", "", low=1, high=MAX_BOARDS),
        session_groups=_groups(data.get("session_groups", []), "session_groups", sessions=sessions),
        strats=_strats(data),
        strat_of=_strat_of(data),
        strat_tables=strat_tables,
        matches=_matches(data),
        special_award=special_award,
        combined_sections=_int(data, "combined_sections", "", low=0, high=20, default=0),
        table_rule=_choice(data, "table_rule", "", TableRule, TableRule.NONE),
        concurrent_tables=_decimal(
            data.get("concurrent_tables", 0), "concurrent_tables", low=Decimal(0), high=MAX_TABLES
        ),
        nlm_regional_tables=_decimal(
            data.get("nlm_regional_tables", 0),
            "nlm_regional_tables",
            low=Decimal(0),
            high=MAX_TABLES,
        ),
        modifiers=_modifiers(data),
        contest=_text(data, "contest", ("", "nap", "gnt")),
        flight=_text(data, "flight", ("", "championship", "A", "B", "C")),
        invitational_club=_bool(data, "invitational_club", "", False),
        rules=data.get("rules", DEFAULT_RULES),
    )


def _teams(data: Mapping[str, Any], format_: TeamFormat) -> BracketedTeamEvent:
    _unknown(data, TEAM_FIELDS)
    masterpoints = {}
    raw = _mapping(data.get("team_masterpoints", {}), "team_masterpoints")
    if len(raw) > MAX_CONTESTANTS:
        raise RulesError("team_masterpoints", f"at most {MAX_CONTESTANTS} teams")
    for label, value in raw.items():
        where = f"team_masterpoints.{label}"
        pair = _list(value, where, 2)
        if len(pair) != 2:
            raise RulesError(where, "give [masterpoints, players]")
        points = _decimal(pair[0], where, low=Decimal(0), high=Decimal(10_000_000))
        players = pair[1]
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(where, "give the players as a whole number")
        masterpoints[_label(label, where)] = (points, players)
    average = data.get("bracket_average")
    wins = {}
    for label, value in _mapping(data.get("wins", {}), "wins").items():
        wins[_label(label, f"wins.{label}")] = _decimal(
            value, f"wins.{label}", low=Decimal(0), high=Decimal(20)
        )
    return BracketedTeamEvent(
        format=format_,
        rating=_choice(data, "rating", "", Rating, Rating.REGIONAL),
        teams=_required_int(data, "teams", "", low=3, high=1000),
        ranking=_ranking(data.get("ranking", []), "ranking"),
        team_masterpoints=masterpoints,
        bracket_average=None
        if average is None
        else _decimal(average, "bracket_average", low=Decimal(0), high=Decimal(1_000_000)),
        rounds=_int(data, "rounds", "", low=1, high=10),
        boards_per_match=_int(data, "boards_per_match", "", low=1, high=MAX_BOARDS, default=24),
        restrictions=_int(data, "restrictions", "", low=0, high=10, default=0),
        bracket=_choice(data, "bracket", "", Bracket, Bracket.ORDINARY),
        top_bracket=_bool(data, "top_bracket", "", True),
        tournament=_choice(data, "tournament", "", Tournament, Tournament.REGIONAL),
        wins=wins,
        matches=_matches(data),
        playoff=_bool(data, "playoff", "", False),
        broken_bracket=_bool(data, "broken_bracket", "", False),
        round_robin_teams=_int(data, "round_robin_teams", "", low=5, high=MAX_CONTESTANTS),
        rules=data.get("rules", DEFAULT_RULES),
    )


def _nabc(data: Mapping[str, Any]) -> NabcEvent:
    _unknown(data, NABC_FIELDS)
    name = data.get("name")
    if not isinstance(name, str) or name not in NABC_PLUS_EVENTS:
        raise RulesError("name", f"name an NABC+ event: {', '.join(NABC_PLUS_EVENTS)}")
    wins = {}
    for label, value in _mapping(data.get("wins", {}), "wins").items():
        wins[_label(label, f"wins.{label}")] = _decimal(
            value, f"wins.{label}", low=Decimal(0), high=Decimal(20)
        )
    return NabcEvent(
        name=name,
        tables=_tables(data),
        ranking=_ranking(data.get("ranking", []), "ranking"),
        upper_limit=_limit(data, "upper_limit", ""),
        wins=wins,
        rules=data.get("rules", DEFAULT_RULES),
    )


def _final(data: Mapping[str, Any]) -> GrassRootsFinal:
    _unknown(data, FINAL_FIELDS)
    wins = {}
    for label, value in _mapping(data.get("wins", {}), "wins").items():
        wins[_label(label, f"wins.{label}")] = _decimal(
            value, f"wins.{label}", low=Decimal(0), high=Decimal(20)
        )
    return GrassRootsFinal(
        contest=_choice(data, "contest", "", Contest, None),
        stage=_choice(data, "stage", "", Stage, None),
        flight=_choice(data, "flight", "", Flight, None),
        sessions=_int(data, "sessions", "", low=2, high=6, default=2),
        entries=_required_int(data, "entries", "", low=1, high=MAX_CONTESTANTS),
        ranking=_ranking(data.get("ranking", []), "ranking"),
        wins={label: Fraction(value) for label, value in wins.items()},
        rules=data.get("rules", DEFAULT_RULES),
    )


def calculator_event(data: Mapping[str, Any]) -> Any:
    """The request as an ACBL event; a `RulesError` naming the field on bad input."""
    data = _mapping(data, "event")
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

# The rank calculator ----------------------------------------------------------------------

RANK_COLOURS = ("black", "silver", "red", "gold", "platinum", "unpigmented")
ELIGIBLE_WIN = "eligible_win"
RANK_PARAMETERS: tuple[tuple[str, str], ...] = (
    *(
        (colour, f"Lifetime {colour} points, e.g. 123.45 (0 if left out).")
        for colour in RANK_COLOURS
    ),
    (
        ELIGIBLE_WIN,
        "Grand Life Master: 1 (or true) if the player has won an eligible event; 0 if not "
        "or left out.",
    ),
)
MAX_POINTS = 100_000_000
TRUE, FALSE = ("1", "true", "yes"), ("0", "false", "no", "")


def _points(query: Mapping[str, str], name: str) -> int:
    text = query.get(name)
    if text is None or not str(text).strip():
        return 0
    try:
        hundredths = parse_points(str(text))
    except PointsError as error:
        raise RulesError(name, f"{name} points: {error}") from None
    if hundredths > MAX_POINTS:
        raise RulesError(name, f"{name} points: more than any player holds")
    return hundredths


def _won(query: Mapping[str, str]) -> bool:
    text = str(query.get(ELIGIBLE_WIN, "")).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise RulesError(ELIGIBLE_WIN, "give 1 (true) or 0 (false)")


def _title_answer(title: Title, totals: Mapping[str, int], won: bool) -> dict[str, Any]:
    needs = LADDER.needs(title, totals, eligible_win=won)
    return {
        "name": title.name,
        "order": title.order,
        "total": points_text(title.total),
        "needs": {
            need.requirement: (
                points_text(need.hundredths)
                if need.requirement != "eligible win"
                else "a victory in an eligible event"
            )
            for need in needs
        },
    }


def _need_text(need: Need) -> str:
    if need.requirement == "eligible win":
        return "a victory in an eligible event"
    if need.requirement == "total":
        return f"{points_text(need.hundredths)} more in all"
    return f"{points_text(need.hundredths)} more {need.requirement} points"


def rank_calculator(query: Mapping[str, str]) -> dict[str, Any]:
    """The honor title the points reach and what the next title needs."""
    totals = {colour: _points(query, colour) for colour in RANK_COLOURS}
    won = _won(query)
    title = LADDER.rank_for(totals, eligible_win=won)
    following = LADDER.next_title(title)
    lines = [
        "Points: "
        + ", ".join(f"{points_text(totals[c])} {c}" for c in RANK_COLOURS if totals[c])
        + f"; {points_text(sum(totals.values()))} in all."
        if any(totals.values())
        else "No points yet.",
        f"Requirements: {LADDER.name}, as the ACBL publishes them ({LADDER.source}).",
    ]
    if title is not None:
        lines.append(f"The highest title whose every requirement is met: {title.name}.")
    if following is not None:
        needs = LADDER.needs(following, totals, eligible_win=won)
        lines.append(f"Next: {following.name} needs {'; '.join(map(_need_text, needs))}.")
    return {
        "scheme": "acbl",
        "points": {
            **{c: points_text(totals[c]) for c in RANK_COLOURS},
            "total": points_text(sum(totals.values())),
        },
        "rank": title.name if title else None,
        "rank_order": title.order if title else 0,
        "next_rank": _title_answer(following, totals, won) if following else None,
        "working": lines,
    }


__all__ = [
    "CALCULATOR_EXAMPLES",
    "RANK_PARAMETERS",
    "calculator_answer",
    "calculator_event",
    "rank_calculator",
]
