"""NZ Bridge invoices its Regions, as it does its clubs, for the Master Points they issue
(seed 003).

Outline rule 7: "The Board of NZ Bridge sets the fees it charges Regions and Clubs to issue
Master Points ... (b) 50 cents per competing Player per Tournament session. (c) $1 per A
Point. A 10% discount is offered on Tournament sessions provided that the full results and
all the relevant Master Point information ... is received by the NZ Bridge Secretary no later
than one calendar month from the date of the Tournament."

Annual, Quarterly and Monthly Processing: "Master Points check printouts are processed at the
end of each quarter together with invoices and cost reports, e.g. (March, June, September and
December)."

Tournaments General 5: a Region runs its Island, Regional, Metropolitan and Congress
tournaments (statuses 3B to 25A); the Region is invoiced for those, a club for its own.
"""

from decimal import Decimal

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from awards.corrections.services.reversals import upload_reverse
from awards.ledger.models import Event
from billing.models import CreditNote, Invoice, Payment
from tests.factories import PlayerFactory
from tests.schemes.entered import entered_by_the_club
from tests.schemes.test_nothing_of_the_abf import ABF_TERMS, _text
from tests.schemes.test_nz_fees import enter, invoice_quarter, lines, quarter_of
from tests.schemes.test_quarter_gives_back import close_the_rest_of_the_quarter, next_quarter

pytestmark = pytest.mark.django_db

TOURNAMENT = "Tournament sessions: competing players a session, four players a table"
DISCOUNT = (
    "Less 10% on Tournament sessions whose results arrived within a calendar month of the "
    "Tournament"
)


@pytest.fixture
def nz(settings):
    settings.MASTERPOINT_SCHEME = "nz"


def region_tournament(state_client, players, **event):
    """The Region's own 5A Tournament, entered by its secretary the day after: two sessions
    of eight tables, 5.00 and 3.00 A Points."""
    return enter(
        state_client,
        "5A",
        [(players[0].abf_number, "5.00"), (players[1].abf_number, "3.00")],
        name=event.pop("name", "Central Districts 5A Pairs"),
        sessions="2",
        tables="8",
        days_ago=event.pop("days_ago", 2),
        **event,
    )


def test_a_region_is_invoiced_each_quarter_for_the_tournaments_it_ran(
    nz,
    state_client_a,
    state_secretary_a,
    state_a,
    client_a,
    club_a,
    staff_client,
    django_capture_on_commit_callbacks,
):
    players = PlayerFactory.create_batch(2, home_club=club_a)
    tournament = region_tournament(state_client_a, players)
    assert tournament.event.organiser == "state" and tournament.event.state == state_a
    # The club's own session is the club's to pay, not the Region's.
    enter(client_a, "club", [(players[0].abf_number, "0.40")], tables="5")
    year, quarter = quarter_of(tournament.period)

    with django_capture_on_commit_callbacks(execute=True):
        invoice_quarter(year, quarter)
        invoice_quarter(year, quarter)  # run again: nothing twice

    invoice = Invoice.objects.get(state=state_a)
    assert invoice.covers == f"{year}-Q{quarter}"
    # Rule 7(b): 32 players a session over two sessions; the results in within a calendar
    # month, 10% off the sessions; rule 7(c): 8.00 A Points at $1.
    assert lines(invoice) == [
        (TOURNAMENT, "64", "32.00"),
        (DISCOUNT, "64", "-3.20"),
        ("A Points issued", "8", "8.00"),
    ]
    assert invoice.total == Decimal("36.80")
    # The club's invoice has its session only (20 players at 30 cents).
    assert Invoice.objects.get(club=club_a).total == Decimal("6.00")
    assert Invoice.objects.count() == 2

    # Emailed once to the Region's masterpoint secretary, in NZ Bridge's words.
    [email] = [m for m in mail.outbox if invoice.number in m.subject]
    assert email.to == [state_secretary_a.email]
    assert f"masterpoint secretary of {state_a.name}" in email.body
    assert "Quarterly Master Point fees" in email.body and not ABF_TERMS.search(email.body)

    # The Region's secretary finds it under My region, Invoices, and on its statement.
    home = state_client_a.get(reverse("clubs:state_dashboard"))
    labels = {group["label"]: group for group in home.context["navigation_groups"]}
    assert "Invoices" in [entry["label"] for entry in labels["My region"]["entries"]]
    page = state_client_a.get(reverse("billing:region_invoices")).content.decode()
    assert invoice.number in page and "Quarterly Master Point fees" in page
    assert "data-balance>$36.80<" in page
    statement_url = reverse("billing:region_statement", args=[state_a.code])
    statement = state_client_a.get(statement_url).content.decode()
    assert invoice.number in statement and "36.80" in statement
    pdf = state_client_a.get(reverse("billing:invoice_pdf", args=[invoice.number]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert state_client_a.get(statement_url + "?format=pdf").status_code == 200
    for text in (page, statement):
        assert not ABF_TERMS.search(_text(text)), ABF_TERMS.search(_text(text))

    # Staff find the Region's statement from the list of regions.
    regions = staff_client.get(reverse("clubs:states")).content.decode()
    assert f'href="{statement_url}"' in regions
    assert invoice.number in staff_client.get(statement_url).content.decode()


def test_another_region_and_the_clubs_never_see_a_region_s_invoice(
    nz, state_client_a, state_client_b, state_a, client_a, club_a
):
    players = PlayerFactory.create_batch(2, home_club=club_a)
    tournament = region_tournament(state_client_a, players)
    invoice_quarter(*quarter_of(tournament.period))
    invoice = Invoice.objects.get(state=state_a)
    pdf = reverse("billing:invoice_pdf", args=[invoice.number])

    assert state_client_b.get(pdf).status_code == 404
    assert (
        invoice.number
        not in state_client_b.get(reverse("billing:region_invoices")).content.decode()
    )
    statement = reverse("billing:region_statement", args=[state_a.code])
    assert state_client_b.get(statement).status_code == 404
    assert client_a.get(pdf).status_code == 404
    assert client_a.get(statement).status_code == 403


def test_a_region_s_tournament_whose_results_came_after_a_calendar_month_has_no_discount(
    nz, state_client_a, state_a, club_a
):
    players = PlayerFactory.create_batch(2, home_club=club_a)
    tournament = region_tournament(state_client_a, players, name="Late 5A", days_ago=40)

    invoice_quarter(*quarter_of(tournament.period))

    assert lines(Invoice.objects.get(state=state_a)) == [
        (TOURNAMENT, "64", "32.00"),
        ("A Points issued", "8", "8.00"),
    ]


def test_a_region_s_quarter_that_only_gives_back_credits_its_earlier_invoice(
    nz, state_client_a, state_a, club_a, staff
):
    players = PlayerFactory.create_batch(2, home_club=club_a)
    tournament = region_tournament(state_client_a, players)
    invoice_quarter(*quarter_of(tournament.period))
    first = Invoice.objects.get(state=state_a)
    close_the_rest_of_the_quarter(tournament.period)
    correction = upload_reverse(
        upload=tournament, reason="The wrong tournament's results", by=staff
    )
    year, quarter = quarter_of(correction.period)
    assert (year, quarter) == next_quarter(*quarter_of(tournament.period))

    invoice_quarter(year, quarter)
    invoice_quarter(year, quarter)  # run again: nothing twice

    given_back = Invoice.objects.get(state=state_a, covers=f"{year}-Q{quarter}")
    # Never a negative invoice: the sessions and A Points taken back, and where they went.
    assert given_back.total == Decimal("0.00")
    note = CreditNote.objects.get()
    assert note.invoice == first and note.amount == first.total == Decimal("36.80")
    assert note.issued_by == staff
    assert lines(given_back)[-1] == (
        f"Credited on earlier invoices: credit notes {note.number}",
        "1",
        "36.80",
    )
    assert Invoice.objects.get(pk=first.pk).total == first.total
    statement = state_client_a.get(reverse("billing:region_statement", args=[state_a.code]))
    assert note.number in statement.content.decode()
    assert "data-balance>0.00<" in statement.content.decode()


@pytest.mark.parametrize("code", ["abf", "acbl"])
def test_no_other_scheme_invoices_a_region_by_the_quarter(
    settings, code, state_a, state_client_a, staff_client, secretary_a, club_a
):
    """The ABF invoices a state's events as they are processed (its 8.1); the ACBL sets no
    fees: neither has a region's quarterly invoice or its pages."""
    settings.MASTERPOINT_SCHEME = code
    upload = entered_by_the_club(secretary_a, PlayerFactory(home_club=club_a))
    # The event made the region's own, as its secretary's upload would be.
    Event.objects.filter(pk=upload.event_id).update(organiser="state", state=state_a, club=None)

    invoice_quarter(*quarter_of(upload.period))

    assert not Invoice.objects.filter(state=state_a, kind=Invoice.Kind.QUARTERLY).exists()
    assert state_client_a.get(reverse("billing:region_invoices")).status_code == 404
    statement = reverse("billing:region_statement", args=[state_a.code])
    assert staff_client.get(statement).status_code == 404
    assert f'href="{statement}"' not in staff_client.get(reverse("clubs:states")).content.decode()


def test_the_nz_office_records_a_region_s_payment_against_its_account(
    nz, state_client_a, staff_client, state_a, club_a
):
    players = PlayerFactory.create_batch(2, home_club=club_a)
    tournament = region_tournament(state_client_a, players)
    invoice_quarter(*quarter_of(tournament.period))
    statement = reverse("billing:region_statement", args=[state_a.code])
    today = timezone.localdate().isoformat()

    unknown = staff_client.post(
        reverse("billing:payment_new"),
        {"region_code": "ZZZ", "amount": "36.80", "received_on": today},
    )
    both = staff_client.post(
        reverse("billing:payment_new"),
        {
            "club_number": club_a.number,
            "region_code": state_a.code,
            "amount": "36.80",
            "received_on": today,
        },
    )
    assert "There is no region ZZZ." in unknown.content.decode()
    assert "give the region&#x27;s code, not a club number too" in both.content.decode()
    assert not Payment.objects.exists()

    paid = staff_client.post(
        reverse("billing:payment_new"),
        {"region_code": state_a.code.lower(), "amount": "36.80", "received_on": today},
    )

    assert paid.status_code == 302 and paid["Location"] == statement
    assert Payment.objects.get().state == state_a
    page = state_client_a.get(reverse("billing:region_invoices")).content.decode()
    assert "data-balance>$0.00<" in page


def test_the_fee_schedule_page_says_regions_are_invoiced_as_clubs_are(nz, anonymous_client):
    text = _text(anonymous_client.get(reverse("billing:fees")).content.decode())

    assert "Regions and clubs are invoiced at the end of each quarter" in text
