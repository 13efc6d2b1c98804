"""Issue 25, section 1: invoices and levies follow a reversal (8.1). A club's levies are
counted by quarter from its months' credits with their sign, so a reversal lowers the levy of
the quarter it lands in; a state or congress event invoiced at an earlier close is credited
at the close of the month its points were taken back, its invoice never edited."""

from decimal import Decimal

import pytest

from awards.corrections.services.credits import credit_amount_correct
from awards.corrections.services.reversals import upload_reverse
from awards.ledger.models import Credit
from billing.models import CreditNote, Invoice
from billing.selectors import club_levy_points
from billing.services.events import event_invoices_issue
from centre.models import Period
from operations.services import month_close
from scheme.abf.levies import LevyGroup
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def _quarter(period: Period) -> tuple[int, int]:
    return period.year, (period.month - 1) // 3 + 1


def _levies(club, period: Period) -> dict:
    year, quarter = _quarter(period)
    return club_levy_points(club=club, year=year, quarter=quarter)


def test_a_reversed_club_upload_lowers_the_levy_of_the_quarter_it_lands_in(monday, staff, club_a):
    month_close(period=monday.period, by=staff)
    original = Period.objects.get(pk=monday.period_id)
    assert _levies(club_a, original) == {LevyGroup.CLUB_GREEN: 300}

    correction = upload_reverse(upload=monday, reason="Wrong file", by=staff)

    later = correction.period
    if _quarter(later) == _quarter(original):
        # Still the same quarter: nothing of it is levied.
        assert _levies(club_a, later) == {}
    else:
        # The next quarter's levy is lowered by the points taken back.
        assert _levies(club_a, later) == {LevyGroup.CLUB_GREEN: -300}


@pytest.fixture
def state_event(state_a, state_secretary_a, staff):
    """A state's red-point event (grade B), credited and invoiced at its month's close."""
    club = ClubFactory(state=state_a)
    players = PlayerFactory.create_batch(2, home_club=club)
    upload = upload_and_confirm(
        state_secretary_a, "state.red", grn(*((p.abf_number, 1000) for p in players)), grade="B"
    )
    month_close(period=upload.period, by=staff)
    invoice = Invoice.objects.get(kind=Invoice.Kind.EVENT, state=state_a)
    return upload, invoice, players


def test_a_state_events_reversal_is_credited_on_its_invoice_at_the_next_close(state_event, staff):
    upload, invoice, _ = state_event
    correction = upload_reverse(upload=upload, reason="Held on another day", by=staff)

    month_close(period=correction.period, by=staff)

    note = CreditNote.objects.get(invoice=invoice)
    assert note.amount == invoice.total
    assert "20.00 points" in note.reason and correction.period.label in note.reason
    # The invoice itself is as issued, and no invoice of a negative amount was made.
    assert Invoice.objects.get(pk=invoice.pk).total == invoice.total
    assert Invoice.objects.filter(kind=Invoice.Kind.EVENT).count() == 1
    # The close's step run again issues nothing more.
    assert event_invoices_issue(period=Period.objects.get(pk=correction.period_id)) == 0
    assert CreditNote.objects.count() == 1


def test_a_lowered_amount_is_credited_for_its_share_of_the_invoice(state_event, staff):
    upload, invoice, players = state_event
    credit = Credit.objects.get(upload=upload, player=players[0])
    correction = credit_amount_correct(credit=credit, points=500, reason="Half", by=staff)

    month_close(period=correction.period, by=staff)

    # 5.00 of the 20.00 points levied: a quarter of the invoice.
    assert CreditNote.objects.get(invoice=invoice).amount == (invoice.total / 4).quantize(
        Decimal("0.01")
    )
