"""On PostgreSQL the ledger is append-only in the database itself: a credit is never changed
(only approved, at the month close) nor deleted; an issued invoice is never changed (only
marked as emailed, once) nor deleted, nor are its lines or credit notes (App. E, 8.1); none of
them, nor a grant, is ever truncated."""

from datetime import date
from decimal import Decimal

import pytest
from django.core.mail import EmailMessage
from django.db import IntegrityError, connection, transaction

from awards.grants.models import Grant
from awards.grants.services.grants import grant_make
from awards.ledger.models import Credit
from awards.ledger.selectors import totals_disagreements
from billing.models import CreditNote, Invoice, InvoiceLine
from billing.services import credit_note_issue, invoice_issue
from centre.mail import email_once
from operations.services import month_close
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("the ledger's triggers are PostgreSQL's: set DATABASE_URL=postgres://...")


@pytest.fixture
def credit(secretary_a, club_a) -> Credit:
    player = PlayerFactory(home_club=club_a)
    upload_and_confirm(secretary_a, "m.grn", grn((player.abf_number, 1_50)))
    return Credit.objects.get(player=player)


def refused(sql: str, params: list) -> str:
    with (
        pytest.raises(IntegrityError) as refusal,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params)
    return str(refusal.value)


def test_a_credits_points_cannot_be_changed_through_sql_or_the_orm(credit):
    message = refused("UPDATE awards_credit SET points = 99999 WHERE id = %s", [credit.pk])
    assert "never changed" in message
    with pytest.raises(IntegrityError), transaction.atomic():
        Credit.objects.filter(pk=credit.pk).update(points=99999)
    credit.points = 1
    with pytest.raises(IntegrityError), transaction.atomic():
        credit.save()
    assert Credit.objects.get(pk=credit.pk).points == 1_50


@pytest.mark.parametrize(
    "change",
    [
        "player_id = player_id + 0, points = points + 1",
        "colour = 'gold'",
        "event_id = event_id + 1000000",
        "state = 'approved', points = 1",
        "state = 'approved', upload_id = NULL",
        "period_id = period_id + 1",
        "reason = 'edited'",
    ],
)
def test_no_column_of_a_credit_changes_not_even_with_its_approval(credit, change):
    refused(f"UPDATE awards_credit SET {change} WHERE id = %s", [credit.pk])  # noqa: S608
    assert Credit.objects.get(pk=credit.pk).state == Credit.State.PROVISIONAL


def test_an_approved_credit_cannot_go_back_to_provisional(credit, staff):
    month_close(period=credit.period, by=staff)
    refused("UPDATE awards_credit SET state = 'provisional' WHERE id = %s", [credit.pk])


def test_a_credit_cannot_be_deleted_through_sql_or_the_orm(credit):
    message = refused("DELETE FROM awards_credit WHERE id = %s", [credit.pk])
    assert "never deleted" in message
    with pytest.raises(IntegrityError), transaction.atomic():
        Credit.objects.filter(pk=credit.pk).delete()
    with pytest.raises(IntegrityError), transaction.atomic():
        credit.delete()
    assert Credit.objects.filter(pk=credit.pk).exists()


def test_the_month_close_still_approves_the_credits(credit, staff):
    period = month_close(period=credit.period, by=staff)
    assert period.close_steps_done == [
        "b4c_lists",
        "event_invoices",
        "event_reports",
        "promotions",
        "club_monthly_reports",
        "standings",
    ]
    assert Credit.objects.get(pk=credit.pk).state == Credit.State.APPROVED
    assert totals_disagreements() == []


@pytest.fixture
def invoice(club_a) -> Invoice:
    invoice, _ = invoice_issue(
        club=club_a,
        kind=Invoice.Kind.FEE,
        covers="fee:test",
        issued_on=date(2025, 9, 1),
        lines=[("Administration fee (8.4)", Decimal("1"), Decimal("10.00"))],
    )
    return invoice


def test_an_issued_invoice_its_lines_and_credit_notes_cannot_be_changed_or_deleted(invoice, staff):
    note = credit_note_issue(
        invoice=invoice,
        amount=Decimal("2.00"),
        reason="Charged twice",
        issued_on=date.today(),
        by=staff,
    )
    line = invoice.lines.get()
    refused("UPDATE billing_invoice SET total = 0 WHERE id = %s", [invoice.pk])
    refused("UPDATE billing_invoice SET club_id = NULL, state_id = 1 WHERE id = %s", [invoice.pk])
    refused("DELETE FROM billing_invoice WHERE id = %s", [invoice.pk])
    refused("UPDATE billing_invoiceline SET amount = 0 WHERE id = %s", [line.pk])
    refused("DELETE FROM billing_invoiceline WHERE id = %s", [line.pk])
    refused("UPDATE billing_creditnote SET amount = 200 WHERE id = %s", [note.pk])
    refused("DELETE FROM billing_creditnote WHERE id = %s", [note.pk])
    with pytest.raises(IntegrityError), transaction.atomic():
        Invoice.objects.filter(pk=invoice.pk).update(total=Decimal("0.00"))
    with pytest.raises(IntegrityError), transaction.atomic():
        InvoiceLine.objects.filter(pk=line.pk).delete()
    with pytest.raises(IntegrityError), transaction.atomic():
        CreditNote.objects.filter(pk=note.pk).update(reason="edited")
    invoice.refresh_from_db()
    assert invoice.total == Decimal("10.00")


def test_an_invoice_is_marked_as_emailed_once_and_only_that(invoice):
    sent = email_once(
        queryset=Invoice.objects.all(),
        pk=invoice.pk,
        compose=lambda row: EmailMessage("Invoice", "Attached.", to=["club@example.org"]),
    )
    assert sent is not None and Invoice.objects.get(pk=invoice.pk).emailed_at is not None
    # Once sent, not even the mark changes again.
    refused("UPDATE billing_invoice SET emailed_at = NULL WHERE id = %s", [invoice.pk])
    refused("UPDATE billing_invoice SET emailed_at = now(), total = 1 WHERE id = %s", [invoice.pk])


def truncate_refused(sql: str) -> str:
    """TRUNCATE as a deployment's session runs it: without the test suite's allowance."""
    with (
        pytest.raises(IntegrityError) as refusal,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        # The test's own rows wait on deferred foreign keys, which TRUNCATE will not pass.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET LOCAL masterpoints.allow_truncate = off")
        cursor.execute(sql)
    return str(refusal.value)


@pytest.mark.parametrize(
    "statement",
    [
        # Without CASCADE a table goes only with the tables that refer to it.
        "TRUNCATE billing_invoice, billing_invoiceline, billing_creditnote",
        "TRUNCATE billing_invoiceline",
        "TRUNCATE billing_creditnote",
        "TRUNCATE billing_invoice CASCADE",
        "TRUNCATE billing_invoiceline CASCADE",
        "TRUNCATE billing_creditnote CASCADE",
    ],
)
def test_issued_invoices_their_lines_and_credit_notes_cannot_be_truncated(
    invoice, staff, statement
):
    credit_note_issue(
        invoice=invoice,
        amount=Decimal("2.00"),
        reason="Charged twice",
        issued_on=date.today(),
        by=staff,
    )
    message = truncate_refused(statement)
    assert "holds issued documents and is never truncated" in message
    kept = (Invoice.objects.count(), InvoiceLine.objects.count(), CreditNote.objects.count())
    assert kept == (1, 1, 1)


def test_a_truncate_that_cascades_to_the_invoices_from_another_table_is_refused(invoice):
    # The fee schedules reach the invoices alone (the clubs reach the ledger's corrections too,
    # whose own guard may answer first).
    message = truncate_refused("TRUNCATE billing_feeschedule CASCADE")
    assert "holds issued documents and is never truncated" in message
    assert Invoice.objects.filter(pk=invoice.pk).exists()


@pytest.fixture
def grant(staff, club_a) -> Grant:
    return grant_make(
        by=staff,
        player=PlayerFactory(home_club=club_a),
        basis="resident",
        rank_name="Life Master",
        reason="Moved from Auckland; NZ record of 250 A points",
        country="New Zealand",
        nz_a_points=Decimal("250"),
    )


@pytest.mark.parametrize(
    "statement",
    [
        # Without CASCADE a table goes only with the tables that refer to it.
        "TRUNCATE awards_credit, awards_heldcredit, awards_correctioncredit, ranks_eligiblewin",
        "TRUNCATE awards_grant",
        "TRUNCATE awards_credit CASCADE",
        "TRUNCATE awards_grant CASCADE",
        # Reached by CASCADE from what the ledger refers to.
        "TRUNCATE players_player CASCADE",
        "TRUNCATE awards_event CASCADE",
        "TRUNCATE centre_period CASCADE",
    ],
)
def test_the_ledger_s_credits_and_grants_cannot_be_truncated(credit, grant, statement):
    credits = Credit.objects.count()
    message = truncate_refused(statement)
    assert "is part of the ledger and is never truncated" in message
    assert Credit.objects.count() == credits
    assert Grant.objects.filter(pk=grant.pk).exists()


def test_the_test_suite_s_own_connections_may_truncate_for_its_flush():
    # pytest-django empties the tables between transactional tests with TRUNCATE.
    with connection.cursor() as cursor:
        cursor.execute("SHOW masterpoints.allow_truncate")
        assert cursor.fetchone() == ("on",)
