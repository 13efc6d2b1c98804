"""The club's monthly report (1.4.3): the month's national, state and congress credits of its
home members, with its promotions' certificates, issued at the month close and emailed."""

from collections import defaultdict
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Sum

from awards.ledger.models import Credit, Event
from centre.models import Period
from clubs.models import Club
from ranks import emails
from ranks.models import ClubMonthlyReport, OneThousandClubMember, Promotion
from ranks.monthly_corrections import clubs_with_month_corrections
from ranks.services import require_closed

# 1.4.3: "Monthly reports are sent to each club, listing all masterpoints credited to their
# home members from National, State and Congress events processed in the month".
REPORTED_ORGANISERS = (
    Event.Organiser.NATIONAL,
    Event.Organiser.STATE,
    Event.Organiser.CONGRESS,
)


def _reported_credits(*, period: Period) -> dict[int, list[dict[str, Any]]]:
    """Home club id -> the month's national, state and congress credits of its members."""
    # The month's events of those organisers first, among the distinct events of its credits,
    # then their credits alone: not every credit of the month (a national month's 20,000 of
    # club sessions) joined to its event to find the few.
    reported = list(
        Event.objects.filter(
            organiser__in=REPORTED_ORGANISERS,
            id__in=Credit.objects.filter(period=period).values("event_id"),
        )
        .order_by()
        .values_list("id", flat=True)
    )
    if not reported:
        return {}
    rows = (
        Credit.objects.filter(
            period=period,
            event_id__in=reported,
            player__home_club__isnull=False,
        )
        .values(
            "player__home_club_id",
            "player__abf_number",
            "player__given_names",
            "player__family_name",
            "event_id",
            "event__name",
            "event__grade",
            "event__organiser",
            "event__ends_on",
            "colour",
        )
        # Adjustments of the month are netted with the credit they correct.
        .annotate(points=Sum("points"))
        .order_by(
            "player__home_club_id",
            "player__family_name",
            "player__given_names",
            "player__abf_number",
            "event__ends_on",
            "event_id",
            "colour",
        )
    )
    by_club: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if not row["points"]:
            continue
        by_club[row["player__home_club_id"]].append(
            {
                "abf_number": row["player__abf_number"],
                "name": f"{row['player__given_names']} {row['player__family_name']}",
                "event": row["event__name"],
                "grade": row["event__grade"],
                "organiser": row["event__organiser"],
                "ends_on": row["event__ends_on"].isoformat(),
                "colour": row["colour"],
                "points": row["points"],
            }
        )
    return by_club


def club_monthly_reports_issue(*, period: Period) -> list[ClubMonthlyReport]:
    """1.4.3: after a close, each club's monthly report, emailed once to its secretary.

    A report goes to every club with something to report: credits of its home members from
    national, state or congress events processed in the month, promotions or One Thousand
    Club entries of its home players, or corrections credited in the month to its home
    members or in its own events (ranks.monthly_corrections). A report already issued for
    the month is kept as it is; the emails not yet sent are queued after the commit.
    """
    require_closed(period)
    credits = _reported_credits(period=period)
    club_ids = set(credits)
    # The clubs alone, without the models' orderings (which join the players to sort them):
    # the clubs with a promotion in the month, each looked up by the (club, period) index
    # (there is none of the period alone).
    club_ids.update(
        Club.objects.filter(Exists(Promotion.objects.filter(club=OuterRef("pk"), period=period)))
        .order_by()
        .values_list("pk", flat=True)
    )
    club_ids.update(
        OneThousandClubMember.objects.filter(period=period, club__isnull=False)
        .order_by()
        .values_list("club_id", flat=True)
        .distinct()
    )
    club_ids.update(clubs_with_month_corrections(period=period))
    with transaction.atomic():
        existing = set(
            ClubMonthlyReport.objects.filter(period=period).values_list("club_id", flat=True)
        )
        ClubMonthlyReport.objects.bulk_create(
            [
                ClubMonthlyReport(club_id=club_id, period=period, credits=credits.get(club_id, []))
                for club_id in sorted(club_ids - existing)
            ],
            ignore_conflicts=True,
        )
        reports = list(
            ClubMonthlyReport.objects.filter(period=period)
            .select_related("club")
            .order_by("club__number")
        )
        pending = [r.pk for r in reports if r.emailed_at is None and r.club.secretary_email]
        transaction.on_commit(lambda: _queue_report_emails(pending))
    return reports


def _queue_report_emails(report_ids: list[int]) -> None:
    for report_id in report_ids:
        emails.club_monthly_report_email.delay(report_id)


def club_monthly_reports_email(*, period: Period) -> int:
    """Queue the monthly reports of a month not yet emailed (after a failed send)."""
    pending = list(
        ClubMonthlyReport.objects.filter(period=period, emailed_at=None)
        .exclude(club__secretary_email="")
        .values_list("pk", flat=True)
    )
    _queue_report_emails(pending)
    return len(pending)
