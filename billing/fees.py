"""The schedule of fees (8.3) as plain rules: which rate a grade pays and when capitation is due.

No Django here: the models hold the rates, these functions say which rate applies.
"""

from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

CENT = Decimal("0.01")


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


def capitation_period(joined: date) -> CapitationPeriod:
    if 4 <= joined.month <= 9:
        return CapitationPeriod.APRIL_SEPTEMBER
    if joined.month >= 10:
        return CapitationPeriod.OCTOBER_DECEMBER
    return CapitationPeriod.JANUARY_MARCH


def membership_year_start(day: date) -> date:
    """The membership year runs 1 April to 31 March."""
    return date(day.year if day.month >= 4 else day.year - 1, 4, 1)


def to_cents(amount: Decimal) -> Decimal:
    """Money is charged in whole cents, half a cent up, once per invoice line."""
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def levy(points_hundredths: int, rate: Decimal) -> Decimal:
    """The levy on a number of masterpoints (kept in hundredths) at a rate per masterpoint."""
    return to_cents(Decimal(points_hundredths) / 100 * rate)


def late_lodgement_months(event_ended: date, lodged: date) -> int:
    """8.4: months of the 4% penalty for a red or gold credit file lodged late.

    The file is late when lodged more than 30 days after the event ended; each month (30 days)
    or part of one beyond those 30 days is one month of penalty.
    """
    days_late = (lodged - event_ended).days - 30
    if days_late <= 0:
        return 0
    return -(-days_late // 30)
