"""Invoices and statements as PDF, and their email to the club: read back as text."""

import io
from datetime import date
from decimal import Decimal

import pytest
from django.core import mail
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from billing.emails import invoice_email_send
from billing.models import Invoice
from billing.services import invoice_issue, invoices_email, payment_record


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


@pytest.fixture
def invoice(club_a) -> Invoice:
    issued, _ = invoice_issue(
        club=club_a,
        kind=Invoice.Kind.QUARTERLY,
        covers="2025-Q3",
        issued_on=date(2025, 10, 1),
        lines=[
            ("Masterpoint levy, grades C, D, E, F (8.1)", Decimal("123.45"), Decimal("2.53")),
            ("Capitation (8.2)", Decimal(3), Decimal("23.30")),
        ],
    )
    return issued


def test_the_invoice_pdf_names_the_club_and_its_figures(client_a, invoice, club_a):
    response = client_a.get(f"/billing/invoices/{invoice.number}.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert invoice.number in text
    assert f"{club_a.number} {club_a.name}" in text
    assert "312.33" in text
    assert "69.90" in text
    assert "382.23" in text


def test_another_clubs_invoice_is_not_found(client_b, invoice):
    assert client_b.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 404


@pytest.mark.django_db
def test_visitors_and_state_secretaries_cannot_read_a_club_s_invoices(
    anonymous_client, state_client_a, invoice
):
    assert anonymous_client.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 302
    # A state secretary reads the state's own invoices (tests/billing/test_addressees.py),
    # never a club's: not found.
    assert state_client_a.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 404


def test_the_statement_pdf_shows_the_running_balance(client_a, invoice, club_a, staff):
    payment_record(club=club_a, amount=Decimal("82.23"), received_on=date(2025, 10, 9), by=staff)

    response = client_a.get("/billing/statement/?format=pdf")

    text = pdf_text(response.content)
    assert club_a.name in text
    assert "382.23" in text
    assert "300.00" in text


def test_an_invoice_is_emailed_once_with_its_pdf_and_the_statement(invoice, club_a):
    assert invoice_email_send(invoice_id=invoice.pk)
    assert not invoice_email_send(invoice_id=invoice.pk)

    [message] = mail.outbox
    assert message.to == [club_a.secretary_email]
    assert invoice.number in message.subject
    names = [name for name, _, _ in message.attachments]
    assert names == [f"{invoice.number}.pdf", f"statement-{club_a.number}.pdf"]
    assert "382.23" in pdf_text(message.attachments[0][1])


def test_invoice_emails_wait_for_the_commit(invoice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as queued:
        assert invoices_email(covers="2025-Q3") == 1

    assert len(queued) == 1
    assert mail.outbox == []


def test_emailing_a_quarter_again_sends_nothing_more(invoice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert invoices_email(covers="2025-Q3") == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert invoices_email(covers="2025-Q3") == 0
    assert len(mail.outbox) == 1


def test_the_quarter_command_invoices_and_reports_progress(
    club_a, staff, django_capture_on_commit_callbacks
):
    from tests.billing.test_invoicing import joined

    joined(club_a, "register", date(2025, 8, 1))
    out = io.StringIO()

    with django_capture_on_commit_callbacks(execute=True):
        call_command("invoice_quarter", year=2025, quarter=3, stdout=out, stderr=out)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("invoice_quarter", year=2025, quarter=3, stdout=out, stderr=out)

    assert "Issued 1 invoices for 2025-Q3." in out.getvalue()
    assert "Issued 0 invoices for 2025-Q3." in out.getvalue()
    assert Invoice.objects.get(club=club_a).total == Decimal("22.30")
    assert len(mail.outbox) == 1


def test_the_clubs_documents_page_lists_its_invoices_and_not_another_clubs(
    client_a, invoice, club_b
):
    other, _ = invoice_issue(
        club=club_b,
        kind=Invoice.Kind.QUARTERLY,
        covers="2025-Q3",
        issued_on=date(2025, 10, 1),
        lines=[("Capitation (8.2)", Decimal(1), Decimal("23.30"))],
    )

    page = client_a.get("/club/documents/").content.decode()

    assert f"/billing/invoices/{invoice.number}.pdf" in page
    assert other.number not in page


def test_staff_read_any_clubs_invoice_in_the_browser(staff_client, invoice):
    response = staff_client.get(reverse("billing:invoice_pdf", args=[invoice.number]))

    assert response.status_code == 200
    assert response["Content-Disposition"] == f'inline; filename="{invoice.number}.pdf"'


@pytest.mark.django_db
def test_the_documents_page_is_the_club_secretarys_only(
    anonymous_client, state_client_a, staff_client
):
    url = reverse("billing:documents")

    assert url == "/club/documents/"
    assert anonymous_client.get(url).status_code == 302
    assert state_client_a.get(url).status_code == 403
    assert staff_client.get(url).status_code == 403


def test_the_invoice_is_an_australian_tax_invoice_with_the_abn_and_the_gst(
    client_a, invoice, club_a
):
    text = pdf_text(client_a.get(f"/billing/invoices/{invoice.number}.pdf").content)

    assert f"Tax invoice {invoice.number}" in text
    assert "Australian Bridge Federation, Masterpoint Centre, ABN 70 053 651 666" in text
    assert f"To: {club_a.number} {club_a.name}" in text
    assert "Issued 1 October 2025" in text
    # 382.23 including GST: GST is one eleventh, 34.748..., printed to the cent.
    assert "GST included in the total: $34.75" in text
    assert "total before GST $347.48" in text


@pytest.mark.parametrize(
    ("total", "gst"),
    [
        (Decimal("110.00"), Decimal("10.00")),
        (Decimal("382.23"), Decimal("34.75")),
        (Decimal("0.05"), Decimal("0.00")),
        (Decimal("0.06"), Decimal("0.01")),
        (Decimal("2.53"), Decimal("0.23")),
        (Decimal("0.00"), Decimal("0.00")),
    ],
)
def test_the_gst_in_a_gst_inclusive_amount_is_one_eleventh_to_the_cent(total, gst):
    from billing.documents import gst_included

    assert gst_included(total) == gst
    assert isinstance(gst_included(total), Decimal)


def test_a_wrong_abn_is_never_printed(client_a, invoice, settings):
    from django.core.exceptions import ImproperlyConfigured

    from billing.documents import abn_is_valid, invoice_pdf

    assert abn_is_valid("70 053 651 666")
    assert abn_is_valid("70053651666")
    assert not abn_is_valid("70 053 651 667")
    assert not abn_is_valid("7005365166")
    settings.CENTRE_ABN = "70 053 651 667"
    with pytest.raises(ImproperlyConfigured, match="CENTRE_ABN"):
        invoice_pdf(invoice)
