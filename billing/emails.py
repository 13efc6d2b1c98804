"""1.4.3, 5.4.1: each invoice goes to its addressee with the addressee's statement, queued
after the commit by the services (billing.services.emails) and sent once here (centre.mail).

- a club's to its masterpoint secretary;
- a state's to the State Masterpoint Secretary (under NZ Bridge, a region's quarterly
  invoice of its tournaments' fees to the region's masterpoint secretary);
- a congress organiser's to the congress convener, with a copy to the State Masterpoint
  Secretary (5.4.1).

An event's invoice (8.1) carries the Centre's report of the event's masterpoints (5.4.1,
1.4.3: "Reports from Congresses, State and National events as they are processed, together
with the appropriate invoices"); a congress's report is copied to the state secretary whoever
pays for it.
"""

from dataclasses import dataclass

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage

from awards.ledger.models import Event
from billing.documents import event_report_pdf, invoice_pdf, statement_pdf
from billing.models import Invoice
from billing.selectors import (
    account_statement,
    addressee_title,
    event_report_for,
    invoices_labelled,
)
from centre.access import state_secretary_address
from centre.dates import day_text
from centre.mail import EMAIL_RETRY, email_once
from centre.schemes import current_scheme


@dataclass(frozen=True)
class Recipients:
    to: list[str]
    cc: list[str]
    greeting: str


def invoice_recipients(invoice: Invoice) -> Recipients:
    """Who an invoice goes to, and who has a copy (5.4.1); no `to` when there is no one."""
    if invoice.club is not None:
        club = invoice.club
        to = [club.secretary_email] if club.secretary_email else []
        recipients = Recipients(to, [], club.secretary_name or "masterpoint secretary")
    elif invoice.congress_organiser is not None:
        organiser = invoice.congress_organiser
        to = [organiser.convener_email] if organiser.convener_email else []
        copy = state_secretary_address(state=organiser.state)
        recipients = Recipients(to, [copy] if copy else [], organiser.convener_name or "convener")
    else:
        address = state_secretary_address(state=invoice.state)
        recipients = Recipients([address] if address else [], [], _state_greeting(invoice))
    if invoice.kind == Invoice.Kind.EVENT and invoice.club is not None:
        # 5.4.1: a congress run by a club: the state secretary has a copy of its report.
        report = event_report_for(invoice=invoice)
        if report is not None and report.event.organiser == Event.Organiser.CONGRESS:
            copy = state_secretary_address(state=report.event.state) if report.event.state else ""
            if copy and copy not in recipients.to:
                recipients = Recipients(recipients.to, [copy], recipients.greeting)
    return recipients


def _state_greeting(invoice: Invoice) -> str:
    """The ABF's State Masterpoint Secretary (5.4.1); under another scheme, the secretary of
    the region the invoice is addressed to (NZ Bridge's regions are invoiced their
    tournaments' fees, Outline rule 7)."""
    if current_scheme().cites_abf_manual:
        return "State Masterpoint Secretary"
    return f"masterpoint secretary of {invoice.state.name}"


def _invoice_message(invoice: Invoice) -> EmailMessage | None:
    recipients = invoice_recipients(invoice)
    if not recipients.to:
        return None
    addressee = invoice.addressee
    title = addressee_title(addressee)
    report = event_report_for(invoice=invoice)
    if report is not None:
        subject = f"Masterpoints processed: {report.event.name}, and invoice {invoice.number}"
        opening = (
            f"Attached is the Masterpoint Centre's report of the masterpoints of "
            f"{report.event.name} (grade {report.event.grade}) processed in "
            f"{report.period_label} (5.4.1), with invoice {invoice.number} for their levy (8.1), "
            f"${invoice.total}, due {day_text(invoice.due_on)}, and the statement of account of "
            f"{title}."
        )
    else:
        subject = f"Masterpoint Centre invoice {invoice.number} for {title}"
        opening = (
            f"Attached are invoice {invoice.number} ({invoices_labelled([invoice])[0].kind_label}, "
            f"{invoice.covers}) for ${invoice.total}, due {day_text(invoice.due_on)}, "
            f"and the statement of account of {title}."
        )
    quote = "your club number" if invoice.club is not None else "the invoice number"
    message = EmailMessage(
        subject=subject,
        body=(
            f"Dear {recipients.greeting},\n\n{opening}\n\n"
            f"Please quote {quote} with your payment.\n\nMasterpoint Centre\n"
        ),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=recipients.to,
        cc=recipients.cc,
    )
    if report is not None:
        message.attach(f"report-{invoice.number}.pdf", event_report_pdf(report), "application/pdf")
    message.attach(f"{invoice.number}.pdf", invoice_pdf(invoice), "application/pdf")
    message.attach(
        f"statement-{_file_part(invoice)}.pdf",
        statement_pdf(account_statement(addressee=addressee)),
        "application/pdf",
    )
    return message


def _file_part(invoice: Invoice) -> str:
    if invoice.club is not None:
        return str(invoice.club.number)
    if invoice.state is not None:
        return invoice.state.code
    return f"congress-organiser-{invoice.congress_organiser_id}"


def invoice_email_send(*, invoice_id: int) -> bool:
    """Email one invoice, with its addressee's statement (and an event's report), to its
    addressee (1.4.3, 5.4.1).

    True when it was sent now; a second call, or a retry after it went, sends nothing.
    """
    sent = email_once(
        queryset=Invoice.objects.select_related("club", "state", "congress_organiser__state"),
        pk=invoice_id,
        compose=_invoice_message,
    )
    return sent is not None


# --- the task the services queue: send once, retry -----------------------------------------


@shared_task(**EMAIL_RETRY)
def invoice_email(invoice_id: int) -> None:
    invoice_email_send(invoice_id=invoice_id)
