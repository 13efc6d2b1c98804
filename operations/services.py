"""The month close (App. E): approve the month's credits, close it, then run its steps."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from awards.models import Credit, CreditUpload
from awards.services.authorisations import b4c_lists_send
from awards.services.totals import credits_approve
from billing.services import event_invoices_email, event_invoices_issue
from centre.errors import DomainError
from centre.models import Period, User
from centre.schemes import current_scheme
from centre.text import shorten
from operations.models import EarlyClose, MonthCloseFailure
from ranks.services import club_monthly_reports_email, club_monthly_reports_issue, promotions_run
from ranks.standings import standings_refresh_at_close
from scheme.base import AUTHORISATIONS, LEVIES
from scheme.core.calendar import sydney_month

logger = logging.getLogger(__name__)

# What happens once a month is closed, in order. Each step takes the closed period, must be
# safe to run again, runs in a transaction of its own, and is recorded on the period when done
# so that a resumed close does not repeat it. A step that raises is recorded on the month
# (MonthCloseFailure) and the others go on, except those that need it (STEP_NEEDS).
POST_CLOSE_STEPS: list[tuple[str, Callable[..., object]]] = [
    # 2.6: "At the end of each month, the Centre will provide a list of all B4c points
    # processed to the participating State Masterpoint Secretary."
    ("b4c_lists", b4c_lists_send),
    # 8.1: congress and state events are invoiced to their organisers as they are processed.
    ("event_invoices", event_invoices_issue),
    # 1.4.3, 5.4.1: each event's report and invoice, to the congress convener (a copy to the
    # State Masterpoint Secretary) or to the state that ran it, emailed once.
    ("event_reports", event_invoices_email),
    # 1.4.4, 1.8, 1.9: promotions and the One Thousand Club, only at a month close.
    ("promotions", promotions_run),
    # 1.4.3: each club's monthly report with its promotions and certificates, emailed once.
    ("club_monthly_reports", club_monthly_reports_issue),
    # 1.7.2, 1.7.3, 1.4.4: the year's standings and the national positions, kept for the
    # public reads; last, so that the pages cached before the promotions are dropped too.
    ("standings", standings_refresh_at_close),
]

# The steps that need others done first; every other step stands alone (the B4c lists, the
# event invoices and the promotions read only the month's approved credits).
STEP_NEEDS: dict[str, tuple[str, ...]] = {
    # 1.4.3, 1.8: the report lists the month's promotions and carries their certificates.
    "club_monthly_reports": ("promotions",),
    # 5.4.1: the report goes with the event's invoice.
    "event_reports": ("event_invoices",),
}

STEP_LABELS: dict[str, str] = {
    "b4c_lists": "B4c lists to the state secretaries (2.6)",
    "event_invoices": "Invoices of the state and congress events (8.1)",
    "event_reports": "Reports and invoices to the congress conveners and states (5.4.1, 1.4.3)",
    "promotions": "Promotions and the One Thousand Club (1.4.4, 1.8, 1.9)",
    "club_monthly_reports": "The clubs' monthly reports and certificates (1.4.3)",
    "standings": "The year's standings and the national positions (1.7.2, 1.4.4)",
}

# The steps of a registry feature (scheme.base) that not every scheme has: run, and shown,
# only under a scheme that has it.
STEP_FEATURES: dict[str, str] = {
    "b4c_lists": AUTHORISATIONS,
    "event_invoices": LEVIES,
    # It emails the event invoices (billing.Invoice) with their reports: nothing to send
    # under a scheme without levies.
    "event_reports": LEVIES,
}


def close_steps() -> list[tuple[str, Callable[..., object]]]:
    """The post-close steps of the deployment's scheme, in order."""
    scheme = current_scheme()
    return [
        (name, step)
        for name, step in POST_CLOSE_STEPS
        if name not in STEP_FEATURES or scheme.has(STEP_FEATURES[name])
    ]


def step_needs(name: str) -> tuple[str, ...]:
    """The steps of the deployment's scheme that a step needs done first. A step the scheme
    leaves out (STEP_FEATURES) is not waited for: it will never run."""
    steps = {step_name for step_name, _ in close_steps()}
    return tuple(need for need in STEP_NEEDS.get(name, ()) if need in steps)


def step_label(name: str) -> str:
    """A step's label in the scheme's words: without the ABF's clauses and One Thousand Club
    under another scheme."""
    if current_scheme().code == "abf":
        return STEP_LABELS.get(name, name)
    return {
        "promotions": "Promotions",
        "club_monthly_reports": "The clubs' monthly reports and certificates",
        "standings": "The national positions",
    }.get(name, STEP_LABELS.get(name, name))


MONTH_CLOSE_CHUNK = 5000
# A close that has not finished this long after it started (or a closed month whose steps
# are still not done) has lost its worker; the periodic resume queues it again.
MONTH_CLOSE_STALLED_AFTER = timedelta(minutes=30)
# A step that has failed this often is left to staff: its error is on the month page.
MONTH_CLOSE_AUTOMATIC_ATTEMPTS = 5
# Emails of a month closed this recently that have not gone are queued again.
MONTH_CLOSE_EMAILS_WINDOW = timedelta(days=2)


class MonthCloseError(DomainError):
    code = "month_close"


class MonthCloseTooEarly(MonthCloseError):
    """App. E: a month is closed once it has ended (Sydney time), unless staff choose an early
    close; credits confirmed after it would otherwise go to the next month unannounced."""

    code = "month_close_too_early"


class MonthCloseIncomplete(MonthCloseError):
    """The month is closed but some of its steps raised; each is recorded on the month."""

    code = "month_close_incomplete"

    def __init__(self, period: Period, errors: dict[str, Exception]) -> None:
        self.period = period
        self.errors = errors
        failed = "; ".join(f"{name}: {_error_text(error)}" for name, error in errors.items())
        super().__init__(f"{period.label} is closed, but these steps failed: {failed}")


def month_close_steps_undone(*, period: Period) -> list[str]:
    """The post-close steps of a month not yet done, in order."""
    return [name for name, _ in close_steps() if name not in period.close_steps_done]


def month_has_ended(*, period: Period, now: datetime | None = None) -> bool:
    """App. E, 1.4.3: whether the month is over in Sydney time."""
    return sydney_month(now or timezone.now()) > (period.year, period.month)


def month_close_check(
    *, period: Period, by: User, early: bool = False, now: datetime | None = None
) -> None:
    """Refuse a close that may not begin: by anyone but staff, or of a month not yet ended
    (Sydney time) unless staff chose an early close. A close already begun may go on."""
    if not by.is_centre_staff:
        raise MonthCloseError("Only centre staff close a month.")
    if period.status == Period.Status.OPEN:
        month_close_gold_check(period=period)
    if period.status != Period.Status.OPEN or early or month_has_ended(period=period, now=now):
        return
    raise MonthCloseTooEarly(
        f"{period.label} has not ended yet (Sydney time): it can be closed from "
        f"1 {_following_month_label(period)}. To close it now, choose an early close: "
        "credits confirmed after it go to the next month."
    )


def month_close_gold_check(*, period: Period) -> None:
    """7.5.1: the month's gold points uploaded by staff are approved by the Goldpoint
    Coordinator before the close approves them; until then the close is refused, naming
    the uploads."""
    waiting = list(
        CreditUpload.objects.filter(
            period=period,
            status=CreditUpload.Status.CREDITED,
            coordinator_approval_needed=True,
            coordinator_approved_at__isnull=True,
        )
        .order_by("pk")
        .values_list("pk", "event__name")[:10]
    )
    if waiting:
        names = "; ".join(f"upload {pk} ({name})" for pk, name in waiting)
        raise MonthCloseError(
            f"7.5.1: {period.label} has gold points waiting for the Goldpoint Coordinator's "
            f"approval: {names}. The month closes once they are approved."
        )


def _following_month_label(period: Period) -> str:
    year, month = period.next_month()
    return Period(year=year, month=month).label


def month_close_start(*, period: Period, by: User, early: bool = False) -> Period:
    """Staff begin closing a month: it takes no new credits, and the close task is queued.

    A month that has not ended (Sydney time) is refused unless `early` says staff chose an
    early close; who chose it, and when, is kept with the month (EarlyClose).
    """
    from operations import tasks

    with transaction.atomic():
        period = Period.objects.select_for_update().get(pk=period.pk)
        month_close_check(period=period, by=by, early=early)
        period = month_close_start_now(period=period, by=by, early=early)
        if period.status != Period.Status.CLOSED or month_close_steps_undone(period=period):
            period_id, by_id = period.pk, by.pk
            transaction.on_commit(lambda: tasks.month_close.delay(period_id, by_id))
    return period


def month_close(
    *,
    period: Period,
    by: User,
    chunk_size: int = MONTH_CLOSE_CHUNK,
    progress: Callable[[Period], object] | None = None,
    early: bool = False,
) -> Period:
    """Approve every provisional credit of the month, close it, then run the post-close steps.

    Works in chunks, each its own transaction, so that a close of a national month can be
    watched (progress on the period) and, if stopped halfway, resumed: only provisional
    credits are approved, and a closed month with its steps done is left as it is, so a
    second run changes nothing. Callers that begin a close check it first
    (month_close_check): staff only, and a month that has ended unless `early`.
    """
    if not by.is_centre_staff:
        raise MonthCloseError("Only centre staff close a month.")
    if period.status == Period.Status.OPEN:
        month_close_gold_check(period=period)
        period = month_close_start_now(period=period, by=by, early=early)
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


def month_close_start_now(*, period: Period, by: User, early: bool = False) -> Period:
    """Mark a month as closing without queueing the task (the caller is the task).

    `early`: staff chose to close a month that has not ended; recorded with the month.
    """
    with transaction.atomic():
        period = Period.objects.select_for_update().get(pk=period.pk)
        if period.status == Period.Status.OPEN:
            if early and not month_has_ended(period=period):
                EarlyClose.objects.get_or_create(
                    period=period, defaults={"chosen_by": by, "chosen_at": timezone.now()}
                )
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
    """Run the post-close steps not yet done for this closed month, each in its own transaction.

    The step under way is written (and committed) before it starts, so the month page shows
    it while it runs. A step that raises is rolled back alone, recorded on the month with its
    error, and the steps that do not need it go on; MonthCloseIncomplete then names them all.
    Run again, only the steps not done are run.
    """
    errors: dict[str, Exception] = {}
    for name, step in close_steps():
        period = Period.objects.get(pk=period.pk)
        if name in period.close_steps_done:
            continue
        if any(need not in period.close_steps_done for need in step_needs(name)):
            continue  # it waits for a step that failed; the month page says which
        _close_step_show(period=period, step=name)
        try:
            with transaction.atomic():
                period = Period.objects.select_for_update().get(pk=period.pk)
                if name not in period.close_steps_done:
                    step(period=period)
                    period.close_steps_done = [*period.close_steps_done, name]
                    period.save(update_fields=["close_steps_done"])
                MonthCloseFailure.objects.filter(
                    period=period, step=name, resolved_at__isnull=True
                ).update(resolved_at=timezone.now())
        except Exception as error:  # any error of a step is recorded on the month, never lost
            logger.exception("Month close %s: the step %s failed", period, name)
            _close_step_failure_record(period=period, step=name, error=error)
            errors[name] = error
    period = Period.objects.get(pk=period.pk)
    _close_step_show(
        period=period, step="" if month_close_steps_undone(period=period) else "closed"
    )
    period.refresh_from_db()
    if errors:
        raise MonthCloseIncomplete(period, errors)
    return period


def _error_text(error: Exception) -> str:
    return f"{type(error).__name__}: {error}".strip()


def _close_step_show(*, period: Period, step: str) -> None:
    """Write the step under way in a write of its own, committed at once (outside any
    transaction), so that it is seen while the step's own transaction runs."""
    Period.objects.filter(pk=period.pk).update(close_step=step)


def _close_step_failure_record(*, period: Period, step: str, error: Exception) -> None:
    with transaction.atomic():
        failure, created = MonthCloseFailure.objects.select_for_update().get_or_create(
            period=period,
            step=step,
            defaults={"error": shorten(_error_text(error), 4000), "failed_at": timezone.now()},
        )
        if not created:
            failure.error = shorten(_error_text(error), 4000)
            failure.failed_at = timezone.now()
            failure.attempts += 1
            failure.resolved_at = None
            failure.save(update_fields=["error", "failed_at", "attempts", "resolved_at"])


def month_close_failures(*, period: Period) -> list[MonthCloseFailure]:
    """The failures of a month's steps not yet put right, in the order of the steps."""
    order = [name for name, _ in close_steps()]
    failures = MonthCloseFailure.objects.filter(period=period, resolved_at__isnull=True)
    return sorted(failures, key=lambda f: order.index(f.step) if f.step in order else len(order))


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
