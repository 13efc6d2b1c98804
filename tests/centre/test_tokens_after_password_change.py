"""A new password ends the login's other sessions and, as the login chooses on its tokens
page, revokes its API tokens; staff resetting or deactivating a login always revoke them."""

import re

import pytest
from django.core import mail
from django.test import Client, TestCase

from centre.models import ApiToken
from centre.tokens import api_token_create
from tests.factories import OrganiserFactory

pytestmark = pytest.mark.django_db

OLD = "secret-password"
NEW = "a-brand-new-pass-2027"
MEMBERS = "/api/v1/clubs/201/members/"


def _token(user) -> str:
    _, key = api_token_create(user=user, name="Compscore", days=90)
    return key


def _api(key: str):
    return Client().get(MEMBERS, HTTP_AUTHORIZATION=f"Token {key}")


def _logged_in(username: str) -> Client:
    client = Client()
    assert (
        client.post("/accounts/login/", {"username": username, "password": OLD}).status_code == 302
    )
    return client


def _change_password(client: Client):
    return client.post(
        "/accounts/password/",
        {"old_password": OLD, "new_password1": NEW, "new_password2": NEW},
    )


@pytest.fixture
def superuser_client(django_user_model) -> Client:
    root = django_user_model.objects.create_superuser("root", "root@example.org", "pw")
    client = Client()
    client.force_login(root)
    return client


def test_the_tokens_page_shows_the_choice_and_it_is_to_revoke_by_default(client_a, secretary_a):
    page = client_a.get("/accounts/tokens/").content.decode()

    assert "When your password changes" in page
    assert re.search(r'name="revoke_on_password_change" checked', page)
    assert "a new password revokes every token above" in page
    assert secretary_a.revoke_tokens_on_password_change


def test_a_password_change_ends_the_other_sessions_and_revokes_the_tokens(secretary_a, club_a):
    key = _token(secretary_a)
    here, elsewhere = _logged_in("secretary-a"), _logged_in("secretary-a")
    assert _api(key).status_code == 200
    form = here.get("/accounts/password/").content.decode()
    assert "Your 1 API token will be revoked too" in form

    assert _change_password(here).status_code == 302

    assert _api(key).status_code == 401
    assert not ApiToken.objects.filter(user=secretary_a).exists()
    assert here.get("/accounts/tokens/").status_code == 200
    assert elsewhere.get("/accounts/tokens/").status_code == 302  # asked to log in again


def test_a_login_that_chose_to_keep_its_tokens_keeps_them_through_a_password_change(
    secretary_a, club_a
):
    key = _token(secretary_a)
    client = _logged_in("secretary-a")

    chosen = client.post("/accounts/tokens/", {"action": "choice"}, follow=True)
    form = client.get("/accounts/password/").content.decode()
    _change_password(client)

    page = chosen.content.decode()
    assert "Your tokens will keep working when your password is changed or reset." in page
    assert "Now: your tokens keep working after a new password" in page
    assert "Your 1 API token will keep working" in form
    assert _api(key).status_code == 200


def test_a_login_may_choose_again_to_revoke(client_a, secretary_a):
    client_a.post("/accounts/tokens/", {"action": "choice"})
    answer = client_a.post(
        "/accounts/tokens/", {"action": "choice", "revoke_on_password_change": "on"}, follow=True
    )

    assert "Your tokens will be revoked when your password is changed or reset." in (
        answer.content.decode()
    )
    secretary_a.refresh_from_db()
    assert secretary_a.revoke_tokens_on_password_change


def _reset_by_email(email: str):
    with TestCase.captureOnCommitCallbacks(execute=True):
        Client().post("/accounts/password/reset/", {"email": email})
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", mail.outbox[-1].body)
    client = Client()
    form = client.get(link.group(1), follow=True)
    return client.post(
        form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}, follow=True
    )


def test_a_password_reset_by_email_revokes_the_tokens(secretary_a, club_a):
    key = _token(secretary_a)

    done = _reset_by_email("secretary-a@example.org")

    assert "Password changed" in done.content.decode()
    assert _api(key).status_code == 401


def test_a_password_reset_by_email_keeps_the_tokens_of_a_login_that_chose_so(secretary_a, club_a):
    key = _token(secretary_a)
    _logged_in("secretary-a").post("/accounts/tokens/", {"action": "choice"})

    _reset_by_email("secretary-a@example.org")

    assert _api(key).status_code == 200


def test_staff_setting_a_logins_password_revoke_its_tokens_whatever_it_chose(
    superuser_client, secretary_a, club_a
):
    key = _token(secretary_a)
    _logged_in("secretary-a").post("/accounts/tokens/", {"action": "choice"})

    answer = superuser_client.post(
        f"/admin/centre/user/{secretary_a.pk}/password/",
        {"password1": NEW, "password2": NEW, "usable_password": "true"},
    )

    assert answer.status_code == 302
    assert _api(key).status_code == 401
    assert Client().login(username="secretary-a", password=NEW)


def test_staff_deactivating_a_login_revoke_its_tokens(superuser_client, secretary_a, club_a):
    key = _token(secretary_a)
    url = f"/admin/centre/user/{secretary_a.pk}/change/"
    form = superuser_client.get(url).context["adminform"].form
    data = {
        name: value
        for name, value in form.initial.items()
        if value is not None and name not in ("password", "groups", "user_permissions")
    }
    data.update(
        {
            "username": secretary_a.username,
            "club": secretary_a.club_id,
            "last_login_0": "",
            "last_login_1": "",
            "date_joined_0": secretary_a.date_joined.strftime("%Y-%m-%d"),
            "date_joined_1": secretary_a.date_joined.strftime("%H:%M:%S"),
            "is_active": "",
        }
    )
    for flag in ("is_staff", "is_superuser", "revoke_tokens_on_password_change"):
        data[flag] = "on" if data.get(flag) else ""

    answer = superuser_client.post(url, data)

    assert answer.status_code == 302, answer.context["adminform"].form.errors
    secretary_a.refresh_from_db()
    assert not secretary_a.is_active
    assert not ApiToken.objects.filter(user=secretary_a).exists()
    secretary_a.is_active = True
    secretary_a.save()
    assert _api(key).status_code == 401  # the token does not come back with the login


def test_an_organiser_its_state_withdraws_loses_its_tokens(state_client_a, state_a):
    organiser = OrganiserFactory(username="organiser-a", state=state_a)
    _token(organiser)

    state_client_a.post(f"/state/organisers/{organiser.pk}/withdraw/")

    organiser.refresh_from_db()
    assert not organiser.is_active
    assert not ApiToken.objects.filter(user=organiser).exists()
