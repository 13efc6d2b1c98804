"""Documents that go to a club by email exactly once."""

from collections.abc import Callable
from typing import TypeVar

from django.core.mail import EmailMessage
from django.db import models, transaction
from django.utils import timezone

Sent = TypeVar("Sent", bound=models.Model)


def email_once(
    *, queryset: models.QuerySet[Sent], pk: int, compose: Callable[[Sent], EmailMessage | None]
) -> Sent | None:
    """Send the email of one row unless it has gone already, and mark the row as sent.

    The row (with an `emailed_at` field) is locked while the message is composed and sent, so
    a retried or repeated task never sends it twice. `compose` returns None when there is no
    one to send it to. Returns the row when it was sent now.
    """
    with transaction.atomic():
        row = queryset.select_for_update(of=("self",)).get(pk=pk)
        if row.emailed_at is not None:
            return None
        message = compose(row)
        if message is None:
            return None
        message.send()
        row.emailed_at = timezone.now()
        row.save(update_fields=["emailed_at"])
    return row
