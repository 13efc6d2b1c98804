"""Congress events (5.3): the grade of a congress's minor and walk-in events (5.3.3), the
outright award of a walk-in final (5.3.3), and the extra minor championships of a large
congress, counted in table-sessions (5.3.3; App. A "Table-sessions")."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from scheme.abf.events import Outright
from scheme.abf.validation import tables as checked_tables
from scheme.core.errors import RulesError
from scheme.core.placings import Ranking

# 5.3.1: the grades of congresses and of their championships.
CONGRESS_GRADES = ("A2", "B3", "B4")
# 5.3.3: "All other events conducted at a Congress drop one grade, i.e. B4 to B5, B3 to B4
# and A2 to B3, in the last case changing from gold to red points."
MINOR_EVENT_GRADE = {"B4": "B5", "B3": "B4", "A2": "B3"}
# 5.3.3: "walk-in events ... are grade B5 in the case of B4 and B3 Congresses, and grade B4
# in the case of A2 Congresses."
WALK_IN_EVENT_GRADE = {"B4": "B5", "B3": "B5", "A2": "B4"}
# 5.3.3: a walk-in final's outright award is "based on the average number of tables in all
# heats and S=2".
WALK_IN_FINAL_SESSIONS = 2
# 5.3.3: "large Congresses (number of table-sessions for the whole Congress exceeding 200)";
# "one additional (minor) championship ... for every 100 table-sessions in excess of 100".
LARGE_CONGRESS_TABLE_SESSIONS = 200
EXTRA_CHAMPIONSHIP_BASE = 100
EXTRA_CHAMPIONSHIP_STEP = 100
# "... of at least two sessions".
EXTRA_CHAMPIONSHIP_MIN_SESSIONS = 2


def _congress(grade: str) -> str:
    if grade not in CONGRESS_GRADES:
        raise RulesError("grade", f"5.3: a congress is of grade A2, B3 or B4, not {grade!r}")
    return grade


def minor_event_grade(congress_grade: str, *, walk_in: bool = False) -> str:
    """5.3.3: the grade of a congress event that is not one of its championships."""
    grade = _congress(congress_grade)
    return WALK_IN_EVENT_GRADE[grade] if walk_in else MINOR_EVENT_GRADE[grade]


def table_sessions(tables_per_session: Iterable[Decimal | int]) -> Fraction:
    """App. A: "The sum of the total number of tables in play for each session of an
    event" (or, for 5.3.3, of the whole congress)."""
    total = Fraction(0)
    for index, tables in enumerate(tables_per_session):
        total += checked_tables(tables, f"tables[{index}]")
    return total


def extra_championships(congress_table_sessions: Decimal | int | Fraction) -> int:
    """5.3.3: how many additional (minor) championships a congress may nominate: none unless
    its table-sessions exceed 200, then one for every 100 in excess of 100 (201 to 299: one;
    300: two)."""
    counted = Fraction(congress_table_sessions)
    if counted < 0:
        raise RulesError("table_sessions", "table-sessions cannot be negative")
    if counted <= LARGE_CONGRESS_TABLE_SESSIONS:
        return 0
    return math.floor((counted - EXTRA_CHAMPIONSHIP_BASE) / EXTRA_CHAMPIONSHIP_STEP)


def extra_championship_accelerated(*, nominated: int, allowed: int, sessions: int) -> bool:
    """5.3.3: a nominated additional championship "of at least two sessions" receives "the
    same acceleration as the major championships" (5.4.2), within the number allowed."""
    return 0 < nominated <= allowed and sessions >= EXTRA_CHAMPIONSHIP_MIN_SESSIONS


def walk_in_final_outright(ranking: Ranking, heat_tables: Sequence[Decimal | int]) -> Outright:
    """5.3.3: "If a walk-in final (open only to place-getters from the heats) is played, no
    final premium applies, but an outright award based on the average number of tables in
    all heats and S=2, will be given." The final's sessions are given to the calculator as
    qualifying sessions (no premium); this is their outright. A part table of the average
    counts as a table (4.4.1)."""
    if not heat_tables:
        raise RulesError("heat_tables", "5.3.3: a walk-in final follows at least one heat")
    average = table_sessions(heat_tables) / len(heat_tables)
    return Outright(
        ranking=ranking,
        tables=Decimal(math.ceil(average)),
        sessions=WALK_IN_FINAL_SESSIONS,
    )
