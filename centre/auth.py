"""Logins under attack: the lockout after repeated failures (django-axes) and the throttled
password reset by email.

A login by password, on the page or at the API's token endpoint, goes through
`django.contrib.auth.authenticate` with its request, so django-axes counts each failure by
account and by address (settings.AXES_*) and refuses every attempt, right or wrong, while
either is locked out. The answer is `lockout_response`: a page saying when to try again and
how to get help, or the API's one error shape.

A successful login clears that login's own failures and nothing else (`LoginAttemptsHandler`):
never the failures of another login tried from the same address, so that signing in to one's
own account between guesses never frees the account being guessed.
"""

import ipaddress
import logging
from datetime import timedelta

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_ip_address, get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm
from django.core.cache import cache
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone

from centre.schemes import current_scheme

security_log = logging.getLogger("centre.security")


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' check before any password is tried.

    A login made by code with no request (the test client's `login`, a shell) has no address
    to count and is not a visitor's: it is let through to the password check.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class LoginAttemptsHandler(AxesDatabaseHandler):
    """django-axes' record of failures (settings.AXES_HANDLER), cleared on success for the
    login that succeeded only.

    Axes' own reset deletes every failure matching any lockout parameter, the address's
    included: with lockout by username or address, a club secretary signing in from the
    address a guesser uses (or from behind the same proxy) would wipe the failures counted
    against another login, which then never locks.
    """

    def reset_user_attempts(self, request, credentials=None) -> int:
        username = get_client_username(request, credentials)
        if not username:
            return 0
        count, _ = AccessAttempt.objects.filter(username=username).delete()
        return count


def _lockout_minutes(request: HttpRequest) -> int:
    cool_off = get_cool_off(request) or timedelta(0)
    return max(1, int(cool_off.total_seconds() // 60))


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None
) -> HttpResponse:
    """What a locked-out login sees (settings.AXES_LOCKOUT_CALLABLE); logged each time."""
    minutes = _lockout_minutes(request)
    username = get_client_username(request, credentials) or ""
    address = get_client_ip_address(request) or ""
    security_log.warning(
        "Login locked out: username=%r address=%s path=%s", username, address, request.path
    )
    scheme = current_scheme()
    try_again = timezone.now().astimezone(scheme.zone) + timedelta(minutes=minutes)
    message = (
        f"Too many failed logins: this account or this address is locked out for {minutes} "
        f"minutes after the last failed attempt. Try again after {try_again:%H:%M} "
        f"({scheme.time_words}), reset a forgotten password at /accounts/password/reset/, "
        "or ask the Masterpoint Centre to unlock it."
    )
    status = settings.AXES_HTTP_RESPONSE_CODE
    if request.path.startswith("/api/"):
        body = {"error": {"status": status, "code": "locked_out", "message": message}}
        response = JsonResponse(body, status=status)
        response["Retry-After"] = str(minutes * 60)
        return response
    response = render(
        request,
        "registration/lockout.html",
        {"minutes": minutes, "try_again": try_again, "username": username},
        status=status,
    )
    response["Retry-After"] = str(minutes * 60)
    return response


# --- password reset -------------------------------------------------------------------------


def reset_allowed(*, kind: str, value: str) -> bool:
    """Count one reset request by address or by email; False once over the hour's limit
    (settings.PASSWORD_RESET_LIMITS)."""
    limit, window = settings.PASSWORD_RESET_LIMITS[kind]
    key = f"password-reset:{kind}:{value.lower()}"
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window)
        count = 1
    return count <= limit


def reset_logins(*, email: str) -> list:
    """The logins a reset link for `email` goes to: those known by it, as their own email or
    as the club's masterpoint secretary's (the club's one official channel, guide F4), that
    are active and have a password."""
    users = get_user_model()._default_manager.filter(
        Q(email__iexact=email) | Q(club__secretary_email__iexact=email), is_active=True
    )
    return [user for user in users if user.has_usable_password()]


class ResetByEmailForm(PasswordResetForm):
    """Django's reset form, for the address a login is known by. The links are sent by a
    worker after the answer (centre.emails.password_reset_send), never inside the request, so
    an address with a login is answered as fast as one without."""

    def get_users(self, email: str):
        return iter(reset_logins(email=email))


def client_address(request: HttpRequest) -> str:
    """The address a request came from, as the login lockout counts it."""
    return get_client_ip_address(request) or ""


def visitor_address(request: HttpRequest) -> str:
    """The visitor's address (settings.AXES_CLIENT_IP_CALLABLE): the peer's, or behind
    `TRUSTED_PROXY_COUNT` reverse proxies the address the outermost of them saw, read from
    the right of X-Forwarded-For (entries further left are the visitor's to write and are
    never believed). Without it, every visitor behind a proxy shares the proxy's address."""
    peer = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return peer
    forwarded = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [entry for entry in forwarded if entry]
    if len(forwarded) < proxies:
        return peer
    try:
        return str(ipaddress.ip_address(forwarded[-proxies]))
    except ValueError:
        return peer
