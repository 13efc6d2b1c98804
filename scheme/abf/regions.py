"""Regional Championships, grade C (2.4): the three a region's clubs may run every year.

2.4: "This grade is for Regional Championships. State Associations are responsible for
dividing the state into regions. Clubs within these regions are entitled (in consultation
with the State Association) to organize jointly the following Regional Championships every
year: Open Pairs - Open Teams - Master Pairs"; "Allocation of masterpoints should be made
under the supervision of the State Masterpoint Secretary."
"""

from __future__ import annotations

from collections.abc import Iterable

REGIONAL_GRADE = "C"
REGIONAL_CHAMPIONSHIPS = {
    "open_pairs": "Open Pairs",
    "open_teams": "Open Teams",
    "master_pairs": "Master Pairs",
}
# "every year": each of the three once a calendar year (the manual does not say which year;
# the calendar year, as 2.3's and 2.6's yearly counts).
EACH_A_YEAR = 1


def regional_refusals(
    *, grade: str, championship: str, region: str, held: Iterable[str], year: int
) -> list[tuple[str, str]]:
    """What 2.4 refuses in a grade C event, each as (field, reason): no region or no
    championship of the three named, a championship other than the three, and a second of
    one in a region's year (`held`: the names of the region's events of that championship
    credited that year)."""
    if grade != REGIONAL_GRADE:
        return []  # a grade other than C naming a region: awards.ledger.services.congress
    refusals = []
    if not region:
        refusals.append(
            (
                "region",
                "Give the region whose clubs run this Regional Championship; the state "
                "divides itself into regions (2.4).",
            )
        )
    if championship not in REGIONAL_CHAMPIONSHIPS:
        refusals.append(
            (
                "regional_championship",
                "Say which Regional Championship this is: Open Pairs, Open Teams or Master "
                "Pairs, the three a region runs every year (2.4).",
            )
        )
        return refusals
    names = list(held)
    if region and len(names) >= EACH_A_YEAR:
        refusals.append(
            (
                "regional_championship",
                f"{region} has run its {REGIONAL_CHAMPIONSHIPS[championship]} of {year} "
                f"already ({'; '.join(names)}); a region runs each of its three Regional "
                f"Championships once a year (2.4).",
            )
        )
    return refusals
