"""Reads of the centre's own records: the months and their closes."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Count, F, Q, QuerySet, Sum
from django.utils import timezone

from awards.authorisations.models import Authorisation
from awards.intake.models import CreditUpload
from centre.models import Period
from operations.close_run import (
    close_steps,
    month_close_failures,
    month_has_ended,
    step_label,
    step_needs,
)
from operations.models import MonthCloseFailure
from operations.services import (
    MONTH_CLOSE_AUTOMATIC_ATTEMPTS,
    MONTH_CLOSE_STALLED_AFTER,
    month_close_is_silent,
    month_close_steps_undone,
    month_close_under_way_since,
)


def periods_with_counts() -> QuerySet[Period]:
    """Every month with credits, newest first, with its provisional and approved counts."""
    return Period.objects.annotate(
        provisional=Count("credits", filter=Q(credits__state="provisional")),
        approved=Count("credits", filter=Q(credits__state="approved")),
        points=Sum("credits__points"),
    ).order_by("-year", "-month")


def months_to_close() -> list[Period]:
    """App. E: the months over and not yet closed (open, or a close under way), oldest
    first: staff approve their credits and close them."""
    return [
        period
        for period in Period.objects.exclude(status=Period.Status.CLOSED).order_by("year", "month")
        if month_has_ended(period=period)
    ]


@dataclass(frozen=True)
class CloseStepRow:
    """One post-close step of a month as its page shows it."""

    name: str
    label: str
    state: str  # "done", "running", "failed", "waiting" (for a step it needs) or "to do"
    failure: MonthCloseFailure | None
    waits_for: tuple[str, ...]


def month_close_steps(*, period: Period) -> list[CloseStepRow]:
    """The post-close steps of a month, in order, each with its state and any failure."""
    failures = {failure.step: failure for failure in month_close_failures(period=period)}
    done = set(period.close_steps_done)
    rows = []
    for name, _ in close_steps():
        waits_for = tuple(need for need in step_needs(name) if need not in done)
        if name in done:
            state = "done"
        elif period.close_step == name:
            state = "running"
        elif name in failures:
            state = "failed"
        elif waits_for:
            state = "waiting"
        else:
            state = "to do"
        rows.append(
            CloseStepRow(
                name=name,
                label=step_label(name),
                state=state,
                failure=failures.get(name),
                waits_for=tuple(step_label(need) for need in waits_for),
            )
        )
    return rows


@dataclass(frozen=True)
class MonthCloseWaiting:
    """What is still waiting when a month is about to close: uploads checked but not yet
    confirmed (their credits would go to the next month), and authorisations (2.6) whose
    points are not all credited."""

    uploads: QuerySet[CreditUpload]
    authorisations: QuerySet[Authorisation]

    @property
    def anything(self) -> bool:
        return self.uploads.exists() or self.authorisations.exists()


def month_close_waiting(*, period: Period) -> MonthCloseWaiting:
    """The ledger's unfinished business the month page lists before its close button."""
    return MonthCloseWaiting(
        uploads=CreditUpload.objects.filter(status=CreditUpload.Status.CHECKED)
        .select_related("club", "state", "uploaded_by")
        .order_by("created_at", "id"),
        authorisations=Authorisation.objects.filter(credited__lt=F("amount"))
        .select_related("club", "state")
        .order_by("issued_at", "id"),
    )


@dataclass(frozen=True)
class MonthCloseStall:
    """A close whose run has been silent past MONTH_CLOSE_SILENT_AFTER: its worker was lost.

    `redelivered_by`: when the queue hands the lost run to another worker at the latest (a run
    is taken back once the broker's visibility timeout has passed, checked every 100 seconds);
    `resumed_at`: when the periodic job queues it again. Either is None when it will not come:
    no broker, no periodic job, a step left to staff, or a time already past.
    """

    waiting: str
    since: datetime
    redelivered_by: datetime | None
    resumed_at: datetime | None

    @property
    def retried_at(self) -> datetime | None:
        times = [t for t in (self.redelivered_by, self.resumed_at) if t is not None]
        return min(times, default=None)


# The Redis transport's check for runs to take back (kombu: unacked_restore_interval times
# unacked_restore_throttle seconds); its defaults unless the deployment sets them.
_RESTORE_EVERY = (10, 10)


def month_close_stall(*, period: Period, now: datetime | None = None) -> MonthCloseStall | None:
    """What a stalled close waits on, since when, and when it will be retried by itself;
    None while its run is alive or none is under way."""
    now = now or timezone.now()
    since = month_close_under_way_since(period=period)
    if since is None or not month_close_is_silent(period=period, now=now):
        return None
    if period.status == Period.Status.CLOSING:
        waiting = (
            f"The approval of the credits ({period.close_done} of {period.close_total} approved)"
        )
    else:
        step = period.close_step
        if step not in {name for name, _ in close_steps()}:
            step = month_close_steps_undone(period=period)[0]
        waiting = step_label(step)
    return MonthCloseStall(
        waiting=waiting,
        since=since,
        redelivered_by=_close_redelivered_by(since=since, now=now),
        resumed_at=_close_resumed_at(period=period, now=now),
    )


def _close_redelivered_by(*, since: datetime, now: datetime) -> datetime | None:
    if not settings.CELERY_BROKER_URL:
        return None  # the run was the request's own: no queue will take it back
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    interval = options.get("unacked_restore_interval", _RESTORE_EVERY[0])
    throttle = options.get("unacked_restore_throttle", _RESTORE_EVERY[1])
    # The run was handed out before its last sign of life, so it is taken back by then.
    by = since + timedelta(seconds=options.get("visibility_timeout", 3600) + interval * throttle)
    return by if by > now else None


def _close_resumed_at(*, period: Period, now: datetime) -> datetime | None:
    entry = settings.CELERY_BEAT_SCHEDULE.get("operations-month-closes-resume")
    if entry is None:
        return None
    if MonthCloseFailure.objects.filter(
        period=period, resolved_at__isnull=True, attempts__gte=MONTH_CLOSE_AUTOMATIC_ATTEMPTS
    ).exists():
        return None  # left to staff (operations.services.month_closes_resume)
    began = period.close_started_at if period.status == Period.Status.CLOSING else period.closed_at
    due = max(now, (began or now) + MONTH_CLOSE_STALLED_AFTER)
    return _next_run(entry["schedule"], after=due)


def _next_run(schedule, *, after: datetime) -> datetime | None:
    """The first minute at or after `after` that a beat crontab runs at, in the centre's time
    zone (CELERY_TIMEZONE); None within a week if it never does."""
    moment = timezone.localtime(after).replace(second=0, microsecond=0)
    if moment < after:
        moment += timedelta(minutes=1)
    for _ in range(8 * 24 * 60):
        if (
            moment.minute in schedule.minute
            and moment.hour in schedule.hour
            and moment.day in schedule.day_of_month
            and moment.month in schedule.month_of_year
            and (moment.weekday() + 1) % 7 in schedule.day_of_week
        ):
            return moment
        moment += timedelta(minutes=1)
    return None
