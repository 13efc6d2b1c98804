"""After a close, one failing step holds no other hostage; the month page shows it and staff
resume it; a lost worker's close is resumed by the periodic job (App. E, 1.4.3, 2.6, 8.1)."""

import threading
from datetime import date, timedelta
from unittest import mock

import pytest
from django.core import mail
from django.db import DataError, OperationalError, connection
from django.urls import reverse
from django.utils import timezone

from awards.ledger.models import Credit
from billing.models import Invoice
from centre.models import Period
from operations import close_run
from operations.models import MonthCloseFailure
from operations.services import (
    MONTH_CLOSE_AUTOMATIC_ATTEMPTS,
    MonthCloseIncomplete,
    month_close,
    month_closes_resume,
)
from ranks.models import ClubMonthlyReport, Promotion
from tests.awards.conftest import grn, upload_and_confirm
from tests.billing.factories import FeeScheduleFactory
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
def month(secretary_a, state_secretary_a, club_a) -> Period:
    """A state event (invoiced at the close) and a club event whose player reaches a rank."""
    players = PlayerFactory.create_batch(2, home_club=club_a)
    upload_and_confirm(
        state_secretary_a, "state.red", grn((players[0].abf_number, 5_00)), grade="B"
    )
    upload_and_confirm(secretary_a, "club.grn", grn((players[1].abf_number, 6_00)))
    return Credit.objects.first().period


def too_long(*args, **kwargs):
    raise DataError("value too long for type character varying(200)")


def refresh(period: Period) -> Period:
    return Period.objects.get(pk=period.pk)


def test_a_failing_step_is_recorded_and_the_steps_that_do_not_need_it_run(staff, month):
    with (
        mock.patch("billing.services.events.invoice_issue", too_long),
        pytest.raises(MonthCloseIncomplete, match="event_invoices"),
    ):
        month_close(period=month, by=staff)
    period = refresh(month)
    assert period.status == Period.Status.CLOSED
    assert period.close_steps_done == [
        "b4c_lists",
        "promotions",
        "club_monthly_reports",
        "standings",
    ]
    assert Promotion.objects.exists() and ClubMonthlyReport.objects.exists()
    failure = MonthCloseFailure.objects.get(period=period)
    assert failure.step == "event_invoices"
    assert "DataError: value too long for type character varying(200)" in failure.error
    assert failure.failed_at is not None and failure.resolved_at is None
    assert not Invoice.objects.exists()

    # Run again once the cause is gone: only the failed step runs, and the event reports
    # (5.4.1) that waited for it.
    period = month_close(period=period, by=staff)
    assert period.close_steps_done == [
        *["b4c_lists", "promotions", "club_monthly_reports", "standings"],
        *["event_invoices", "event_reports"],
    ]
    assert Invoice.objects.filter(kind=Invoice.Kind.EVENT).count() == 1
    assert refresh(period).close_step == "closed"
    failure.refresh_from_db()
    assert failure.resolved_at is not None


def test_the_monthly_reports_wait_for_the_promotions_they_list(staff, month):
    with (
        mock.patch("ranks.services._promote_chunk", side_effect=RuntimeError("rank table")),
        pytest.raises(MonthCloseIncomplete),
    ):
        month_close(period=month, by=staff)
    period = refresh(month)
    assert period.close_steps_done == ["b4c_lists", "event_invoices", "event_reports", "standings"]
    assert not ClubMonthlyReport.objects.exists()
    assert list(MonthCloseFailure.objects.values_list("step", flat=True)) == ["promotions"]

    period = month_close(period=period, by=staff)
    assert sorted(period.close_steps_done) == sorted(ALL_STEPS)
    assert period.close_steps_done[-2:] == ["promotions", "club_monthly_reports"]
    assert ClubMonthlyReport.objects.exists()


def test_the_step_under_way_is_written_before_it_runs(staff, month):
    with (
        mock.patch("ranks.services._promote_chunk", side_effect=WorkerStopped),
        pytest.raises(WorkerStopped),
    ):
        month_close(period=month, by=staff)
    # The step's own work was rolled back with it; the record of what was running was not.
    period = refresh(month)
    assert period.close_step == "promotions"
    assert "promotions" not in period.close_steps_done


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_step_under_way_is_seen_by_others_while_it_runs(staff, month):
    if connection.vendor != "postgresql":
        pytest.skip("another connection's view needs PostgreSQL: set DATABASE_URL")
    FeeScheduleFactory(effective_from=date(2025, 1, 1))  # a flushed database has none
    seen = {}
    real = __import__("ranks.services", fromlist=["promotions_run"]).promotions_run

    def look_from_elsewhere():
        seen["close_step"] = Period.objects.get(pk=month.pk).close_step
        connection.close()

    def promotions(**kwargs):
        other = threading.Thread(target=look_from_elsewhere)
        other.start()
        other.join()
        return real(**kwargs)

    steps = [
        (name, promotions if name == "promotions" else step)
        for name, step in close_run.POST_CLOSE_STEPS
    ]
    with mock.patch("operations.close_run.POST_CLOSE_STEPS", steps):
        month_close(period=month, by=staff)
    assert seen == {"close_step": "promotions"}


def test_the_month_page_shows_the_failed_step_and_staff_resume_it(
    staff, staff_client, month, django_capture_on_commit_callbacks
):
    with (
        mock.patch("billing.services.events.invoice_issue", too_long),
        pytest.raises(MonthCloseIncomplete),
    ):
        month_close(period=month, by=staff)
    url = reverse("operations:month", args=[month.pk])
    page = staff_client.get(url).content.decode()
    assert 'data-step="event_invoices" data-state="failed"' in page
    assert "value too long for type character varying(200)" in page
    assert "Resume the close of" in page
    assert "put right what it names" in page

    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(url, follow=True)
    assert "Resuming the close" in response.content.decode()
    assert refresh(month).close_steps_done[-2:] == ["event_invoices", "event_reports"]
    page = staff_client.get(url).content.decode()
    assert "Resume the close of" not in page
    assert 'data-state="failed"' not in page
    assert Invoice.objects.filter(kind=Invoice.Kind.EVENT).count() == 1


@pytest.mark.parametrize("who", ["client_a", "state_client_a"])
def test_only_staff_may_resume_a_close(
    request, who, staff, month, django_capture_on_commit_callbacks
):
    with (
        mock.patch("billing.services.events.invoice_issue", too_long),
        pytest.raises(MonthCloseIncomplete),
    ):
        month_close(period=month, by=staff)
    client = request.getfixturevalue(who)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        response = client.post(reverse("operations:month", args=[month.pk]))
    assert response.status_code == 403
    assert queued == []
    assert "event_invoices" not in refresh(month).close_steps_done


def test_a_passing_database_error_makes_the_close_task_retry_and_finish(staff, month):
    calls = {"n": 0}
    real = __import__("billing.services.events", fromlist=["x"]).invoice_issue

    def once_then_fine(**kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return real(**kwargs)

    with mock.patch("billing.services.events.invoice_issue", once_then_fine):
        # As a worker runs it: a retry is the task run again, not an error for the caller.
        result = close_run.month_close_run.apply(args=(month.pk, staff.pk), throw=False)
    assert result.successful()
    assert calls["n"] == 2
    assert refresh(month).close_steps_done[-2:] == ["event_invoices", "event_reports"]
    assert MonthCloseFailure.objects.get().resolved_at is not None


def test_a_step_failing_for_good_does_not_make_the_task_fail(staff, month):
    with mock.patch("billing.services.events.invoice_issue", too_long):
        result = close_run.month_close_run.delay(month.pk, staff.pk)
    assert result.successful()
    assert "failed: event_invoices" in result.get()


def test_a_close_left_by_a_lost_worker_is_resumed_by_the_periodic_job(
    staff, month, django_capture_on_commit_callbacks
):
    with (
        mock.patch("ranks.services._promote_chunk", side_effect=WorkerStopped),
        pytest.raises(WorkerStopped),
        # The emails of the steps done before the worker was lost (the event reports) go.
        django_capture_on_commit_callbacks(execute=True),
    ):
        month_close(period=month, by=staff)
    # Too soon to call it stalled: the close may still be running elsewhere.
    assert month_closes_resume() == []
    later = timezone.now() + timedelta(hours=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert month_closes_resume(now=later) == [refresh(month)]
    assert refresh(month).close_steps_done == ALL_STEPS
    sent = len(mail.outbox)
    assert sent >= 1  # the club's monthly report
    # Run twice: nothing more runs, nothing is sent again.
    with django_capture_on_commit_callbacks(execute=True):
        assert month_closes_resume(now=later) == []
    assert len(mail.outbox) == sent


def test_a_close_stopped_while_approving_credits_is_resumed_by_the_periodic_job(
    staff, month, django_capture_on_commit_callbacks
):
    with (
        mock.patch("operations.close_run.credits_approve", side_effect=WorkerStopped),
        pytest.raises(WorkerStopped),
    ):
        month_close(period=month, by=staff)
    assert refresh(month).status == Period.Status.CLOSING
    with django_capture_on_commit_callbacks(execute=True):
        month_closes_resume(now=timezone.now() + timedelta(hours=1))
    period = refresh(month)
    assert period.status == Period.Status.CLOSED
    assert period.close_steps_done == ALL_STEPS


def test_a_step_that_keeps_failing_is_left_to_staff(
    staff, month, django_capture_on_commit_callbacks
):
    with mock.patch("billing.services.events.invoice_issue", too_long):
        for _ in range(MONTH_CLOSE_AUTOMATIC_ATTEMPTS):
            with pytest.raises(MonthCloseIncomplete):
                month_close(period=refresh(month), by=staff)
        with django_capture_on_commit_callbacks(execute=True) as queued:
            assert month_closes_resume(now=timezone.now() + timedelta(hours=1)) == []
    assert queued == []
    assert MonthCloseFailure.objects.get().attempts == MONTH_CLOSE_AUTOMATIC_ATTEMPTS


def test_a_monthly_report_left_unsent_is_sent_once_by_the_periodic_job(
    staff, month, django_capture_on_commit_callbacks
):
    # The queued email was lost (the broker was down when the close committed).
    with (
        mock.patch("ranks.monthly_reports._queue_report_emails"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        month_close(period=month, by=staff)
    report = ClubMonthlyReport.objects.get()

    def monthly_reports_sent() -> list[str]:
        return [m.subject for m in mail.outbox if "monthly report" in m.subject]

    assert report.emailed_at is None and monthly_reports_sent() == []
    with django_capture_on_commit_callbacks(execute=True):
        month_closes_resume()
        month_closes_resume()
    report.refresh_from_db()
    assert report.emailed_at is not None
    assert monthly_reports_sent() == [
        f"Masterpoint Centre monthly report for {report.club.name}, {month.label}"
    ]
