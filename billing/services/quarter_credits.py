"""A club's quarter that gives back more than it charges (a reversal of an earlier quarter's
upload, and little else: docs/corrections.md) is never a negative invoice. As billing does
for an event's points taken back (billing.services.event_corrections), the club's earlier
invoices are credited, never edited: a credit note on each, the latest first, for at most
what it has not yet been credited (`invoice_outstanding`: a paid invoice too, the credit then
the club's on its statement). What no outstanding invoice can take is carried: the
quarter's invoice says so in a line that brings its total to zero, and the next quarter's
invoice takes it off as its first line. A region invoiced for its tournaments' fees (NZ
Bridge's Outline rule 7: "Regions and Clubs") is given back the same way.

The quarter's invoice is issued once (the database holds one per addressee, kind and
quarter), and its credit notes only with it, so running the quarter again credits nothing
twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import QuerySet

from awards.corrections.models import Correction
from awards.ledger.models import Event
from billing.models import Addressee, CreditNote, Invoice, InvoiceLine, addressee_fields
from billing.selectors import invoice_outstanding
from billing.services.invoices import credit_note_issue
from centre.models import Period
from clubs.models import Club
from scheme.core.calendar import quarter_months

CENT = Decimal("0.01")
ONE = Decimal("1")
CARRIED_TO = "Carried to the next quarter"
CARRIED_FROM = "Carried from"
CREDITED = "Credited on earlier invoices"

Lines = list[tuple[str, Decimal, Decimal]]


def lines_total(lines: Sequence[tuple[str, Decimal, Decimal]]) -> Decimal:
    """What the lines charge, each line in whole cents, half a cent up (as invoice_issue)."""
    return sum(
        ((quantity * rate).quantize(CENT, rounding=ROUND_HALF_UP) for _, quantity, rate in lines),
        Decimal("0.00"),
    )


def _previous(year: int, quarter: int) -> tuple[int, int]:
    return (year - 1, 4) if quarter == 1 else (year, quarter - 1)


def carried_in(*, addressee: Addressee, year: int, quarter: int) -> Lines:
    """The line taking off what the previous quarter's invoice carried to this one."""
    py, pq = _previous(year, quarter)
    of_invoice = {f"invoice__{name}": value for name, value in addressee_fields(addressee).items()}
    carried = InvoiceLine.objects.filter(
        **of_invoice,
        invoice__kind=Invoice.Kind.QUARTERLY,
        invoice__covers=f"{py}-Q{pq}",
        description__startswith=CARRIED_TO,
    ).first()
    if carried is None or carried.amount <= 0:
        return []
    return [
        (
            f"{CARRIED_FROM} {py}-Q{pq}: points taken back by corrections, not yet credited",
            ONE,
            -carried.amount,
        )
    ]


def _periods(year: int, quarter: int) -> list[Period]:
    months = quarter_months(year, quarter)
    return [p for y, m in months if (p := Period.objects.filter(year=y, month=m).first())]


def _corrections_of(addressee: Addressee) -> QuerySet[Correction]:
    """The corrections of a club's records, or of the events a region ran itself."""
    if isinstance(addressee, Club):
        return Correction.objects.filter(club=addressee)
    return Correction.objects.filter(
        event__organiser=Event.Organiser.STATE, event__state=addressee, event__club=None
    )


def _latest_correction(*, addressee: Addressee, year: int, quarter: int) -> Correction | None:
    """The latest correction of the addressee's records whose credits landed in the quarter."""
    return (
        _corrections_of(addressee)
        .filter(period__in=_periods(year, quarter))
        .select_related("made_by")
        .order_by("-made_at", "-id")
        .first()
    )


def quarter_give_back(
    *, addressee: Addressee, year: int, quarter: int, lines: Lines, issued_on: date
) -> Lines:
    """For a quarter whose lines charge less than nothing: credit notes on the addressee's earlier
    quarterly invoices, the latest first, and the lines that say where the amount went (the
    notes, and what is carried to the next quarter), which bring the quarter's total to
    zero. Nothing for a quarter that charges something."""
    owed_back = -lines_total(lines)
    correction = _latest_correction(addressee=addressee, year=year, quarter=quarter)
    carrying = any(text.startswith(CARRIED_FROM) for text, *_ in lines)
    # Only what corrections took back (or an earlier quarter carried) is given back so; a
    # quarter below nothing for another reason (the ABF's commission on new players with no
    # capitation, 8.3) stays as it was, a credit on the club's statement.
    if owed_back <= 0 or (correction is None and not carrying):
        return []
    covers = f"{year}-Q{quarter}"
    # The credit notes are the correcting staff member's, as an event's are
    # (billing.services.event_corrections): this quarter's, else the one whose correction
    # the earlier quarter carried.
    if correction is None:
        correction = _corrections_of(addressee).order_by("-made_at", "-id").first()
    by = correction.made_by if correction is not None else None
    notes: list[CreditNote] = []
    earlier = Invoice.objects.filter(
        **addressee_fields(addressee), kind=Invoice.Kind.QUARTERLY, covers__lt=covers
    ).order_by("-covers", "-id")
    left = owed_back
    for invoice in earlier if by is not None else ():
        if left <= 0:
            break
        amount = min(left, invoice_outstanding(invoice=invoice))
        if amount <= 0:
            continue
        notes.append(
            credit_note_issue(
                invoice=invoice,
                amount=amount,
                reason=f"{covers}: points taken back by corrections in the quarter",
                issued_on=issued_on,
                by=by,
            )
        )
        left -= amount
    given: Lines = []
    if notes:
        numbers = ", ".join(note.number for note in notes)
        given.append((f"{CREDITED}: credit notes {numbers}"[:200], ONE, owed_back - left))
    if left > 0:
        given.append(
            (
                f"{CARRIED_TO}: taken off the next quarter's invoice ({covers} gave back more "
                "than it charged)",
                ONE,
                left,
            )
        )
    return given
