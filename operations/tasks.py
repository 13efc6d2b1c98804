"""Celery shells for the month close: load by id, call a service, retry."""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from centre.models import Period, User
from operations import services

# A lost database connection or a lock timeout passes; the close carries on where it stopped.
TRANSIENT = (OperationalError, InterfaceError)


@shared_task(
    bind=True,
    autoretry_for=TRANSIENT,
    retry_backoff=30,
    retry_backoff_max=600,
    max_retries=10,
)
def month_close(self, period_id: int, by_id: int) -> str:
    """App. E: approve and close a month; resumable, so a retry carries on where it stopped.

    A step that fails for good is recorded on the month (its page shows it, with a Resume
    button); one that failed for a passing reason makes the whole task retry, later.
    """
    period = Period.objects.get(pk=period_id)
    by = User.objects.get(pk=by_id)
    try:
        period = services.month_close(period=period, by=by)
    except services.MonthCloseIncomplete as incomplete:
        transient = [e for e in incomplete.errors.values() if isinstance(e, TRANSIENT)]
        if transient:
            raise transient[0] from incomplete
        return f"{incomplete.period} closed; failed: {', '.join(incomplete.errors)}"
    return f"{period} {period.status}"


@shared_task
def month_closes_resume() -> int:
    """Scheduled: resume the closes a lost worker left undone, and queue their unsent emails."""
    return len(services.month_closes_resume())
