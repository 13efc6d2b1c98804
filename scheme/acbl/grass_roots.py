"""The North American Pairs and Grand National Teams ("Grand National Teams & North American
Pairs"), from the club stage to the national finals, and the international events of the
CBF, USBF and WBF ("International Events and Team Trials"): the shares, arbitrary first
awards and colours the plan prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from scheme.acbl.colours import BLACK, GOLD, PLATINUM, RED, Split, halves, split_hundredths, whole
from scheme.acbl.events import DEFAULT_RULES
from scheme.acbl.formula import EventType, overall_depth, place_fraction
from scheme.acbl.placings import cents, cents_text, check_ranking, share_places
from scheme.acbl.working import Working
from scheme.core.errors import RulesError

F = Fraction


class Contest(StrEnum):
    NAP = "nap"
    GNT = "gnt"


class Flight(StrEnum):
    CHAMPIONSHIP = "championship"  # GNT only (combined with A below the district stage)
    A = "A"
    B = "B"
    C = "C"


@dataclass(frozen=True)
class ClubStage:
    """A club stage game: its share of the Club Special Game (rating nine) award and its
    colours."""

    share: Fraction
    split: Split
    why: str


# NAP club stage: Flight A 100%, B 70%, C 50% of the R 9.00 award, half red, half black; at
# an invitational club 80% of the open club's award, all black.
NAP_CLUB_SHARES = {Flight.A: F(1), Flight.B: F(70, 100), Flight.C: F(50, 100)}
NAP_INVITATIONAL = F(80, 100)
# GNT club level: rating nine, half red, half black; an invitational club game all black at
# 80% (Championship/A), 65% (B) and 48% (C) of an open club's.
GNT_INVITATIONAL = {
    Flight.CHAMPIONSHIP: F(80, 100),
    Flight.A: F(80, 100),
    Flight.B: F(65, 100),
    Flight.C: F(48, 100),
}


def club_stage(contest: Contest, flight: Flight, *, invitational: bool) -> ClubStage:
    if contest is Contest.NAP:
        if flight not in NAP_CLUB_SHARES:
            raise RulesError("flight", "the NAP has flights A, B and C")
        share = NAP_CLUB_SHARES[flight]
        if invitational:
            return ClubStage(
                share * NAP_INVITATIONAL, whole(BLACK), "NAP at an invitational club: 80%, black"
            )
        return ClubStage(share, halves(BLACK, RED), "NAP club stage: half red, half black")
    if invitational:
        return ClubStage(
            GNT_INVITATIONAL[flight], whole(BLACK), "GNT at an invitational club: black"
        )
    return ClubStage(F(1), halves(BLACK, RED), "GNT club level: half red, half black")


def two_stage_basis(qualifiers: int, entered: int) -> tuple[int, int]:
    """ "Two stage qualification": the teams an overall award below the district stage is
    based on, and its overall places, by the teams qualifying into the knockout (2: 4 teams,
    2 places; 4: 8 teams, 4 places; 8: 16 teams, 4 places; 16 or more: 32 teams, 8 places),
    never more than the eligible teams in actual competition."""
    if qualifiers < 2:
        raise RulesError("qualifiers", "at least two teams qualify")
    if qualifiers >= 16:
        teams, places = 32, 8
    elif qualifiers >= 8:
        teams, places = 16, 4
    elif qualifiers >= 4:
        teams, places = 8, 4
    else:
        teams, places = 4, 2
    return min(teams, entered), places


def unit_stage_split(contest: Contest, flight: Flight, sessions: int) -> Split:
    """Unit stage overalls: red for one session; for two or more, 20% gold (Flight A and the
    GNT's Open Championship), 10% (B), 5% (C), the rest red."""
    if sessions < 2:
        return whole(RED)
    gold = {Flight.CHAMPIONSHIP: F(20, 100), Flight.A: F(20, 100), Flight.B: F(10, 100),
            Flight.C: F(5, 100)}[flight]  # fmt: skip
    return ((GOLD, gold), (RED, 1 - gold))


# "Rating" of the unit stage: 100%, 70%, 50% of sectional rating (NAP).
NAP_UNIT_RATING = {Flight.A: F(1), Flight.B: F(70, 100), Flight.C: F(50, 100)}


def unit_stage(contest: Contest, flight: Flight, sessions: int) -> ClubStage:
    """A unit stage event: its share of the sectional-rated award (NAP flights) and the
    colours of its overalls. The GNT's unit finals are "as in regular stratified team
    events": the full award."""
    if contest is Contest.NAP:
        if flight not in NAP_UNIT_RATING:
            raise RulesError("flight", "the NAP has flights A, B and C")
        share = NAP_UNIT_RATING[flight]
    else:
        share = F(1)
    split = unit_stage_split(contest, flight, sessions)
    gold = dict(split).get(GOLD, F(0))
    colours = f"{gold * 100}% gold, the rest red" if gold else "red"
    return ClubStage(share, split, f"{contest.value.upper()} unit stage: {colours}")


# District stage: first overall by sessions (2, 3, 4 or more).
NAP_DISTRICT_FIRST = {
    Flight.A: (F(32), F(40), F(48)),
    Flight.B: (F("22.50"), F(28), F("33.50")),
    Flight.C: (F(15), F("17.50"), F(20)),
}
GNT_DISTRICT_FIRST = {
    Flight.CHAMPIONSHIP: (F(32), F(40), F(48)),
    Flight.A: (F(27), F(33), F(40)),
    Flight.B: (F("22.50"), F(28), F("33.50")),
    Flight.C: (F(15), F("17.50"), F(20)),
}


def district_first(contest: Contest, flight: Flight, sessions: int) -> Fraction:
    table = NAP_DISTRICT_FIRST if contest is Contest.NAP else GNT_DISTRICT_FIRST
    if flight not in table:
        raise RulesError("flight", f"the {contest.value.upper()} has no flight {flight.value}")
    if sessions < 2:
        raise RulesError("sessions", "a district final has two sessions at least")
    return table[flight][min(sessions, 4) - 2]


def district_split(flight: Flight) -> Split:
    """District overalls: gold, Flight C half gold, half red."""
    return halves(GOLD, RED) if flight is Flight.C else whole(GOLD)


def gnt_district_share(teams: int, sessions: int) -> tuple[Fraction, int | None]:
    """The GNT district final's share of the award and overall places by the teams entered
    in the flight: one team, no overall award; two, 50% and one place; three or four, 67%
    and one place; five or more, the full award over three sessions or more and 67% over two
    (the garbled row read so; NOTES.md), places as for the event."""
    if teams < 2:
        return F(0), 0
    if teams == 2:
        return F(1, 2), 1
    if teams <= 4:
        return F(67, 100), 1
    return (F(1) if sessions >= 3 else F(67, 100)), None


# National finals.
NAP_NATIONAL = {
    Flight.A: (F(100), whole(PLATINUM)),
    Flight.B: (F(60), whole(GOLD)),
    # "13.34 Gold, 26.66 Red".
    Flight.C: (F(40), ((GOLD, F(1334, 4000)), (RED, F(2666, 4000)))),
}
GNT_NATIONAL = {
    Flight.CHAMPIONSHIP: (F(120), whole(GOLD), F(4)),
    Flight.A: (F(85), whole(GOLD), F(3)),
    Flight.B: (F(70), whole(GOLD), F("2.50")),
    # "Flight C awards will be 1/3 Gold and 2/3 Red".
    Flight.C: (F(45), ((GOLD, F(1, 3)), (RED, F(2, 3))), F(2)),
}


def gnt_national_depth(teams: int) -> int:
    """Overalls to the top eight with 16 or more teams, the top four with 8 to 15."""
    return 8 if teams >= 16 else 4 if teams >= 8 else 1


@dataclass(frozen=True)
class ArbitraryAward:
    first: Fraction
    split: Split
    match_award: Fraction | None = None


# CBF National Finals and USBF team trials (first place, colour, match award).
CBF_EVENTS = MappingProxyType(
    {
        "Canadian Open Pairs": ArbitraryAward(F(65), whole(GOLD)),
        "CBF Open Teams": ArbitraryAward(F(140), whole(GOLD), F(10)),
        "CBF National Teams B": ArbitraryAward(F(50), whole(GOLD), F(10)),
        "CBF Senior Teams": ArbitraryAward(F(80), whole(GOLD), F(8)),
        "CBF Women's Teams": ArbitraryAward(F(80), whole(GOLD), F(8)),
    }
)
USBF_EVENTS = MappingProxyType(
    {
        "USBF Open Team": ArbitraryAward(F(250), whole(GOLD), F(10)),
        "USBF Senior Team": ArbitraryAward(F(120), whole(GOLD), F(8)),
        "USBF Women's Team": ArbitraryAward(F(100), whole(GOLD), F(8)),
    }
)
# USBF assigned place awards (Open, Women's): 1, 2, 3-4, 5-8, 9-16.
USBF_ASSIGNED = {
    "USBF Open Team": ((1, F(250)), (2, F(180)), (4, F(125)), (8, F(54)), (16, F(25))),
    "USBF Women's Team": ((1, F(100)), (2, F(75)), (4, F(60)), (8, F(40)), (16, F(22))),
}

# WBF events: the WBF award and the ACBL masterpoint award (first overall), with the
# closest NABC equivalent whose formulas give the places below first.
WBF_EVENTS = MappingProxyType(
    {
        "Bermuda Bowl": (800, "Spingold/Vanderbilt", F(200)),
        "Venice Cup": (800, "Women's KO", F(140)),
        "D'Orsi Senior Bowl": (600, "Senior KO", F(100)),
        "Olympiad Open Teams": (1000, "Spingold/Vanderbilt", F(250)),
        "Olympiad Women's": (700, "Women's KO", F(140)),
        "Senior Teams": (450, "Senior KO", F(100)),
        "Rosenblum Cup": (600, "Spingold/Vanderbilt", F(150)),
        "McConnell Cup": (450, "Women's KO", F(100)),
        "Mixed Teams": (138, "Master Mixed Teams", F(100)),
        "Senior KO Teams": (450, "Senior KO", F(100)),
        "Open Pairs": (800, "Blue Ribbon/LM Pairs", F(190)),
        "Women's Pairs": (600, "Women's Pairs", F(100)),
        "Senior Pairs": (600, "Silver Ribbon Pairs", F(100)),
        "Mixed Pairs": (200, "Mixed Pairs", F(100)),
    }
)


def international_minimum_share(tables: Fraction, *, pairs: bool) -> Fraction:
    """CBF and USBF minimum tables: pairs 2% a table below 48, at least 50% under 24; teams
    6.25% a table below 16, at least 50% at 8 tables or fewer."""
    if pairs:
        full, step = 48, F(2, 100)
    else:
        full, step = 16, F(625, 10000)
    if tables >= full:
        return F(1)
    return max(F(1, 2), 1 - step * (full - int(tables)))


class Stage(StrEnum):
    DISTRICT = "district"
    NATIONAL = "national"


@dataclass(frozen=True)
class GrassRootsFinal:
    """A district or national final of the NAP or GNT: arbitrary first awards."""

    contest: Contest
    stage: Stage
    flight: Flight
    sessions: int
    entries: int  # pairs or teams entered in the flight
    ranking: tuple[tuple[str, ...], ...]
    # GNT national final: matches won (full day's match award a win).
    wins: Mapping[str, Fraction] = field(default_factory=dict)
    rules: str = DEFAULT_RULES

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", tuple(tuple(place) for place in self.ranking))
        object.__setattr__(self, "wins", MappingProxyType(dict(self.wins)))


def final_first(final: GrassRootsFinal) -> tuple[Fraction, Split, int | None, str]:
    """The first award, colours, overall places (None: by the event's depth) and why."""
    contest, flight = final.contest, final.flight
    if final.stage is Stage.DISTRICT:
        first = district_first(contest, flight, final.sessions)
        why = f"{contest.value.upper()} district final, flight {flight.value}, " + (
            f"{final.sessions} sessions: {first}"
        )
        if contest is Contest.GNT:
            share, places = gnt_district_share(final.entries, final.sessions)
            return first * share, district_split(flight), places, why + f" x {share}"
        return first, district_split(flight), None, why
    if contest is Contest.NAP:
        if flight not in NAP_NATIONAL:
            raise RulesError("flight", "the NAP has flights A, B and C")
        first, split = NAP_NATIONAL[flight]
        return first, split, None, f"NAP national final, flight {flight.value}: {first}"
    first, split, _match = GNT_NATIONAL[flight]
    return (
        first,
        split,
        gnt_national_depth(final.entries),
        f"GNT national final, {flight.value}: {first}",
    )


def compute_final(final: GrassRootsFinal, working: Working) -> None:
    if not 2 <= final.sessions <= 6:
        raise RulesError("sessions", "a final has 2 to 6 sessions")
    if not 1 <= final.entries <= 2000:
        raise RulesError("entries", "entries are from 1 to 2000")
    check_ranking(final.ranking, "ranking")
    value, split, places, why = final_first(final)
    first = cents(value)
    event_type = EventType.SWISS if final.contest is Contest.GNT else EventType.PAIRS
    tables = Fraction(final.entries, 1 if event_type is EventType.SWISS else 2)
    depth = (
        places
        if places is not None
        else overall_depth(tables, event_type, Fraction(first, 100), final.sessions)
    )
    working.note(f"{why}; first {cents_text(first)}; {depth} place(s).")

    def award_of(place: int) -> int:
        if place == 1:
            return first
        return cents(Fraction(first, 100) * place_fraction(place, final.sessions))

    for award in share_places(final.ranking, award_of, depth):
        if not award.each:
            continue
        for label in award.labels:
            working.set_overall(label, award.each, split_hundredths(award.each, split))
        working.note(f"  {', '.join(award.labels)}: {award.first}: {cents_text(award.each)}")
    if final.contest is Contest.GNT and final.stage is Stage.NATIONAL and final.wins:
        match = GNT_NATIONAL[final.flight][2]
        for label, wins in final.wins.items():
            won = Fraction(wins)
            if not 0 <= won <= 20:
                raise RulesError(f"wins.{label}", "matches won are from 0 to 20")
            tally = working.tally(label)
            tally.matches += match * won
            tally.match_colour = RED
        working.note(f"Match awards: {cents_text(cents(match))} red a win (national rating).")
