"""Celery shells for clubs."""

from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage

from clubs.models import Club


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def club_change_confirm(
    club_id: int, changes: dict[str, list[Any]], recipients: list[str], by: str
) -> int:
    """Guide F4: confirm a change of club details to the secretary (and to the outgoing one
    when the address changed), one message each so neither sees the other's address."""
    club = Club.objects.get(pk=club_id)
    lines = [
        f"{field}: {old or '(none)'} -> {new or '(none)'}" for field, (old, new) in changes.items()
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
    for address in recipients:
        sent += EmailMessage(
            subject=f"Club details changed: {club.number} {club.name}",
            body=body,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[address],
        ).send()
    return sent


@shared_task
def b4c_entitlements(year: int | None = None) -> int:
    """2.6: in October, every club's B4c sessions for the next calendar year."""
    from django.utils import timezone

    from clubs import services

    return services.b4c_entitlements_compute(year=year or timezone.localdate().year + 1)
