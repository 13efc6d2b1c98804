"""Invoices and credit notes: numbered once, never edited, issued once per addressee and period."""

from datetime import date, timedelta
from decimal import Decimal

from django.db import transaction

from billing.models import CreditNote, DocumentCounter, FeeSchedule, Invoice, InvoiceLine
from billing.selectors import fee_schedule_in_force, invoice_outstanding
from centre.errors import DomainError
from centre.models import User
from clubs.models import Club, CongressOrganiser, State
from scheme.abf.levies import to_cents

PAYMENT_TERMS = timedelta(days=30)


def document_number_take(*, prefix: str) -> str:
    """The next number for a kind of document; concurrent callers never share one."""
    with transaction.atomic():
        counter, _ = DocumentCounter.objects.get_or_create(prefix=prefix)
        counter = DocumentCounter.objects.select_for_update().get(pk=counter.pk)
        counter.last += 1
        counter.save(update_fields=["last"])
    return f"{prefix}{counter.last:06d}"


@transaction.atomic
def invoice_issue(
    *,
    club: Club | None = None,
    state: State | None = None,
    congress_organiser: CongressOrganiser | None = None,
    kind: Invoice.Kind,
    covers: str,
    issued_on: date,
    lines: list[tuple[str, Decimal, Decimal]],
    schedule: FeeSchedule | None = None,
) -> tuple[Invoice, bool]:
    """Issue an invoice of (description, quantity, rate) lines, once per addressee and period.

    Returns (invoice, created). Issuing the same kind for the same addressee and period again
    returns the invoice already issued, so a job run twice issues nothing new.
    """
    existing = Invoice.objects.filter(
        club=club, state=state, congress_organiser=congress_organiser, kind=kind, covers=covers
    ).first()
    if existing is not None:
        return existing, False
    description_length = InvoiceLine._meta.get_field("description").max_length
    for text, *_ in lines:
        if len(text) > description_length:
            # Compose lines with centre.text.fit: SQLite would keep an overlong line that
            # PostgreSQL refuses, so the check is made here for both.
            raise ValueError(f"Invoice line longer than {description_length} characters: {text!r}")
    schedule = schedule or fee_schedule_in_force(on=issued_on)
    priced = [(text, quantity, rate, to_cents(quantity * rate)) for text, quantity, rate in lines]
    invoice = Invoice.objects.create(
        number=document_number_take(prefix="INV"),
        club=club,
        state=state,
        congress_organiser=congress_organiser,
        kind=kind,
        covers=covers,
        issued_on=issued_on,
        due_on=issued_on + PAYMENT_TERMS,
        fee_schedule=schedule,
        total=sum((amount for *_, amount in priced), Decimal("0.00")),
    )
    InvoiceLine.objects.bulk_create(
        InvoiceLine(invoice=invoice, description=text, quantity=quantity, rate=rate, amount=amount)
        for text, quantity, rate, amount in priced
    )
    return invoice, True


def _refuse(field: str, message: str) -> DomainError:
    return DomainError(message, fields={field: [message]})


@transaction.atomic
def credit_note_issue(
    *, invoice: Invoice, amount: Decimal, reason: str, issued_on: date, by: User
) -> CreditNote:
    """Correct an invoice by crediting part or all of it; the invoice itself is never edited."""
    invoice = Invoice.objects.select_for_update().get(pk=invoice.pk)
    if not reason.strip():
        raise _refuse("reason", "Say why the invoice is being credited.")
    reason_length = CreditNote._meta.get_field("reason").max_length
    if len(reason.strip()) > reason_length:
        raise _refuse("reason", f"The reason may have at most {reason_length} characters.")
    if amount <= 0:
        raise _refuse("amount", "A credit note must be more than $0.00.")
    outstanding = invoice_outstanding(invoice=invoice)
    if amount > outstanding:
        raise _refuse(
            "amount",
            f"Invoice {invoice.number} has only ${outstanding} left to credit; "
            f"${amount} is more than that.",
        )
    return CreditNote.objects.create(
        number=document_number_take(prefix="CN"),
        invoice=invoice,
        amount=amount,
        reason=reason.strip(),
        issued_on=issued_on,
        issued_by=by,
    )
