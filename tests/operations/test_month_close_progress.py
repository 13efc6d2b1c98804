"""The month page follows its close without a reload: a small partial, polled with htmx while
the close is under way, shows the credits approved and each step after the close (App. E)."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import timezone

from awards.ledger.models import Credit
from centre.models import Period
from operations.models import MonthCloseFailure
from operations.services import month_close
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db
ALL_STEPS = [
    "b4c_lists",
    "event_invoices",
    "event_reports",
    "promotions",
    "club_monthly_reports",
    "standings",
]
POLLING = 'hx-trigger="every 3s"'


@pytest.fixture
def month(secretary_a, club_a) -> Period:
    players = PlayerFactory.create_batch(2, home_club=club_a)
    upload_and_confirm(
        secretary_a, "m.grn", grn((players[0].abf_number, 145), (players[1].abf_number, 5))
    )
    return Credit.objects.first().period


def progress(client, period: Period) -> str:
    response = client.get(reverse("operations:month_progress", args=[period.pk]))
    assert response.status_code == 200
    return response.content.decode()


def closed(period: Period, *, done: list[str], step: str) -> Period:
    Period.objects.filter(pk=period.pk).update(
        status=Period.Status.CLOSED,
        closed_at=timezone.now(),
        close_done=2,
        close_total=2,
        close_steps_done=done,
        close_step=step,
    )
    return Period.objects.get(pk=period.pk)


def test_an_open_month_is_not_followed(staff_client, month):
    partial = progress(staff_client, month)
    assert POLLING not in partial
    assert "data-close-steps" not in partial


def test_while_the_credits_are_approved_the_partial_shows_the_count_and_polls(staff_client, month):
    Period.objects.filter(pk=month.pk).update(
        status=Period.Status.CLOSING,
        close_started_at=timezone.now(),
        close_total=2,
        close_done=1,
        close_step="approving credits",
    )
    partial = progress(staff_client, month)
    assert "Closing: 1 of 2 credits approved (50%), approving credits." in partial
    assert POLLING in partial
    assert reverse("operations:month_progress", args=[month.pk]) in partial
    # Every step after the close waits for the credits.
    assert 'data-state="done"' not in partial
    assert partial.count("Runs once the credits are approved.") == len(ALL_STEPS) - 2
    assert "Runs once this is done: Promotions" in partial
    assert "Runs once this is done: Invoices of the state and congress events" in partial
    assert partial.count(">Waiting<") == len(ALL_STEPS)


def test_a_running_step_is_shown_running_with_the_done_ones_done_and_polls(staff_client, month):
    closed(month, done=["b4c_lists", "event_invoices"], step="promotions")
    partial = progress(staff_client, month)
    assert 'data-step="b4c_lists" data-state="done"' in partial
    assert 'data-step="event_invoices" data-state="done"' in partial
    assert 'data-step="promotions" data-state="running"' in partial
    assert "Running now" in partial
    assert 'data-step="club_monthly_reports" data-state="waiting"' in partial
    assert POLLING in partial


def test_a_closed_month_about_to_run_its_steps_is_still_followed(staff_client, month):
    closed(month, done=[], step="closed")
    assert POLLING in progress(staff_client, month)


def test_a_failed_step_shows_its_error_and_the_polling_stops(staff_client, month):
    month = closed(month, done=["b4c_lists"], step="")
    MonthCloseFailure.objects.create(
        period=month,
        step="event_invoices",
        error="DataError: value too long for type character varying(200)",
        failed_at=timezone.now() - timedelta(minutes=1),
    )
    partial = progress(staff_client, month)
    assert 'data-step="event_invoices" data-state="failed"' in partial
    assert "value too long for type character varying(200)" in partial
    assert "Resume the close of" in partial
    assert POLLING not in partial


def test_a_finished_close_shows_every_step_done_and_stops_polling(staff, staff_client, month):
    month_close(period=month, by=staff)
    partial = progress(staff_client, month)
    for name in ALL_STEPS:
        assert f'data-step="{name}" data-state="done"' in partial
    assert "2 credits approved" in partial
    assert POLLING not in partial
    assert "hx-get" not in partial
    assert "Resume" not in partial


def test_the_month_page_polls_the_partial_with_htmx_from_our_own_static_files(staff_client, month):
    Period.objects.filter(pk=month.pk).update(status=Period.Status.CLOSING)
    page = staff_client.get(reverse("operations:month", args=[month.pk])).content.decode()
    assert POLLING in page
    assert 'http-equiv="refresh"' not in page
    # htmx 2, vendored by django-htmx and served by the portal itself, never a CDN.
    assert f'<script src="{settings.STATIC_URL}django_htmx/htmx-2.min.js"' in page
    found = finders.find("django_htmx/htmx-2.min.js")
    assert found is not None and Path(found).stat().st_size > 10_000


@pytest.mark.parametrize("who", ["client_a", "state_client_a"])
def test_secretaries_may_not_read_the_progress(request, who, month):
    client = request.getfixturevalue(who)
    response = client.get(reverse("operations:month_progress", args=[month.pk]))
    assert response.status_code == 403


def test_anonymous_visitor_is_sent_to_log_in_for_the_progress(anonymous_client, month):
    response = anonymous_client.get(reverse("operations:month_progress", args=[month.pk]))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_progress_of_a_month_that_does_not_exist_is_not_found(staff_client):
    assert staff_client.get(reverse("operations:month_progress", args=[999])).status_code == 404
