"""Reads of the ranks app: a club's monthly documents."""

from dataclasses import dataclass

from clubs.models import Club
from ranks.models import ClubMonthlyReport, Promotion

# --- the club's monthly documents (1.4.3, 1.8) ---------------------------------------------


@dataclass
class MonthDocuments:
    """One month's documents for a club: its monthly report and the promotion certificates."""

    report: ClubMonthlyReport
    promotions: list[Promotion]


def club_monthly_documents(*, club: Club) -> list[MonthDocuments]:
    """The club's monthly reports, latest first, each with its month's certificates."""
    reports = list(
        ClubMonthlyReport.objects.filter(club=club)
        .select_related("period")
        .order_by("-period__year", "-period__month")
    )
    promotions: dict[int, list[Promotion]] = {}
    for promotion in (
        Promotion.objects.filter(club=club)
        .select_related("player")
        .order_by("-rank_order", "player__family_name", "player__given_names")
    ):
        promotions.setdefault(promotion.period_id, []).append(promotion)
    return [MonthDocuments(report, promotions.get(report.period_id, [])) for report in reports]
