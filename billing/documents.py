"""Invoices and statements as PDF."""

from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from billing.models import Invoice
from billing.selectors import EventReport, Statement, addressee_title
from centre.dates import day_text
from centre.documents import Document, TableSection, TextSection, render_pdf
from centre.schemes import current_scheme
from scheme.core.fees import SchemeFees
from scheme.core.points import points_text


def _addressee_lines(invoice: Invoice) -> list[str]:
    if invoice.club is not None:
        club = invoice.club
        lines = [f"To: {club.number} {club.name}"]
        if club.secretary_name:
            lines.append(f"Attention: {club.secretary_name}, masterpoint secretary")
        if club.postal_address:
            lines.append(club.postal_address.replace("\n", ", "))
        return lines
    if invoice.congress_organiser is not None:
        # 5.4.1: a congress's organiser, for the attention of its convener.
        organiser = invoice.congress_organiser
        lines = [f"To: {addressee_title(organiser)}"]
        if organiser.convener_name:
            lines.append(f"Attention: {organiser.convener_name}, congress convener")
        if organiser.postal_address:
            lines.append(organiser.postal_address.replace("\n", ", "))
        return lines
    if not current_scheme().cites_abf_manual:
        # A region invoiced its tournaments' fees (NZ Bridge's Outline rule 7).
        return [
            f"To: {addressee_title(invoice.state)}",
            f"Attention: the masterpoint secretary of {invoice.state.name}",
        ]
    return [
        f"To: {addressee_title(invoice.state)}",
        "Attention: the State Masterpoint Secretary",
    ]


def payment_reference(invoice: Invoice) -> str:
    """What the payer quotes with a payment (8.4: a club its club number)."""
    if invoice.club is not None:
        return "your club number"
    return f"the invoice number, {invoice.number}"


CENT = Decimal("0.01")


def gst_included(total: Decimal) -> Decimal:
    """The GST in a GST-inclusive amount: GST is 10% of the price before it, so one eleventh
    of the price with it (A New Tax System (Goods and Services Tax) Act 1999, s 9-70), to the
    cent, half a cent up."""
    return (Decimal(total) / 11).quantize(CENT, rounding=ROUND_HALF_UP)


ABN_WEIGHTS = (10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19)


def abn_is_valid(abn: str) -> bool:
    """The ATO's check of an ABN: 11 digits; take 1 from the first, weight each digit, and
    the sum is a multiple of 89."""
    digits = [int(c) for c in abn if c.isdigit()]
    if len(digits) != 11 or any(not (c.isdigit() or c == " ") for c in abn):
        return False
    digits[0] -= 1
    return sum(d * w for d, w in zip(digits, ABN_WEIGHTS, strict=True)) % 89 == 0


def abn_format(abn: str) -> str:
    """An ABN as the ATO prints it: 11 digits in groups of 2, 3, 3 and 3; a wrong one is
    never printed on a tax invoice."""
    if not abn_is_valid(abn):
        raise ImproperlyConfigured(f"CENTRE_ABN {abn!r} is not a valid ABN (11 digits).")
    digits = "".join(c for c in abn if c.isdigit())
    return f"{digits[:2]} {digits[2:5]} {digits[5:8]} {digits[8:]}"


def _scheme_fees_invoice_pdf(invoice: Invoice, fees: SchemeFees) -> bytes:
    """An invoice of a scheme's own fees (NZ Bridge's rule 7): from the federation's body, each
    line with its quantity and the rate of the scheme's schedule. The scheme's book says
    nothing of a tax, so none is added or shown."""
    scheme = current_scheme()
    return render_pdf(
        Document(
            title=f"Invoice {invoice.number}",
            lines=[
                f"From: {scheme.body_name}",
                *_addressee_lines(invoice),
                f"{fees.title}: {invoice.covers}",
                f"Issued {day_text(invoice.issued_on)}, due {day_text(invoice.due_on)}. "
                f"Please quote {payment_reference(invoice)} with your payment.",
            ],
            sections=[
                TableSection(
                    header=["Description", "Quantity", "Rate ($)", "Amount ($)"],
                    rows=[
                        [line.description, line.quantity, line.rate.normalize(), line.amount]
                        for line in invoice.lines.all()
                    ],
                    footer=["Total", "", "", invoice.total],
                    numeric=(1, 2, 3),
                ),
                TextSection([fees.period_words], style="Italic"),
            ],
        )
    )


def invoice_pdf(invoice: Invoice) -> bytes:
    """A tax invoice as the GST law asks: the words "Tax invoice", the supplier's name and
    ABN, the date of issue, the buyer, each item with its price, and the GST in the total."""
    fees = current_scheme().fees
    if fees is not None:
        return _scheme_fees_invoice_pdf(invoice, fees)
    lines = invoice.lines.all()
    gst = gst_included(invoice.total)
    return render_pdf(
        Document(
            title=f"Tax invoice {invoice.number}",
            lines=[
                f"From: {settings.CENTRE_SUPPLIER_NAME}, ABN {abn_format(settings.CENTRE_ABN)}",
                *_addressee_lines(invoice),
                f"{invoice.get_kind_display()}: {invoice.covers}",
                f"Issued {day_text(invoice.issued_on)}, due {day_text(invoice.due_on)}. "
                f"Please quote {payment_reference(invoice)} with your payment (8.4).",
            ],
            sections=[
                TableSection(
                    header=["Description", "Quantity", "Rate", "Amount ($)"],
                    rows=[
                        [line.description, line.quantity, line.rate.normalize(), line.amount]
                        for line in lines
                    ],
                    footer=["Total (including GST)", "", "", invoice.total],
                    numeric=(1, 2, 3),
                ),
                TextSection(
                    [
                        f"GST included in the total: ${gst} (the amounts above include GST; "
                        f"total before GST ${invoice.total - gst})."
                    ]
                ),
                TextSection(
                    [
                        f"Rates of the fee schedule in force from "
                        f"{day_text(invoice.fee_schedule.effective_from)} (8.3)."
                    ],
                    style="Italic",
                ),
            ],
        )
    )


def statement_pdf(statement: Statement) -> bytes:
    return render_pdf(
        Document(
            title=f"Statement of account: {statement.title}",
            lines=["A positive balance is owed to the Masterpoint Centre."],
            sections=[
                TableSection(
                    header=["Date", "Document", "Details", "Charge", "Credit", "Balance"],
                    rows=[
                        [
                            day_text(e.on),
                            f"{e.kind} {e.reference}".strip(),
                            e.description,
                            e.charge or "",
                            e.credit or "",
                            e.balance,
                        ]
                        for e in statement.entries
                    ],
                    footer=["", "", "Balance", "", "", statement.closing_balance],
                    numeric=(3, 4, 5),
                )
            ],
        )
    )


def event_report_pdf(report: EventReport) -> bytes:
    """5.4.1: the Centre's report of an event's masterpoints, for the congress convener (a
    copy to the State Masterpoint Secretary) or the state that ran it."""
    event = report.event
    totals = ", ".join(
        f"{points_text(points)} {colour}" for colour, points in sorted(report.totals.items())
    )
    return render_pdf(
        Document(
            title=f"Masterpoints processed: {event.name}",
            lines=[
                f"Grade {event.grade}, {event.get_kind_display().lower()}, "
                f"{day_text(event.starts_on)} to {day_text(event.ends_on)}; "
                f"run by {event.get_organiser_display().lower()}.",
                f"Processed by the Masterpoint Centre in {report.period_label} (5.4.1).",
                f"{len(report.lines)} player(s); {totals or 'no points'}.",
            ],
            sections=[
                TableSection(
                    header=["ABF number", "Player", "Home club", "Colour", "Points"],
                    rows=[
                        [
                            line.abf_number,
                            line.name,
                            line.home_club or "",
                            line.colour,
                            points_text(line.points),
                        ]
                        for line in report.lines
                    ],
                    numeric=(4,),
                )
            ],
        )
    )
