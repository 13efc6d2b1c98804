"""Queueing the invoices' emails (1.4.3, 5.4.1): each is queued after the commit and sent
once by a worker (billing.emails)."""

from billing import emails
from billing.models import Invoice
from centre.mail import email_after_commit
from centre.models import Period


def _queue(invoices) -> int:
    queued = 0
    for invoice in invoices.select_related("club", "state", "congress_organiser__state"):
        if emails.invoice_recipients(invoice).to:
            email_after_commit(emails.invoice_email, invoice.pk)
            queued += 1
    return queued


def invoices_email(*, covers: str) -> int:
    """Queue the email of every invoice for a period that has not gone out yet, whoever it
    is addressed to; those with no address are left (their addressee's page lists them)."""
    return _queue(Invoice.objects.filter(covers__startswith=covers, emailed_at=None))


def event_invoices_email(*, period: Period) -> int:
    """Month close step (1.4.3, 5.4.1, 8.1): queue the report and invoice of every congress
    and state event processed in the month, each sent once."""
    month = f"{period.year}-{period.month:02d}"
    return _queue(
        Invoice.objects.filter(
            kind=Invoice.Kind.EVENT, covers__endswith=f":{month}", emailed_at=None
        )
    )
