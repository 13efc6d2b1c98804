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
        raise RulesError("grade", f"A congress is of grade A2, B3 or B4, not {grade!r} (5.3)")
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
        raise RulesError("heat_tables", "A walk-in final follows at least one heat (5.3.3)")
    average = table_sessions(heat_tables) / len(heat_tables)
    return Outright(
        ranking=ranking,
        tables=Decimal(math.ceil(average)),
        sessions=WALK_IN_FINAL_SESSIONS,
    )


# What an event was at its congress, as an uploader says it (5.3.1-5.3.3).
CHAMPIONSHIP = "championship"  # 5.3.1: a major championship
RESTRICTED = "restricted"  # 5.3.2: a restricted event, not one of the major championships
MINOR = "minor"  # 5.3.3: "all other events conducted at a Congress"
WALK_IN = "walk_in"  # 5.3.3: a walk-in event
ADDITIONAL = "additional"  # 5.3.3: a large congress's additional (minor) championship
CONGRESS_EVENTS = {
    CHAMPIONSHIP: "A major championship of the congress (5.3.1)",
    RESTRICTED: "A restricted event: the congress's grade, not a championship (5.3.2)",
    MINOR: "A minor event: one grade below the congress (5.3.3)",
    WALK_IN: "A walk-in event (5.3.3)",
    ADDITIONAL: "An additional championship of a large congress (5.3.3)",
}

# 5.3.1: "Each grade B4 Congress may include two major championships, each of at least two
# sessions: Open Pairs - Open Teams. Each grade A2 or B3 Congress may include these two
# championships and one additional major championship, provided it is of at least 4
# sessions."
MAJOR_CHAMPIONSHIPS = {"B4": 2, "B3": 3, "A2": 3}
CHAMPIONSHIP_MIN_SESSIONS = 2
ADDITIONAL_MAJOR_MIN_SESSIONS = 4


def congress_event_grade(congress_grade: str, congress_event: str) -> str:
    """The grade 5.3 gives an event of a congress of `congress_grade`: its championships and
    restricted events the congress's own (5.3.1, 5.3.2: "Restricted events retain the same
    grade ... as Congress Championships"); its minor events one grade lower, its walk-in
    events B5 (B4 at an A2 congress) (5.3.3). An additional championship is a minor
    championship (5.3.3 names it so): one grade lower, with the majors' acceleration (5.4.2)."""
    grade = _congress(congress_grade)
    if congress_event in (CHAMPIONSHIP, RESTRICTED):
        return grade
    if congress_event == WALK_IN:
        return minor_event_grade(grade, walk_in=True)
    if congress_event in (MINOR, ADDITIONAL):
        return minor_event_grade(grade)
    raise RulesError(
        "congress_event", f"{congress_event!r} is not one of {', '.join(CONGRESS_EVENTS)} (5.3)"
    )


def championship_refusals(
    *, congress_grade: str, held: Sequence[str], sessions: int
) -> list[tuple[str, str]]:
    """5.3.1: one more major championship of a congress that has credited those named in
    `held` already: two at a B4 congress, three at an A2 or B3 congress, the third (the
    "additional major championship") of at least 4 sessions. Restricted events (5.3.2) are
    not championships and are not counted. The parallel congresses' six (5.3.1's exception)
    are not told apart: the registry does not know which congress runs beside a National
    Championship (scheme/abf/NOTES.md)."""
    grade = _congress(congress_grade)
    allowed = MAJOR_CHAMPIONSHIPS[grade]
    number = len(held) + 1
    if number > allowed:
        names = "; ".join(held)
        words = {2: "two", 3: "three"}[allowed]
        return [
            (
                "congress_event",
                f"A grade {grade} congress may include {words} major championships and this "
                f"one has {len(held)} credited already ({names}); call this event a restricted, "
                f"minor or additional one (5.3.1).",
            )
        ]
    if number == 3 and sessions < ADDITIONAL_MAJOR_MIN_SESSIONS:
        return [
            (
                "sessions",
                f"The additional (third) major championship of a grade {grade} congress is "
                f"of at least 4 sessions; this event has {sessions} (5.3.1).",
            )
        ]
    return []


def congress_event_refusals(
    *,
    congress_grade: str,
    congress_event: str,
    grade: str,
    sessions: int,
    additional_number: int | None = None,
    table_sessions: Decimal | int | None = None,
) -> list[tuple[str, str]]:
    """What 5.3 refuses in an event of a congress, each as (field, reason): a grade other
    than 5.3.1-5.3.3 give it, a major championship of one session (5.3.1), and an
    additional championship the congress's table-sessions do not allow or of fewer than two
    sessions (5.3.3)."""
    if congress_grade not in CONGRESS_GRADES:
        return [
            (
                "congress_grade",
                f"A congress is of grade A2, B3 or B4, not {congress_grade!r} (5.3).",
            )
        ]
    if congress_event not in CONGRESS_EVENTS:
        return [
            (
                "congress_event",
                f"Say which of the congress's events this is, not {congress_event!r} (5.3).",
            )
        ]
    refusals = []
    expected = congress_event_grade(congress_grade, congress_event)
    if grade != expected:
        clause = {CHAMPIONSHIP: "5.3.1", RESTRICTED: "5.3.2"}.get(congress_event, "5.3.3")
        what = {
            CHAMPIONSHIP: "A championship has the congress's own grade",
            RESTRICTED: "A restricted event keeps the grade of the congress's championships",
            MINOR: "A minor event drops one grade (B4 to B5, B3 to B4, A2 to B3)",
            WALK_IN: "A walk-in event is B5 at a B4 or B3 congress, B4 at an A2 congress",
            ADDITIONAL: "An additional championship is a minor championship, one grade below "
            "the congress",
        }[congress_event]
        refusals.append(
            (
                "grade",
                f"{what}; at a grade {congress_grade} congress this event is grade "
                f"{expected}, not {grade} ({clause}).",
            )
        )
    if congress_event == CHAMPIONSHIP and sessions < CHAMPIONSHIP_MIN_SESSIONS:
        refusals.append(
            (
                "sessions",
                "A major championship of a congress is of at least two sessions; a single "
                "session event is a minor or walk-in one (5.3.1).",
            )
        )
    if congress_event == ADDITIONAL:
        if additional_number is None or table_sessions is None:
            refusals.append(
                (
                    "congress_table_sessions",
                    "Give the additional championship's number and the congress's "
                    "table-sessions; one is allowed for every 100 over 100, once over 200 "
                    "(5.3.3).",
                )
            )
        else:
            allowed = extra_championships(table_sessions)
            if additional_number > allowed:
                refusals.append(
                    (
                        "extra_championship",
                        f"A congress of {Decimal(str(table_sessions)).normalize():f} "
                        f"table-sessions may "
                        f"nominate {allowed} additional championship(s) (one for every 100 "
                        f"table-sessions over 100, once over 200), not a number "
                        f"{additional_number} (5.3.3).",
                    )
                )
        if sessions < EXTRA_CHAMPIONSHIP_MIN_SESSIONS:
            refusals.append(
                ("sessions", "An additional championship has at least two sessions (5.3.3).")
            )
    return refusals
