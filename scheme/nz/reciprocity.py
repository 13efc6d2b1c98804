"""Outline of the Master Point Scheme, Overseas Master Points (a)-(d): the only points from
abroad New Zealand credits.

"(i) Gold Points earned by NZ-registered Players at all Australian Bridge Federation Gold
Point events are transferred at the rate of: 1 Gold Point = 1 A Point. (ii) Red Points
earned by NZ-registered Players on Klinger holidays and cruises are transferred at the rate
of: 1 Red Point = 1 B Point." (iii), A Points of Australian-registered players at the
National Congress, go the other way, at a rate the ABF sets. Other overseas points earn
nothing here; a new resident's overseas rank may be recognised by the Board at "the minimum
required to achieve the equivalent New Zealand Master Point rank" (`ranks.RANKS`).
"""

from __future__ import annotations

from decimal import Decimal

from scheme.core.errors import RulesError
from scheme.core.overseas import OverseasKind
from scheme.nz.kinds import A, B

# (ABF colour, where earned) -> NZ kind, at one for one.
TRANSFERS: dict[tuple[str, str], str] = {
    ("gold", "abf"): A,  # (i) any ABF Gold Point event
    ("red", "klinger"): B,  # (ii) Klinger holidays and cruises
}


# The same transfers as the scheme's overseas kinds (Scheme.overseas_kinds), for the Centre's
# page that credits them.
NZ_OVERSEAS_KINDS = (
    OverseasKind("abf:gold", "ABF gold points (any ABF Gold Point event)", A, Decimal("1")),
    OverseasKind("klinger:red", "red points of Klinger holidays and cruises", B, Decimal("1")),
)


def transferred(*, colour: str, source: str, hundredths: int) -> tuple[str, int]:
    """The NZ kind and points (hundredths) of ABF points earned by an NZ-registered player:
    ABF gold points are A Points, red points from Klinger holidays and cruises B Points, one
    for one; any other overseas points are refused, naming `colour`."""
    kind = TRANSFERS.get((colour.strip().lower(), source.strip().lower()))
    if kind is None:
        raise RulesError(
            "colour",
            "New Zealand credits only ABF gold points (as A Points) and red points from "
            "Klinger holidays and cruises (as B Points)",
        )
    if hundredths < 0:
        raise RulesError("points", "points from abroad are never negative")
    return kind, hundredths
