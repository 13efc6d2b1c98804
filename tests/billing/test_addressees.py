"""States and congress organisers as addressees (5.4.1, 8.1, 1.4.3): the events they run are
invoiced at the month close, reported and emailed once to the convener (a copy to the State
Masterpoint Secretary) or the state; they pay, and have a statement and a documents page."""

import io
from decimal import Decimal

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from awards.authorisations.models import Approval
from awards.ledger.models import Credit, Event
from billing.emails import invoice_email_send
from billing.models import Invoice, Payment
from billing.selectors import account_statement
from billing.services import payment_record
from centre.errors import DomainError
from clubs.models import CongressOrganiser
from operations.services import month_close, month_closes_resume
from tests.awards.conftest import grn, yesterday
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


@pytest.fixture
def congress_a(state_a) -> CongressOrganiser:
    return CongressOrganiser.objects.create(
        state=state_a,
        name="Harbour Congress Committee",
        convener_name="Pat Convener",
        convener_email="convener@harbour.example.org",
        postal_address="1 Quay St\nSydney NSW 2000",
    )


@pytest.fixture
def congress_b(state_b) -> CongressOrganiser:
    return CongressOrganiser.objects.create(
        state=state_b, name="Yarra Congress", convener_email="convener@yarra.example.org"
    )


@pytest.fixture(autouse=True)
def _congresses_approved(state_a, state_b, staff):
    """5.1.1: each state's congress of yesterday is approved in its register."""
    for state in (state_a, state_b):
        Approval.objects.create(
            kind=Approval.Kind.CONGRESS,
            state=state,
            name="Harbour Congress",
            starts_on=yesterday(),
            ends_on=yesterday(),
            sessions=4,
            approved_by=staff,
        )


def reports() -> list:
    """The reports and invoices of events sent (the close sends the clubs' monthly reports
    too)."""
    return [m for m in mail.outbox if m.subject.startswith("Masterpoints processed")]


def upload(user, content: bytes, **fields):
    client = APIClient()
    client.force_authenticate(user)
    data = {
        "file": SimpleUploadedFile("event.red", content),
        "name": "Harbour Congress Open Pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "B4",
        **fields,
    }
    checked = client.post("/api/v1/uploads/check", data, format="multipart")
    if checked.status_code != 201:
        return checked
    confirmed = client.post(f"/api/v1/uploads/{checked.json()['id']}/confirm")
    assert confirmed.status_code == 200, confirmed.json()
    return checked


def close_the_month(staff, django_capture_on_commit_callbacks):
    period = Credit.objects.order_by("id").first().period
    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=period, by=staff)
    return period


@pytest.fixture
def congress_credited(state_secretary_a, congress_a, club_a):
    """A B4 congress of state A's organiser: 2.50 and 1.00 red points."""
    players = PlayerFactory.create_batch(2, home_club=club_a)
    response = upload(
        state_secretary_a,
        grn((players[0].abf_number, 250), (players[1].abf_number, 100)),
        organiser="congress",
        congress_organiser=congress_a.pk,
        director_level="congress",  # 5.1.1
    )
    assert response.status_code == 201, response.json()
    return players


def test_5_4_1_the_congress_report_and_invoice_go_to_the_convener_with_a_copy_to_the_state(
    staff, state_secretary_a, organiser_a, congress_a, congress_credited,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    event = Event.objects.get(name="Harbour Congress Open Pairs")
    assert (event.organiser, event.congress_organiser) == ("congress", congress_a)

    period = close_the_month(staff, django_capture_on_commit_callbacks)

    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT)
    assert invoice.addressee == congress_a
    # 8.3: 3.50 red points of grade B4 at $2.68.
    assert invoice.total == Decimal("9.38")
    [message] = reports()
    assert message.to == ["convener@harbour.example.org"]
    assert message.cc == [state_secretary_a.email]  # never the organiser's login
    assert "Harbour Congress Open Pairs" in message.subject
    assert "Dear Pat Convener" in message.body
    assert "(5.4.1)" in message.body
    names = [name for name, _, _ in message.attachments]
    assert names == [
        f"report-{invoice.number}.pdf",
        f"{invoice.number}.pdf",
        f"statement-congress-organiser-{congress_a.pk}.pdf",
    ]
    report = pdf_text(message.attachments[0][1])
    for player in congress_credited:
        assert player.abf_number in report
    assert "2.50" in report and "1.00" in report
    assert "3.50 red" in report
    invoice_text = pdf_text(message.attachments[1][1])
    assert "Harbour Congress Committee" in invoice_text
    assert "Attention: Pat Convener, congress convener" in invoice_text
    assert f"quote the invoice number, {invoice.number}" in invoice_text
    invoice.refresh_from_db()
    assert invoice.emailed_at is not None
    assert "event_reports" in period.__class__.objects.get(pk=period.pk).close_steps_done

    # Sent once: the periodic job and a second send change nothing.
    with django_capture_on_commit_callbacks(execute=True):
        month_closes_resume()
    assert invoice_email_send(invoice_id=invoice.pk) is False
    assert len(reports()) == 1


def test_8_1_a_state_event_s_report_and_invoice_go_to_the_state_secretary(
    staff, state_secretary_a, organiser_a, club_a, django_capture_on_commit_callbacks
):
    player = PlayerFactory(home_club=club_a)
    upload(organiser_a, grn((player.abf_number, 500)), name="State Open Teams", grade="B")

    close_the_month(staff, django_capture_on_commit_callbacks)

    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT)
    assert invoice.addressee == state_secretary_a.state
    [message] = reports()
    assert message.to == [state_secretary_a.email]
    assert message.cc == []
    assert "State Open Teams" in message.subject
    assert [name for name, _, _ in message.attachments][-1] == "statement-NSW.pdf"
    assert "Attention: the State Masterpoint Secretary" in pdf_text(message.attachments[1][1])


def test_5_4_1_a_congress_run_by_a_club_is_reported_to_the_club_with_a_copy_to_the_state(
    staff, state_secretary_a, club_a, django_capture_on_commit_callbacks
):
    congress_club = ClubFactory(number=222, name="Congress Club", state=club_a.state)
    player = PlayerFactory(home_club=club_a)
    upload(
        state_secretary_a,
        grn((player.abf_number, 250)),
        organiser="congress",
        club_number=congress_club.number,
        director_level="congress",  # 5.1.1
    )

    close_the_month(staff, django_capture_on_commit_callbacks)

    [message] = reports()
    assert message.to == [congress_club.secretary_email]
    assert message.cc == [state_secretary_a.email]


def test_an_event_invoice_without_an_address_waits_and_is_listed(
    staff, state_a, congress_a, state_secretary_a, congress_credited,
    django_capture_on_commit_callbacks, state_client_a,
):  # fmt: skip
    CongressOrganiser.objects.filter(pk=congress_a.pk).update(convener_email="")

    close_the_month(staff, django_capture_on_commit_callbacks)

    assert reports() == []
    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT)
    assert invoice.emailed_at is None
    page = state_client_a.get(reverse("billing:state_documents")).content.decode()
    assert invoice.number in page and "not yet" in page


# 5.4.1: the congress organiser named on the upload is one of the login's state.


def test_5_4_1_an_upload_may_not_name_another_state_s_congress_organiser(
    organiser_a, congress_b, club_a
):
    player = PlayerFactory(home_club=club_a)

    response = upload(
        organiser_a,
        grn((player.abf_number, 250)),
        organiser="congress",
        congress_organiser=congress_b.pk,
    )

    assert response.status_code == 400
    assert "Yarra Congress is not a congress organiser of NSW" in str(response.json())
    assert not Credit.objects.exists()


def test_5_4_1_only_a_congress_names_a_congress_organiser(state_secretary_a, congress_a, club_a):
    player = PlayerFactory(home_club=club_a)

    response = upload(
        state_secretary_a,
        grn((player.abf_number, 250)),
        organiser="state",
        congress_organiser=congress_a.pk,
    )

    assert response.status_code == 400
    assert "Only a congress names a congress organiser (5.4.1)" in str(response.json())


# 8.1: states and congress organisers pay, and have a statement.


def test_8_1_a_state_pays_its_invoice_and_its_statement_balances(
    staff, staff_client, state_client_a, state_client_b, client_a, organiser_client_a,
    state_secretary_a, organiser_a, club_a, django_capture_on_commit_callbacks,
):  # fmt: skip
    player = PlayerFactory(home_club=club_a)
    upload(organiser_a, grn((player.abf_number, 500)), name="State Open Teams", grade="B")
    close_the_month(staff, django_capture_on_commit_callbacks)
    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT)
    assert invoice.total == Decimal("8.70")  # 5.00 grade B points at $1.74

    response = staff_client.post(
        reverse("billing:payment_new"),
        {"state_code": "nsw", "amount": "8.70", "received_on": "2026-11-20", "reference": "EFT"},
    )

    state = state_secretary_a.state
    assert response.status_code == 302
    assert response["Location"] == reverse("billing:state_statement", args=["NSW"])
    payment = Payment.objects.get()
    assert (payment.state, payment.club, payment.amount) == (state, None, Decimal("8.70"))
    # 8.4's fee is for a club that leaves out its number; a state pays none.
    assert Invoice.objects.filter(kind=Invoice.Kind.FEE).count() == 0
    assert account_statement(addressee=state).closing_balance == Decimal("0.00")
    page = state_client_a.get(reverse("billing:state_statement", args=["NSW"]))
    assert page.status_code == 200
    assert invoice.number in page.content.decode()
    pdf = state_client_a.get(reverse("billing:state_statement", args=["NSW"]) + "?format=pdf")
    assert "New South Wales (NSW)" in pdf_text(pdf.content)
    assert state_client_a.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 200
    # Another state's secretary, a club, the state's own organiser: refused.
    assert state_client_b.get(reverse("billing:state_statement", args=["NSW"])).status_code == 404
    assert state_client_b.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 404
    assert client_a.get(reverse("billing:state_statement", args=["NSW"])).status_code == 403
    assert client_a.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 404
    assert organiser_client_a.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 403


def test_8_1_a_congress_organiser_pays_and_its_state_secretary_reads_its_account(
    staff, staff_client, state_client_a, state_client_b, congress_a, congress_credited,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    close_the_month(staff, django_capture_on_commit_callbacks)
    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT)

    response = staff_client.post(
        reverse("billing:payment_new"),
        {"congress_organiser": congress_a.pk, "amount": "5.00", "received_on": "2026-11-20"},
    )

    url = reverse("billing:congress_organiser_statement", args=[congress_a.pk])
    assert response.status_code == 302 and response["Location"] == url
    assert account_statement(addressee=congress_a).closing_balance == Decimal("4.38")
    page = state_client_a.get(url)
    assert page.status_code == 200
    assert "Harbour Congress Committee" in page.content.decode()
    assert state_client_a.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 200
    assert state_client_b.get(url).status_code == 404
    assert state_client_b.get(f"/billing/invoices/{invoice.number}.pdf").status_code == 404


def test_a_payment_names_exactly_one_payer(staff_client, staff, club_a, state_a):
    response = staff_client.post(
        reverse("billing:payment_new"),
        {
            "club_number": club_a.number,
            "state_code": "NSW",
            "amount": "5",
            "received_on": "2026-11-20",
        },
    )

    assert response.status_code == 200
    assert "Name one payer" in response.content.decode()
    with pytest.raises(DomainError, match="Name one payer"):
        payment_record(amount=Decimal("5.00"), received_on=yesterday(), by=staff)
    assert not Payment.objects.exists()


def test_1_4_3_the_state_s_documents_page_lists_its_invoices_and_its_congresses(
    staff, state_client_a, state_client_b, congress_a, congress_b, congress_credited,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    close_the_month(staff, django_capture_on_commit_callbacks)
    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT)

    page = state_client_a.get(reverse("billing:state_documents")).content.decode()

    assert "Harbour Congress Committee" in page
    assert "Pat Convener" in page
    assert invoice.number in page
    # The invoice is named by its event and the month it was processed in.
    assert "Harbour Congress Open Pairs, processed" in page
    assert "Yarra Congress" not in page
    other = state_client_b.get(reverse("billing:state_documents")).content.decode()
    assert invoice.number not in other and "Harbour Congress Committee" not in other


@pytest.mark.parametrize(
    "who", ["client_a", "organiser_client_a", "gold_client", "youth_client", "staff_client"]
)
def test_the_state_s_documents_page_is_the_state_secretary_s(request, who):
    assert request.getfixturevalue(who).get(reverse("billing:state_documents")).status_code == 403


@pytest.mark.parametrize("who", ["client_a", "organiser_client_a", "gold_client"])
def test_a_congress_organiser_s_account_is_refused_to_others(request, who, congress_a):
    url = reverse("billing:congress_organiser_statement", args=[congress_a.pk])
    assert request.getfixturevalue(who).get(url).status_code == 403


def test_5_4_1_the_event_s_report_is_kept_on_the_state_s_documents_page(
    staff, state_client_a, state_client_b, client_a, congress_credited,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    close_the_month(staff, django_capture_on_commit_callbacks)
    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT)
    url = reverse("billing:invoice_report_pdf", args=[invoice.number])

    assert url in state_client_a.get(reverse("billing:state_documents")).content.decode()
    response = state_client_a.get(url)

    assert response.status_code == 200
    text = pdf_text(response.content)
    assert "Masterpoints processed: Harbour Congress Open Pairs" in text
    assert congress_credited[0].abf_number in text
    assert state_client_b.get(url).status_code == 404
    assert client_a.get(url).status_code == 404


def test_an_invoice_that_is_not_an_event_s_has_no_report(client_a, club_a):
    from datetime import date

    from billing.services import invoice_issue

    invoice, _ = invoice_issue(
        club=club_a,
        kind=Invoice.Kind.QUARTERLY,
        covers="2025-Q3",
        issued_on=date(2025, 10, 1),
        lines=[("Capitation (8.2)", Decimal(1), Decimal("23.30"))],
    )

    response = client_a.get(reverse("billing:invoice_report_pdf", args=[invoice.number]))
    assert response.status_code == 404


def test_8_1_an_a2_congress_of_the_goldpoint_coordinator_is_invoiced_to_its_organiser(
    staff, gold_coordinator, state_secretary_a, congress_a, club_a,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    """5.4.1, 7.5.1: the coordinator uploads an A2 congress; 8.1 bills it to its organiser at
    the grades A, A2, B rate, and the convener has the report (a copy to the state)."""
    player = PlayerFactory(home_club=club_a)
    client = APIClient()
    client.force_authenticate(gold_coordinator)
    checked = client.post(
        "/api/v1/uploads/check",
        {
            "file": SimpleUploadedFile("congress.gld", grn((player.abf_number, 400))),
            "name": "Harbour Super Congress Teams",
            "starts_on": yesterday().isoformat(),
            "grade": "A2",
            "organiser": "congress",
            "congress_organiser": congress_a.pk,
        },
        format="multipart",
    )
    assert checked.status_code == 201, checked.json()
    client.post(f"/api/v1/uploads/{checked.json()['id']}/confirm")

    close_the_month(staff, django_capture_on_commit_callbacks)

    event = Event.objects.get(name="Harbour Super Congress Teams")
    assert (event.organiser, event.state, event.congress_organiser) == (
        "congress",
        congress_a.state,
        congress_a,
    )
    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT)
    assert invoice.addressee == congress_a
    assert invoice.total == Decimal("6.96")  # 4.00 gold points at $1.74 (8.3)
    [message] = reports()
    assert (message.to, message.cc) == (
        ["convener@harbour.example.org"],
        [state_secretary_a.email],
    )
