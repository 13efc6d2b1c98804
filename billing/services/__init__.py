"""Every write of billing, by feature: invoices and credit notes, payments, the quarterly and
annual invoicing, event invoicing, and queueing the invoice emails (sent by billing.emails)."""

from billing.services.emails import event_invoices_email, invoices_email
from billing.services.events import event_invoice_issue, event_invoices_issue
from billing.services.invoices import (
    PAYMENT_TERMS,
    credit_note_issue,
    document_number_take,
    invoice_issue,
)
from billing.services.payments import payment_record
from billing.services.quarterly import (
    annual_capitation_issue,
    annual_capitation_issue_all,
    overdue_penalty_issue,
    quarter_invoice_issue,
    quarter_invoice_lines,
    quarter_invoices_issue,
    region_quarter_invoice_issue,
)

__all__ = [
    "PAYMENT_TERMS",
    "annual_capitation_issue",
    "annual_capitation_issue_all",
    "credit_note_issue",
    "document_number_take",
    "event_invoice_issue",
    "event_invoices_email",
    "event_invoices_issue",
    "invoice_issue",
    "invoices_email",
    "overdue_penalty_issue",
    "payment_record",
    "quarter_invoice_issue",
    "quarter_invoice_lines",
    "quarter_invoices_issue",
    "region_quarter_invoice_issue",
]
