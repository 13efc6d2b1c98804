from celery import shared_task

from centre import emails
from centre.mail import EMAIL_RETRY


@shared_task
def ping() -> str:
    """Answers through the broker; used to check that workers are listening."""
    return "pong"


@shared_task
def heartbeat() -> str:
    """Scheduled every quarter hour, so that beat's schedule can be seen working in the logs."""
    return "alive"


@shared_task(**EMAIL_RETRY)
def password_reset_email(request_key: str, email: str, domain: str, use_https: bool) -> int:
    """The reset links one request asked for, sent after its answer (centre.accounts)."""
    return emails.password_reset_send(
        request_key=request_key, email=email, domain=domain, use_https=use_https
    )
