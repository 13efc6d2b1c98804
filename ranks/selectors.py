"""Reads of the ranks app: a club's monthly documents, the all-time top list and the One
Thousand Club."""

from dataclasses import dataclass

from django.db.models import QuerySet

from awards.ledger.models import PlayerPosition
from awards.ledger.selectors import positions_served
from clubs.models import Club
from ranks.models import ClubMonthlyReport, OneThousandClubMember, Promotion

# Guide F6.1: "the National Top 500 Masterpoint Earners of All Time".
ALL_TIME_TOP = 500

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


# --- the all-time top list and the One Thousand Club (1.9; guide F6.1) ---------------------


def all_time_top(*, limit: int = ALL_TIME_TOP) -> list[PlayerPosition]:
    """The players with the most approved masterpoints of all time, most first, down to
    place `limit` (ties share it), each with its `position`. Deceased and inactive players
    keep their place: guide F6.1 removes the deceased from every list "except the National
    Top 500 Masterpoint Earners of All Time". The totals are those last counted
    (`positions_served`)."""
    positions_served()
    rows = PlayerPosition.objects.filter(total__gt=0).select_related("player", "player__home_club")
    ordered = rows.order_by("-total", "player__family_name", "player__given_names", "player_id")
    first = list(ordered[:limit])
    if len(first) == limit:
        # Every player tied with the last shares its place.
        last = first[-1].total
        first = [row for row in first if row.total != last] + list(ordered.filter(total=last))
    previous = None
    for count, row in enumerate(first, start=1):
        if row.total != previous:
            position, previous = count, row.total
        row.position = position
    return first


def one_thousand_club() -> QuerySet[OneThousandClubMember]:
    """1.9: every player who has reached 1,000 masterpoints, in the order they joined."""
    return OneThousandClubMember.objects.select_related("player", "club", "period").order_by(
        "period__year", "period__month", "player__family_name", "player__given_names"
    )
