"""Exact arithmetic for awards: integers inside, hundredths outside.

The winner's awards and the factors on them are exact `Fraction`s, found once a field, a
match or an outright placing; only the exponentials of the formulae in 3.1.1 and 3.1.2 are
irrational, and they are evaluated to 40 significant digits, far beyond any hundredth.
What each contestant receives is an `Exact`: the unrounded award as an integer numerator
and denominator (never reduced, so no gcd is taken per contestant) with its rounding to
0.01 (4.4.2) made once, by integer division, through `round_hundredths`.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

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


def round_hundredths(numerator: int, denominator: int, rounding: Rounding) -> int:
    """`numerator / denominator` (denominator > 0) to the nearest 0.01, as whole hundredths,
    ties settled by `rounding` (4.4.2). Integer division only."""
    whole, rest = divmod(numerator * 100, denominator)
    twice = rest * 2
    if twice > denominator or (
        twice == denominator and (rounding is Rounding.HALF_UP or whole & 1)
    ):
        whole += 1
    return whole


@lru_cache(maxsize=8192)
def cents(hundredths: int) -> Decimal:
    """Whole hundredths as a two-place `Decimal`: 27 -> Decimal("0.27"), 0 -> "0.00"."""
    return (Decimal(hundredths) * CENT).quantize(CENT)


def round_cents(value: Fraction, rounding: Rounding) -> Decimal:
    """`value` to the nearest 0.01, ties settled by `rounding` (4.4.2)."""
    return cents(round_hundredths(value.numerator, value.denominator, rounding))


class Exact(NamedTuple):
    """One contestant's unrounded award, exactly, and its rounding.

    `numerator / denominator` is the award (denominator > 0; the pair is not reduced);
    `hundredths` is that value rounded to 0.01 under the rule set's `Rounding` (4.4.2).
    """

    numerator: int
    denominator: int
    hundredths: int

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.numerator, self.denominator)


NO_AWARD = Exact(0, 1, 0)


def exact(numerator: int, denominator: int, rounding: Rounding) -> Exact:
    """An award of `numerator / denominator`, rounded once (4.4.2)."""
    return Exact(numerator, denominator, round_hundredths(numerator, denominator, rounding))


def exact_of(value: Fraction, rounding: Rounding) -> Exact:
    return exact(value.numerator, value.denominator, rounding)


def exact_sum(first: Exact, second: Exact, rounding: Rounding) -> Exact:
    """The exact sum of two awards, rounded once (4.4.2: match awards are summed before
    rounding)."""
    if not first.numerator:
        return second
    if not second.numerator:
        return first
    if first.denominator == second.denominator:
        return exact(first.numerator + second.numerator, first.denominator, rounding)
    common = math.gcd(first.denominator, second.denominator)
    left, right = first.denominator // common, second.denominator // common
    return exact(
        first.numerator * right + second.numerator * left, left * second.denominator, rounding
    )


def exact_scaled(value: Exact, factor: Fraction, rounding: Rounding) -> Exact:
    """`value` times `factor`, rounded once."""
    if factor == 1:
        return value
    return exact(
        value.numerator * factor.numerator, value.denominator * factor.denominator, rounding
    )


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
