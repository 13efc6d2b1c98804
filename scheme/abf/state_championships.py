"""State Championships and Selection events, grade B (6.2.2): the championships a State
Association may run every year, the limits on their sessions, and one eclectic event.

6.2.2: "Each State Association may run the following championships every year: ..."; "States
may not conduct more than one of the above Championships as an eclectic event."; "Duration
of these championships shall be limited as follows: Three longest up to 20 sessions. Next
three up to 10 sessions. All others from 2 to 6 sessions."
"""

from __future__ import annotations

from collections.abc import Iterable

# 6.2.2, in the manual's order. "+": "These championships receive 75% of the full Grade B
# Award" (scheme/abf/adjustments.py). "*": "may also be run as separate competitions
# restricted by age (juniors, seniors), or sex (men, women, mixed)".
STATE_CHAMPIONSHIPS = {
    "board_a_match": "Board a Match",
    "daytime_pairs": "Daytime Pairs Championship (+)",
    "online_pairs": "On Line Pairs Championship (+)",
    "daytime_teams": "Daytime Teams Championship (+)",
    "online_teams": "On Line Teams Championship (+)",
    "masters_pairs": "Masters Pairs",
    "masters_teams": "Masters Teams",
    "individual": "Individual",
    "pairs": "Pairs (also by age or sex; Veterans)",
    "teams": "Teams (also by age or sex; Veterans)",
    "singles": "Singles Championship",
    "butler_selection": "State selections for the Australian Butler Pairs",
    "teams_selection": "State Teams selection",
    "swiss_pairs": "Swiss Pairs (based on Butler scoring)",
    "teams_of_three": "Teams of Three (+)",
}
# "State Associations wishing to run competitions other than those listed as State
# Championships should seek the written permission of the ABF Masterpoint Unit."
OTHER_WITH_PERMISSION = "other"
STATE_CHAMPIONSHIP_CHOICES = {
    **STATE_CHAMPIONSHIPS,
    OTHER_WITH_PERMISSION: "Another competition, with the Masterpoint Unit's written permission",
}
STATE_CHAMPIONSHIP_GRADE = "B"
# "Three longest up to 20 sessions. Next three up to 10 sessions. All others from 2 to 6."
SESSION_LIMITS = ((3, 20), (3, 10))
OTHERS_SESSIONS = (2, 6)
ECLECTIC_A_YEAR = 1


def session_refusal(*, held: Iterable[int], sessions: int) -> str:
    """6.2.2: whether a championship of `sessions` sessions fits beside the state's
    championships of the year (`held`, their sessions): with it, the three longest have up
    to 20 sessions, the next three up to 10, all others 2 to 6. Concurrent events (the Open
    and Women's Trials) count as one: the caller gives them as one."""
    ordered = sorted([*held, sessions], reverse=True)
    position = 0
    for count, most in SESSION_LIMITS:
        for length in ordered[position : position + count]:
            if length > most:
                which = "three longest" if most == 20 else "next three"
                return (
                    f"A state's {which} championships of a year have up to {most} sessions; "
                    f"with this one of {sessions} the state's would be "
                    f"{', '.join(map(str, ordered))} (6.2.2)."
                )
        position += count
    low, high = OTHERS_SESSIONS
    for length in ordered[position:]:
        if not low <= length <= high:
            return (
                f"Beyond a state's six longest championships of a year, each has {low} to "
                f"{high} sessions; with this one of {sessions} the state's would be "
                f"{', '.join(map(str, ordered))} (6.2.2)."
            )
    return ""


def eclectic_refusal(*, held: Iterable[str]) -> str:
    """6.2.2: "States may not conduct more than one of the above Championships as an eclectic
    event" (read: in a year, as the list is of the championships run "every year")."""
    names = list(held)
    if len(names) < ECLECTIC_A_YEAR:
        return ""
    return (
        f"A state runs one of its championships of a year as an eclectic event; "
        f"{'; '.join(names)} is one already (6.2.2)."
    )


def grade_refusal(grade: str) -> str:
    """6.2.2: State Championships and Selection events are grade B."""
    if grade == STATE_CHAMPIONSHIP_GRADE:
        return ""
    return f"A State Championship or Selection event is grade B, not {grade} (6.2.2)."
