"""API tokens: each secretary and staff member makes, names, sees the last use of and revokes
their own; stored hashed with an expiry; an expired or revoked token answers 401."""

import importlib
import json
import re
from datetime import timedelta

import pytest
import yaml
from django.apps import apps
from django.db import connection
from django.test import Client
from django.utils import timezone

from centre.models import ApiToken
from centre.tokens import api_token_create

pytestmark = pytest.mark.django_db

MEMBERS = "/api/v1/clubs/201/members/"


def _make(client: Client, name: str = "Compscore", days: str = "90"):
    return client.post("/accounts/tokens/", {"action": "create", "name": name, "days": days})


def _shown_key(response) -> str:
    match = re.search(r'<code id="token-key">([0-9a-f]+)</code>', response.content.decode())
    assert match, "the new key is shown"
    return match.group(1)


def _api(key: str, path: str = MEMBERS):
    return Client().get(path, HTTP_AUTHORIZATION=f"Token {key}")


@pytest.mark.parametrize("who", ["client_a", "state_client_a", "staff_client"])
def test_every_secretary_and_staff_member_may_make_a_token(request, who, club_a):
    client = request.getfixturevalue(who)

    response = _make(client, name="Club system")

    assert response.status_code == 200
    assert len(_shown_key(response)) == 64
    assert ApiToken.objects.get().name == "Club system"


def test_the_tokens_page_needs_a_login(anonymous_client):
    response = anonymous_client.get("/accounts/tokens/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_token_is_shown_once_and_stored_only_as_a_hash(client_a):
    key = _shown_key(_make(client_a))

    again = client_a.get("/accounts/tokens/")
    token = ApiToken.objects.get()

    assert key not in again.content.decode()
    assert "Compscore" in again.content.decode()
    assert key not in (token.digest, token.token_key)
    assert len(token.digest) == 128
    assert token.token_key == key[:15]
    assert "no-store" in again["Cache-Control"] or "max-age=0" in again["Cache-Control"]


def test_a_token_works_as_authorization_token_and_its_last_use_is_shown(client_a, club_a):
    key = _shown_key(_make(client_a, days="30"))
    token = ApiToken.objects.get()
    assert token.last_used_at is None
    assert timedelta(days=29) < token.expiry - timezone.now() <= timedelta(days=30)

    response = _api(key)
    page = client_a.get("/accounts/tokens/").content.decode()

    assert response.status_code == 200
    token.refresh_from_db()
    assert token.last_used_at is not None
    assert timezone.localtime(token.last_used_at).strftime("%-d %B %Y") in page
    assert "never" not in page


def test_a_token_reaches_only_what_its_login_may(secretary_a, club_a, club_b):
    _, key = api_token_create(user=secretary_a, name="scorer", days=30)

    assert _api(key, "/api/v1/clubs/301/members/").status_code == 404


def test_a_revoked_token_answers_401_in_the_error_shape(client_a, club_a):
    key = _shown_key(_make(client_a))
    token = ApiToken.objects.get()

    revoked = client_a.post(
        "/accounts/tokens/", {"action": "revoke", "token": token.token_key}, follow=True
    )
    response = _api(key)

    assert "is revoked" in revoked.content.decode()
    assert response.status_code == 401
    assert response.json() == {
        "error": {"status": 401, "code": "authentication_failed", "message": "Invalid token."}
    }
    assert response["WWW-Authenticate"] == "Token"


def test_an_expired_token_answers_401_and_is_removed(secretary_a, club_a):
    token, key = api_token_create(user=secretary_a, name="old", days=30)
    ApiToken.objects.filter(pk=token.pk).update(expiry=timezone.now() - timedelta(seconds=1))

    response = _api(key)

    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"
    assert not ApiToken.objects.exists()


def test_an_unknown_or_malformed_token_answers_401(club_a):
    for header in ("Token 0123456789abcdef", "Token caf\xe9", "Token"):
        response = Client().get(MEMBERS, HTTP_AUTHORIZATION=header)
        assert response.status_code == 401, header
        assert response.json()["error"]["status"] == 401


def test_nobody_revokes_another_logins_token(client_b, secretary_a, club_a):
    token, key = api_token_create(user=secretary_a, name="scorer", days=30)

    response = client_b.post(
        "/accounts/tokens/", {"action": "revoke", "token": token.token_key}, follow=True
    )

    assert "No such token of yours" in response.content.decode()
    assert _api(key).status_code == 200


def test_the_page_lists_only_the_logins_own_tokens(client_b, secretary_a):
    api_token_create(user=secretary_a, name="club A scorer", days=30)

    assert "club A scorer" not in client_b.get("/accounts/tokens/").content.decode()


@pytest.mark.parametrize(
    ("name", "days", "message"),
    [("   ", "90", "This field is required"), ("Scorer", "7", "Select a valid choice")],
)
def test_a_token_needs_a_name_and_one_of_the_lifetimes(client_a, name, days, message):
    response = _make(client_a, name=name, days=days)

    assert message in response.content.decode()
    assert not ApiToken.objects.exists()


def test_two_live_tokens_of_a_login_have_different_names(client_a):
    _make(client_a, name="Scorer")

    response = _make(client_a, name="Scorer")

    assert "already have a token named" in response.content.decode()
    assert ApiToken.objects.count() == 1


def test_a_program_makes_a_token_with_its_password_and_revokes_it(secretary_a, club_a):
    made = Client().post(
        "/api/v1/auth/token",
        json.dumps(
            {"username": "secretary-a", "password": "secret-password", "name": "cron", "days": 30}
        ),
        content_type="application/json",
    )
    key = made.json()["token"]

    revoke = Client().post("/api/v1/auth/token/revoke", HTTP_AUTHORIZATION=f"Token {key}")

    assert made.status_code == 201
    assert made.json()["name"] == "cron"
    assert revoke.status_code == 204
    assert _api(key).status_code == 401


def test_the_openapi_schema_documents_the_token(staff_client):
    schema = yaml.safe_load(staff_client.get("/api/schema/").content)

    scheme = schema["components"]["securitySchemes"]["apiToken"]
    assert (scheme["type"], scheme["in"], scheme["name"]) == ("apiKey", "header", "Authorization")
    assert "/accounts/tokens/" in scheme["description"]
    assert "shown once" in schema["info"]["description"]
    assert {"apiToken": []} in schema["paths"]["/api/v1/clubs/{number}/members"]["get"]["security"]


class _Editor:
    """What the data migration uses of a schema editor, inside the test's transaction."""

    connection = connection

    def execute(self, sql: str, params=()) -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


def test_older_plain_tokens_are_converted_to_hashed_ones_that_expire(secretary_a, club_a):
    """The migration to hashed tokens: a plain DRF token keeps working, hashed, for 90 days."""
    migration = importlib.import_module("centre.migrations.0004_api_token")
    plain = "0123456789abcdef0123456789abcdef01234567"
    editor = _Editor()
    editor.execute(
        "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id bigint, "
        "created timestamp)"
    )
    editor.execute(
        "INSERT INTO authtoken_token (key, user_id) VALUES (%s, %s)", [plain, secretary_a.pk]
    )

    migration.convert_drf_tokens(apps, editor)

    token = ApiToken.objects.get()
    assert "authtoken_token" not in connection.introspection.table_names()
    assert plain not in (token.digest, token.token_key)
    assert timedelta(days=89) < token.expiry - timezone.now() <= timedelta(days=90)
    assert _api(plain).status_code == 200
