"""Who may issue which statuses of event ("Issue of Master Points", rule 1; "Tournaments
General", rules 2, 4 and 5; "Club Sessions"), as scheme.abf.issuers does for the ABF.

Roles are the registry's plain strings: "club" (a club's Master Point Secretary), "state"
(the secretary of an NZ Bridge region), "organiser" (the region's nominee), "staff" (NZ
Bridge's own staff).
"""

from __future__ import annotations

from scheme.nz.statuses import CLUB, STATUSES

# "Issue of Master Points" 1(a), 10 and "Club Sessions": a club issues the C Points of its
# own sessions; and "Tournaments General" 6, Local Events: "each Club is entitled to conduct
# one Tournament for an award of 3 or 5 A Points during each calendar year", and "subject to
# the approval of its Region, ... one Open B, one Intermediate (5B) and one Junior (3B)
# Tournament" (the Region's approval is the club's to have: not recorded here).
CLUB_TOURNAMENTS = ("3A", "5A", "8B", "5B", "3B")
CLUB_STATUSES = frozenset({CLUB, *CLUB_TOURNAMENTS})
# Rule 6's "one" of each, in a calendar year: the statuses counted together, and the rule.
CLUB_YEARLY_LIMITS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"3A", "5A"}), "one Tournament for an award of 3 or 5 A Points"),
    (frozenset({"8B"}), "one Open B Tournament"),
    (frozenset({"5B"}), "one Intermediate (5B) Tournament"),
    (frozenset({"3B"}), "one Junior (3B) Tournament"),
)


def yearly_limit_refusal(role: str | None, grade: str, held: frozenset[str]) -> str | None:
    """Why a club may not run another tournament of status `grade` in a calendar year in
    which it already ran tournaments of the statuses `held`, or None when it may
    (Tournaments General, rule 6: one of each a year)."""
    if role != "club":
        return None
    for statuses, what in CLUB_YEARLY_LIMITS:
        if grade in statuses and held & statuses:
            return (
                f"The club has already run {what} this calendar year; each Club is entitled "
                f"to {what} a year (Tournaments General, rule 6)"
            )
    return None


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
        "by NZ Bridge; a club runs its own 3A or 5A, Open B, 5B and 3B tournaments only "
        "(Issue of Master Points, rule 1(b), (c); Tournaments General, rules 5 and 6)"
    )
