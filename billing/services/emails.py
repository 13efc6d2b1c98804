"""1.4.3: each club invoice goes to the masterpoint secretary with the club's statement,
queued after the commit and sent once (centre.mail)."""

from django.conf import settings
from django.core.mail import EmailMessage

from billing.documents import invoice_pdf, statement_pdf
from billing.models import Invoice
from billing.selectors import club_statement
from centre.mail import email_after_commit, email_once


def invoices_email(*, covers: str) -> int:
    """Queue the email of every club invoice for a period that has not gone out yet."""
    from billing import tasks  # the tasks call these services

    pending = list(
        Invoice.objects.filter(covers__startswith=covers, club__isnull=False, emailed_at=None)
        .exclude(club__secretary_email="")
        .values_list("pk", flat=True)
    )
    for invoice_id in pending:
        email_after_commit(tasks.invoice_email, invoice_id)
    return len(pending)


def _invoice_message(invoice: Invoice) -> EmailMessage | None:
    club = invoice.club
    if club is None or not club.secretary_email:
        return None
    message = EmailMessage(
        subject=f"Masterpoint Centre invoice {invoice.number} for {club.name}",
        body=(
            f"Dear {club.secretary_name or 'masterpoint secretary'},\n\n"
            f"Attached are invoice {invoice.number} ({invoice.get_kind_display()}, "
            f"{invoice.covers}) for ${invoice.total}, due {invoice.due_on:%d/%m/%Y}, "
            "and the club's statement of account.\n\n"
            "Please quote your club number with your payment.\n\nMasterpoint Centre\n"
        ),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[club.secretary_email],
    )
    message.attach(f"{invoice.number}.pdf", invoice_pdf(invoice), "application/pdf")
    message.attach(
        f"statement-{club.number}.pdf",
        statement_pdf(club_statement(club=club)),
        "application/pdf",
    )
    return message


def invoice_email_send(*, invoice_id: int) -> bool:
    """Email one invoice, with the club's statement, to its masterpoint secretary (1.4.3).

    True when it was sent now; a second call, or a retry after it went, sends nothing.
    """
    sent = email_once(
        queryset=Invoice.objects.select_related("club"), pk=invoice_id, compose=_invoice_message
    )
    return sent is not None
