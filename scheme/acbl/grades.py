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
)

ACBL_GRADES: MappingProxyType[str, AcblGrade] = MappingProxyType({g.code: g for g in _GRADES})
