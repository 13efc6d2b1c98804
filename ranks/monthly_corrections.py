"""The corrections on a club's monthly report (issue 25; 1.4.3): every credit a correction of
the Centre wrote in the month, marked as a correction, for the club's home members and for
the club's own events, and no other club's."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from awards.corrections.models import CorrectionCredit
from centre.documents import TableSection, TextSection
from centre.models import Period
from centre.schemes import current_scheme, kind_word, number_name
from clubs.models import Club
from scheme.core.points import points_text

HEADING = "Corrections credited this month"


@dataclass(frozen=True)
class CorrectionLine:
    correction: int
    what: str
    abf_number: str
    name: str
    event: str
    grade: str
    colour: str
    points: int
    reason: str


def club_month_corrections(*, club: Club, period: Period) -> list[CorrectionLine]:
    """The credits corrections wrote in `period` (the month they were credited to, the one
    open when each was made) to the club's home members, or in the club's own events: a
    reversal, a move, an amount or a grade corrected, a merge, each line as credited.

    A member is the club's as the register holds them now (the report is read after the
    month's close); a credit of another club's member in another club's event is not the
    club's, whichever club's correction it was."""
    links = (
        CorrectionCredit.objects.filter(credit__period=period)
        .filter(Q(credit__player__home_club=club) | Q(credit__event__club=club))
        .select_related("correction", "credit__player", "credit__event")
        .order_by("correction_id", "credit__player__family_name", "credit__player__abf_number")
    )
    return [
        CorrectionLine(
            correction=link.correction_id,
            what=link.correction.get_kind_display(),
            abf_number=link.credit.player.abf_number,
            name=link.credit.player.full_name,
            event=link.credit.event.name,
            grade=link.credit.event.grade,
            colour=link.credit.colour,
            points=link.credit.points,
            reason=link.correction.reason,
        )
        for link in links
    ]


def clubs_with_month_corrections(*, period: Period) -> set[int]:
    """The ids of the clubs with a correction of `period` on their monthly report (as
    `club_month_corrections` reads them): the home clubs of the players a correction credited
    in the month, and the clubs whose own events they were credited in."""
    credited = (
        CorrectionCredit.objects.filter(credit__period=period)
        .order_by()
        .values_list("credit__player__home_club_id", "credit__event__club_id")
        .distinct()
    )
    return {club for pair in credited for club in pair if club is not None}


def monthly_corrections_section(*, club: Club, period: Period) -> TableSection | TextSection:
    """The report's section of the month's corrections: each credit with its correction's
    number, what was corrected and why, the points with their sign."""
    lines = club_month_corrections(club=club, period=period)
    if not lines:
        return TextSection(
            ["No correction of your members' or your events' credits this month."],
            heading=HEADING,
        )
    return TableSection(
        heading=HEADING,
        header=[
            "Correction",
            number_name(),
            "Name",
            "Event",
            current_scheme().grade_label,
            kind_word(),
            "Points",
            "Why",
        ],
        rows=[
            [
                f"{line.correction}: {line.what}",
                line.abf_number,
                line.name,
                line.event,
                line.grade,
                line.colour,
                points_text(line.points),
                line.reason,
            ]
            for line in lines
        ],
        numeric=(6,),
    )
