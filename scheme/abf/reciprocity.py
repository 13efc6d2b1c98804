"""Points won abroad (1.3.3, 1.3.4): the manual's conversion rates into Australian points."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from scheme.abf.grades import Colour

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


def reciprocity_convert(*, scheme: str, kind: str, amount: Decimal) -> tuple[str, int, str]:
    """1.3.4: the colour, hundredths and a note of what was converted, at the manual's rate.
    The Australian points are rounded to the hundredth, half up."""
    if (scheme, kind) not in RECIPROCITY_RATES:
        raise ReciprocityError(f"1.3.4 has no rate for {scheme} {kind} points.")
    if amount <= 0:
        raise ReciprocityError("The points converted must be more than zero.")
    colour, rate = RECIPROCITY_RATES[(scheme, kind)]
    exact = amount * rate
    hundredths = int((exact * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))
    if hundredths <= 0:
        raise ReciprocityError(f"{amount} {RECIPROCITY_NAMES[(scheme, kind)]} is less than 0.01.")
    note = (
        f"{amount.normalize():f} {RECIPROCITY_NAMES[(scheme, kind)]} at "
        f"{rate.normalize():f} {colour} each = {exact.normalize():f}"
    )
    if Decimal(hundredths) / 100 != exact:
        note += " (rounded to the hundredth)"
    return str(colour), hundredths, note


def nz_resident_minimum_gold(a_points: Decimal) -> int:
    """1.3.3: the least gold points (hundredths) for a New Zealand player who takes up
    permanent Australian residence, from their NZ A points."""
    if a_points < 0:
        raise ReciprocityError("NZ A points cannot be negative.")
    exact = a_points * NZ_RESIDENT_GOLD_PER_A_POINT * 100
    return int(exact.to_integral_value(rounding=ROUND_HALF_UP))
