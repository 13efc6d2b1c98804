"""The months credits belong to (App. E): the scheme's calendar month in Sydney time; the
state's organisers' logins (5.4.1)."""

from __future__ import annotations

import secrets
from datetime import datetime, tzinfo

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from centre.errors import DomainError
from centre.models import Period, Role, User
from centre.schemes import current_scheme
from centre.tokens import api_tokens_revoke_all
from scheme.core.calendar import local_month


def period_for_credits(*, at: datetime | None = None, zone: tzinfo | None = None) -> Period:
    """The open month a credit made now belongs to, locked until the caller's commit: the
    month in `zone` (a club's own clock, Club.zone) or the scheme's time zone.

    App. E: a credit belongs to the month it is credited in; once staff have closed (or begun
    closing) that month, new credits go to the next open one. The row lock means a month
    cannot start closing while a credit is being written into it.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("period_for_credits must be called inside a transaction")
    year, month = local_month(at or timezone.now(), zone or current_scheme().zone)
    while True:
        period, _ = Period.objects.get_or_create(year=year, month=month)
        period = Period.objects.select_for_update().get(pk=period.pk)
        if period.status == Period.Status.OPEN:
            return period
        year, month = period.next_month()


def _refused(field: str, message: str) -> DomainError:
    return DomainError(message, fields={field: [message]})


@transaction.atomic
def organiser_nominate(*, by: User, username: str, email: str) -> User:
    """5.4.1: a state secretary nominates a tournament organiser, who masterpoints the
    state's congresses and events (1.6; guide B4, D4). The login is the state's; its owner
    chooses a password through "Forgotten your password?" with this address."""
    if not by.is_state_secretary:
        raise DomainError("Only a state masterpoint secretary nominates the state's organisers.")
    username = (username or "").strip()
    email = (email or "").strip()
    if not username:
        raise _refused("username", "Give the organiser's login name.")
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError:
        raise _refused("username", "A login name has letters, digits and @ . + - _ only.") from None
    if len(username) > User._meta.get_field("username").max_length:
        raise _refused("username", "A login name has at most 150 characters.")
    if User.objects.filter(username__iexact=username).exists():
        raise _refused("username", f"The login name {username} is taken; choose another.")
    try:
        validate_email(email)
    except ValidationError:
        raise _refused("email", "Give the organiser's email address.") from None
    organiser = User(username=username, email=email, role=Role.ORGANISER, state=by.state)
    # A password no one knows: the organiser sets one by the password reset, by email.
    organiser.set_password(secrets.token_urlsafe(32))
    organiser.save()
    return organiser


@transaction.atomic
def organiser_withdraw(*, by: User, organiser: User) -> User:
    """5.4.1: the state secretary withdraws a nomination: the login no longer logs in. It is
    kept (never deleted), so the uploads it made still say who made them."""
    organiser = User.objects.select_for_update().get(pk=organiser.pk)
    if not (by.is_state_secretary and organiser.is_organiser and organiser.state_id == by.state_id):
        raise DomainError("This login is not an organiser of your state.")
    organiser.is_active = False
    organiser.save(update_fields=["is_active"])
    # Its programs stop too, and stay stopped should the login be made active again.
    api_tokens_revoke_all(user=organiser)
    return organiser
