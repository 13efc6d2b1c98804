from celery import shared_task
from django.db import OperationalError

from centre.models import Period, User
from operations import services


@shared_task(bind=True, max_retries=5, default_retry_delay=30)
def month_close(self, period_id: int, by_id: int) -> str:
    """App. E: approve and close a month; resumable, so a retry carries on where it stopped."""
    period = Period.objects.get(pk=period_id)
    by = User.objects.get(pk=by_id)
    try:
        period = services.month_close(period=period, by=by)
    except OperationalError as exc:  # a lost connection or lock timeout: try again later
        raise self.retry(exc=exc) from exc
    return f"{period} {period.status}"
