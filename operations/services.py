"""The month close (App. E): staff begin it, and resume it; the periodic job resumes a close
a lost worker left. What the close runs, and its task, are in `operations.close_run`; this
module queues that task and is the way in for every caller."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from enum import StrEnum

from django.db import OperationalError, transaction
from django.utils import timezone

from awards.authorisations.services.numbers import b4c_lists_send
from billing.services import event_invoices_email
from centre.models import Period, User
from centre.schemes import current_scheme
from operations.close_run import (
    POST_CLOSE_STEPS,
    MonthCloseError,
    MonthCloseIncomplete,
    close_steps,
    month_close,
    month_close_gold_check,
    month_close_run,
    month_close_start_now,
    month_close_steps_undone,
    month_has_begun,
    month_has_ended,
)
from operations.models import MonthCloseFailure
from ranks.monthly_reports import club_monthly_reports_email

# What the close runs, as its callers name it (the command, the pages, the tests).
__all__ = [
    "MONTH_CLOSE_AUTOMATIC_ATTEMPTS",
    "POST_CLOSE_STEPS",
    "MonthCloseError",
    "MonthCloseIncomplete",
    "MonthCloseNotBegun",
    "MonthCloseResume",
    "MonthCloseTooEarly",
    "close_steps",
    "month_close",
    "month_close_check",
    "month_close_resume",
    "month_close_start",
    "month_close_start_now",
    "month_close_steps_undone",
    "month_closes_resume",
    "month_has_begun",
    "month_has_ended",
]

logger = logging.getLogger(__name__)

# A close that has not finished this long after it started (or a closed month whose steps
# are still not done) has lost its worker; the periodic resume queues it again.
MONTH_CLOSE_STALLED_AFTER = timedelta(minutes=30)
# A run of the close writes a sign of life as it is queued, at every chunk of approvals and
# at every step (close_progress_at), each seconds long at the largest register
# (docs/scaling.md): silent this long, its worker was lost. The month page then says so, and
# staff may resume it at once rather than wait for the queue or the periodic job.
MONTH_CLOSE_SILENT_AFTER = timedelta(minutes=2)
# A step that has failed this often is left to staff: its error is on the month page.
MONTH_CLOSE_AUTOMATIC_ATTEMPTS = 5
# Emails of a month closed this recently that have not gone are queued again.
MONTH_CLOSE_EMAILS_WINDOW = timedelta(days=2)


class MonthCloseTooEarly(MonthCloseError):
    """App. E: a month is closed once it has ended (the scheme's time), unless staff choose an early
    close; credits confirmed after it would otherwise go to the next month unannounced."""

    code = "month_close_too_early"


class MonthCloseNotBegun(MonthCloseError):
    """A month still to come is never closed: an early close is for the month under way."""

    code = "month_close_not_begun"


def month_close_check(
    *, period: Period, by: User, early: bool = False, now: datetime | None = None
) -> None:
    """Refuse a close that may not begin: by anyone but staff, or of a month not yet ended
    (the scheme's time) unless staff chose an early close. A close already begun may go on."""
    if not by.is_centre_staff:
        raise MonthCloseError("Only centre staff close a month.")
    if period.status == Period.Status.OPEN and not month_has_begun(period=period, now=now):
        raise MonthCloseNotBegun(
            f"{period.label} has not begun yet ({current_scheme().time_words}): a month is "
            "closed once it has ended, or early while it is under way, never before it starts."
        )
    if period.status == Period.Status.OPEN:
        month_close_gold_check(period=period)
    if period.status != Period.Status.OPEN or early or month_has_ended(period=period, now=now):
        return
    raise MonthCloseTooEarly(
        f"{period.label} has not ended yet ({current_scheme().time_words}): it can be closed from "
        f"1 {_following_month_label(period)}. To close it now, choose an early close: "
        "credits confirmed after it go to the next month."
    )


def _following_month_label(period: Period) -> str:
    year, month = period.next_month()
    return Period(year=year, month=month).label


def month_close_start(*, period: Period, by: User, early: bool = False) -> Period:
    """Staff begin closing a month: it takes no new credits, and the close task is queued.

    A month that has not ended (Sydney time) is refused unless `early` says staff chose an
    early close; who chose it, and when, is kept with the month (EarlyClose).
    """
    with transaction.atomic():
        period = Period.objects.select_for_update().get(pk=period.pk)
        month_close_check(period=period, by=by, early=early)
        period = month_close_start_now(period=period, by=by, early=early)
        if period.status != Period.Status.CLOSED or month_close_steps_undone(period=period):
            _close_queue(period=period, by=by)
    return period


def _close_queue(*, period: Period, by: User) -> None:
    """Queue a run of the close after the commit; from now it is under way."""
    Period.objects.filter(pk=period.pk).update(close_progress_at=timezone.now())
    period_id, by_id = period.pk, by.pk
    transaction.on_commit(lambda: month_close_run.delay(period_id, by_id))


def month_close_under_way_since(*, period: Period) -> datetime | None:
    """When a run of the close under way last gave a sign of life; None when none is under
    way (the close not begun, done, or stopped on a failed step)."""
    if period.close_progress_at is not None:
        return period.close_progress_at
    if period.status == Period.Status.CLOSING:
        return period.close_started_at  # a close begun before its signs of life were kept
    return None


def month_close_is_silent(*, period: Period, now: datetime | None = None) -> bool:
    """Whether a run of the close is under way and has been silent past
    MONTH_CLOSE_SILENT_AFTER: its worker was lost, and it waits to be retried."""
    since = month_close_under_way_since(period=period)
    if since is None:
        return False
    if period.status == Period.Status.CLOSED and not month_close_steps_undone(period=period):
        return False
    return since <= (now or timezone.now()) - MONTH_CLOSE_SILENT_AFTER


class MonthCloseResume(StrEnum):
    """What pressing Resume did."""

    RESUMED = "resumed"  # a run was queued
    RUNNING = "running"  # a run is under way (or was queued a moment ago): nothing changed
    DONE = "done"  # the month is closed and every step done: nothing changed


def month_close_resume(
    *, period: Period, by: User, now: datetime | None = None
) -> MonthCloseResume:
    """Staff resume a close at once: one its worker lost (silent past
    MONTH_CLOSE_SILENT_AFTER) or one stopped on a failed step, rather than wait for the queue
    or the periodic job to retry it.

    Pressed twice, or while a run is under way, it changes nothing and says so: a run queued
    is a sign of life, and a run holding the month's row lock is running this moment.
    """
    if not by.is_centre_staff:
        raise MonthCloseError("Only centre staff resume a close.")
    now = now or timezone.now()
    with transaction.atomic():
        try:
            with transaction.atomic():
                period = Period.objects.select_for_update(nowait=True).get(pk=period.pk)
        except OperationalError:
            # A chunk of approvals or a step holds the month this moment: the close runs.
            return MonthCloseResume.RUNNING
        if period.status == Period.Status.OPEN:
            raise MonthCloseError(f"{period.label} is open: there is no close to resume.")
        if period.status == Period.Status.CLOSED and not month_close_steps_undone(period=period):
            return MonthCloseResume.DONE
        since = month_close_under_way_since(period=period)
        if since is not None and not month_close_is_silent(period=period, now=now):
            return MonthCloseResume.RUNNING
        logger.warning("Month close %s resumed by %s", period, by)
        _close_queue(period=period, by=by)
    return MonthCloseResume.RESUMED


def month_closes_resume(*, now: datetime | None = None) -> list[Period]:
    """Belt and braces for a lost worker: queue again every close that has stalled, and the
    emails of recently closed months that have not gone; returns the months queued.

    Safe to run at any time and twice: a close runs only what is not done, under the month's
    row lock, and every email is sent once. A month whose step has failed
    MONTH_CLOSE_AUTOMATIC_ATTEMPTS times is left to staff (the month page shows the error).
    """
    now = now or timezone.now()
    before = now - MONTH_CLOSE_STALLED_AFTER
    resumed = []
    candidates = Period.objects.filter(
        status=Period.Status.CLOSING, close_started_at__lte=before
    ) | Period.objects.filter(status=Period.Status.CLOSED, closed_at__lte=before)
    for period in candidates.select_related("closed_by").order_by("year", "month"):
        if period.status == Period.Status.CLOSED and not month_close_steps_undone(period=period):
            continue
        if period.closed_by is None or not period.closed_by.is_centre_staff:
            logger.warning("Month close %s has stalled and no staff member to resume it", period)
            continue
        if MonthCloseFailure.objects.filter(
            period=period,
            resolved_at__isnull=True,
            attempts__gte=MONTH_CLOSE_AUTOMATIC_ATTEMPTS,
        ).exists():
            continue
        logger.warning("Month close %s had stalled; resuming it", period)
        month_close_start(period=period, by=period.closed_by)
        resumed.append(period)
    for period in Period.objects.filter(
        status=Period.Status.CLOSED, closed_at__gte=now - MONTH_CLOSE_EMAILS_WINDOW
    ):
        if month_close_steps_undone(period=period):
            continue
        # Each is sent once (by its key, or its row's emailed_at): queued again, a list or
        # report already sent is not sent again.
        b4c_lists_send(period=period)
        club_monthly_reports_email(period=period)
        event_invoices_email(period=period)
    return resumed
