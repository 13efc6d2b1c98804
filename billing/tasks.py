"""Billing's scheduled jobs (centre.settings CELERY_BEAT_SCHEDULE): each calls a service. The
invoice emails the services queue are tasks of `billing.emails`."""

from celery import shared_task
from django.utils import timezone

from billing import services
from scheme.core.calendar import previous_quarter_of


@shared_task
def quarter_invoices(year: int | None = None, quarter: int | None = None) -> int:
    """1.4.3, 8.1, 8.2: at the start of a quarter, invoice the one just ended and send them."""
    today = timezone.localdate()
    if year is None or quarter is None:
        year, quarter = previous_quarter_of(today)
    issued = services.quarter_invoices_issue(year=year, quarter=quarter, issued_on=today)
    services.invoices_email(covers=f"{year}-Q{quarter}")
    return len(issued)


@shared_task
def annual_capitation(year: int | None = None) -> int:
    """8.2: after the 1 April update, capitation on every active home member."""
    today = timezone.localdate()
    year = year or today.year
    issued = services.annual_capitation_issue_all(year=year, issued_on=today)
    services.invoices_email(covers=f"{year}-{year + 1}")
    return len(issued)
