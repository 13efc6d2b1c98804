"""Repeated wrong passwords lock the account and the address out (django-axes), on the login
page and at the API's token endpoint; the right password is refused until the cool-off ends."""

import json
import logging
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client, override_settings
from django.utils import timezone

from centre.models import ApiToken

pytestmark = pytest.mark.django_db

RIGHT = "secret-password"
LIMIT = settings.AXES_FAILURE_LIMIT


def _login(client: Client, username: str, password: str, address: str = "203.0.113.7"):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def _token(client: Client, username: str, password: str, address: str = "203.0.113.7"):
    return client.post(
        "/api/v1/auth/token",
        json.dumps({"username": username, "password": password, "name": "scorer"}),
        content_type="application/json",
        REMOTE_ADDR=address,
    )


def _cool_off_passes():
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )


def test_the_limits_are_five_failures_and_fifteen_minutes():
    assert LIMIT == 5
    assert timedelta(minutes=15) == settings.AXES_COOLOFF_TIME
    assert settings.AXES_LOCKOUT_PARAMETERS == ["username", "ip_address"]


def test_wrong_passwords_lock_the_account_and_the_right_one_is_then_refused(secretary_a, caplog):
    client = Client()
    answers = [_login(client, "secretary-a", f"wrong-{n}").status_code for n in range(LIMIT)]

    with caplog.at_level(logging.WARNING, logger="centre.security"):
        right = _login(client, "secretary-a", RIGHT)

    assert answers == [200] * (LIMIT - 1) + [429]
    assert right.status_code == 429
    text = right.content.decode()
    assert "Too many failed logins" in text
    assert "locked out for 15 minutes" in text
    assert "Reset it by email" in text
    assert "_auth_user_id" not in client.session
    assert any("Login locked out" in r.getMessage() for r in caplog.records)
    assert "secretary-a" in caplog.text


def test_another_account_from_another_address_is_unaffected(secretary_a, secretary_b):
    for n in range(LIMIT):
        _login(Client(), "secretary-a", f"wrong-{n}")

    other = _login(Client(), "secretary-b", RIGHT, address="198.51.100.20")

    assert other.status_code == 302


def test_the_locked_account_is_refused_from_any_address(secretary_a):
    for n in range(LIMIT):
        _login(Client(), "secretary-a", f"wrong-{n}")

    elsewhere = _login(Client(), "secretary-a", RIGHT, address="198.51.100.20")

    assert elsewhere.status_code == 429


def test_one_address_trying_many_accounts_is_locked_out(secretary_a, secretary_b):
    for n in range(LIMIT):
        _login(Client(), f"guess-{n}", "password")

    same_address = _login(Client(), "secretary-b", RIGHT)
    other_address = _login(Client(), "secretary-b", RIGHT, address="198.51.100.20")

    assert same_address.status_code == 429
    assert other_address.status_code == 302


def test_the_lockout_ends_after_the_cool_off(secretary_a):
    for n in range(LIMIT):
        _login(Client(), "secretary-a", f"wrong-{n}")
    _cool_off_passes()

    client = Client()
    response = _login(client, "secretary-a", RIGHT)

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(secretary_a.pk)


def test_a_successful_login_clears_the_failures_so_far(secretary_a):
    for n in range(LIMIT - 1):
        _login(Client(), "secretary-a", f"wrong-{n}")
    assert _login(Client(), "secretary-a", RIGHT).status_code == 302

    after = [_login(Client(), "secretary-a", f"again-{n}").status_code for n in range(LIMIT - 1)]

    assert after == [200] * (LIMIT - 1)


# --- the API's token endpoint -------------------------------------------------------------


def test_token_endpoint_answers_401_for_a_wrong_password(secretary_a):
    response = _token(Client(), "secretary-a", "wrong")

    assert response.status_code == 401
    assert response.json()["error"]["message"] == "Wrong username or password."
    assert not ApiToken.objects.exists()


def test_token_endpoint_locks_out_like_the_login_page(secretary_a):
    answers = [_token(Client(), "secretary-a", f"wrong-{n}").status_code for n in range(LIMIT)]

    right = _token(Client(), "secretary-a", RIGHT)

    assert answers == [401] * (LIMIT - 1) + [429]
    assert right.status_code == 429
    error = right.json()["error"]
    assert (error["status"], error["code"]) == (429, "locked_out")
    assert "locked out for 15 minutes" in error["message"]
    assert int(right["Retry-After"]) == 15 * 60
    assert not ApiToken.objects.exists()


def test_failures_on_the_page_and_the_api_count_together(secretary_a):
    for n in range(LIMIT - 1):
        _token(Client(), "secretary-a", f"wrong-{n}")
    _login(Client(), "secretary-a", "wrong-last")

    assert _token(Client(), "secretary-a", RIGHT).status_code == 429


def test_token_endpoint_unlocks_after_the_cool_off(secretary_a):
    for n in range(LIMIT):
        _token(Client(), "secretary-a", f"wrong-{n}")
    _cool_off_passes()

    response = _token(Client(), "secretary-a", RIGHT)

    assert response.status_code == 201
    assert ApiToken.objects.get().user == secretary_a


# --- one login's success never clears another's failures ----------------------------------

# Forty wrong passwords for the superuser, with a club's secretary signing in from the same
# address after every four: the superuser is locked out at its fifth, as from anywhere.
ROUNDS = 10


def test_a_club_login_between_failures_never_clears_the_staff_logins_count_on_the_page(
    staff, secretary_a
):
    answers = []
    for round_ in range(ROUNDS):
        for n in range(LIMIT - 1):
            answers.append(_login(Client(), "staff", f"wrong-{round_}-{n}").status_code)
        _login(Client(), "secretary-a", RIGHT)

    right = _login(Client(), "staff", RIGHT, address="198.51.100.20")

    assert answers[: LIMIT - 1] == [200] * (LIMIT - 1)
    assert set(answers[LIMIT:]) == {429}
    assert right.status_code == 429
    assert "Too many failed logins" in right.content.decode()


def test_a_club_token_between_failures_never_clears_the_staff_logins_count_on_the_api(
    staff, secretary_a
):
    answers = []
    for round_ in range(ROUNDS):
        for n in range(LIMIT - 1):
            answers.append(_token(Client(), "staff", f"wrong-{round_}-{n}").status_code)
        _token(Client(), "secretary-a", RIGHT)

    right = _token(Client(), "staff", RIGHT, address="198.51.100.20")

    assert answers[: LIMIT - 1] == [401] * (LIMIT - 1)
    assert set(answers[LIMIT:]) == {429}
    assert right.status_code == 429
    assert right.json()["error"]["code"] == "locked_out"
    assert not ApiToken.objects.filter(user=staff).exists()


def test_page_logins_between_api_failures_never_clear_the_staff_logins_count(staff, secretary_a):
    for round_ in range(ROUNDS):
        for n in range(LIMIT - 1):
            _token(Client(), "staff", f"wrong-{round_}-{n}")
        _login(Client(), "secretary-a", RIGHT)

    assert _token(Client(), "staff", RIGHT, address="198.51.100.20").status_code == 429
    assert _login(Client(), "staff", RIGHT, address="198.51.100.20").status_code == 429
    assert not ApiToken.objects.exists()


def _through_proxy(username: str, password: str, visitor: str, spoofed: str = ""):
    forwarded = f"{spoofed}, {visitor}" if spoofed else visitor
    return Client().post(
        "/accounts/login/",
        {"username": username, "password": password},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR=forwarded,
    )


def test_behind_a_proxy_that_hides_addresses_no_other_login_clears_the_staff_logins_count(
    staff, secretary_a, secretary_b
):
    # No TRUSTED_PROXY_COUNT: every visitor has the proxy's address.
    for round_ in range(ROUNDS):
        for n in range(LIMIT - 1):
            _login(Client(), "staff", f"wrong-{round_}-{n}", address="10.0.0.1")
        _login(Client(), "secretary-a", RIGHT, address="10.0.0.1")
        _login(Client(), "secretary-b", RIGHT, address="10.0.0.1")

    assert _login(Client(), "staff", RIGHT, address="198.51.100.20").status_code == 429
    assert _token(Client(), "staff", RIGHT, address="198.51.100.20").status_code == 429


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_trusted_proxy_the_visitors_address_counts_and_no_other_login_clears_it(
    staff, secretary_a, secretary_b
):
    for round_ in range(ROUNDS):
        for n in range(LIMIT - 1):
            # a guesser writing its own X-Forwarded-For is still counted by its own address
            _through_proxy("staff", f"wrong-{round_}-{n}", "203.0.113.7", spoofed=f"192.0.2.{n}")
        _through_proxy("secretary-a", RIGHT, "203.0.113.7")

    # the guesser's address is locked, a club elsewhere behind the same proxy is not
    assert _through_proxy("secretary-b", RIGHT, "203.0.113.7").status_code == 429
    assert _through_proxy("secretary-b", RIGHT, "198.51.100.30").status_code == 302
    assert _through_proxy("staff", RIGHT, "198.51.100.20").status_code == 429
    counted = set(AccessAttempt.objects.values_list("ip_address", flat=True))
    assert counted == {"203.0.113.7", "198.51.100.20"}  # never the proxy's, never a spoofed one


def test_a_logins_own_success_clears_only_its_own_failures(staff, secretary_a):
    for n in range(LIMIT - 1):
        _login(Client(), "staff", f"wrong-{n}")
        _login(Client(), "secretary-a", f"wrong-{n}", address="198.51.100.20")

    assert _login(Client(), "secretary-a", RIGHT, address="198.51.100.20").status_code == 302
    assert _login(Client(), "staff", "wrong-last", address="192.0.2.9").status_code == 429
    assert not AccessAttempt.objects.filter(username="secretary-a").exists()


def test_a_token_made_with_the_right_password_clears_that_logins_own_failures(secretary_a):
    for n in range(LIMIT - 1):
        _token(Client(), "secretary-a", f"wrong-{n}")
    assert _token(Client(), "secretary-a", RIGHT).status_code == 201

    after = [_token(Client(), "secretary-a", f"again-{n}").status_code for n in range(LIMIT - 1)]

    assert after == [401] * (LIMIT - 1)
