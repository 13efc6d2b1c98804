"""The staff page of the month close: who may see it, the summary, the close and its progress."""

import pytest
from django.urls import reverse

from awards.ledger.models import Credit
from centre.models import Period
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def period(secretary_a, club_a) -> Period:
    players = PlayerFactory.create_batch(2, home_club=club_a)
    upload_and_confirm(
        secretary_a, "m.grn", grn((players[0].abf_number, 145), (players[1].abf_number, 5))
    )
    return Credit.objects.first().period


def test_staff_see_the_months_provisional_credits_by_club_and_colour(staff_client, period):
    response = staff_client.get(reverse("operations:month", args=[period.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "201 Club A" in page
    assert "1.50" in page
    assert "provisional" in page
    listing = staff_client.get(reverse("operations:months")).content.decode()
    assert period.label in listing


def test_staff_close_the_month_and_see_it_closed(
    staff_client, period, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(
            reverse("operations:month", args=[period.pk]), {"early": "yes"}, follow=True
        )
    assert response.status_code == 200
    period.refresh_from_db()
    assert period.status == Period.Status.CLOSED
    page = staff_client.get(reverse("operations:month", args=[period.pk])).content.decode()
    assert "Closed" in page
    assert "2 credits approved" in page
    assert set(Credit.objects.values_list("state", flat=True)) == {"approved"}


@pytest.mark.parametrize("who", ["client_a", "state_client_a"])
def test_secretaries_may_not_see_or_close_a_month(request, who, period):
    client = request.getfixturevalue(who)
    assert client.get(reverse("operations:months")).status_code == 403
    assert client.post(reverse("operations:month", args=[period.pk])).status_code == 403
    assert Credit.objects.filter(state="provisional").count() == 2


def test_anonymous_visitor_is_sent_to_log_in(anonymous_client, period):
    response = anonymous_client.post(reverse("operations:month", args=[period.pk]))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    assert Credit.objects.filter(state="provisional").count() == 2
