"""NZ Bridge's Tournament Grade Certificates and the club's Player Status Report as PDF
(seed 003, Definitions, Eligible Player: "eligibility of Players is to be determined from
individual Tournament Grade Certificates distributed in January each year. Grading will take
effect on 1 February each year. Grading can also be determined from a Club's Player Status
Report during the current year"; Annual, Quarterly and Monthly Processing: "The annual run,
done at 31 December, includes the Tournament Grade Certificates")."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from centre.dates import day_text
from centre.documents import Document, TableSection, TextSection, render_pdf
from centre.schemes import current_scheme, number_name
from clubs.models import Club
from players.models import Player
from players.selectors.status import GradeInForce, StatusRow
from scheme.core.points import points_text


def _rating(grade: GradeInForce) -> str:
    return points_text(grade.rating) if grade.rating is not None else ""


def _certificate_section(player: Player, grade: GradeInForce, year: int) -> TableSection:
    scheme = current_scheme()
    grading = scheme.player_grading
    assert grading is not None
    rows = [
        ["Player", player.full_name],
        [number_name(), player.abf_number],
        ["Home club", player.home_club.name if player.home_club else ""],
        ["Rank", player.rank.name if player.rank else "No rank"],
        ["Grade", grade.grade],
        ["Rating Points", _rating(grade) or "(not rated)"],
        ["In force from", day_text(grading.takes_effect(year))],
    ]
    if grade.decision is not None:
        rows.append([f"Decided by {scheme.body_name}", grade.decision.reason])
    return TableSection(
        header=["Tournament Grade Certificate", str(year)],
        rows=rows,
        heading=f"{player.full_name} ({player.abf_number})",
        widths=[55, 125],
    )


def grade_certificates_pdf(
    *, certificates: Sequence[tuple[Player, GradeInForce]], year: int, title: str
) -> bytes:
    """One certificate a player, each its own table, with the grades' rules under them."""
    grading = current_scheme().player_grading
    assert grading is not None
    return render_pdf(
        Document(
            title=title,
            lines=[
                f"Grades set from the Rating Points at 31 December {year - 1}, in force from "
                f"{day_text(grading.takes_effect(year))}."
            ],
            sections=[
                *(_certificate_section(player, grade, year) for player, grade in certificates),
                TextSection(paragraphs=grading.certificate_lines, heading="The grades"),
            ],
        )
    )


def status_report_pdf(*, club: Club, rows: Sequence[StatusRow], on: date) -> bytes:
    """The club's members, each with the grade in force on the day, the grade at the year's
    start where it differs, and whether a club has declared them ineligible."""
    grading = current_scheme().player_grading
    assert grading is not None
    table = []
    for row in rows:
        status = "Eligible"
        if row.ineligible:
            declared = row.ineligible[0]
            status = f"Ineligible: declared by {declared.club.name}, {day_text(declared.at.date())}"
        table.append(
            [
                row.player.abf_number,
                row.player.full_name,
                "Home" if row.home else "Alternate",
                row.grade.grade or "Not graded",
                _rating(row.grade),
                row.grade_before.grade if row.grade_before else "",
                status,
            ]
        )
    return render_pdf(
        Document(
            title=f"Player Status Report {on.year}: {club.number} {club.name}",
            lines=[
                f"Each member's grade and status on {day_text(on)}; the grade at 1 January "
                f"where it has changed since. Grading takes effect on "
                f"{day_text(grading.takes_effect(on.year))}.",
                f"A member declared ineligible receives no Master Points "
                f"({grading.ineligible_rule}).",
            ],
            sections=[
                TableSection(
                    header=[
                        number_name(),
                        "Name",
                        "Member",
                        "Grade",
                        "Rating Points",
                        "Grade on 1 January",
                        "Status",
                    ],
                    rows=table,
                    numeric=[4],
                )
            ],
            landscape=True,
        )
    )
