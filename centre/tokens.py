"""API tokens for programs (django-rest-knox): made, listed and revoked by their owner.

A token is shown once, when it is made; the database keeps only its SHA-512 digest (knox),
the first characters of the key to find it by, a name, an expiry and its last use. Programs
send it as `Authorization: Token <key>`. An unknown, expired or revoked token answers 401.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication
from rest_framework import exceptions

from centre.errors import DomainError
from centre.models import ApiToken, User

# The last use is written at most once a minute per token, not on every request.
LAST_USE_PRECISION = timedelta(minutes=1)
NAME_MAX_LENGTH = ApiToken._meta.get_field("name").max_length


class ApiTokenAuthentication(TokenAuthentication):
    """Knox's token check, which also keeps each token's last use."""

    def authenticate_credentials(self, token: bytes):
        try:
            token.decode("utf-8")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("Invalid token.") from None
        return super().authenticate_credentials(token)

    def validate_user(self, auth_token: ApiToken):
        user, auth_token = super().validate_user(auth_token)
        now = timezone.now()
        if auth_token.last_used_at is None or now - auth_token.last_used_at >= LAST_USE_PRECISION:
            ApiToken.objects.filter(pk=auth_token.pk).update(last_used_at=now)
            auth_token.last_used_at = now
        return user, auth_token


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """The token as the OpenAPI schema's security scheme."""

    target_class = "centre.tokens.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": (
                "`Token <key>`. Make a token on the portal's API tokens page "
                "(/accounts/tokens/) or with POST /api/v1/auth/token; it is shown once, "
                "expires after the days chosen (30, 90 or 365) and can be revoked there."
            ),
        }


def _refused(field: str, message: str) -> DomainError:
    return DomainError(message, fields={field: [message]})


@transaction.atomic
def api_token_create(*, user: User, name: str, days: int) -> tuple[ApiToken, str]:
    """A new token for `user`, named and expiring after `days`; the key is returned once."""
    name = " ".join(str(name or "").split())
    if not name:
        raise _refused("name", "Give the token a name, e.g. the program that will use it.")
    if len(name) > NAME_MAX_LENGTH:
        raise _refused("name", f"A token's name can be at most {NAME_MAX_LENGTH} characters.")
    if days not in settings.API_TOKEN_DAYS:
        allowed = ", ".join(str(d) for d in settings.API_TOKEN_DAYS)
        raise _refused("days", f"A token lasts {allowed} days; {days!r} is not one of them.")
    if user.auth_token_set.filter(name=name, expiry__gt=timezone.now()).exists():
        raise _refused("name", f"You already have a token named {name!r}; choose another name.")
    return ApiToken.objects.create(user=user, expiry=timedelta(days=days), name=name)


def api_tokens_of(*, user: User):
    """The login's tokens still valid, newest first (expired ones are removed)."""
    user.auth_token_set.filter(expiry__lte=timezone.now()).delete()
    return user.auth_token_set.order_by("-created")


def api_token_revoke(*, user: User, token_key: str) -> ApiToken:
    """Revoke one of the login's own tokens: it answers 401 from now on."""
    token = user.auth_token_set.filter(token_key=str(token_key or "")).first()
    if token is None:
        raise _refused("token", "No such token of yours.")
    token.delete()
    return token


def api_tokens_revoke_all(*, user: User) -> int:
    """Revoke every token of the login; the number revoked."""
    count, _ = ApiToken.objects.filter(user=user).delete()
    return count


@transaction.atomic
def api_tokens_choice_set(*, user: User, revoke_on_password_change: bool) -> None:
    """The login's choice: are its tokens revoked when its password is changed or reset?"""
    User.objects.filter(pk=user.pk).update(
        revoke_tokens_on_password_change=revoke_on_password_change
    )
    user.revoke_tokens_on_password_change = revoke_on_password_change


def api_tokens_after_password_change(*, user: User) -> int:
    """After the login changed its password (its change page) or reset it (the emailed link):
    its tokens are revoked if it chose so. (Staff setting a login's password revoke them
    always: centre.admin.) The number revoked."""
    if not user.revoke_tokens_on_password_change:
        return 0
    return api_tokens_revoke_all(user=user)
