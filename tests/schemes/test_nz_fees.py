"""NZ Bridge's Master Point fees, as its office and a club would meet them (seed 003).

Outline rule 7: "The present fees are as follows: (a) 30 cents per competing Player per Club
session. (b) 50 cents per competing Player per Tournament session. (c) $1 per A Point. A 10%
discount is offered on Tournament sessions provided that the full results ... is received by
the NZ Bridge Secretary no later than one calendar month from the date of the Tournament."

Annual, Quarterly and Monthly Processing: "Master Points check printouts are processed at the
end of each quarter together with invoices and cost reports, e.g. (March, June, September and
December)."
"""

from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from awards.intake.models import CreditUpload
from billing.models import Invoice
from centre.models import Period
from tests.factories import PlayerFactory
from tests.schemes.test_nothing_of_the_abf import ABF_TERMS, _text

pytestmark = pytest.mark.django_db


@pytest.fixture
def nz(settings):
    settings.MASTERPOINT_SCHEME = "nz"


def enter(client, grade: str, rows, *, days_ago: int = 1, **event) -> CreditUpload:
    """A club's award entered on the Sundry page and confirmed, as its secretary does."""
    data = {
        "name": event.pop("name", "Thursday pairs"),
        "starts_on": (timezone.localdate() - timedelta(days=days_ago)).isoformat(),
        "grade": grade,
        "kind": "pairs",
        "sessions": "1",
        **event,
    }
    for index, (number, points) in enumerate(rows, start=1):
        data[f"abf-{index}"] = number
        data[f"points-{index}"] = points
    response = client.post(reverse("awards:sundry"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    upload = CreditUpload.objects.latest("pk")
    confirmed = client.post(
        reverse("awards:upload_confirm", args=[upload.pk]), {"above_most_checked": "on"}
    )
    assert confirmed.status_code == 302
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CREDITED
    return upload


def quarter_of(period: Period) -> tuple[int, int]:
    return period.year, (period.month - 1) // 3 + 1


def invoice_quarter(year: int, quarter: int) -> None:
    """The office's quarterly run (the scheduled job runs the same command's service)."""
    call_command("invoice_quarter", year=year, quarter=quarter, stdout=StringIO())


def lines(invoice: Invoice) -> list[tuple[str, str, str]]:
    return [
        (line.description.split(" (")[0], f"{line.quantity.normalize():f}", str(line.amount))
        for line in invoice.lines.all()
    ]


# -- the fee schedule page --


def test_the_fee_schedule_page_shows_nz_bridge_s_fees_and_that_clubs_are_invoiced_quarterly(
    nz, anonymous_client
):
    response = anonymous_client.get(reverse("billing:fees"))

    assert response.status_code == 200
    text = response.content.decode()
    # Rule 7 (a), (b), (c), in dollars.
    for what, dollars in (
        ("Each competing player, each Club session", "0.30"),
        ("Each competing player, each Tournament session", "0.50"),
        ("Each A Point issued", "1.00"),
    ):
        assert what in text and f'<td class="number">{dollars}</td>' in text
    assert "10% discount" in text and "one calendar month" in text
    assert "end of each quarter (March, June, September and December)" in text
    # Nothing of the ABF's schedule.
    assert "capitation" not in text.lower() and "levy" not in text.lower()


def test_the_fee_schedule_is_linked_from_the_menu_under_nz(nz, anonymous_client):
    home = anonymous_client.get("/").content.decode()
    assert f'href="{reverse("billing:fees")}"' in home


def test_the_acbl_which_sets_no_fees_has_no_fee_page(settings, anonymous_client):
    settings.MASTERPOINT_SCHEME = "acbl"
    assert anonymous_client.get(reverse("billing:fees")).status_code == 404


# -- a quarter's invoice --


def test_a_club_s_sessions_and_a_points_are_invoiced_at_the_end_of_the_quarter(
    nz, client_a, club_a, secretary_a, client_b, django_capture_on_commit_callbacks
):
    players = PlayerFactory.create_batch(2, home_club=club_a)
    # A club session of 7 tables: 28 competing players (rule 7(a)).
    club_night = enter(
        client_a,
        "club",
        [(players[0].abf_number, "0.40"), (players[1].abf_number, "0.30")],
        tables="7",
    )
    # The club's own 3A Tournament over two sessions of 10 tables, its results in the next day:
    # 40 players a session (rule 7(b)), the 10% discount, and 5.00 A Points (rule 7(c)).
    enter(
        client_a,
        "3A",
        [(players[0].abf_number, "3.00"), (players[1].abf_number, "2.00")],
        name="Club 3A Pairs",
        sessions="2",
        tables="10",
        days_ago=2,
    )
    year, quarter = quarter_of(club_night.period)

    with django_capture_on_commit_callbacks(execute=True):
        invoice_quarter(year, quarter)
        invoice_quarter(year, quarter)  # run again: nothing twice

    invoice = Invoice.objects.get(club=club_a)
    # Emailed once to the club's masterpoint secretary, in NZ's words.
    [email] = [m for m in mail.outbox if invoice.number in m.subject]
    assert email.to == [club_a.secretary_email]
    assert "Quarterly Master Point fees" in email.body and not ABF_TERMS.search(email.body)
    assert invoice.covers == f"{year}-Q{quarter}"
    assert lines(invoice) == [
        ("Club sessions: competing players a session, four players a table", "28", "8.40"),
        ("Tournament sessions: competing players a session, four players a table", "80", "40.00"),
        (
            "Less 10% on Tournament sessions whose results arrived within a calendar month of "
            "the Tournament",
            "80",
            "-4.00",
        ),
        ("A Points issued", "5", "5.00"),
    ]
    assert invoice.total == Decimal("49.40")

    # The club's secretary finds it on the documents page and the statement, in NZ's words.
    documents = client_a.get(reverse("billing:documents")).content.decode()
    assert invoice.number in documents and "Quarterly Master Point fees" in documents
    statement = client_a.get(reverse("billing:statement")).content.decode()
    assert invoice.number in statement and "49.40" in statement
    pdf = client_a.get(reverse("billing:invoice_pdf", args=[invoice.number]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    # Another club's secretary is never shown it.
    assert client_b.get(reverse("billing:invoice_pdf", args=[invoice.number])).status_code == 404
    assert invoice.number not in client_b.get(reverse("billing:documents")).content.decode()
    # Nothing of the ABF on the pages that show it.
    for page in (documents, statement, client_a.get(reverse("billing:club_dashboard")).content):
        text = _text(page if isinstance(page, str) else page.decode())
        assert not ABF_TERMS.search(text), ABF_TERMS.search(text)


def test_the_nz_office_finds_each_club_s_statement_from_the_clubs_list(
    nz, staff_client, client_a, club_a
):
    player = PlayerFactory(home_club=club_a)
    upload = enter(client_a, "club", [(player.abf_number, "0.50")], tables="4")
    invoice_quarter(*quarter_of(upload.period))
    invoice = Invoice.objects.get(club=club_a)

    clubs = staff_client.get(reverse("clubs:list")).content.decode()
    statement_url = reverse("billing:club_statement", args=[club_a.number])
    statement = staff_client.get(statement_url).content.decode()

    assert f'href="{statement_url}"' in clubs
    assert invoice.number in statement and "4.80" in statement  # 16 players x 30 cents


def test_the_nz_office_records_a_club_s_payment_without_the_abf_s_fee(nz, staff_client, club_a):
    form = staff_client.get(reverse("billing:payment_new")).content.decode()
    # Clubs pay NZ Bridge: no state or congress organiser payers, no 8.4 administration fee.
    assert not ABF_TERMS.search(_text(form))
    assert 'name="quoted_club_number"' not in form and 'name="state_code"' not in form

    response = staff_client.post(
        reverse("billing:payment_new"),
        {"club_number": club_a.number, "amount": "49.40", "received_on": "2026-10-05"},
    )

    assert response.status_code == 302
    assert not Invoice.objects.exists()
    missing = staff_client.post(
        reverse("billing:payment_new"), {"amount": "1.00", "received_on": "2026-10-05"}
    )
    assert "Give the club number of the club that paid." in missing.content.decode()


def test_a_tournament_whose_results_came_after_a_calendar_month_has_no_discount(
    nz, client_a, club_a
):
    player = PlayerFactory(home_club=club_a)
    upload = enter(
        client_a, "3A", [(player.abf_number, "3.00")], name="Late 3A", tables="5", days_ago=40
    )
    year, quarter = quarter_of(upload.period)

    invoice_quarter(year, quarter)

    assert lines(Invoice.objects.get(club=club_a)) == [
        ("Tournament sessions: competing players a session, four players a table", "20", "10.00"),
        ("A Points issued", "3", "3.00"),
    ]


def test_without_the_tables_a_session_counts_the_players_credited(nz, client_a, club_a):
    players = PlayerFactory.create_batch(3, home_club=club_a)
    upload = enter(client_a, "club", [(p.abf_number, "0.20") for p in players])
    year, quarter = quarter_of(upload.period)

    invoice_quarter(year, quarter)

    assert lines(Invoice.objects.get(club=club_a)) == [
        (
            "Club sessions: competing players a session, the players credited, as the tables "
            "were not given",
            "3",
            "0.90",
        )
    ]
