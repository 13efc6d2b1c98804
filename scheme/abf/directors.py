"""Directing requirements (1.5.2, 5.1.1, 5.1.2, 5.1.3): the six levels of a director's
accreditation, and the level and non-playing director a congress's event needs.

1.5.2: "The scheme recognizes 6 levels of Director's accreditation: Club Congress State
(under the jurisdiction of the State Associations). National levels 3, 2, and 1 (under the
direct control of the ABF). All Congresses (apart from Bridge Tours and Cruises), State
Championships and National Championships must be run under the control of a non-playing
accredited director, approved for the relevant level of tournament."
"""

from __future__ import annotations

CLUB = "club"
CONGRESS = "congress"
STATE = "state"
NATIONAL_3 = "national_3"
NATIONAL_2 = "national_2"
NATIONAL_1 = "national_1"
# 1.5.2, in the order the manual lists them, lowest first. The manual does not say which of
# the national levels is the highest (scheme/abf/NOTES.md); every check here asks for Club,
# Congress or State "or higher", which each national level is.
LEVELS = (CLUB, CONGRESS, STATE, NATIONAL_3, NATIONAL_2, NATIONAL_1)
LEVEL_LABELS = {
    CLUB: "Club",
    CONGRESS: "Congress",
    STATE: "State",
    NATIONAL_3: "National level 3",
    NATIONAL_2: "National level 2",
    NATIONAL_1: "National level 1",
}


def at_least(level: str, minimum: str) -> bool:
    """Whether a director accredited at `level` is accredited at `minimum` "or higher"."""
    return level in LEVELS and LEVELS.index(level) >= LEVELS.index(minimum)


def congress_requirement(*, tour: bool, super_congress: bool) -> tuple[str, bool, str]:
    """The least accreditation a congress's director needs, whether the director must not
    play, and the clause: a Bridge Tour's "accredited at the Club level, or higher" (5.1.2;
    1.5.2 leaves tours out of the non-playing rule); a Super Congress's Chief Tournament
    Director "at State Level or higher" (5.1.3); any other congress's "non-playing Tournament
    Director, who is accredited at the Congress level or higher" (5.1.1)."""
    if tour:
        return CLUB, False, "5.1.2"
    if super_congress:
        return STATE, True, "5.1.3"
    return CONGRESS, True, "5.1.1"


def director_refusals(
    *, level: str, playing: bool, tour: bool, super_congress: bool
) -> list[tuple[str, str]]:
    """What 1.5.2, 5.1.1, 5.1.2 and 5.1.3 refuse in a congress event's director, each as
    (field, reason)."""
    minimum, non_playing, clause = congress_requirement(tour=tour, super_congress=super_congress)
    what = "A Bridge Tour's" if tour else "A super congress's chief" if super_congress else "A"
    refusals = []
    if not level:
        refusals.append(
            (
                "director_level",
                f"Give the accreditation of the event's director: {what} tournament director "
                f"is accredited at the {LEVEL_LABELS[minimum]} level or higher ({clause}).",
            )
        )
    elif level not in LEVELS:
        refusals.append(
            (
                "director_level",
                f"{level!r} is not a level of director's accreditation; choose one of "
                f"{', '.join(LEVEL_LABELS.values())} (1.5.2).",
            )
        )
    elif not at_least(level, minimum):
        refusals.append(
            (
                "director_level",
                f"{what} tournament director is accredited at the {LEVEL_LABELS[minimum]} "
                f"level or higher, not {LEVEL_LABELS[level]} ({clause}).",
            )
        )
    if non_playing and playing:
        refusals.append(
            (
                "director_playing",
                "A congress is run under the control of a non-playing director; only Bridge "
                "Tours and Cruises and club events may have a playing director (1.5.2, 5.1.1).",
            )
        )
    return refusals
