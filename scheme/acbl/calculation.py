"""Walks an ACBL event through the plan: the regular club game rules, the General Formula,
or the bracketed team formulas; then each contestant's awards by colour."""

from __future__ import annotations

from scheme.acbl.club import compute_club_game
from scheme.acbl.colours import BLACK, SILVER, UNPIGMENTED, add_points
from scheme.acbl.events import (
    BracketedTeamEvent,
    ClubGame,
    ClubGameType,
    Event,
    GeneralFormulaEvent,
    Tournament,
    Venue,
)
from scheme.acbl.formula import EventType, Rating
from scheme.acbl.general import compute_general
from scheme.acbl.general_colours import overall_split
from scheme.acbl.grass_roots import Contest, Flight, GrassRootsFinal, Stage, compute_final
from scheme.acbl.nabc import TEN_K, NabcEvent, compute_nabc
from scheme.acbl.placings import cents, cents_text
from scheme.acbl.results import ContestantAwards, EventAwards
from scheme.acbl.teams import compute_bracketed
from scheme.acbl.working import Working
from scheme.core.errors import RulesError


def _kind(event_type: EventType) -> str:
    return {
        EventType.PAIRS: "pairs",
        EventType.INDIVIDUAL: "individual",
        EventType.SWISS: "teams",
        EventType.BAM: "teams",
    }[event_type]


def club_grade(game: ClubGame) -> str:
    if game.venue is Venue.ONLINE:
        return "OL"
    if game.venue is Venue.CRUISE:
        return "CZ"
    return {
        ClubGameType.OPEN: "CO",
        ClubGameType.INVITATIONAL: "CI",
        ClubGameType.RESTRICTED: "CR",
        ClubGameType.NEWCOMER: "CN",
    }[game.game]


def general_grade(event: GeneralFormulaEvent) -> str:
    if event.special_award:
        return event.special_award
    if event.contest and event.tournament is Tournament.UNIT:
        return "U" if len(overall_split(event, event.upper_limit)[0]) == 1 else "RG"
    if event.contest:
        return "C9" if event.invitational_club else "BR"
    if event.rating is Rating.STAC:
        return "ST"
    tournament = event.tournament
    if tournament is Tournament.CLUB:
        return "C7" if event.rating is Rating.CSG7 else "C9"
    if tournament is Tournament.UNIT:
        return "U"
    if tournament is Tournament.SECTIONAL:
        return "S"
    if tournament is Tournament.INTERMEDIATE_NOVICE:
        return "IN"
    colour = overall_split(event, event.upper_limit)[0][0][0]
    if tournament is Tournament.NABC:
        return "NG" if colour == "gold" else "NR"
    return "RG" if colour == "gold" else "R"


def team_grade(event: BracketedTeamEvent) -> str:
    return {
        Tournament.CLUB: "C9",
        Tournament.UNIT: "U",
        Tournament.SECTIONAL: "S",
        Tournament.REGIONAL: "RG",
        Tournament.NABC: "NG",
        Tournament.INTERMEDIATE_NOVICE: "IN",
    }[event.tournament]


def compute(
    event: Event | NabcEvent | GrassRootsFinal, *, rules: str, explain: bool = True
) -> EventAwards:
    if isinstance(event, ClubGame):
        sessions = max([1, *(g.session for g in event.groups)])
        working = Working(sessions=sessions, explain=explain)
        _register(working, [g.ranking for g in (*event.groups, *event.overall)])
        compute_club_game(event, working)
        grade, kind, best_of = club_grade(event), _kind(event.event_type), True
        colour = UNPIGMENTED if event.venue is Venue.ONLINE else BLACK
    elif isinstance(event, GeneralFormulaEvent):
        working = Working(sessions=event.sessions, explain=explain)
        _register(working, [event.overall, *(g.ranking for g in event.session_groups)])
        compute_general(event, working)
        grade, kind, best_of = general_grade(event), _kind(event.event_type), False
        colour = overall_split(event, event.upper_limit)[0][0][0]
    elif isinstance(event, BracketedTeamEvent):
        working = Working(sessions=1, explain=explain)
        _register(working, [event.ranking])
        compute_bracketed(event, working)
        grade, kind, best_of = team_grade(event), "teams", False
        colour = SILVER if event.tournament is Tournament.SECTIONAL else "gold"
        if event.tournament in (Tournament.CLUB, Tournament.UNIT):
            colour = BLACK
    elif isinstance(event, GrassRootsFinal):
        working = Working(sessions=1, explain=explain)
        _register(working, [event.ranking])
        compute_final(event, working)
        grade, best_of = "NG", False
        kind = "teams" if event.contest is Contest.GNT else "pairs"
        colour = (
            "platinum"
            if event.flight is Flight.A
            and event.stage is Stage.NATIONAL
            and (event.contest is Contest.NAP)
            else "gold"
        )
        grade = "NP" if colour == "platinum" else "RG" if event.stage is Stage.DISTRICT else "NG"
    elif isinstance(event, NabcEvent):
        working = Working(sessions=1, explain=explain)
        _register(working, [event.ranking])
        known = compute_nabc(event, working)
        kind = "pairs" if known.event_type is EventType.PAIRS else "teams"
        grade, best_of, colour = _nabc_grade(known.split), False, known.split[0][0]
        if known.split == TEN_K:
            colour = "gold"
    else:
        raise RulesError("event", f"{type(event).__name__} is not an ACBL event")
    contestants = tuple(_awards(label, working, best_of) for label in working.tallies)
    return EventAwards(
        rules=rules,
        grade=grade,
        kind=kind,
        colour=colour,
        contestants=contestants,
        working=tuple(working.lines),
    )


def _nabc_grade(splits: tuple) -> str:
    if splits == TEN_K:
        return "NK"
    return "NP" if splits[0][0] == "platinum" else "NG"


def _register(working: Working, rankings) -> None:
    for ranking in rankings:
        for group in ranking:
            for label in group:
                working.tally(label)


def _awards(label: str, working: Working, best_of: bool) -> ContestantAwards:
    tally = working.tally(label)
    matches = cents(tally.matches)
    match_points = {tally.match_colour: matches} if matches else {}
    section_total = sum(s for s in tally.sessions if s is not None)
    if best_of:
        # "Pairs receive their section awards or their overall award, whichever is
        # greater, but not both."
        if tally.overall > section_total:
            points = add_points(tally.overall_points, match_points)
            if section_total:
                working.note(
                    f"{label}: overall {cents_text(tally.overall)} is greater than section "
                    f"{cents_text(section_total)}: the overall award is credited."
                )
        else:
            points = add_points(working.session_total(label), match_points)
    else:
        points = add_points(working.session_total(label), tally.overall_points, match_points)
    return ContestantAwards(
        label=label,
        sessions=tuple(tally.sessions),
        matches=matches,
        overall=tally.overall,
        total=sum(points.values()),
        points=points,
    )
