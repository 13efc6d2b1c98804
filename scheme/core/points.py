"""Masterpoints as exact whole hundredths (4.4.2: awards are rounded to 0.01).

Points are kept as `int` hundredths everywhere: in storage, in sums and in files (App. D
writes six digits of hundredths). These turn typed text and `Decimal` into hundredths and
back, exactly, and refuse anything that is not a whole number of hundredths.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

HUNDRED = 100
CENT = Decimal("0.01")
# Digits with an optional sign and decimal point: no exponent, no separators, no NaN.
_POINTS = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


class PointsError(ValueError):
    """A value that is not a whole number of hundredths of a masterpoint."""


def parse_points(text: str, *, allow_negative: bool = False) -> int:
    """Points typed by a person ("1.45", "2", "0.5") as hundredths; a `PointsError` (a
    ValueError) naming the value if it is not a number or not exact to 0.01. Trailing zeros
    ("1.250") are exact and accepted. Negatives only where `allow_negative` (adjustments)."""
    if not isinstance(text, str):
        raise PointsError(f"{text!r} is not a number of points")
    stripped = text.strip()
    if not _POINTS.fullmatch(stripped):
        raise PointsError(f"{text!r} is not a number of points")
    value = Decimal(stripped)
    hundredths = value * HUNDRED
    if hundredths != hundredths.to_integral_value():
        raise PointsError(f"{text} has more than two decimal places")
    if hundredths < 0 and not allow_negative:
        raise PointsError(f"{text} is negative: points here must be zero or more")
    return int(hundredths)


def points_text(hundredths: int) -> str:
    """1234 -> "12.34", -5 -> "-0.05": always two decimals."""
    whole, cents = divmod(abs(hundredths), HUNDRED)
    return f"-{whole}.{cents:02d}" if hundredths < 0 else f"{whole}.{cents:02d}"


def to_decimal(hundredths: int) -> Decimal:
    """Hundredths as a `Decimal` with two places: 125 -> Decimal("1.25")."""
    return (Decimal(hundredths) / HUNDRED).quantize(CENT)


def from_decimal(value: Decimal | int | str) -> int:
    """A `Decimal` (or int, or its text) as hundredths; a `PointsError` if it is not exact
    to 0.01 (rounding is the rule set's business, 4.4.2, not this one's)."""
    if isinstance(value, (bool, float)):
        raise PointsError(f"{value!r} is not an exact number of points")
    try:
        number = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        raise PointsError(f"{value!r} is not a number of points") from None
    if not number.is_finite():
        raise PointsError(f"{value!r} is not a number of points")
    hundredths = number * HUNDRED
    if hundredths != hundredths.to_integral_value():
        raise PointsError(f"{value} has more than two decimal places")
    return int(hundredths)
