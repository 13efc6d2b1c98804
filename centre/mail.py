"""The one way the centre sends email: through the queue, after the commit, exactly once.

A service never sends inside its transaction. It queues a task with `email_after_commit`
(nothing is queued if the transaction rolls back); the task composes the message and sends
it with `email_once`, which marks it sent under a row lock in the same transaction as the
send, so a retried or repeated task never sends it twice:

- a document row with an `emailed_at` field (an invoice, a report) is its own mark;
- any other message (a confirmation, a list) is marked by a key naming what it is about,
  kept in `SentEmail`.

Every email task takes `EMAIL_RETRY`: a mail server that is down or refuses for a while
(smtplib's errors are OSErrors) is tried again, later and later, for about an hour and a half;
a worker lost in the middle gives its task back to the broker (acks late, settings).
"""

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from django.core.mail import EmailMessage
from django.db import models, transaction
from django.utils import timezone

from centre.models import SentEmail

Sent = TypeVar("Sent", bound=models.Model)

# The options of every email task: `@shared_task(**EMAIL_RETRY)`. Waits 30 s, then twice as
# long each time up to 10 minutes (with jitter, so a queue of emails does not retry at once).
EMAIL_RETRY: dict[str, Any] = {
    "autoretry_for": (OSError,),
    "retry_backoff": 30,
    "retry_backoff_max": 600,
    "retry_jitter": True,
    "max_retries": 12,
}


def email_after_commit(task: Any, *args: Any) -> None:
    """Queue `task.delay(*args)` once the current transaction commits."""
    transaction.on_commit(partial(task.delay, *args))


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


def email_once_by_key(*, key: str, compose: Callable[[], EmailMessage | None]) -> bool:
    """Send the message `key` names unless it has gone already; True when sent now.

    The key is written before the send in one transaction: a second task with the same key
    waits on it and then finds it sent; a failed send rolls the key back, so a retry sends.
    """
    with transaction.atomic():
        _, created = SentEmail.objects.get_or_create(key=key, defaults={"sent_at": timezone.now()})
        if not created:
            return False
        message = compose()
        if message is None:
            transaction.set_rollback(True)
            return False
        message.send()
    return True
