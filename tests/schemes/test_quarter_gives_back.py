"""A club's quarter that holds only a reversal (a correction of an earlier quarter's upload,
docs/corrections.md) is never a negative invoice: as billing credits an event's invoice for
points taken back (billing.services.event_corrections), the earlier invoice is credited by a
credit note, never edited, for at most what it has not yet been credited (a paid invoice too:
the credit is then the club's on its statement); what no invoice can take is carried to the
next quarter's invoice.

Under NZ Bridge (seed 003, Outline rule 7: "30 cents per competing Player per Club session"),
a reversed club session gives back its sessions' fees; under the ABF (8.1), its levy."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.corrections.services.reversals import upload_reverse
from billing.models import CreditNote, Invoice
from billing.services import credit_note_issue
from centre.models import Period
from scheme.core.calendar import quarter_months
from tests.factories import PlayerFactory
from tests.schemes.test_nz_fees import enter, invoice_quarter, lines, quarter_of

pytestmark = pytest.mark.django_db

# The grade of a club's own session under each scheme, and its shape.
CLUB_SESSION = {"nz": ("club", {"tables": "7"}), "abf": ("E", {})}


def close_the_rest_of_the_quarter(period: Period) -> None:
    """The quarter's months closed (the month closes' effect on where credits go), so the
    next credit or correction lands in the next quarter."""
    year, quarter = quarter_of(period)
    for y, m in quarter_months(year, quarter):
        Period.objects.update_or_create(
            year=y, month=m, defaults={"status": Period.Status.CLOSED, "closed_at": timezone.now()}
        )


def next_quarter(year: int, quarter: int) -> tuple[int, int]:
    return (year + 1, 1) if quarter == 4 else (year, quarter + 1)


@pytest.fixture(params=["nz", "abf"])
def code(request, settings) -> str:
    settings.MASTERPOINT_SCHEME = request.param
    return request.param


@pytest.fixture
def invoiced_session(code, client_a, club_a):
    """A club session credited in one quarter and invoiced at its end."""
    grade, shape = CLUB_SESSION[code]
    players = PlayerFactory.create_batch(2, home_club=club_a)
    upload = enter(
        client_a,
        grade,
        [(players[0].abf_number, "1.00"), (players[1].abf_number, "0.50")],
        **shape,
    )
    year, quarter = quarter_of(upload.period)
    invoice_quarter(year, quarter)
    invoice = Invoice.objects.get(club=club_a, covers=f"{year}-Q{quarter}")
    assert invoice.total > 0
    return upload, invoice


def test_a_quarter_of_only_a_reversal_credits_the_earlier_invoice(
    invoiced_session, club_a, staff, client_a
):
    upload, first = invoiced_session
    close_the_rest_of_the_quarter(upload.period)
    correction = upload_reverse(upload=upload, reason="The wrong night's results", by=staff)
    year, quarter = quarter_of(correction.period)
    assert (year, quarter) == next_quarter(*quarter_of(upload.period))

    invoice_quarter(year, quarter)
    invoice_quarter(year, quarter)  # run again: nothing twice

    given_back = Invoice.objects.get(club=club_a, covers=f"{year}-Q{quarter}")
    # Never below nothing: the lines taken back, and where they went.
    assert given_back.total == Decimal("0.00")
    note = CreditNote.objects.get()
    assert note.invoice == first and note.amount == first.total
    assert note.issued_by == staff
    assert lines(given_back)[-1] == (
        f"Credited on earlier invoices: credit notes {note.number}",
        "1",
        str(first.total),
    )
    assert sum(line.amount for line in given_back.lines.all() if line.amount < 0) == -first.total
    # The first invoice is as issued; the club owes nothing.
    assert Invoice.objects.get(pk=first.pk).total == first.total
    statement = client_a.get(reverse("billing:statement")).content.decode()
    assert note.number in statement
    assert "data-balance>0.00<" in statement


def test_what_no_invoice_can_take_is_carried_to_the_next_quarter(
    invoiced_session, code, club_a, staff, client_a
):
    upload, first = invoiced_session
    # The Centre waived the first invoice: nothing is left on it to credit.
    waiver = credit_note_issue(
        invoice=first,
        amount=first.total,
        reason="Waived: the club's first quarter",
        issued_on=first.issued_on,
        by=staff,
    )
    close_the_rest_of_the_quarter(upload.period)
    correction = upload_reverse(upload=upload, reason="The wrong night's results", by=staff)
    year, quarter = quarter_of(correction.period)

    invoice_quarter(year, quarter)

    carried = Invoice.objects.get(club=club_a, covers=f"{year}-Q{quarter}")
    assert carried.total == Decimal("0.00")
    assert list(CreditNote.objects.all()) == [waiver]
    assert lines(carried)[-1] == (
        "Carried to the next quarter: taken off the next quarter's invoice",
        "1",
        str(first.total),
    )

    # The next quarter's invoice takes it off, first of its lines.
    close_the_rest_of_the_quarter(correction.period)
    grade, shape = CLUB_SESSION[code]
    player = PlayerFactory(home_club=club_a)
    later = enter(client_a, grade, [(player.abf_number, "5.00")], name="Friday pairs", **shape)
    year, quarter = quarter_of(later.period)
    invoice_quarter(year, quarter)

    following = Invoice.objects.get(club=club_a, covers=f"{year}-Q{quarter}")
    assert lines(following)[0][0].startswith(f"Carried from {carried.covers}")
    assert lines(following)[0][2] == str(-first.total)
    charged = sum(line.amount for line in following.lines.all()[1:])
    assert following.total == charged - first.total
