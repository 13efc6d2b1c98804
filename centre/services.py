"""The months credits belong to (App. E): the scheme's calendar month in Sydney time."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from centre.models import Period
from scheme.core.calendar import sydney_month


def period_for_credits(*, at: datetime | None = None) -> Period:
    """The open month a credit made now belongs to, locked until the caller's commit.

    App. E: a credit belongs to the month it is credited in; once staff have closed (or begun
    closing) that month, new credits go to the next open one. The row lock means a month
    cannot start closing while a credit is being written into it.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("period_for_credits must be called inside a transaction")
    year, month = sydney_month(at or timezone.now())
    while True:
        period, _ = Period.objects.get_or_create(year=year, month=month)
        period = Period.objects.select_for_update().get(pk=period.pk)
        if period.status == Period.Status.OPEN:
            return period
        year, month = period.next_month()
