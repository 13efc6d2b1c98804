"""Awards entered on screen under the ACBL plan: an award of a split grade as one credit a
colour, and the most one player may be given (held against each entered award, as the ABF's
awards.intake.services.award_checks does by its engine).

- Split grades (NOTES.md, "Split awards"): BR and IMP half black, half red; IN 33% gold, 67%
  red; NK 10% platinum, the rest gold; CA 5% gold up to 0.25 ("Club Appreciation Game:
  Teams"), the rest black. Each part is rounded as `split_hundredths` rounds it, so the
  credits add up to the award entered. An IMP game's section top's 1.00 gold depends on the
  place, which an entered award does not give: entered, an IMP award is half black, half
  red (its results, through the engine, give the gold).
- The most at the event as described: a club game's winner by the engine ("Masterpoints for
  Regular Club Games": .10 a table for first in the group, at most 1.50; invitational .08, at
  most 1.20; newcomer games), from the tables and boards, over its sessions.
- The most at any club game: the section award's cap and the overall award's cap of a
  large club game ("Overall awards for large club games": 4.00 open, 3.20 invitational,
  3.00 newcomer) a session. Tournaments' awards (the General Formula, the NABC+ tables) have
  no bound short of the formula's largest factors: none is set.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from scheme.acbl.calculator import calculator_answer, calculator_event
from scheme.acbl.club import (
    INVITATIONAL_SECTION_CAP,
    OPEN_SECTION_CAP,
    OVERALL_CAPS,
)
from scheme.acbl.colours import BLACK, GOLD, split_gold_first, split_hundredths
from scheme.acbl.editions import compute_awards
from scheme.acbl.events import ClubGameType
from scheme.acbl.general import APPRECIATION_GOLD, APPRECIATION_GOLD_CAP
from scheme.acbl.grades import ACBL_GRADES, GOLD_FIRST_GRADES
from scheme.acbl.placings import cents, cents_text
from scheme.core.errors import RulesError

WINNER, RUNNER_UP = "W", "X"
FULL_BOARDS = 24
# The club games the engine pays from the tables alone (a restricted game also needs its
# upper limit: an open game's award, the most it can be, stands for it).
CLUB_GAMES = {
    "CO": ("club_open", "an open club game"),
    "CR": ("club_open", "an open club game (the most a restricted game pays)"),
    "CZ": ("club_open", "an open club game (the most a cruise game pays)"),
    "OL": ("club_open", "an open club game (the most an online game pays)"),
    "CI": ("club_invitational", "an invitational club game"),
    "CN": ("club_newcomer", "a newcomer club game"),
}
# A session's most: the group's cap and the large game's overall cap.
SESSION_CAPS = {
    "CO": (OPEN_SECTION_CAP, OVERALL_CAPS[ClubGameType.OPEN]),
    "CR": (OPEN_SECTION_CAP, OVERALL_CAPS[ClubGameType.OPEN]),
    "CZ": (OPEN_SECTION_CAP, OVERALL_CAPS[ClubGameType.OPEN]),
    "OL": (OPEN_SECTION_CAP, OVERALL_CAPS[ClubGameType.OPEN]),
    "CN": (OPEN_SECTION_CAP, OVERALL_CAPS[ClubGameType.NEWCOMER]),
    "CI": (INVITATIONAL_SECTION_CAP, OVERALL_CAPS[ClubGameType.INVITATIONAL]),
}


def award_parts(grade: str, hundredths: int) -> Mapping[str, int]:
    """An entered award of `grade` as its credits by colour, adding up to the award."""
    if grade == "CA":
        gold = min(APPRECIATION_GOLD_CAP, cents(APPRECIATION_GOLD * Fraction(hundredths, 100)))
        parts = {GOLD: gold, BLACK: hundredths - gold}
    elif grade in GOLD_FIRST_GRADES:
        # NAP and GNT overalls: the gold part up to the hundredth ("13.34 Gold, 26.66 Red").
        parts = dict(split_gold_first(hundredths, ACBL_GRADES[grade].split))
    else:
        parts = dict(split_hundredths(hundredths, ACBL_GRADES[grade].split))
    return {colour: points for colour, points in parts.items() if points}


def event_ceiling(
    *, grade: str, kind: str, sessions: int, tables: Decimal | None, boards: int | None
) -> tuple[int, str] | None:
    """A club game's winner's award by the engine, over its sessions; None for other
    grades, teams, or without the tables."""
    if grade not in CLUB_GAMES or tables is None or kind == "teams":
        return None
    event, name = CLUB_GAMES[grade]
    size = max(2, int(Decimal(tables)))
    request = {
        "rules": "ACBL-2024-01",
        "event": event,
        "boards": boards or FULL_BOARDS,
        "groups": [{"name": "A", "size": size, "ranking": [[WINNER], [RUNNER_UP]]}],
    }
    try:
        answer = calculator_answer(compute_awards(calculator_event(request)))
    except (RulesError, ValueError):
        return None
    winner = next((c for c in answer["contestants"] if c["label"] == WINNER), None)
    if winner is None:
        return None
    each = sum(int(Decimal(points) * 100) for points in winner["points"].values())
    over = f", over its {sessions} sessions" if sessions > 1 else ""
    how = (
        f"first place in {name} of {size} tables and {boards or FULL_BOARDS} boards, "
        f"{cents_text(each)} a session{over} (Masterpoints for Regular Club Games)"
    )
    return each * sessions, how


def grade_limit(
    *, grade: str, kind: str, sessions: int, boards: int | None = None
) -> tuple[int, str] | None:
    """The most a club game of `grade` could pay one player; None for other grades and for
    team games (their match awards)."""
    if grade not in SESSION_CAPS or kind == "teams":
        return None
    section, overall = SESSION_CAPS[grade]
    each = cents(section + overall)
    return each * sessions, (
        f"the group's cap of {cents_text(cents(section))} and a large club game's overall "
        f"cap of {cents_text(cents(overall))}, {cents_text(each)} a session, over its "
        f"{sessions} session(s) (Masterpoints for Regular Club Games; Overall awards for "
        "large club games)"
    )
