"""The clubs' emails: the confirmations of changed club details (guide F4), composed here and
sent once (centre.mail) by the task the services queue."""

from datetime import date
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage

from centre.dates import day_text
from centre.mail import EMAIL_RETRY, email_once_by_key
from clubs.models import Club

# The fields whose values are days, kept as ISO text.
DAY_FIELDS = ("affiliated_since",)


def change_value(field: str, value: Any) -> str:
    """A changed field's value as the secretary reads it: a day as the federation writes it."""
    if value in (None, ""):
        return "(none)"
    if field in DAY_FIELDS and isinstance(value, str):
        try:
            return day_text(date.fromisoformat(value))
        except ValueError:
            return value
    return str(value)


def club_change_confirm_send(
    *, club_id: int, changes: dict[str, list[Any]], recipients: list[str], by: str, change_key: str
) -> int:
    """Guide F4: confirm a change of club details to the secretary (and to the outgoing one
    when the address changed), one message each so neither sees the other's address.

    Each address is sent its message once, however often the task is retried.
    """
    club = Club.objects.get(pk=club_id)
    lines = [
        f"{field}: {change_value(field, old)} -> {change_value(field, new)}"
        for field, (old, new) in changes.items()
    ]
    body = "\n".join(
        [
            f"The details of {club.number} {club.name} were changed by {by}:",
            "",
            *lines,
            "",
            "The Masterpoint Centre writes to the club only at the masterpoint secretary's "
            "address. If this change is wrong, reply to the Masterpoint Centre.",
        ]
    )
    sent = 0
    for index, address in enumerate(recipients):

        def compose(address: str = address) -> EmailMessage:
            return EmailMessage(
                subject=f"Club details changed: {club.number} {club.name}",
                body=body,
                from_email=settings.DEFAULT_FROM_EMAIL,
                to=[address],
            )

        sent += email_once_by_key(key=f"club-change:{change_key}:{index}", compose=compose)
    return sent


# --- the task the services queue: send once, retry -----------------------------------------


@shared_task(**EMAIL_RETRY)
def club_change_confirm(
    club_id: int, changes: dict[str, list[Any]], recipients: list[str], by: str, change_key: str
) -> int:
    """Guide F4: the confirmations of one change of club details; each address once."""
    return club_change_confirm_send(
        club_id=club_id, changes=changes, recipients=recipients, by=by, change_key=change_key
    )
