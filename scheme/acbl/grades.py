"""The kinds of ACBL event the registry records, each with the colour (or colours) of the
points it awards: the plan's opening pages on colours, "Special Awards in Club Events",
"Pigmentation of Awards", the NAP and GNT stages and the NABC+ tables.

Codes are short (at most three characters, as the ledger keeps a grade). An event whose
points come in parts (half black, half red) has a split; the registry credits each part in
its own colour, one credit a colour (`scheme.acbl.colours.split_hundredths`). Where the plan
makes the colour depend on the place (gold for overalls and section tops at a two-session
regional event with an upper limit of 750 or more, red for the rest) the grade names the
principal colour and the award rules decide each award's colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from scheme.acbl.colours import (
    BLACK,
    GOLD,
    PLATINUM,
    RED,
    SILVER,
    UNPIGMENTED,
    Split,
    halves,
    whole,
)


@dataclass(frozen=True)
class AcblGrade:
    code: str
    description: str
    split: Split

    @property
    def colour(self) -> str:
        """The principal colour: the first the plan names."""
        return self.split[0][0]

    @property
    def is_split(self) -> bool:
        return len(self.split) > 1


def _grade(code: str, description: str, split: Split) -> AcblGrade:
    return AcblGrade(code, description, split)


def _gold_red(gold: Fraction) -> Split:
    return ((GOLD, gold), (RED, 1 - gold))


GR20, GR10, GR5, GR3 = (
    _gold_red(Fraction(20, 100)),
    _gold_red(Fraction(10, 100)),
    _gold_red(Fraction(5, 100)),
    _gold_red(Fraction(1, 3)),
)


_GRADES = (
    # Regular club games ("Masterpoints for Regular Club Games"): black.
    _grade("CO", "Club game, open", whole(BLACK)),
    _grade("CI", "Club game, invitational", whole(BLACK)),
    _grade("CR", "Club game, masterpoint restricted", whole(BLACK)),
    _grade("CN", "Club game, newcomer", whole(BLACK)),
    _grade("CZ", "Cruise club game", whole(BLACK)),
    # "Online clubs": colourless points.
    _grade("OL", "Online club game", whole(UNPIGMENTED)),
    # "Special Club Games and the General Formula".
    _grade("C7", "Club special game, rating seven (club championship, fund games)", whole(BLACK)),
    _grade("C9", "Club special game, rating nine", whole(BLACK)),
    # "Special Awards in Club Events".
    _grade("BR", "ACBL-wide or club stage game paid half black, half red", halves(BLACK, RED)),
    _grade(
        "CA",
        "Club Appreciation Game, teams: 5% gold (at most 0.25), the rest black",
        ((GOLD, Fraction(5, 100)), (BLACK, Fraction(95, 100))),
    ),
    _grade(
        "IMP",
        "ACBL Instant Matchpoint Game: 1.00 gold in section tops, the rest half black, half red",
        halves(BLACK, RED),
    ),
    # "Silver points are awarded ... at ACBL-sanctioned sectional tournaments held in clubs".
    _grade("ST", "Sectional Tournament at Clubs (STaC)", whole(SILVER)),
    # Tournaments.
    _grade("U", "Unit event", whole(BLACK)),
    _grade("S", "Sectional tournament", whole(SILVER)),
    _grade("R", "Regional tournament (red)", whole(RED)),
    _grade("RG", "Regional event paying gold for overalls and section tops", whole(GOLD)),
    _grade(
        "IN",
        "Intermediate/Novice regional championship: 33% gold, 67% red",
        ((GOLD, Fraction(33, 100)), (RED, Fraction(67, 100))),
    ),
    _grade("NR", "NABC regional-rated event", whole(RED)),
    _grade("NG", "NABC national-rated event", whole(GOLD)),
    _grade("NP", "NABC+ event", whole(PLATINUM)),
    _grade(
        "NK",
        "NABC+ 10K event: 10% platinum, the rest gold",
        ((PLATINUM, Fraction(10, 100)), (GOLD, Fraction(90, 100))),
    ),
    # "Winning the national NAP Flight A or GNT Championship Flight meets the criteria for
    # national championship for Grand Life Master status" (scheme.acbl.glm): their national
    # finals' overalls, "A 100.00 Platinum" and the Championship Flight's gold ("overalls will
    # be Gold"; its match awards, red, are an event of their own, NR).
    _grade(
        "NPA",
        "NAP national final, Flight A: platinum (Grand Life Master eligible)",
        whole(PLATINUM),
    ),
    _grade(
        "GNC",
        "GNT national final, Championship Flight overalls: gold (Grand Life Master eligible)",
        whole(GOLD),
    ),
    # "Grand National Teams & North American Pairs": the overalls the stages pay in parts of
    # gold and red, entered at the part of the award each colour takes (NAP/GNT club level
    # is BR, half black, half red). Unit finals of two sessions or more: "A ... 20% G, 80% R",
    # "B ... 10% G, 90% R", "C ... 5% G, 95% R" (the GNT's "20% gold, 80% red for the Open
    # Championship and Flight A").
    _grade("G20", "NAP/GNT unit final overalls, Flight A or Championship: 20% gold, 80% red", GR20),
    _grade("G10", "NAP/GNT unit final overalls, Flight B: 10% gold, 90% red", GR10),
    _grade("G5", "NAP/GNT unit final overalls, Flight C: 5% gold, 95% red", GR5),
    # District finals, Flight C: "50% Gold 50% Red" (NAP), "50% Gold and 50% Red" (GNT).
    _grade("GR", "NAP/GNT district final overalls, Flight C: 50% gold, 50% red", halves(GOLD, RED)),
    # National finals, Flight C: "13.34 Gold, 26.66 Red" (NAP), "1/3 Gold and 2/3 Red" (GNT).
    _grade("G3", "NAP/GNT national final overalls, Flight C: one third gold, two thirds red", GR3),
)

# The NAP/GNT grades whose gold part is rounded up to the hundredth, the red taking the rest
# (scheme.acbl.colours.split_gold_first; NOTES.md, "Split awards").
GOLD_FIRST_GRADES = frozenset({"G20", "G10", "G5", "GR", "G3"})

ACBL_GRADES: MappingProxyType[str, AcblGrade] = MappingProxyType({g.code: g for g in _GRADES})
