"""The rules of the ABF levies (section 8); the rates themselves are data, versioned by the
date they take effect (8.3), and stay with the fee schedule.

Money is `Decimal`, charged in whole cents; points are int hundredths.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

from scheme.abf.membership import pays_capitation

CENT = Decimal("0.01")
# 8.4: a red or gold credit file is late when lodged more than 30 days after the event;
# accounts are overdue after 90 days.
LATE_LODGEMENT_DAYS = 30
LATE_LODGEMENT_MONTH_DAYS = 30
OVERDUE_DAYS = 90
# 8.4: these red and gold events are never charged for late lodgement: club B4c/B5i events,
# the GNOT and the GNP.
LATE_LODGEMENT_EXEMPT_CLUB_GRADES = frozenset({"B4c", "B5i"})
LATE_LODGEMENT_EXEMPT_NAMES = ("GNOT", "GNP", "GRAND NATIONAL OPEN TEAMS", "GRAND NATIONAL PAIRS")


class LevyGroup(StrEnum):
    """8.3.1: the masterpoint levy is charged per masterpoint at the rate of the grade's group."""

    CONGRESS = "B3-B5"  # Grades B3, B4, B5
    CLUB_GREEN = "C-F"  # Grades C, D, E, F
    CLUB_RED = "B4c-B5i"  # Grades B4c, B4s, B5i
    GOLD_AND_STATE = "A-B"  # Grades A, A2, B


LEVY_GROUP_OF_GRADE: dict[str, LevyGroup] = {
    "B3": LevyGroup.CONGRESS,
    "B4": LevyGroup.CONGRESS,
    "B5": LevyGroup.CONGRESS,
    "C": LevyGroup.CLUB_GREEN,
    "D": LevyGroup.CLUB_GREEN,
    "E": LevyGroup.CLUB_GREEN,
    "F": LevyGroup.CLUB_GREEN,
    "B4c": LevyGroup.CLUB_RED,
    "B4s": LevyGroup.CLUB_RED,
    "B5i": LevyGroup.CLUB_RED,
    "A": LevyGroup.GOLD_AND_STATE,
    "A2": LevyGroup.GOLD_AND_STATE,
    "B": LevyGroup.GOLD_AND_STATE,
}
LEVY_GROUP_LABEL: dict[LevyGroup, str] = {
    LevyGroup.CONGRESS: "grades B3, B4, B5",
    LevyGroup.CLUB_GREEN: "grades C, D, E, F",
    LevyGroup.CLUB_RED: "grades B4c, B4s, B5i",
    LevyGroup.GOLD_AND_STATE: "grades A, A2, B",
}


class CapitationPeriod(StrEnum):
    """8.3.2: capitation by the part of the membership year in which a player joins."""

    APRIL_SEPTEMBER = "apr-sep"
    OCTOBER_DECEMBER = "oct-dec"
    JANUARY_MARCH = "jan-mar"


CAPITATION_PERIOD_LABEL: dict[CapitationPeriod, str] = {
    CapitationPeriod.APRIL_SEPTEMBER: "1 April - 30 September",
    CapitationPeriod.OCTOBER_DECEMBER: "1 October - 31 December",
    CapitationPeriod.JANUARY_MARCH: "1 January - 31 March",
}


def levy_group(grade: str) -> LevyGroup:
    try:
        return LEVY_GROUP_OF_GRADE[grade]
    except KeyError:
        raise ValueError(f"grade {grade!r} has no masterpoint levy in 8.3") from None


# 6.3: "These events are limited to the Australia-Wide Pairs contests (including the Worldwide
# Pairs) ... Grade B4 masterpoint levies will be levied." The registry has no event type for
# them, so (as for the GNOT and GNP of 8.4) the event's name must name them.
AUSTRALIA_WIDE_PAIRS_NAMES = (
    "AUSTRALIA-WIDE PAIRS",
    "AUSTRALIA WIDE PAIRS",
    "AUSTRALIAWIDE PAIRS",
    "WORLDWIDE PAIRS",
    "WORLD-WIDE PAIRS",
    "WORLD WIDE PAIRS",
)
# 6.2.1 NOTE: "Any single session State-wide tournament should be reported as a Congress (see
# clause 5.4.1). Grade B4 masterpoint levies apply."
B4_LEVY_GROUP = LevyGroup.CONGRESS
STATE_WIDE_ORGANISERS = frozenset({"state", "congress"})


def is_australia_wide_pairs(name: str) -> bool:
    """6.3: an Australia-Wide Pairs contest (or the Worldwide Pairs), found by its name."""
    upper = " ".join(name.upper().split())
    return any(words in upper for words in AUSTRALIA_WIDE_PAIRS_NAMES)


def event_levy_group(*, grade: str, name: str, organiser: str, sessions: int) -> LevyGroup:
    """8.3.1, with the two events levied at another grade's rate:

    - 6.3: an Australia-Wide Pairs contest is grade B, but "Grade B4 masterpoint levies will
      be levied";
    - 6.2.1 NOTE: a single session State-wide tournament (grade B4s) "should be reported as a
      Congress ... Grade B4 masterpoint levies apply": a B4s event of one session run by the
      state (or reported as a congress's) is levied at the B4 rate, not the B4s one. The
      registry does not tell a State-wide contest from another B4s event of the state (6.2.1
      names both); a guess: every single-session B4s event of a state or congress is one
      (scheme/abf/NOTES.md).
    """
    group = levy_group(grade)
    if grade == "B" and is_australia_wide_pairs(name):
        return B4_LEVY_GROUP
    if grade == "B4s" and organiser in STATE_WIDE_ORGANISERS and sessions == 1:
        return B4_LEVY_GROUP
    return group


def levy_reason(*, grade: str, name: str, organiser: str, sessions: int) -> str:
    """The clause that levies an event at another grade's rate ("" when none does)."""
    if event_levy_group(
        grade=grade, name=name, organiser=organiser, sessions=sessions
    ) == levy_group(grade):
        return ""
    return "6.3" if grade == "B" else "6.2.1"


def capitation_period(joined: date) -> CapitationPeriod:
    """8.3.2: the capitation a player joining on `joined` pays (January-March: nil)."""
    if 4 <= joined.month <= 9:
        return CapitationPeriod.APRIL_SEPTEMBER
    if joined.month >= 10:
        return CapitationPeriod.OCTOBER_DECEMBER
    return CapitationPeriod.JANUARY_MARCH


def capitation_exempt(club_kind: str) -> bool:
    """1.3.3, 1.3.6: members of the special clubs pay no capitation."""
    return not pays_capitation(club_kind)


def to_cents(amount: Decimal) -> Decimal:
    """Money is charged in whole cents, half a cent up, once per invoice line."""
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def levy(points_hundredths: int, rate: Decimal) -> Decimal:
    """8.1: the levy on a number of masterpoints (kept in hundredths) at a rate per point."""
    return to_cents(Decimal(points_hundredths) / 100 * rate)


def late_lodgement_applies(*, colour: str, organiser: str, grade: str, name: str) -> bool:
    """8.4: the late lodgement penalty is for gold and red events, other than club B4c/B5i
    events, the GNOT and the GNP."""
    if colour not in ("red", "gold"):
        return False
    if organiser == "club" and grade in LATE_LODGEMENT_EXEMPT_CLUB_GRADES:
        return False
    upper = name.upper()
    return not any(exempt in upper for exempt in LATE_LODGEMENT_EXEMPT_NAMES)


def late_lodgement_months(event_ended: date, lodged: date) -> int:
    """8.4: months of the 4% penalty for a red or gold credit file lodged late.

    The file is late when lodged more than 30 days after the event ended; each month (30 days)
    or part of one beyond those 30 days is one month of penalty.
    """
    days_late = (lodged - event_ended).days - LATE_LODGEMENT_DAYS
    if days_late <= 0:
        return 0
    return -(-days_late // LATE_LODGEMENT_MONTH_DAYS)


def is_overdue(*, due_on: date, on: date, days: int = OVERDUE_DAYS) -> bool:
    """8.4: an account is overdue when unpaid more than 90 days after it fell due."""
    return due_on < on - timedelta(days=days)


def payment_fee_applies(*, quoted_club_number: bool) -> bool:
    """8.4: the administration fee is charged each time a club pays without its club number."""
    return not quoted_club_number
