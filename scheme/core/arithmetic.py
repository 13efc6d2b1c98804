"""Exact arithmetic for awards: fractions inside, hundredths outside.

Every award is computed as a `Fraction`; only the exponentials of the formulae in 3.1.1 and
3.1.2 are irrational, and they are evaluated to 40 significant digits, far beyond any
hundredth. Rounding to 0.01 happens once, at the final stage of each award (4.4.2), through
`round_cents`.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

CENT = Decimal("0.01")
ZERO = Fraction(0)


class Rounding(StrEnum):
    """How an exact award becomes hundredths of a masterpoint."""

    # 4.4.2 (2025): "to the nearest 0.01 masterpoint, with 0.005 rounding to even".
    HALF_EVEN = "half-even"
    # 4.4.2 (older edition) and the printed Tables 1A-3C: "0.005 rounds up".
    HALF_UP = "half-up"


def as_fraction(value: Fraction | Decimal | int | str) -> Fraction:
    """An exact fraction from an input number; floats are refused (points are exact)."""
    if isinstance(value, float):
        raise TypeError("awards take Decimal, int or str, never float")
    if isinstance(value, Fraction):
        return value
    return Fraction(Decimal(value)) if isinstance(value, str) else Fraction(value)


@lru_cache(maxsize=65536)
def exp(x: Fraction) -> Fraction:
    """e**x to 40 significant digits, as a fraction."""
    with localcontext() as ctx:
        ctx.prec = 40
        value = (Decimal(x.numerator) / Decimal(x.denominator)).exp()
    return Fraction(value)


def round_cents(value: Fraction, rounding: Rounding) -> Decimal:
    """`value` to the nearest 0.01, ties settled by `rounding` (4.4.2)."""
    hundredths = value * 100
    whole = math.floor(hundredths)
    rest = hundredths - whole
    half = Fraction(1, 2)
    if rest > half or (rest == half and (rounding is Rounding.HALF_UP or whole % 2 == 1)):
        whole += 1
    return (Decimal(whole) * CENT).quantize(CENT)


def show(value: Fraction | Decimal | int, places: int = 4) -> str:
    """A number for a working line: at least 2 decimals, at most `places`, no trailing zeros."""
    exact = as_fraction(value) if not isinstance(value, Fraction) else value
    digits = Decimal(round(exact * 10**places)).scaleb(-places)
    text = f"{digits:.{places}f}"
    whole, _, decimals = text.partition(".")
    decimals = decimals.rstrip("0")
    if len(decimals) < 2:
        decimals = decimals.ljust(2, "0")
    return f"{whole}.{decimals}"


def show_number(value: Fraction | Decimal | int) -> str:
    """A count or factor for a working line: 8, 7.5, 1.5, 0.75, 2/3."""
    exact = as_fraction(value) if not isinstance(value, Fraction) else value
    if exact.denominator == 1:
        return str(exact.numerator)
    for places in range(1, 5):
        if (exact * 10**places).denominator == 1:
            return f"{Decimal(exact.numerator) / Decimal(exact.denominator):.{places}f}"
    return f"{exact.numerator}/{exact.denominator}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
