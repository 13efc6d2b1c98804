"""A close whose worker was lost: the month page says what waits, since when and when it will
be retried by itself, and staff may resume it at once, once (App. E)."""

from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from awards.ledger.models import Credit
from centre.models import Period
from operations.selectors import month_close_stall
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


class WorkerStopped(BaseException):
    """A worker killed in the middle of a step: the process ends, nothing is recorded."""


@pytest.fixture
def month(secretary_a, club_a) -> Period:
    player = PlayerFactory(home_club=club_a)
    upload_and_confirm(secretary_a, "club.grn", grn((player.abf_number, 6_00)))
    return Credit.objects.get().period


@pytest.fixture
def stalled(staff, month) -> Period:
    """The worker was lost in the promotions five minutes ago."""
    with (
        mock.patch("ranks.services._promote_chunk", side_effect=WorkerStopped),
        pytest.raises(WorkerStopped),
    ):
        month_close(period=month, by=staff)
    Period.objects.filter(pk=month.pk).update(
        close_progress_at=timezone.now() - timedelta(minutes=5)
    )
    return Period.objects.get(pk=month.pk)


def page(client, period: Period) -> str:
    return client.get(reverse("operations:month", args=[period.pk])).content.decode()


def resume(client, period: Period):
    return client.post(reverse("operations:month_resume", args=[period.pk]), follow=True)


def test_the_month_page_says_what_a_stalled_close_waits_for_and_when_it_is_retried(
    staff_client, stalled, settings
):
    settings.CELERY_BROKER_URL = "redis://broker:6379/0"
    shown = page(staff_client, stalled)
    assert "data-close-stalled" in shown
    assert "Waiting: Promotions and the One Thousand Club (1.4.4, 1.8, 1.9)." in shown
    since = timezone.localtime(stalled.close_progress_at)
    assert f"since {since:%-d %B %Y, %H:%M}" in shown
    # The queue takes a lost worker's run back after its visibility timeout (15 minutes),
    # checked every 100 seconds.
    taken_back = since + timedelta(minutes=15, seconds=100)
    assert f"by {taken_back:%H:%M}, when the queue hands it to another worker" in shown
    assert "when the periodic job resumes it" in shown
    assert "Resume now" in shown

    stall = month_close_stall(period=stalled)
    # The periodic job (minutes 7, 22, 37 and 52) resumes a close half an hour old.
    assert stall.resumed_at.minute in {7, 22, 37, 52}
    due = stalled.closed_at + timedelta(minutes=30)
    assert due <= stall.resumed_at < due + timedelta(minutes=15)
    assert stall.retried_at == min(stall.redelivered_by, stall.resumed_at)


def test_a_close_that_is_alive_shows_no_notice(staff_client, stalled):
    Period.objects.filter(pk=stalled.pk).update(
        close_progress_at=timezone.now() - timedelta(seconds=20)
    )
    shown = page(staff_client, stalled)
    assert "data-close-stalled" not in shown
    assert "Resume now" not in shown


def test_staff_resume_now_runs_the_rest_of_the_close(
    staff_client, stalled, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = resume(staff_client, stalled)
    assert "Resuming the close of" in response.content.decode()
    period = Period.objects.get(pk=stalled.pk)
    assert period.close_steps_done == ALL_STEPS
    assert period.close_progress_at is None
    assert "data-close-stalled" not in page(staff_client, period)


@pytest.mark.parametrize("who", ["client_a", "state_client_a"])
def test_no_login_but_staff_resumes_a_close(
    request, who, stalled, django_capture_on_commit_callbacks
):
    client = request.getfixturevalue(who)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        response = client.post(reverse("operations:month_resume", args=[stalled.pk]))
    assert response.status_code == 403
    assert queued == []
    assert "promotions" not in Period.objects.get(pk=stalled.pk).close_steps_done


def test_resume_is_a_post(staff_client, stalled):
    response = staff_client.get(reverse("operations:month_resume", args=[stalled.pk]))
    assert response.status_code == 405


def test_pressing_resume_twice_runs_the_close_once(
    staff_client, stalled, django_capture_on_commit_callbacks
):
    with (
        mock.patch("operations.services.month_close_run") as run,
        django_capture_on_commit_callbacks(execute=True),
    ):
        first = resume(staff_client, stalled).content.decode()
        second = resume(staff_client, stalled).content.decode()
    run.delay.assert_called_once_with(stalled.pk, stalled.closed_by_id)
    assert "Resuming the close of" in first
    assert "is running, or was resumed a moment ago: nothing changed" in second


def test_resume_of_a_close_that_is_running_or_done_changes_nothing(
    staff_client, stalled, django_capture_on_commit_callbacks
):
    Period.objects.filter(pk=stalled.pk).update(close_progress_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True) as queued:
        running = resume(staff_client, stalled).content.decode()
    assert queued == []
    assert "nothing changed" in running

    with django_capture_on_commit_callbacks(execute=True):
        Period.objects.filter(pk=stalled.pk).update(close_progress_at=None)
        resume(staff_client, stalled)
    sent = len(mail.outbox)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        done = resume(staff_client, stalled).content.decode()
    assert queued == []
    assert "is closed and all its steps are done: nothing changed" in done
    assert len(mail.outbox) == sent
