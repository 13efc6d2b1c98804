"""Work waiting for a login (centre.waiting): counted on the state secretary's and the staff's
home pages, and as a badge beside the menu's page where it is done."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.authorisations.models import AuthorisationRequest
from billing.models import FeeSchedule, Invoice
from centre.models import Period
from centre.waiting import waiting_for

pytestmark = pytest.mark.django_db


def request_made(club, secretary) -> AuthorisationRequest:
    day = timezone.localdate() - timedelta(days=1)
    return AuthorisationRequest.objects.create(
        club=club,
        state=club.state,
        grade="B4c",
        event_name="Red pairs",
        starts_on=day,
        ends_on=day,
        results_filename="r.csv",
        results_content=b"",
        credit_filename="c.red",
        credit_content=b"",
        requested_by=secretary,
    )


def test_nothing_waiting_says_so(state_client_a):
    page = state_client_a.get(reverse("clubs:state_dashboard")).content.decode()
    assert "Nothing is waiting." in page
    assert "data-waiting=" not in page


def test_a_request_to_decide_is_on_the_state_home_and_in_the_menu(
    state_client_a, state_secretary_b, club_a, secretary_a
):
    request_made(club_a, secretary_a)
    page = state_client_a.get(reverse("clubs:state_dashboard")).content.decode()
    assert "1 authorisation request to decide" in page
    assert 'data-waiting="awards:authorisation_requests">1<' in page
    assert "data-waiting-total>1<" in page
    # Another state's secretary has nothing of it.
    assert waiting_for(state_secretary_b) == []


def test_a_month_over_and_open_is_on_the_staff_home_and_in_the_menu(staff_client):
    today = timezone.localdate()
    last = today.replace(day=1) - timedelta(days=1)
    Period.objects.create(year=last.year, month=last.month)
    # The month under way is not yet to close.
    Period.objects.get_or_create(year=today.year, month=today.month)
    page = staff_client.get(reverse("operations:dashboard")).content.decode()
    assert "1 month to approve and close" in page
    assert 'data-waiting="operations:months">1<' in page


def test_an_upload_not_yet_credited_waits_for_its_maker(client_a, secretary_a, club_a):
    from awards.intake.services.uploads import credit_upload_check
    from tests.awards.conftest import event, grn
    from tests.factories import PlayerFactory

    player = PlayerFactory(home_club=club_a)
    credit_upload_check(
        by=secretary_a, filename="a.grn", content=grn((player.abf_number, 50)), event=event()
    )
    page = client_a.get(reverse("awards:uploads")).content.decode()
    assert 'data-waiting="awards:uploads">1<' in page


def test_clubs_with_invoices_overdue_are_on_the_staff_home(staff_client, club_a):
    today = timezone.localdate()
    Invoice.objects.create(
        number="Q-1",
        club=club_a,
        kind=Invoice.Kind.QUARTERLY,
        covers="2026-Q1",
        issued_on=today - timedelta(days=150),
        due_on=today - timedelta(days=120),
        fee_schedule=FeeSchedule.objects.first(),
        total=Decimal("80.00"),
    )
    page = staff_client.get(reverse("operations:dashboard")).content.decode()
    assert "1 club with invoices overdue (8.4)" in page
    assert f"{club_a.name}</a> $80.00" in page
