"""Celery shells for ranks and reports: load by id, call a service, retry."""

from celery import shared_task
from django.utils import timezone

from centre.mail import EMAIL_RETRY
from ranks import ranking_reports as reports
from ranks import services
from scheme.core.calendar import previous_quarter_of


@shared_task(**EMAIL_RETRY)
def club_monthly_report_email(report_id: int) -> bool:
    """1.4.3: one club's monthly report and promotion certificates; sent once."""
    return services.club_monthly_report_email_send(report_id=report_id)


@shared_task
def ranking_reports(year: int | None = None, quarter: int | None = None) -> int:
    """1.4.3: at the start of a quarter, issue each club's ranking report for the one just
    ended and email them; run again, it issues and sends nothing twice."""
    if year is None or quarter is None:
        year, quarter = previous_quarter_of(timezone.localdate())
    issued = reports.ranking_reports_issue(year=year, quarter=quarter)
    reports.ranking_reports_email(year=year, quarter=quarter)
    return len(issued)


@shared_task(**EMAIL_RETRY)
def ranking_report_email(report_id: int) -> bool:
    return reports.ranking_report_email_send(report_id=report_id)


@shared_task
def grades_regrade(year: int | None = None) -> int:
    """NZ: on 1 February, every player's Rating Points and grade for the year; run again,
    it writes the same figures."""
    from ranks.grading import grades_regrade as regrade

    return regrade(year=year or timezone.localdate().year)
