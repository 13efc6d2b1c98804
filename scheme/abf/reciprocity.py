"""Points won abroad (1.3.3, 1.3.4): the manual's conversion rates into Australian points."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from scheme.abf.grades import Colour
from scheme.core.errors import RulesError
from scheme.core.overseas import OverseasKind, overseas_convert

# 1.3.4: (scheme, kind of point) -> (Australian colour, Australian points per point).
RECIPROCITY_RATES: dict[tuple[str, str], tuple[Colour, Decimal]] = {
    ("nz", "A"): (Colour.GOLD, Decimal("1")),
    ("nz", "B"): (Colour.RED, Decimal("1")),
    ("nz", "C"): (Colour.GREEN, Decimal("0.01")),
    ("uk", "local"): (Colour.GREEN, Decimal("0.01")),
    ("uk", "blue"): (Colour.RED, Decimal("1")),
    ("uk", "green"): (Colour.GOLD, Decimal("2.50")),
}
RECIPROCITY_NAMES: dict[tuple[str, str], str] = {
    ("nz", "A"): "New Zealand A points",
    ("nz", "B"): "New Zealand B points",
    ("nz", "C"): "New Zealand C points",
    ("uk", "local"): "UK local points",
    ("uk", "blue"): "UK blue points",
    ("uk", "green"): "UK green points",
}
# 1.3.3, 1.3.4 NOTE (1): a New Zealand player taking up permanent residence gets at least
# one gold point for each NZ A point.
NZ_RESIDENT_GOLD_PER_A_POINT = Decimal("1")


class ReciprocityError(ValueError):
    """A conversion 1.3.4 does not allow."""


# The same rates as the scheme's overseas kinds (Scheme.overseas_kinds), the key "nz:A".
ABF_OVERSEAS_KINDS = tuple(
    OverseasKind(f"{scheme}:{kind}", RECIPROCITY_NAMES[(scheme, kind)], str(colour), rate)
    for (scheme, kind), (colour, rate) in RECIPROCITY_RATES.items()
)


def reciprocity_convert(*, scheme: str, kind: str, amount: Decimal) -> tuple[str, int, str]:
    """1.3.4: the colour, hundredths and a note of what was converted, at the manual's rate.
    The Australian points are rounded to the hundredth, half up."""
    try:
        return overseas_convert(ABF_OVERSEAS_KINDS, key=f"{scheme}:{kind}", amount=amount)
    except RulesError as error:
        if error.field == "kind":
            raise ReciprocityError(f"1.3.4 has {error.message}.") from None
        raise ReciprocityError(f"{error.message[0].upper()}{error.message[1:]}.") from None


def nz_resident_minimum_gold(a_points: Decimal) -> int:
    """1.3.3: the least gold points (hundredths) for a New Zealand player who takes up
    permanent Australian residence, from their NZ A points."""
    if a_points < 0:
        raise ReciprocityError("NZ A points cannot be negative.")
    exact = a_points * NZ_RESIDENT_GOLD_PER_A_POINT * 100
    return int(exact.to_integral_value(rounding=ROUND_HALF_UP))
