"""The corrections' email, composed here and sent once (centre.mail) by a worker: the club
whose event or upload was corrected (or whoever sent the upload) hears what was done, by
whom, when and why. Nothing here queues work or imports a service."""

from __future__ import annotations

from celery import shared_task
from django.core.mail import EmailMessage
from django.urls import reverse

from awards.corrections.models import Correction
from centre.access import state_secretary_address
from centre.dates import moment_text
from centre.mail import EMAIL_RETRY, email_once_by_key
from centre.schemes import current_scheme


def correction_address(correction: Correction) -> str:
    """Who is told: the club's masterpoint secretary (the one official channel, guide F4),
    else the login that sent the upload, else the state's secretary; "" when no one."""
    if correction.club is not None and correction.club.secretary_email:
        return correction.club.secretary_email
    upload = correction.upload
    if upload is not None and upload.uploaded_by.email and not upload.uploaded_by.is_centre_staff:
        return upload.uploaded_by.email
    event = correction.event
    if correction.club is None and event is not None and event.state_id:
        return state_secretary_address(state=event.state)
    return ""


def correction_send(*, correction: Correction) -> bool:
    """Tell the club of one correction; sent once whatever the retries."""

    def compose() -> EmailMessage | None:
        address = correction_address(correction)
        if not address:
            return None
        who = correction.made_by.get_full_name() or correction.made_by.get_username()
        summary = correction.details.get("summary", correction.get_kind_display())
        body = "\n".join(
            [
                f"Correction {correction.pk}: {summary}",
                "",
                f"Why: {correction.reason}",
                f"By: {who}, the Masterpoint Centre",
                f"When: {moment_text(correction.made_at)} ({current_scheme().time_words})",
                f"Credited to: {correction.period.label}, provisional until that month closes.",
                "",
                "Nothing credited before is changed: the correction is reversing credits and "
                "new ones, which the players' statements and your monthly report show as a "
                "correction, and which the month's invoices count.",
                "",
                f"On the portal: {reverse('awards:correction', args=[correction.pk])}",
            ]
        )
        return EmailMessage(
            subject=f"Correction {correction.pk}: {correction.get_kind_display().lower()}",
            body=body,
            to=[address],
        )

    return email_once_by_key(key=f"correction:{correction.pk}", compose=compose)


# --- the task the services queue: load by id, send once, retry -----------------------------


@shared_task(**EMAIL_RETRY)
def correction_email(correction_id: int) -> bool:
    return correction_send(
        correction=Correction.objects.select_related(
            "club", "upload__uploaded_by", "event__state", "made_by", "period"
        ).get(pk=correction_id)
    )
