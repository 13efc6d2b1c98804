"""8.1: the levy of a state or congress event follows its credits. An event is invoiced at the
close of the month its credits are processed in (billing.services.events); when a correction
takes its points back in a later month (an upload reversed, an amount lowered, a grade
corrected: awards.corrections), that month's close credits the earlier invoice, never edits
it: a credit note for the share of the invoice the points taken back were.

A club's own events need nothing here: their levies are counted by quarter from the credits
of its months with their sign (billing.selectors.club_levy_points), so a reversal lowers the
levy of the quarter it is made in."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from awards.corrections.models import Correction
from awards.ledger.models import Credit, Event
from billing.models import CreditNote, Invoice, InvoiceLine
from billing.selectors import event_invoice_covers, invoice_outstanding
from billing.services.invoices import credit_note_issue
from centre.models import Period, User
from centre.text import fit
from scheme.core.points import points_text

CENT = Decimal("0.01")


def _invoiced_points(invoice: Invoice) -> int:
    """The hundredths an event invoice levied: its first line, the levy (8.1)."""
    line = InvoiceLine.objects.filter(invoice=invoice).order_by("id").first()
    return int(line.quantity * 100) if line is not None else 0


def _issued_by(event: Event, period: Period) -> User | None:
    correction = (
        Correction.objects.filter(event=event, period=period).select_related("made_by").first()
    )
    return correction.made_by if correction is not None else period.closed_by


def event_credit_notes_for(*, event: Event, period: Period) -> list[CreditNote]:
    """Credit the event's earlier invoices (the latest first) for the points taken back in
    `period`; once: a note already issued for the month is not issued again."""
    taken = -(
        Credit.objects.filter(event=event, period=period).aggregate(s=Sum("points"))["s"] or 0
    )
    if taken <= 0:
        return []
    invoices = (
        Invoice.objects.filter(kind=Invoice.Kind.EVENT, covers__startswith=f"event:{event.pk}:")
        .exclude(
            covers=event_invoice_covers(event_id=event.pk, year=period.year, month=period.month)
        )
        .order_by("-issued_on", "-id")
    )
    by = _issued_by(event, period)
    notes: list[CreditNote] = []
    for invoice in invoices:
        if taken <= 0 or by is None:
            break
        invoiced = _invoiced_points(invoice)
        if invoiced <= 0:
            continue
        share = min(taken, invoiced)
        taken -= share
        reason = fit(
            f"{points_text(share)} points of {{name}} taken back by a correction in {period.label}",
            CreditNote._meta.get_field("reason").max_length,
            name=event.name,
        )
        if CreditNote.objects.filter(invoice=invoice, reason=reason).exists():
            continue
        amount = (invoice.total * share / invoiced).quantize(CENT, rounding=ROUND_HALF_UP)
        amount = min(amount, invoice_outstanding(invoice=invoice))
        if amount <= 0:
            continue
        notes.append(
            credit_note_issue(
                invoice=invoice,
                amount=amount,
                reason=reason,
                issued_on=timezone.localdate(),
                by=by,
            )
        )
    return notes


def event_credit_notes_issue(*, period: Period) -> int:
    """At a close, with its event invoices (the post-close step `event_invoices`): credit
    notes for the state and congress events whose points the month's corrections took back
    after they were invoiced."""
    events = Event.objects.filter(
        organiser__in=(Event.Organiser.STATE, Event.Organiser.CONGRESS),
        id__in=Credit.objects.filter(period=period, points__lt=0).values("event_id"),
    )
    issued = 0
    for event in events:
        with transaction.atomic():
            issued += len(event_credit_notes_for(event=event, period=period))
    return issued
