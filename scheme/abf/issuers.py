"""Who may issue which grades, and name which organiser (1.2.2, 1.2.3, 1.6, 5.4.1, 7.5.1,
7.5.7), and which grades need a state authorisation (2.6, 2.7, 6.2.1).

Roles are plain strings so that any login system can map its users onto them.
"""

from __future__ import annotations

from enum import StrEnum

from scheme.abf.grades import ABF_GRADES


class Role(StrEnum):
    CLUB = "club"  # a club's masterpoint secretary
    STATE = "state"  # a state association's masterpoint secretary
    STAFF = "staff"  # Masterpoint Centre staff (the ABF Masterpoint Unit)
    # 1.6, 7.5.1: the officer the Unit nominates to issue gold points.
    GOLD_COORDINATOR = "gold"
    # 1.6, 5.4.1; guide B4, D4: a nominee of the state secretary (a tournament organiser).
    ORGANISER = "organiser"
    # 1.3.6: the ABF Youth Coordinator, who keeps the Youth Players' Club's membership.
    YOUTH_COORDINATOR = "youth"


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
# state events (and the regional championships of grade C, which the state runs); 7.5.7 and
# guide B4, D4: and the gold points of the GNOT qualifying rounds (grade A2), only those.
STATE_GRADES = frozenset({"C", "B4c", "B5i", "B4s", "B5", "B4", "B3", "B", "A2"})
# 1.6: red points are issued "by State masterpoint secretaries or their nominees"; 5.4.1: the
# congresses' masterpointing may be delegated to nominees; guide B (B4s "masterpointed by the
# event organiser"), B4 and D4 (GNOT qualifying uploaded by the state's organiser). Grade C
# green points are the state secretary's own (1.6 names no nominee), as are the clubs'
# B4c and B5i sets the secretary authorises (2.6, 2.7).
ORGANISER_GRADES = frozenset({"B4s", "B5", "B4", "B3", "B", "A2"})
# 1.6, 7.5.1: the Goldpoint Coordinator issues "all gold point credits (apart from those
# issued in GNOT qualifying rounds)"; 5.4.1: A2 congresses under the coordinator's
# supervision.
GOLD_COORDINATOR_GRADES = frozenset({"A", "A2"})
# Staff (the Masterpoint Unit, 1.6) issue every grade.
STAFF_GRADES = frozenset(ABF_GRADES)
# 7.5.7: "Masterpointing of the qualifying rounds is the responsibility of the State
# Masterpoint Secretaries": a state login's A2 points are those of the GNOT qualifying rounds,
# and the Goldpoint Coordinator's gold points are every other.
GNOT_QUALIFYING_GRADE = "A2"
GNOT_NAMES = ("GNOT", "GRAND NATIONAL OPEN TEAMS")
# 2.6, 2.7, 6.2.1: red-point credit sets a state secretary authorises before they are lodged.
AUTHORISED_GRADES = frozenset({"B4c", "B5i", "B4s"})

_GRADES = {
    Role.CLUB: CLUB_GRADES,
    Role.STATE: STATE_GRADES,
    Role.STAFF: STAFF_GRADES,
    Role.GOLD_COORDINATOR: GOLD_COORDINATOR_GRADES,
    Role.ORGANISER: ORGANISER_GRADES,
    # 1.3.6: the Youth Players' Club runs no events; its coordinator keeps its members only.
    Role.YOUTH_COORDINATOR: frozenset(),
}
_ORGANISERS = {
    Role.STAFF: (Organiser.CLUB, Organiser.STATE, Organiser.CONGRESS, Organiser.NATIONAL),
    # 5.4.1: state secretaries (and their nominees) upload their congresses and state events.
    Role.STATE: (Organiser.STATE, Organiser.CONGRESS),
    Role.ORGANISER: (Organiser.STATE, Organiser.CONGRESS),
    # 5.4.1, 7.5.1: A2 congresses and the national events.
    Role.GOLD_COORDINATOR: (Organiser.NATIONAL, Organiser.CONGRESS),
    # A club always runs its own events: it names no organiser.
    Role.CLUB: (),
    Role.YOUTH_COORDINATOR: (),
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


def is_gnot(event_name: str) -> bool:
    """Whether an event's name names the Grand National Open Teams."""
    upper = event_name.upper()
    return any(name in upper for name in GNOT_NAMES)


def needs_coordinator_approval(*, grade: str, event_name: str) -> bool:
    """7.5.1: the Goldpoint Coordinator, "the officer responsible for issuing all gold point
    credits (apart from those issued in GNOT qualifying rounds) must approve and then
    authorize the masterpoint calculations": gold points another login uploads (the Centre's
    staff) wait for the coordinator's approval; the GNOT qualifying rounds' do not (7.5.7:
    "the supervision of the Goldpoint Coordinator is not required")."""
    if grade not in GOLD_COORDINATOR_GRADES:
        return False
    return not (grade == GNOT_QUALIFYING_GRADE and is_gnot(event_name))


def grade_refusal(*, role: str | None, grade: str, event_name: str) -> str | None:
    """Why a login of `role` may not issue `grade` for this event, or None when it may.

    7.5.7: a state secretary and the state's organisers issue grade A2 gold points for the
    GNOT qualifying rounds only, which the event's name must say; 7.5.1: the Goldpoint
    Coordinator issues every other gold point, not those of the GNOT qualifying rounds.
    """
    known = _role(role)
    if known is None or grade not in _GRADES[known]:
        return f"grade {grade} is not among the grades this login issues"
    if grade != GNOT_QUALIFYING_GRADE:
        return None
    if known in (Role.STATE, Role.ORGANISER) and not is_gnot(event_name):
        return (
            "a state issues grade A2 gold points for the GNOT qualifying rounds only (7.5.7): "
            "name the event as the GNOT's (for example 'GNOT qualifying, Region 3'); other A2 "
            "events are the Goldpoint Coordinator's (7.5.1)"
        )
    if known is Role.GOLD_COORDINATOR and is_gnot(event_name):
        return (
            "the GNOT qualifying rounds are masterpointed by the State Masterpoint "
            "Secretaries, without the Goldpoint Coordinator (7.5.1, 7.5.7)"
        )
    return None


def needs_authorisation(grade: str) -> bool:
    """2.6, 2.7, 6.2.1: B4c, B5i and B4s credit sets quote a state authorisation number
    (unless the state has opted out)."""
    return grade in AUTHORISED_GRADES


# 1.6, 7.5.1, 7.5.7: who uploads the points of each colour, for a login that may not.
_UPLOADED_BY = {
    "gold": "the Goldpoint Coordinator or the centre (1.6, 7.5.1), or for the GNOT qualifying "
    "rounds the state masterpoint secretary (7.5.7)",
    "red": "the state masterpoint secretary, the state's organisers or the centre (1.6)",
    "green": "the club, the state masterpoint secretary or the centre (1.6)",
}


def issue_refusal(role: str | None, grade: str, event_name: str) -> str | None:
    """The sentence refusing a login of `role` the points of `grade` for the event named, or
    None when it may issue them (the Scheme's `issue_refusal_text`)."""
    if grade in ABF_GRADES and grade not in grades_issuable_by(role):
        colour = ABF_GRADES[grade].colour
        return (
            f"Your login may not issue grade {grade} ({colour}) points; they are uploaded by "
            f"{_UPLOADED_BY[colour]}."
        )
    refusal = grade_refusal(role=role, grade=grade, event_name=event_name)
    return f"Your login may not issue these points: {refusal}." if refusal else None


def coordinator_approval_needed(grade: str, event_name: str) -> bool:
    """`needs_coordinator_approval` as the Scheme asks it."""
    return needs_coordinator_approval(grade=grade, event_name=event_name)
