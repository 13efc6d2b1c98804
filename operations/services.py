"""The month close (App. E): approve the month's credits, close it, then run its steps."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from awards.models import Credit
from awards.services.authorisations import b4c_lists_send
from awards.services.totals import credits_approve
from billing.services import event_invoices_issue
from centre.errors import DomainError
from centre.models import Period, User
from ranks.services import club_monthly_reports_issue, promotions_run

logger = logging.getLogger(__name__)

# What happens once a month is closed, in order. Each step takes the closed period, must be
# safe to run again, and is recorded on the period when done so that a resumed close does
# not repeat it. The promotions, certificates and reports of issue 6 are added here.
POST_CLOSE_STEPS: list[tuple[str, Callable[..., object]]] = [
    # 2.6: "At the end of each month, the Centre will provide a list of all B4c points
    # processed to the participating State Masterpoint Secretary."
    ("b4c_lists", b4c_lists_send),
    # 8.1: congress and state events are invoiced to their organisers as they are processed.
    ("event_invoices", event_invoices_issue),
    # 1.4.4, 1.8, 1.9: promotions and the One Thousand Club, only at a month close.
    ("promotions", promotions_run),
    # 1.4.3: each club's monthly report with its promotions and certificates, emailed once.
    ("club_monthly_reports", club_monthly_reports_issue),
]

MONTH_CLOSE_CHUNK = 5000


class MonthCloseError(DomainError):
    code = "month_close"


def month_close_start(*, period: Period, by: User) -> Period:
    """Staff begin closing a month: it takes no new credits, and the close task is queued."""
    from operations import tasks

    if not by.is_centre_staff:
        raise MonthCloseError("Only centre staff close a month.")
    with transaction.atomic():
        period = month_close_start_now(period=period, by=by)
        if period.status != Period.Status.CLOSED or set(period.close_steps_done) != {
            name for name, _ in POST_CLOSE_STEPS
        }:
            period_id, by_id = period.pk, by.pk
            transaction.on_commit(lambda: tasks.month_close.delay(period_id, by_id))
    return period


def month_close(
    *,
    period: Period,
    by: User,
    chunk_size: int = MONTH_CLOSE_CHUNK,
    progress: Callable[[Period], object] | None = None,
) -> Period:
    """Approve every provisional credit of the month, close it, then run the post-close steps.

    Works in chunks, each its own transaction, so that a close of a national month can be
    watched (progress on the period) and, if stopped halfway, resumed: only provisional
    credits are approved, and a closed month with its steps done is left as it is, so a
    second run changes nothing.
    """
    if not by.is_centre_staff:
        raise MonthCloseError("Only centre staff close a month.")
    if period.status == Period.Status.OPEN:
        period = month_close_start_now(period=period, by=by)
    while True:
        with transaction.atomic():
            period = Period.objects.select_for_update().get(pk=period.pk)
            if period.status == Period.Status.CLOSED:
                break
            approved = credits_approve(period=period, limit=chunk_size)
            if approved:
                period.close_done += approved
                period.close_total = max(period.close_total, period.close_done)
                period.save(update_fields=["close_done", "close_total"])
                if progress:
                    progress(period)
                continue
            period.status = Period.Status.CLOSED
            period.closed_at = timezone.now()
            period.close_step = "closed"
            period.save(update_fields=["status", "closed_at", "close_step"])
    return month_close_after(period=period)


def month_close_start_now(*, period: Period, by: User) -> Period:
    """Mark a month as closing without queueing the task (the caller is the task)."""
    with transaction.atomic():
        period = Period.objects.select_for_update().get(pk=period.pk)
        if period.status == Period.Status.OPEN:
            period.status = Period.Status.CLOSING
            period.close_started_at = timezone.now()
            period.closed_by = by
            period.close_total = Credit.objects.filter(
                period=period, state=Credit.State.PROVISIONAL
            ).count()
            period.close_step = "approving credits"
            period.save()
    return period


def month_close_after(*, period: Period) -> Period:
    """Run the post-close steps not yet run for this closed month, recording each."""
    for name, step in POST_CLOSE_STEPS:
        with transaction.atomic():
            period = Period.objects.select_for_update().get(pk=period.pk)
            if name in period.close_steps_done:
                continue
            period.close_step = name
            step(period=period)
            period.close_steps_done = [*period.close_steps_done, name]
            period.close_step = "closed"
            period.save(update_fields=["close_steps_done", "close_step"])
    return period
