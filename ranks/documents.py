"""The month close's documents for a club: promotion certificates (1.8) and the monthly
report with the schedule of its home players' promotions (1.4.3), as PDF."""

from datetime import date

from awards.models import Event
from centre.documents import Document, TableSection, TextSection, render_pdf
from centre.schemes import current_scheme, kind_word, number_name, point_kind_codes
from ranks.models import ClubMonthlyReport, OneThousandClubMember, Promotion
from scheme.base import PRE_1982
from scheme.core.points import points_text

ORGANISERS = dict(Event.Organiser.choices)


def _club_line(promotion: Promotion) -> str:
    club = promotion.club
    return f"Home club: {club.number} {club.name}" if club else "Home club: none"


def certificate_filename(promotion: Promotion) -> str:
    return f"certificate-{promotion.player.abf_number}-{promotion.rank_order:02d}.pdf"


def certificate_pdf(promotion: Promotion) -> bytes:
    """1.8: "Players receive an official certificate with each Scheme promotion"."""
    player = promotion.player
    scheme = current_scheme()
    if scheme.code == "abf":
        judged_on = (
            f"{points_text(promotion.lifetime_total)} masterpoints "
            f"({points_text(promotion.lifetime_red_and_gold)} red and gold, "
            f"{points_text(promotion.points_of('gold'))} gold)."
        )
    else:
        by_kind = ", ".join(
            f"{points_text(promotion.points_of(kind.code))} {kind.label}"
            for kind in sorted(scheme.point_kinds, key=lambda k: k.order)
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
    abf = scheme.code == "abf"
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
                    ORGANISERS.get(row["organiser"], row["organiser"]),
                    f"{date.fromisoformat(row['ends_on']):%d/%m/%Y}",
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
            heading="Schedule of promotions (1.8)",
            header=[number_name(), "Name", "New rank", "Total", "Red and gold", "Gold"],
            rows=[
                [
                    p.player.abf_number,
                    p.player.full_name,
                    p.rank_name,
                    points_text(p.lifetime_total),
                    points_text(p.lifetime_red_and_gold),
                    points_text(p.points_of("gold")),
                ]
                for p in promotions
            ],
            numeric=(3, 4, 5),
        )
        if promotions and abf
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
