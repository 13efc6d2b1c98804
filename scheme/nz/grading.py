"""Outline of the Master Point Scheme, rule 4 (gradings) and rule 6 (rating points), with the
Definitions' Intermediate (5B) and Junior (3B) Tournaments and the note on eligibility.

Rule 6: "Rating Points are calculated as previous Rating Points x 0.8 plus the total of A and
B Points earned in the immediate past year ... done at 31 December each year and the new
Rating Points come into effect as at 1 February in the following year." The Definitions:
"Grading will take effect on 1 February each year."

Rule 4 and the Definitions, read together (NOTES.md):
- Junior: not more than 30 Rating Points and not more than 5 A Points.
- Intermediate: otherwise, not more than 100 Rating Points and below Provincial Master.
- Open: everyone else (more than 100 Rating Points, or Provincial Master and above: "Once a
  Player has reached the rank of Provincial Master, it is not possible to be demoted to
  Intermediate or Junior").

Points are hundredths throughout, as in the ledger.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum

from scheme.core.arithmetic import Rounding, round_hundredths

HUNDREDTHS = 100
# Rule 6: previous Rating Points x 0.8.
CARRY_NUMERATOR, CARRY_DENOMINATOR = 4, 5
# Rule 6 and the Definitions: the calculation at 31 December takes effect on 1 February.
REGRADING_MONTH, REGRADING_DAY = 2, 1

JUNIOR_RATING_POINTS = 30 * HUNDREDTHS
JUNIOR_A_POINTS = 5 * HUNDREDTHS
INTERMEDIATE_RATING_POINTS = 100 * HUNDREDTHS


class Grade(StrEnum):
    OPEN = "Open"
    INTERMEDIATE = "Intermediate"
    JUNIOR = "Junior"


def rating_points(*, previous: int, year_points: int) -> int:
    """Rule 6: previous Rating Points x 0.8 plus the A and B Points earned in the year (B
    including those converted from C Points, rule 3), all in hundredths. 0.8 of a
    hundredth is rounded to the nearest hundredth, half up (NOTES.md)."""
    if previous < 0 or year_points < 0:
        raise ValueError("rating points and the year's points are never negative")
    carried = round_hundredths(previous * CARRY_NUMERATOR, CARRY_DENOMINATOR * HUNDREDTHS,
                               Rounding.HALF_UP)  # fmt: skip
    return carried + year_points


def grade_for(*, rating_points: int, a_points: int, provincial_master: bool = False) -> Grade:
    """Rule 4: a player's grade from their Rating Points and lifetime A Points (hundredths),
    and whether they have reached Provincial Master (rule 5: then never below Open)."""
    if provincial_master:
        return Grade.OPEN
    if rating_points <= JUNIOR_RATING_POINTS and a_points <= JUNIOR_A_POINTS:
        return Grade.JUNIOR
    if rating_points <= INTERMEDIATE_RATING_POINTS:
        return Grade.INTERMEDIATE
    return Grade.OPEN


def regrading_date(year: int) -> date:
    """1 February of `year`: the day the Rating Points calculated at 31 December of the year
    before come into effect."""
    return date(year, REGRADING_MONTH, REGRADING_DAY)


def rating_year_in_force(day: date) -> int:
    """The calendar year whose points were last counted in the Rating Points in force on
    `day` (calculated at its 31 December, in force from the next 1 February)."""
    return day.year - 1 if day >= regrading_date(day.year) else day.year - 2
