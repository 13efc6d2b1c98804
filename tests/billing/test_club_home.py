"""The club's home page: what needs doing (uploads waiting, the balance and its due date,
the B4c sessions, the next deadline, the latest documents), for its own club only."""

from datetime import date, datetime
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.intake.services.uploads import credit_upload_check
from billing.club_home import next_deadline
from billing.models import Invoice
from billing.services import invoice_issue, payment_record
from clubs.models import B4cEntitlement
from scheme.core.calendar import SYDNEY
from tests.awards.conftest import b4c_points_credited, event, grn
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

HOME = "billing:club_dashboard"


def _home(client) -> str:
    response = client.get(reverse(HOME))
    assert response.status_code == 200
    return response.content.decode()


def _checked_upload(secretary, club, filename: str):
    player = PlayerFactory(home_club=club)
    return credit_upload_check(
        by=secretary,
        filename=filename,
        content=grn((player.abf_number, 42)),
        event=event(name=f"Pairs of {club.name}"),
    )


def test_the_club_home_keeps_its_address():
    assert reverse(HOME) == "/club/"


def test_an_upload_waiting_for_confirmation_is_listed_with_a_link(club_a, secretary_a, client_a):
    upload = _checked_upload(secretary_a, club_a, "monday.grn")

    page = _home(client_a)

    assert "1 upload checked but not yet credited" in page
    assert f'href="{reverse("awards:upload", args=[upload.pk])}"' in page
    # Titled by its event's name, not by the file's.
    assert f"Pairs of {club_a.name}" in page


def test_another_clubs_waiting_upload_is_not_shown(club_b, secretary_b, client_a):
    _checked_upload(secretary_b, club_b, "other-club.grn")

    page = _home(client_a)

    assert "other-club.grn" not in page
    assert "No upload is waiting for confirmation." in page


def _invoice(club, total: str) -> Invoice:
    invoice, _ = invoice_issue(
        club=club,
        kind=Invoice.Kind.QUARTERLY,
        covers="2025-Q3",
        issued_on=date(2025, 10, 1),
        lines=[("Levies, grades C, D, E, F", Decimal(total) / Decimal("2.53"), Decimal("2.53"))],
    )
    return invoice


def test_the_balance_owed_and_the_due_date_of_the_oldest_unpaid_invoice(club_a, client_a, staff):
    invoice = _invoice(club_a, "253.00")
    payment_record(club=club_a, amount=Decimal("100.00"), received_on=date(2025, 10, 15), by=staff)

    page = _home(client_a)

    assert "The club owes <strong data-owed>$153.00</strong>" in page
    assert f"{invoice.due_on:%-d %B %Y}" in page
    assert f'href="{reverse("billing:invoice_pdf", args=[invoice.number])}"' in page


def test_a_club_that_owes_nothing_is_told_so(client_a):
    assert "The club owes nothing." in _home(client_a)


def test_another_clubs_invoice_is_not_shown(club_b, client_a):
    invoice = _invoice(club_b, "253.00")

    page = _home(client_a)

    assert invoice.number not in page
    assert "The club owes nothing." in page


def test_the_b4c_entitlement_and_the_sessions_used(
    club_a, secretary_a, state_secretary_a, client_a
):
    year = timezone.localdate().year
    if event().starts_on.year != year:
        pytest.skip("the helpers' events are dated yesterday: last year on 1 January")
    b4c_points_credited(secretary=secretary_a, state_secretary=state_secretary_a, club=club_a)
    B4cEntitlement.objects.create(club=club_a, year=year, base=6, green_sessions=2, total=8)

    page = _home(client_a)

    assert "Entitled to <strong>8</strong> B4c sessions in" in page
    assert "<strong>1</strong> used, 7 left" in page


def test_a_b4c_entitlement_not_yet_computed_says_so(client_a):
    year = timezone.localdate().year

    assert f"B4c entitlement for {year} is not yet computed" in _home(client_a)


@pytest.mark.parametrize(
    ("now", "deadline", "update", "open_"),
    [
        (
            datetime(2026, 2, 10, 9, 0, tzinfo=SYDNEY),
            datetime(2026, 3, 31, 12, 0),
            date(2026, 4, 1),
            True,
        ),
        (
            datetime(2026, 3, 31, 12, 0, tzinfo=SYDNEY),
            datetime(2027, 3, 31, 12, 0),
            date(2027, 4, 1),
            False,
        ),
        (
            datetime(2026, 11, 23, 9, 0, tzinfo=SYDNEY),
            datetime(2027, 3, 31, 12, 0),
            date(2027, 4, 1),
            False,
        ),
    ],
)
def test_the_next_deadline_is_midday_31_march_and_the_1_april_update(now, deadline, update, open_):
    found = next_deadline(now=now)

    assert found.cancellations_by == deadline.replace(tzinfo=SYDNEY)
    assert found.update_on == update
    assert found.window_open is open_


def test_the_page_shows_the_next_deadline(client_a):
    found = next_deadline(now=timezone.now())

    page = _home(client_a)

    assert f"midday {found.cancellations_by:%-d %B %Y}" in page
    assert f"{found.update_on:%-d %B %Y}</strong> update" in page


def test_the_latest_documents_and_the_tasks_are_linked(client_a, club_a):
    page = _home(client_a)

    assert f'href="{reverse("billing:documents")}"' in page
    assert f'href="{reverse("players:club_report", args=[club_a.number])}"' in page
    assert f'href="{reverse("awards:upload_new")}"' in page


@pytest.mark.parametrize("client_name", ["state_client_a", "staff_client"])
def test_other_roles_are_refused_the_club_home(request, client_name):
    client = request.getfixturevalue(client_name)

    assert client.get(reverse(HOME)).status_code == 403


def test_an_anonymous_visitor_is_sent_to_log_in(anonymous_client):
    response = anonymous_client.get(reverse(HOME))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_youth_players_club_home_speaks_of_no_capitation_uploads_or_account(
    youth_client, client_a
):
    # 1.3.6: the Youth Players' Club pays no capitation and runs no events.
    page = _home(youth_client)
    assert "charged capitation" not in page
    assert 'id="waiting-uploads"' not in page
    assert "Statement of account" not in page
    # A club that pays them still reads all three.
    page = _home(client_a)
    assert "charged capitation" in page
    assert 'id="waiting-uploads"' in page


def test_the_youth_players_club_add_player_form_marks_the_birth_year_required(youth_client):
    session = youth_client.session
    session["registry_searched"] = True
    session.save()
    page = youth_client.get("/players/new/").content.decode()
    field = page.split('<label for="id_birth_year">')[1].split("<label")[0]
    assert 'name="birth_year" required' in field
    assert "Required: the Youth Players&#x27; Club is for players under 26 (1.3.6)." in field
    assert "Optional." not in field
    refused = youth_client.post(
        "/players/new/",
        {"given_names": "Kim", "family_name": "Young", "confirmed_never_registered": "on"},
    ).content.decode()
    assert "Give the player&#x27;s birth year" in refused
