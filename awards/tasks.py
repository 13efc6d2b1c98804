"""Celery shells for the awards: load, call a service, retry."""

from celery import shared_task


@shared_task
def held_credits_forfeit_expired() -> int:
    """1.3.2: run daily; held points whose window has passed are recorded as forfeited."""
    from awards import services

    return services.held_credits_forfeit_expired()


@shared_task
def ranking_reports(year: int | None = None, quarter: int | None = None) -> int:
    """1.4.3: at the start of a quarter, issue each club's ranking report for the one just
    ended and email them; run again, it issues and sends nothing twice."""
    from django.utils import timezone

    from awards import reports
    from billing.tasks import previous_quarter

    if year is None or quarter is None:
        year, quarter = previous_quarter(timezone.localdate())
    issued = reports.ranking_reports_issue(year=year, quarter=quarter)
    reports.ranking_reports_email(year=year, quarter=quarter)
    return len(issued)


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def ranking_report_email(report_id: int) -> bool:
    from awards import reports

    return reports.ranking_report_email_send(report_id=report_id)
