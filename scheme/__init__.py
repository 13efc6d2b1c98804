"""The rules of masterpoint schemes, plain Python with no Django import.

`scheme.core` holds what every scheme shares (placings, exact arithmetic, points, the
calendar); `scheme.abf` the ABF Masterpoint Scheme. `get_scheme(code)` gives a `Scheme`.
"""

from scheme.base import (
    CreditFileFormat,
    PointKind,
    PointTotals,
    RuleSet,
    Scheme,
    SchemeGrade,
    SchemeRank,
)
from scheme.registry import SCHEMES, UnknownScheme, default_scheme_code, get_scheme

__all__ = [
    "SCHEMES",
    "CreditFileFormat",
    "PointKind",
    "PointTotals",
    "RuleSet",
    "Scheme",
    "SchemeGrade",
    "SchemeRank",
    "UnknownScheme",
    "default_scheme_code",
    "get_scheme",
]
