"""The kernel's own emails, composed and sent by a worker, each once (centre.mail): the
password reset link."""

from functools import partial

from celery import shared_task
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from centre.auth import reset_logins
from centre.mail import EMAIL_RETRY, email_once_by_key
from centre.models import User

RESET_SUBJECT = "registration/password_reset_subject.txt"
RESET_BODY = "registration/password_reset_email.txt"


def password_reset_send(*, request_key: str, email: str, domain: str, use_https: bool) -> int:
    """A reset link to `email` for each login known by it (none for an unknown address), each
    sent once for the request `request_key` names; the number sent now."""
    sent = 0
    for user in reset_logins(email=email):
        compose = partial(
            _reset_message, user=user, email=email, domain=domain, use_https=use_https
        )
        if email_once_by_key(key=f"password-reset:{request_key}:{user.pk}", compose=compose):
            sent += 1
    return sent


def _reset_message(*, user: User, email: str, domain: str, use_https: bool) -> EmailMessage:
    # The link's token is made here, by the worker: it is never in the queue.
    context = {
        "email": email,
        "domain": domain,
        "site_name": domain,
        "uid": urlsafe_base64_encode(force_bytes(user.pk)),
        "user": user,
        "token": default_token_generator.make_token(user),
        "protocol": "https" if use_https else "http",
    }
    subject = "".join(render_to_string(RESET_SUBJECT, context).splitlines())
    return EmailMessage(subject, render_to_string(RESET_BODY, context), to=[email])


# --- the task the request queues: send once, retry -----------------------------------------


@shared_task(**EMAIL_RETRY)
def password_reset_email(request_key: str, email: str, domain: str, use_https: bool) -> int:
    """The reset links one request asked for, sent after its answer (centre.accounts)."""
    return password_reset_send(
        request_key=request_key, email=email, domain=domain, use_https=use_https
    )
