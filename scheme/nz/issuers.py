"""Who may issue which statuses of event ("Issue of Master Points", rule 1; "Tournaments
General", rules 2, 4 and 5; "Club Sessions"), as scheme.abf.issuers does for the ABF.

Roles are the registry's plain strings: "club" (a club's Master Point Secretary), "state"
(the secretary of an NZ Bridge region), "organiser" (the region's nominee), "staff" (NZ
Bridge's own staff).
"""

from __future__ import annotations

from scheme.nz.statuses import CLUB, STATUSES

# "Issue of Master Points" 1(a), 10 and "Club Sessions": a club issues the C Points of its
# own sessions, and only those.
CLUB_STATUSES = frozenset({CLUB})
# 1(b) and "Tournaments General" 5: a region runs its Island, Regional and Metropolitan
# tournaments (3B to 25A) and the Interprovincial Teams Trials of its area (5(b)(vi)).
REGION_STATUSES = frozenset(
    code for code, status in STATUSES.items() if status.is_tournament and not code.startswith("IPC")
)
# 1(c) and "Tournaments General" 4: the national events (the Interprovincial Teams
# Championships) are NZ Bridge's; its staff issue every status, and correct any.
STAFF_STATUSES = frozenset(STATUSES)

_STATUSES = {
    "club": CLUB_STATUSES,
    "state": REGION_STATUSES,
    "organiser": REGION_STATUSES,
    "staff": STAFF_STATUSES,
}


def grades_issuable_by(role: str | None) -> frozenset[str]:
    """The statuses of event a login of `role` may issue; none for any other role."""
    return _STATUSES.get(role or "", frozenset())


def grade_refusal(role: str | None, grade: str) -> str | None:
    """Why a login of `role` may not issue points of status `grade`, or None when it may."""
    if grade in grades_issuable_by(role):
        return None
    status = STATUSES.get(grade)
    what = f"status {grade} ({status.description})" if status else f"status {grade}"
    if grade == CLUB:
        return (
            f"{what} points are issued by the club that ran the session (Issue of Master "
            "Points, rules 1(a) and 10)"
        )
    if grade.startswith("IPC"):
        return (
            f"{what} is a national event, conducted by or on behalf of the Board of NZ Bridge "
            "(Tournaments General, rule 4): its points are entered by NZ Bridge"
        )
    return (
        f"{what} is a tournament: its A or B Points are issued by the region that ran it or "
        "by NZ Bridge, not by a club (Issue of Master Points, rule 1(b), (c); Tournaments "
        "General, rule 5)"
    )
