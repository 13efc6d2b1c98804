from datetime import date
from decimal import Decimal

import pytest

from billing.models import Invoice
from billing.selectors import club_statement
from billing.services import credit_note_issue, invoice_issue, payment_record
from centre.errors import DomainError


def issue_quarter(club, total: str = "253.00") -> Invoice:
    invoice, _ = invoice_issue(
        club=club,
        kind=Invoice.Kind.QUARTERLY,
        covers="2025-Q3",
        issued_on=date(2025, 10, 1),
        lines=[("Levies, grades C, D, E, F", Decimal(total) / Decimal("2.53"), Decimal("2.53"))],
    )
    return invoice


def test_issuing_the_same_quarter_twice_returns_the_first_invoice(club_a):
    first = issue_quarter(club_a)
    again, created = invoice_issue(
        club=club_a,
        kind=Invoice.Kind.QUARTERLY,
        covers="2025-Q3",
        issued_on=date(2025, 10, 2),
        lines=[("Something else", Decimal(1), Decimal(1))],
    )

    assert not created
    assert again == first
    assert Invoice.objects.count() == 1
    assert first.total == Decimal("253.00")


def test_a_payment_without_the_club_number_costs_the_ten_dollar_fee(club_a, staff):
    payment_record(
        club=club_a,
        amount=Decimal("100.00"),
        received_on=date(2025, 10, 15),
        quoted_club_number=False,
        by=staff,
    )

    fee = Invoice.objects.get(club=club_a, kind=Invoice.Kind.FEE)
    assert fee.total == Decimal("10.00")
    assert "without the club number" in fee.lines.get().description


def test_a_payment_with_the_club_number_costs_nothing(club_a, staff):
    payment_record(club=club_a, amount=Decimal("5.00"), received_on=date(2025, 10, 15), by=staff)

    assert not Invoice.objects.exists()


def test_the_statement_runs_invoices_credit_notes_and_payments_to_a_balance(club_a, staff):
    invoice = issue_quarter(club_a)
    credit_note_issue(
        invoice=invoice,
        amount=Decimal("3.00"),
        reason="Points credited twice",
        issued_on=date(2025, 10, 10),
        by=staff,
    )
    payment_record(club=club_a, amount=Decimal("200.00"), received_on=date(2025, 10, 20), by=staff)

    statement = club_statement(club=club_a)

    assert [(e.kind, e.balance) for e in statement.entries] == [
        ("invoice", Decimal("253.00")),
        ("credit note", Decimal("250.00")),
        ("payment", Decimal("50.00")),
    ]
    assert statement.closing_balance == Decimal("50.00")


def test_a_credit_note_larger_than_what_is_left_is_refused_and_changes_nothing(club_a, staff):
    invoice = issue_quarter(club_a, total="25.30")

    with pytest.raises(DomainError, match=r"only \$25\.30 left"):
        credit_note_issue(
            invoice=invoice,
            amount=Decimal("30.00"),
            reason="Wrong club",
            issued_on=date(2025, 10, 10),
            by=staff,
        )
    assert club_statement(club=club_a).closing_balance == Decimal("25.30")


def test_the_club_sees_its_own_statement(client_a, club_a):
    issue_quarter(club_a)

    response = client_a.get("/billing/statement/")

    assert response.status_code == 200
    assert b"253.00" in response.content


def test_another_clubs_statement_is_not_found(client_a, club_b):
    issue_quarter(club_b)

    response = client_a.get(f"/billing/clubs/{club_b.number}/statement/")

    assert response.status_code == 404
    assert b"253.00" not in response.content


@pytest.mark.django_db
def test_state_secretaries_and_visitors_cannot_read_club_accounts(
    state_client_a, anonymous_client, club_a
):
    issue_quarter(club_a)

    assert state_client_a.get(f"/billing/clubs/{club_a.number}/statement/").status_code == 403
    response = anonymous_client.get(f"/billing/clubs/{club_a.number}/statement/")
    assert response.status_code == 302


def test_staff_record_a_payment_and_see_the_balance(staff_client, club_a):
    issue_quarter(club_a)

    response = staff_client.post(
        "/billing/payments/new/",
        {
            "club_number": club_a.number,
            "amount": "253.00",
            "received_on": "2025-10-30",
            "reference": "EFT 1234",
            "quoted_club_number": "on",
        },
        follow=True,
    )

    assert response.status_code == 200
    assert response.context["statement"].closing_balance == Decimal("0.00")


def test_a_payment_for_an_unknown_club_is_refused_naming_the_club(staff_client):
    response = staff_client.post(
        "/billing/payments/new/",
        {"club_number": 9999, "amount": "10.00", "received_on": "2025-10-30"},
    )

    assert response.status_code == 200
    assert "There is no club number 9999." in response.content.decode()


def test_secretaries_cannot_record_payments(client_a, club_a):
    response = client_a.post(
        "/billing/payments/new/",
        {"club_number": club_a.number, "amount": "1000.00", "received_on": "2025-10-30"},
    )

    assert response.status_code == 403
