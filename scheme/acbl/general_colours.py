"""The colours of the General Formula's awards ("Sectional/Regional Tournament Events",
"Special Club Games"): overalls, session awards and match awards by the kind of tournament,
its rating and standing, the NAP and GNT club and unit stages, and the gold events.
"""

from __future__ import annotations

from fractions import Fraction

from scheme.acbl.colours import BLACK, GOLD, RED, SILVER, Split, halves, whole
from scheme.acbl.events import GeneralFormulaEvent, Tournament
from scheme.acbl.formula import Rating, Standing
from scheme.acbl.grass_roots import ClubStage, Contest, Flight, club_stage, unit_stage
from scheme.acbl.tournaments import Modifier
from scheme.core.errors import RulesError

# Gold for overalls and section firsts with an upper limit of at least 750.
GOLD_LIMIT = 750


def gold_event(event: GeneralFormulaEvent, limit: int | None) -> bool:
    """Gold overalls and section tops: "Gold points are awarded for overall positions and for
    section firsts in all two-session regional-rated events with an upper limit of at least
    750 masterpoints at NABCs and regional tournaments" (two sessions or more), whether
    championship, non-championship (side game) or consolation events; and national-rated
    NABC events with such a limit. A side game series' single session is not: its overalls
    are red and its gold is for session tops (`series_top_gold`)."""
    high = limit is None or limit >= GOLD_LIMIT
    if Modifier.SERIES_SESSION in event.modifiers:
        return False
    if event.tournament is Tournament.NABC and event.rating is Rating.NATIONAL:
        return high
    if event.tournament in (Tournament.REGIONAL, Tournament.NABC):
        return high and event.sessions >= 2
    return False


def series_top_gold(event: GeneralFormulaEvent, label: str) -> bool:
    """ "At Regionals, players earn gold masterpoints for session tops, provided they compete
    in at least two sessions of the series": a session top of a side game series session at a
    regional, unless the contestant is named as playing only this one session."""
    return (
        Modifier.SERIES_SESSION in event.modifiers
        and event.tournament is Tournament.REGIONAL
        and label not in event.series_one_session
    )


def nap_gnt_stage(event: GeneralFormulaEvent) -> ClubStage | None:
    if not event.contest:
        return None
    try:
        contest = Contest(event.contest)
    except ValueError:
        raise RulesError("contest", "a club stage is of the NAP (nap) or the GNT (gnt)") from None
    try:
        flight = Flight(event.flight or "A")
    except ValueError:
        raise RulesError("flight", "flights are championship, A, B and C") from None
    if event.tournament is Tournament.UNIT:
        # Unit stage: at a sectional rating (the NAP's flights B and C at 70% and 50% of it);
        # overalls red for one session, part gold from two sessions.
        if event.rating is not Rating.SECTIONAL:
            raise RulesError("rating", "a NAP or GNT unit stage has a sectional rating")
        return unit_stage(contest, flight, event.sessions)
    if event.tournament is not Tournament.CLUB or event.rating is not Rating.CSG9:
        raise RulesError("rating", "a NAP or GNT club stage is a club special game, rating nine")
    return club_stage(contest, flight, invitational=event.invitational_club)


def overall_split(event: GeneralFormulaEvent, limit: int | None) -> tuple[Split, str]:
    stage = nap_gnt_stage(event)
    if stage is not None:
        return stage.split, stage.why.split(": ")[-1]
    tournament = event.tournament
    if event.special_award == "BR":
        return halves(BLACK, RED), "half black, half red"
    if tournament in (Tournament.CLUB, Tournament.UNIT):
        if event.rating is Rating.STAC:
            return whole(SILVER), "silver (STaC)"
        return whole(BLACK), "black"
    if tournament is Tournament.SECTIONAL:
        return whole(SILVER), "silver"
    if tournament is Tournament.INTERMEDIATE_NOVICE:
        if event.standing is Standing.CHAMPIONSHIP:
            return ((GOLD, Fraction(33, 100)), (RED, Fraction(67, 100))), "33% gold, 67% red"
        return whole(RED), "red"
    if gold_event(event, limit):
        return whole(GOLD), "gold"
    return whole(RED), "red"


def session_split(
    event: GeneralFormulaEvent, limit: int | None, place: int, label: str = ""
) -> tuple[Split, str]:
    """The colour of a session award of `place` (1 for a session top) to `label`."""
    if event.special_award in ("BR", "IMP"):
        return halves(BLACK, RED), "half black, half red"
    if event.contest and event.tournament is Tournament.UNIT:
        return whole(RED), "red"
    if event.contest:
        return overall_split(event, limit)
    top = place == 1 and gold_event(event, limit)
    if event.tournament in (Tournament.REGIONAL, Tournament.NABC) and top:
        return whole(GOLD), "gold (section top)"
    if place == 1 and series_top_gold(event, label):
        return whole(GOLD), "gold (side game series session top)"
    if event.tournament in (Tournament.REGIONAL, Tournament.NABC):
        return whole(RED), "red"
    if event.tournament is Tournament.INTERMEDIATE_NOVICE:
        return whole(RED), "red"
    return overall_split(event, limit)


def match_colour(event: GeneralFormulaEvent) -> str:
    if event.tournament in (Tournament.CLUB, Tournament.UNIT):
        return SILVER if event.rating is Rating.STAC else BLACK
    if event.tournament is Tournament.SECTIONAL:
        return SILVER
    return RED
