"""The documents of ranks for a club: the month close's promotion certificates (1.8) and
monthly report with the schedule of its home players' promotions (1.4.3), as PDF, and the
quarterly player ranking report (1.4.3), as PDF and CSV."""

from dataclasses import dataclass, field
from datetime import date

from awards.ledger.organisers import organiser_label
from centre.dates import day_text
from centre.documents import Document, TableSection, TextSection, render_csv, render_pdf
from centre.schemes import current_scheme, kind_word, number_name, point_kind_codes
from ranks.models import ClubMonthlyReport, OneThousandClubMember, Promotion, RankingReport
from ranks.monthly_corrections import monthly_corrections_section
from scheme.base import PRE_1982
from scheme.core.calendar import quarter_label
from scheme.core.points import points_text


def _club_line(promotion: Promotion) -> str:
    club = promotion.club
    return f"Home club: {club.number} {club.name}" if club else "Home club: none"


def certificate_filename(promotion: Promotion) -> str:
    return f"certificate-{promotion.player.abf_number}-{promotion.rank_order:02d}.pdf"


def certificate_pdf(promotion: Promotion) -> bytes:
    """1.8: "Players receive an official certificate with each Scheme promotion"."""
    player = promotion.player
    scheme = current_scheme()
    if scheme.rank_measures:
        # 1.8: the ABF's minimums: the lifetime total, the red and gold, and the gold.
        measures = ", ".join(
            f"{points_text(measure.of(promotion.totals, promotion.pre_1982_red))} {measure.label}"
            for measure in scheme.rank_measures
        )
        judged_on = f"{points_text(promotion.lifetime_total)} masterpoints ({measures})."
    else:
        by_kind = ", ".join(
            f"{points_text(promotion.points_of(kind.code))} {kind.label}"
            for kind in scheme.kinds_in_order
            if promotion.points_of(kind.code)
        )
        judged_on = f"{points_text(promotion.total)} masterpoints ({by_kind or 'none'})."
    return render_pdf(
        Document(
            title="Certificate of Promotion",
            lines=[scheme.name],
            sections=[
                TextSection(["This is to certify that"], style="Heading3"),
                TextSection([player.full_name], style="Title"),
                TextSection(
                    [
                        f"{number_name()} {player.abf_number}",
                        "has attained the rank of",
                    ],
                    style="Heading3",
                ),
                TextSection([promotion.rank_name], style="Title"),
                TextSection(
                    [
                        f"at the close of {promotion.period.label}, with {judged_on}",
                        _club_line(promotion),
                    ]
                ),
            ],
        )
    )


def monthly_report_filename(report: ClubMonthlyReport) -> str:
    period = report.period
    return f"monthly-report-{report.club.number}-{period.year}-{period.month:02d}.pdf"


def monthly_report_pdf(report: ClubMonthlyReport) -> bytes:
    """1.4.3: the month's national, state and congress credits of the club's home members,
    and the schedule of its home players' promotions and One Thousand Club entries."""
    club, period = report.club, report.period
    promotions = (
        Promotion.objects.filter(club=club, period=period)
        .select_related("player")
        .order_by("-rank_order", "player__family_name", "player__given_names")
    )
    thousand = (
        OneThousandClubMember.objects.filter(club=club, period=period)
        .select_related("player")
        .order_by("player__family_name", "player__given_names")
    )
    credits = report.credits
    scheme = current_scheme()
    measures = scheme.rank_measures
    region = scheme.region_name
    by_colour = dict.fromkeys(point_kind_codes(), 0)
    for row in credits:
        by_colour[row["colour"]] = by_colour.get(row["colour"], 0) + row["points"]
    sections: list[TableSection | TextSection] = [
        TableSection(
            heading=f"Masterpoints from national, {region} and congress events",
            header=[
                number_name(),
                "Name",
                "Event",
                "Grade",
                "Run by",
                "Ended",
                kind_word(),
                "Points",
            ],
            rows=[
                [
                    row["abf_number"],
                    row["name"],
                    row["event"],
                    row["grade"],
                    organiser_label(row["organiser"]),
                    day_text(date.fromisoformat(row["ends_on"])),
                    row["colour"],
                    points_text(row["points"]),
                ]
                for row in credits
            ],
            footer=[
                "Total",
                "",
                ", ".join(f"{points_text(v)} {c}" for c, v in by_colour.items() if v) or "none",
                "",
                "",
                "",
                "",
                points_text(sum(by_colour.values())),
            ],
            numeric=(7,),
        )
        if credits
        else TextSection(
            [
                f"None of your home members earned points in national, {region} or congress "
                "events processed this month."
            ],
            heading=f"Masterpoints from national, {region} and congress events",
        ),
        TableSection(
            heading="Schedule of promotions" + (" (1.8)" if scheme.cites_abf_manual else ""),
            header=[
                number_name(),
                "Name",
                "New rank",
                "Total",
                *(measure.label.capitalize() for measure in measures),
            ],
            rows=[
                [
                    p.player.abf_number,
                    p.player.full_name,
                    p.rank_name,
                    points_text(p.lifetime_total),
                    *(points_text(measure.of(p.totals, p.pre_1982_red)) for measure in measures),
                ]
                for p in promotions
            ],
            numeric=tuple(range(3, 4 + len(measures))),
        )
        if promotions and measures
        else TableSection(
            heading="Schedule of promotions",
            header=["Number", "Name", "New rank", "Total"],
            rows=[
                [
                    p.player.abf_number,
                    p.player.full_name,
                    p.rank_name + (" " + "*" * p.stars if p.stars else ""),
                    points_text(p.total),
                ]
                for p in promotions
            ],
            numeric=(3,),
        )
        if promotions
        else TextSection(["No home player was promoted this month."], heading="Promotions"),
    ]
    if thousand:
        sections.append(
            TableSection(
                heading="New members of the One Thousand Club (1.9)",
                header=[number_name(), "Name", "Total"],
                rows=[
                    [m.player.abf_number, m.player.full_name, points_text(m.total)]
                    for m in thousand
                ],
                numeric=(2,),
            )
        )
    # Issue 25: the month's corrections, each marked as one.
    sections.append(monthly_corrections_section(club=club, period=period))
    return render_pdf(
        Document(
            title=f"Monthly report: {club.number} {club.name}, {period.label}",
            lines=[
                "Points processed and promotions made at the month's close (1.4.3, 1.4.4). "
                "Points are in masterpoints to two decimals; a promotion's totals are the "
                "lifetime approved points at the close"
                + (", with any red points won before 1982." if scheme.has(PRE_1982) else ".")
            ],
            sections=sections,
        )
    )


# --- the quarterly player ranking report (1.4.3) -------------------------------------------


@dataclass(frozen=True)
class RankingRow:
    """One player's line of a ranking report, as the report keeps it (RankingReport.rows)."""

    abf_number: str
    family_name: str
    given_names: str
    membership: str  # Home, Alternate or Visitor
    home_club: int | None
    green: int
    red: int
    gold: int
    rank: str
    # Points (all colours, hundredths) credited in the club's own events in the quarter.
    at_club: int
    # The lifetime approved points by the scheme's kind (reports issued before it was kept
    # have the ABF's three colours above only).
    points: dict[str, int] = field(default_factory=dict)

    def points_of(self, kind: str) -> int:
        if kind in self.points:
            return self.points[kind]
        return getattr(self, kind, 0) if kind in ("green", "red", "gold") else 0

    @property
    def total(self) -> int:
        return sum(self.points.values()) if self.points else self.green + self.red + self.gold


def report_rows(report: RankingReport) -> list[RankingRow]:
    return [RankingRow(**row) for row in report.rows]


RANKING_CSV_HEADER = [
    "{number}",
    "Family name",
    "Given names",
    "Membership",
    "Home club",
    "{kinds}",
    "Total",
    "Rank",
    "Points at the club this quarter",
]


def _ranking_csv_header() -> list[str]:
    labels = [label for _, label in current_scheme().point_kind_choices()]
    header = [number_name() if cell == "{number}" else cell for cell in RANKING_CSV_HEADER]
    at = header.index("{kinds}")
    return [*header[:at], *labels, *header[at + 1 :]]


def _ranking_cells(row: RankingRow) -> list[str]:
    return [
        row.abf_number,
        row.family_name,
        row.given_names,
        row.membership,
        str(row.home_club or ""),
        *(points_text(row.points_of(kind)) for kind in point_kind_codes()),
        points_text(row.total),
        row.rank,
        points_text(row.at_club),
    ]


def ranking_report_csv(report: RankingReport) -> str:
    return render_csv(_ranking_csv_header(), (_ranking_cells(row) for row in report_rows(report)))


def ranking_report_pdf(report: RankingReport) -> bytes:
    club = report.club
    rows = report_rows(report)
    kinds = point_kind_codes()
    sections: list[TableSection | TextSection] = []
    for membership, heading in (
        ("Home", "Home members"),
        ("Alternate", "Alternate members"),
        ("Visitor", "Other players who earned points at the club this quarter"),
    ):
        group = [row for row in rows if row.membership == membership]
        if not group:
            continue
        sections.append(
            TableSection(
                heading=f"{heading} ({len(group)})",
                header=[
                    number_name(),
                    "Name",
                    *(label for _, label in current_scheme().point_kind_choices()),
                    "Total",
                    "Rank",
                    "This quarter",
                ],
                rows=[
                    [
                        row.abf_number,
                        f"{row.family_name}, {row.given_names}",
                        *(points_text(row.points_of(kind)) for kind in kinds),
                        points_text(row.total),
                        row.rank or "-",
                        points_text(row.at_club),
                    ]
                    for row in group
                ],
                numeric=(*range(2, 3 + len(kinds)), 4 + len(kinds)),
            )
        )
    if not sections:
        sections.append(TextSection(["The club had no members and no points this quarter."]))
    sections.append(
        TextSection(
            [
                "Lifetime points approved by the end of the quarter, by colour; the rank is "
                "the one those totals reach (1.8). Points still provisional are not counted. "
                "This quarter: the points credited in the club's own events in the quarter."
            ],
            style="Italic",
        )
    )
    return render_pdf(
        Document(
            title=f"Player ranking report: {club.number} {club.name}",
            lines=[
                f"{quarter_label(report.year, report.quarter)} ({report.covers})",
                f"Issued {day_text(report.issued_at)}",
            ],
            sections=sections,
        )
    )
