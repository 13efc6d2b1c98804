"""Invoices and statements as PDF."""

from billing.models import Invoice
from billing.selectors import Statement
from centre.documents import Document, TableSection, TextSection, render_pdf


def _addressee_lines(invoice: Invoice) -> list[str]:
    if invoice.club is not None:
        club = invoice.club
        lines = [f"To: {club.number} {club.name}"]
        if club.secretary_name:
            lines.append(f"Attention: {club.secretary_name}, masterpoint secretary")
        if club.postal_address:
            lines.append(club.postal_address.replace("\n", ", "))
        return lines
    return [f"To: {invoice.state.name} ({invoice.state.code})"]


def invoice_pdf(invoice: Invoice) -> bytes:
    lines = invoice.lines.all()
    return render_pdf(
        Document(
            title=f"Tax invoice {invoice.number}",
            lines=[
                *_addressee_lines(invoice),
                f"{invoice.get_kind_display()}: {invoice.covers}",
                f"Issued {invoice.issued_on:%d/%m/%Y}, due {invoice.due_on:%d/%m/%Y}. "
                "Please quote your club number with your payment (8.4).",
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
                        f"Rates of the fee schedule in force from "
                        f"{invoice.fee_schedule.effective_from:%d/%m/%Y} (8.3)."
                    ],
                    style="Italic",
                ),
            ],
        )
    )


def statement_pdf(statement: Statement) -> bytes:
    club = statement.club
    return render_pdf(
        Document(
            title=f"Statement of account: {club.number} {club.name}",
            lines=["A positive balance is owed to the Masterpoint Centre."],
            sections=[
                TableSection(
                    header=["Date", "Document", "Details", "Charge", "Credit", "Balance"],
                    rows=[
                        [
                            f"{e.on:%d/%m/%Y}",
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
