"""Who may issue which grades, and name which organiser (1.2.2, 1.2.3, 5.4.1, 7.5.1), and
which grades need a state authorisation (2.6, 2.7, 6.2.1).

Roles are plain strings so that any login system can map its users onto them.
"""

from __future__ import annotations

from enum import StrEnum

from scheme.abf.grades import ABF_GRADES


class Role(StrEnum):
    CLUB = "club"  # a club's masterpoint secretary
    STATE = "state"  # a state association's masterpoint secretary
    STAFF = "staff"  # Masterpoint Centre staff, the gold point coordinator among them


class Organiser(StrEnum):
    """Who ran an event (1.2): the same values as the ledger's events."""

    CLUB = "club"
    STATE = "state"
    CONGRESS = "congress"
    NATIONAL = "national"


# 1.2.3 and guide A3/C3: a club issues green points of grades F, E and D and red points of
# its own B4c and B5i events.
CLUB_GRADES = frozenset({"F", "E", "D", "B4c", "B5i"})
# 1.2.2, 5.4.1 and guide C3.4-C3.5: a state secretary uploads red points of congresses and
# state events (and the regional championships of grade C, which the state runs).
STATE_GRADES = frozenset({"C", "B4c", "B5i", "B4s", "B5", "B4", "B3", "B"})
# 7.5.1: gold points come from the gold point coordinator, a member of the centre's staff;
# staff issue every grade.
STAFF_GRADES = frozenset(ABF_GRADES)
# 2.6, 2.7, 6.2.1: red-point credit sets a state secretary authorises before they are lodged.
AUTHORISED_GRADES = frozenset({"B4c", "B5i", "B4s"})

_GRADES = {Role.CLUB: CLUB_GRADES, Role.STATE: STATE_GRADES, Role.STAFF: STAFF_GRADES}
_ORGANISERS = {
    Role.STAFF: (Organiser.CLUB, Organiser.STATE, Organiser.CONGRESS, Organiser.NATIONAL),
    # 5.4.1: state secretaries upload their congresses and state events.
    Role.STATE: (Organiser.STATE, Organiser.CONGRESS),
    # A club always runs its own events: it names no organiser.
    Role.CLUB: (),
}


def _role(role: str | None) -> Role | None:
    if role is None or role == "":
        return None
    try:
        return Role(role)
    except ValueError:
        known = ", ".join(member.value for member in Role)
        raise ValueError(f"unknown role {role!r} (known: {known})") from None


def grades_issuable_by(role: str | None) -> frozenset[str]:
    """The grades a login of `role` may issue; none without a role (a visitor)."""
    known = _role(role)
    return _GRADES[known] if known is not None else frozenset()


def organisers_for(role: str | None) -> tuple[str, ...]:
    """Who a login of `role` may name as having run an uploaded event."""
    known = _role(role)
    return tuple(str(o) for o in _ORGANISERS[known]) if known is not None else ()


def needs_authorisation(grade: str) -> bool:
    """2.6, 2.7, 6.2.1: B4c, B5i and B4s credit sets quote a state authorisation number
    (unless the state has opted out)."""
    return grade in AUTHORISED_GRADES
