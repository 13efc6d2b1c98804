"""Who receives Master Points where: the grade restrictions of Tournaments, overseas players'
grade, a club's right to declare a member ineligible and the 40 sessions a Club offers
(seed 003: Definitions; Outline, Overseas Master Points (d); Issue of Master Points 2-9).

- Definitions, "Junior Tournament (3B) - A Tournament open to all Players who hold not more
  than 5 A Points and 30 Rating Points"; "Intermediate Tournament (5B) - A Tournament open
  to all Players who hold not more than 100 Rating Points and have not attained the rank of
  Provincial Master". Read with rule 4's grades: a 3B is open to Junior players, a 5B to
  Intermediate and Junior players (Tournaments General 3(e): "(5B) with entry restricted to
  Intermediate and Junior players"). Every other status is open to every grade.
- The Intermediate Interprovincial Trials and Championship (page E48) are read as
  Intermediate Tournaments (a reading: the page names their grade, not who may enter).
- Issue of Master Points 6: "No Player, Pair or Team who plays in a grade of Tournament lower
  than any Player's official status (determined by [the Tournament Grade Certificates] which
  take effect from 1 February each year) will receive Master Points"; 7(c): "The Player's
  partner must also be excluded"; rule 9: the other players' awards are unchanged.
- Overseas Master Points (d): "All overseas Players, whether visitors or new residents, are
  graded as Open for Tournament play unless clear evidence to the contrary is provided. Any
  review of grade is at the sole discretion of the NZ Bridge Board."
- Issue of Master Points 3 and the Definitions' "Club": "Every Club must provide for each
  member of the Club an opportunity to play in at least 40 competitive sessions of play
  during the calendar year. Any Club playing less than 40 sessions in a calendar year must
  offer Master Points on all sessions played."
"""

from __future__ import annotations

from scheme.nz.grading import Grade, regrading_date
from scheme.nz.statuses import STATUSES
from scheme.parts import PlayerGrading

RESTRICTION_RULE = "Issue of Master Points, rule 6"
INELIGIBLE_RULE = "Issue of Master Points, rule 6"
OVERSEAS_RULE = "Overseas Master Points (d)"
SESSIONS_RULE = "Issue of Master Points, rule 3"
SESSIONS_A_YEAR = 40

GRADES = (Grade.OPEN.value, Grade.INTERMEDIATE.value, Grade.JUNIOR.value)

# The statuses open to some grades only, and those grades.
_INTERMEDIATE_AND_JUNIOR = (Grade.INTERMEDIATE.value, Grade.JUNIOR.value)
OPEN_TO: dict[str, tuple[str, ...]] = {
    "3B": (Grade.JUNIOR.value,),
    "5B": _INTERMEDIATE_AND_JUNIOR,
    # Page E48: the Intermediate Trials and Championship, read as Intermediate Tournaments.
    "IPT-INT": _INTERMEDIATE_AND_JUNIOR,
    "IPC-INT": _INTERMEDIATE_AND_JUNIOR,
}


def open_to(status: str) -> tuple[str, ...]:
    """The grades an event of the status is open to (every grade but for 3B and 5B)."""
    return OPEN_TO.get(status, GRADES)


def _in_words(grades: tuple[str, ...]) -> str:
    return " and ".join(grades) + " players"


def event_refusal(status: str, grade: str) -> str | None:
    """Why a player graded `grade` receives no Master Points at an event of `status`, or None
    when the status is open to the grade (or the player holds no grade)."""
    allowed = OPEN_TO.get(status)
    if allowed is None or not grade or grade in allowed:
        return None
    description = STATUSES[status].description
    return (
        f"a {description} is open to {_in_words(allowed)} only, so neither the player nor "
        f"their partner or team mates receive Master Points ({RESTRICTION_RULE})"
    )


NZ_GRADING = PlayerGrading(
    grades=GRADES,
    takes_effect=regrading_date,
    event_refusal=event_refusal,
    open_to=open_to,
    overseas_grade=Grade.OPEN.value,
    overseas_rule=OVERSEAS_RULE,
    ineligible_rule=INELIGIBLE_RULE,
    certificate_lines=(
        "Open: more than 100 Rating Points, or the rank of Provincial Master or above. "
        "Intermediate: not more than 100 Rating Points, below Provincial Master. Junior: not "
        "more than 30 Rating Points and not more than 5 A Points (Outline rule 4).",
        "Junior Tournaments (3B) are open to Junior players, Intermediate Tournaments (5B) to "
        "Intermediate and Junior players; every other Tournament to all grades. A player, "
        "pair or team who plays in a grade of Tournament lower than any player's official "
        "status receives no Master Points (Issue of Master Points, rule 6).",
        "Eligibility is determined from this certificate, which takes effect on 1 February "
        "(Definitions, Eligible Player).",
    ),
    sessions_a_year=SESSIONS_A_YEAR,
    sessions_rule=SESSIONS_RULE,
    sessions_consequence="must offer Master Points on all sessions played",
)
