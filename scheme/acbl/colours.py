"""The six colours of masterpoints ("The Masterpoint Plan", opening pages) and how an award
is split between colours when the plan pays it in parts (part gold, part red...).

Points are whole hundredths throughout, as in the ledger.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from scheme.base import PointKind

BLACK = "black"
SILVER = "silver"
RED = "red"
GOLD = "gold"
PLATINUM = "platinum"
# "Online points are awarded for Internet masterpoint events and are colorless": the plan
# counts them as the sixth colour, unpigmented.
UNPIGMENTED = "unpigmented"

# Lowest first, as the ledger lists them: the plan names them from platinum down.
ACBL_POINT_KINDS: tuple[PointKind, ...] = (
    PointKind(BLACK, "Black", "#212121", 1),
    PointKind(SILVER, "Silver", "#9e9e9e", 2),
    PointKind(RED, "Red", "#c62828", 3),
    PointKind(GOLD, "Gold", "#c9a227", 4),
    PointKind(PLATINUM, "Platinum", "#7b8fa1", 5),
    PointKind(UNPIGMENTED, "Unpigmented (online)", "#bdbdbd", 6),
)
COLOURS: tuple[str, ...] = tuple(kind.code for kind in ACBL_POINT_KINDS)
# Pigmented points: every colour but the online points (the ranks count them by groups).
PIGMENTED: tuple[str, ...] = (SILVER, RED, GOLD, PLATINUM)

# A split: each colour's share of an award, the shares summing to 1, in the order the plan
# names them.
Split = tuple[tuple[str, Fraction], ...]


def whole(colour: str) -> Split:
    return ((colour, Fraction(1)),)


def halves(first: str, second: str) -> Split:
    return ((first, Fraction(1, 2)), (second, Fraction(1, 2)))


def split_hundredths(hundredths: int, split: Split) -> Mapping[str, int]:
    """An award of whole hundredths shared between colours: each share but the last is
    rounded to the nearest hundredth (half up), the last colour takes the rest, so the
    parts always add up to the award (NOTES.md, "split awards")."""
    if sum((share for _, share in split), Fraction(0)) != 1:
        raise ValueError(f"the shares of {split!r} do not add up to 1")
    parts: dict[str, int] = {}
    given = 0
    for index, (colour, share) in enumerate(split):
        if index == len(split) - 1:
            part = hundredths - given
        else:
            exact = share * hundredths
            part = int(exact + Fraction(1, 2)) if exact >= 0 else -int(-exact + Fraction(1, 2))
        parts[colour] = parts.get(colour, 0) + part
        given += part
    return MappingProxyType(parts)


def split_gold_first(hundredths: int, split: Split) -> Mapping[str, int]:
    """An entered NAP/GNT award shared between gold and red: the gold part rounded up to the
    next hundredth, the red part the rest, so they add up to the award. The plan states no
    rule; its one printed split of an award that does not fall in whole hundredths does so:
    the NAP national final's Flight C, a third gold of 40.00, "13.34 Gold, 26.66 Red" (and
    its pigmentation table's "33.34% Gold; 66.66% Red"). NOTES.md, "Split awards"."""
    if [colour for colour, _ in split] != [GOLD, RED] or sum(s for _, s in split) != 1:
        raise ValueError(f"{split!r} is not a split of gold and red")
    if hundredths < 0:
        raise ValueError("an entered award is never negative")
    exact = split[0][1] * hundredths
    gold = -((-exact.numerator) // exact.denominator)  # rounded up
    return MappingProxyType({GOLD: gold, RED: hundredths - gold})


def add_points(*parts: Mapping[str, int]) -> Mapping[str, int]:
    """Points by colour, summed colour by colour (colours in the plan's order)."""
    total: dict[str, int] = {}
    for part in parts:
        for colour, hundredths in part.items():
            total[colour] = total.get(colour, 0) + hundredths
    return MappingProxyType({c: total[c] for c in COLOURS if total.get(c)})


def check_split(split: Sequence[tuple[str, Fraction]]) -> None:
    for colour, _ in split:
        if colour not in COLOURS:
            raise ValueError(f"{colour!r} is not a colour of the ACBL plan")
