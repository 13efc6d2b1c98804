from datetime import date

from celery import shared_task
from django.utils import timezone

from billing import services


def previous_quarter(today: date) -> tuple[int, int]:
    """The calendar quarter before the one `today` falls in, as (year, quarter)."""
    from awards.services import previous_quarter as quarter_before
    from awards.services import quarter_of

    return quarter_before(quarter_of(today))


@shared_task
def quarter_invoices(year: int | None = None, quarter: int | None = None) -> int:
    """1.4.3, 8.1, 8.2: at the start of a quarter, invoice the one just ended and send them."""
    today = timezone.localdate()
    if year is None or quarter is None:
        year, quarter = previous_quarter(today)
    issued = services.quarter_invoices_issue(year=year, quarter=quarter, issued_on=today)
    services.invoices_email(covers=f"{year}-Q{quarter}")
    return len(issued)


@shared_task
def annual_capitation(year: int | None = None) -> int:
    """8.2: after the 1 April update, capitation on every active home member."""
    today = timezone.localdate()
    issued = services.annual_capitation_issue_all(year=year or today.year, issued_on=today)
    services.invoices_email(covers=f"{year or today.year}-{(year or today.year) + 1}")
    return len(issued)


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def invoice_email(invoice_id: int) -> None:
    services.invoice_email_send(invoice_id=invoice_id)
