"""Who may report which kinds of ACBL event, as scheme.abf.issuers does for the ABF.

The plan pays "sanctioned club games" at the clubs and tournaments by their rating
("Masterpoints for Regular Club Games", "Special Awards in Club Events", the General
Formula); it does not print who reports them. The registry follows the ACBL's practice
(NOTES.md, "Who reports awards"): a club reports its own club games, including the special
club games held in clubs (BR, CA, IMP, C7, C9); the unit reports its unit events, its
sectional tournaments and the STaC games its clubs run as a sectional tournament; the
League's staff report the regional, NABC and NABC+ events, and may correct any.

Roles are the registry's plain strings: "club", "state" (the unit's secretary), "organiser"
(the unit's nominee), "staff".
"""

from __future__ import annotations

from scheme.acbl.grades import ACBL_GRADES

# Sanctioned club games, their special awards, and the online and cruise club games.
CLUB_GRADES = frozenset({"CO", "CI", "CR", "CN", "CZ", "OL", "C7", "C9", "BR", "CA", "IMP"})
# Unit events and sectional tournaments (silver, and the STaC games: sectional ratings), and
# the NAP and GNT unit finals' overalls (20%, 10%, 5% gold, "at sectional rating").
UNIT_GRADES = frozenset({"U", "S", "ST", "G20", "G10", "G5"})
STAFF_GRADES = frozenset(ACBL_GRADES)

_GRADES = {
    "club": CLUB_GRADES,
    "state": UNIT_GRADES,
    "organiser": UNIT_GRADES,
    "staff": STAFF_GRADES,
}


def grades_issuable_by(role: str | None) -> frozenset[str]:
    """The kinds of event a login of `role` may report; none for any other role."""
    return _GRADES.get(role or "", frozenset())


def grade_refusal(role: str | None, grade: str) -> str | None:
    """Why a login of `role` may not report grade `grade`, or None when it may."""
    if grade in grades_issuable_by(role):
        return None
    known = ACBL_GRADES.get(grade)
    what = f"grade {grade} ({known.description})" if known else f"grade {grade}"
    if grade in CLUB_GRADES:
        return f"{what} is a club game: the club that ran it reports its awards"
    if grade in UNIT_GRADES:
        return (
            f"{what} is a unit event or sectional tournament: the unit reports its awards, "
            "not a club"
        )
    return (
        f"{what} is a regional, NABC or NABC+ event: its awards are reported by the "
        "League's staff, not by a club or unit"
    )
