from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from billing.models import CreditNote, FeeSchedule, Invoice, Payment
from clubs.models import Club


class NoFeeSchedule(LookupError):
    pass


def fee_schedule_in_force(*, on: date) -> FeeSchedule:
    schedule = FeeSchedule.objects.filter(effective_from__lte=on).first()
    if schedule is None:
        raise NoFeeSchedule(f"no fee schedule is in force on {on:%d %B %Y}")
    return schedule


@dataclass(frozen=True)
class StatementEntry:
    on: date
    kind: str  # "invoice", "credit note" or "payment"
    reference: str
    description: str
    charge: Decimal
    credit: Decimal
    balance: Decimal


@dataclass(frozen=True)
class Statement:
    club: Club
    opening_balance: Decimal
    entries: list[StatementEntry]

    @property
    def closing_balance(self) -> Decimal:
        return self.entries[-1].balance if self.entries else self.opening_balance


def club_statement(*, club: Club, start: date | None = None, end: date | None = None) -> Statement:
    """The club's invoices, credit notes and payments in date order with the running balance.

    A positive balance is what the club owes the Centre.
    """
    rows: list[tuple[date, int, str, str, str, Decimal, Decimal]] = []
    for invoice in Invoice.objects.filter(club=club):
        rows.append(
            (
                invoice.issued_on,
                0,
                "invoice",
                invoice.number,
                invoice.get_kind_display(),
                invoice.total,
                Decimal(0),
            )
        )
    for note in CreditNote.objects.filter(invoice__club=club).select_related("invoice"):
        rows.append(
            (
                note.issued_on,
                1,
                "credit note",
                note.number,
                f"{note.reason} (invoice {note.invoice.number})",
                Decimal(0),
                note.amount,
            )
        )
    for payment in Payment.objects.filter(club=club):
        rows.append(
            (
                payment.received_on,
                2,
                "payment",
                payment.reference or "",
                "Payment received",
                Decimal(0),
                payment.amount,
            )
        )
    rows.sort(key=lambda row: (row[0], row[1], row[3]))

    opening = Decimal("0.00")
    entries: list[StatementEntry] = []
    balance = opening
    for on, _, kind, reference, description, charge, credit in rows:
        balance += charge - credit
        if start and on < start:
            opening = balance
            continue
        if end and on > end:
            break
        entries.append(StatementEntry(on, kind, reference, description, charge, credit, balance))
    return Statement(club=club, opening_balance=opening, entries=entries)


def invoice_outstanding(*, invoice: Invoice) -> Decimal:
    credited = sum((note.amount for note in invoice.credit_notes.all()), Decimal(0))
    return invoice.total - credited
