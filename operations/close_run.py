"""What the month close runs (App. E): approve the month's credits in chunks, close it, then
run its steps; and the Celery task that runs it.

`operations.services` begins, checks and resumes a close and queues `month_close_run`; this
module imports no service of its own app, so the two never import each other.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from celery import shared_task
from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone

from awards.authorisations.services.numbers import b4c_lists_send
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from awards.ledger.services.totals import credits_approve
from billing.services import event_invoices_email, event_invoices_issue
from centre.errors import DomainError
from centre.models import Period, User
from centre.schemes import current_scheme
from centre.text import shorten
from operations.models import EarlyClose, MonthCloseFailure
from ranks.monthly_reports import club_monthly_reports_issue
from ranks.services import promotions_run
from ranks.standings import standings_refresh_at_close
from scheme.base import AUTHORISATIONS, LEVIES
from scheme.core.calendar import local_month

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

MONTH_CLOSE_CHUNK = 5000

# A lost database connection or a lock timeout passes; the close carries on where it stopped.
TRANSIENT = (OperationalError, InterfaceError)


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
    if current_scheme().cites_abf_manual:
        return STEP_LABELS.get(name, name)
    return {
        "promotions": "Promotions",
        "club_monthly_reports": "The clubs' monthly reports and certificates",
        "standings": "The national positions",
    }.get(name, STEP_LABELS.get(name, name))


class MonthCloseError(DomainError):
    code = "month_close"


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
    """App. E, 1.4.3: whether the month is over in the scheme's time zone."""
    return local_month(now or timezone.now(), current_scheme().zone) > (period.year, period.month)


def month_has_begun(*, period: Period, now: datetime | None = None) -> bool:
    """Whether the month has begun in the scheme's time zone: one that has not is never
    closed, not even early (its credits are of days still to come)."""
    return local_month(now or timezone.now(), current_scheme().zone) >= (period.year, period.month)


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
            f"{period.label} has gold points waiting for the Goldpoint Coordinator's "
            f"approval: {names}. The month closes once they are approved (7.5.1)."
        )


@shared_task(
    bind=True,
    autoretry_for=TRANSIENT,
    retry_backoff=30,
    retry_backoff_max=600,
    max_retries=10,
)
def month_close_run(self, period_id: int, by_id: int) -> str:
    """App. E: approve and close a month; resumable, so a retry carries on where it stopped.

    A step that fails for good is recorded on the month (its page shows it, with a Resume
    button); one that failed for a passing reason makes the whole task retry, later.
    """
    period = Period.objects.get(pk=period_id)
    by = User.objects.get(pk=by_id)
    try:
        period = month_close(period=period, by=by)
    except MonthCloseIncomplete as incomplete:
        transient = [e for e in incomplete.errors.values() if isinstance(e, TRANSIENT)]
        if transient:
            raise transient[0] from incomplete
        return f"{incomplete.period} closed; failed: {', '.join(incomplete.errors)}"
    return f"{period} {period.status}"


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
    (operations.services.month_close_check): staff only, and a month that has ended unless
    `early`.
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
                period.close_progress_at = timezone.now()
                period.save(update_fields=["close_done", "close_total", "close_progress_at"])
                if progress:
                    progress(period)
                continue
            period.status = Period.Status.CLOSED
            period.closed_at = period.close_progress_at = timezone.now()
            period.close_step = "closed"
            period.save(update_fields=["status", "closed_at", "close_step", "close_progress_at"])
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
            period.close_progress_at = timezone.now()
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
    # The run is over, whatever it left undone: nothing is under way until a close is queued.
    Period.objects.filter(pk=period.pk).update(
        close_step="" if month_close_steps_undone(period=period) else "closed",
        close_progress_at=None,
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
    Period.objects.filter(pk=period.pk).update(close_step=step, close_progress_at=timezone.now())


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
