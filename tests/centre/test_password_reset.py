"""A forgotten password is reset by email (Django's flow), throttled by address and by email,
and the answer never tells whether an account exists."""

import re
import time

import pytest
from django.conf import settings
from django.core import mail
from django.core.mail import EmailMessage
from django.test import Client, TestCase

from centre import emails

pytestmark = pytest.mark.django_db

RESET = "/accounts/password/reset/"
NEW_PASSWORD = "a-brand-new-pass-2027"


def _ask(email: str, address: str = "203.0.113.7", client: Client | None = None):
    # The links are sent by a worker once the request's work is committed.
    with TestCase.captureOnCommitCallbacks(execute=True):
        return (client or Client()).post(RESET, {"email": email}, REMOTE_ADDR=address, follow=True)


def _link(message) -> str:
    return re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", message.body).group(1)


def test_the_login_page_offers_the_reset(anonymous_client):
    page = anonymous_client.get("/accounts/login/").content.decode()

    assert 'href="/accounts/password/reset/"' in page
    assert "Forgotten your password?" in page


def test_a_login_resets_its_password_through_the_emailed_link(secretary_a):
    answer = _ask("secretary-a@example.org")

    assert "Check your email" in answer.content.decode()
    (message,) = mail.outbox
    assert message.to == ["secretary-a@example.org"]
    assert "secretary-a" in message.body

    client = Client()
    form = client.get(_link(message), follow=True)
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )

    assert "Password changed" in done.content.decode()
    assert Client().login(username="secretary-a", password=NEW_PASSWORD)
    assert not Client().login(username="secretary-a", password="secret-password")
    # The link works once.
    again = Client().get(_link(message), follow=True)
    assert "no longer valid" in again.content.decode()


def test_the_clubs_secretary_address_reaches_the_clubs_login(secretary_a, club_a):
    _ask(club_a.secretary_email.upper())

    (message,) = mail.outbox
    assert message.to == [club_a.secretary_email.upper()]
    assert "secretary-a" in message.body


def test_an_unknown_address_gets_the_same_answer_and_no_email(secretary_a):
    known = _ask("secretary-a@example.org")
    unknown = _ask("nobody@example.org", address="198.51.100.20")

    assert unknown.status_code == known.status_code == 200
    assert unknown.redirect_chain == known.redirect_chain
    assert unknown.content == known.content
    assert len(mail.outbox) == 1


def test_one_email_gets_at_most_three_links_an_hour_with_the_same_answer(secretary_a):
    limit, _ = settings.PASSWORD_RESET_LIMITS["email"]
    answers = [_ask("secretary-a@example.org", address=f"198.51.100.{n}") for n in range(5)]

    assert limit == 3
    assert len(mail.outbox) == 3
    assert {a.status_code for a in answers} == {200}
    assert len({a.content for a in answers}) == 1


def test_one_address_asking_too_often_is_told_to_wait(secretary_a):
    limit, _ = settings.PASSWORD_RESET_LIMITS["address"]
    answers = [_ask(f"someone{n}@example.org").status_code for n in range(limit)]

    over = _ask("secretary-a@example.org")
    elsewhere = _ask("secretary-a@example.org", address="198.51.100.20")

    assert (limit, answers) == (5, [200] * 5)
    assert over.status_code == 429
    assert "Too many reset requests" in over.content.decode()
    assert elsewhere.status_code == 200
    assert len(mail.outbox) == 1


def test_the_reset_pages_are_the_portals(anonymous_client):
    page = anonymous_client.get(RESET).content.decode()

    assert "Reset your password · Masterpoint Centre" in page
    assert 'class="site-header"' in page


def test_the_answer_takes_as_long_with_or_without_a_login_as_the_links_go_after_it(
    secretary_a, monkeypatch
):
    # A mail server that takes 300 ms to take a message: a request that sent the link itself
    # would take that long for an address with a login and not for one without.
    queued, sent = [], []

    def slow_send(self, fail_silently=False):
        time.sleep(0.3)
        sent.append(self.to)
        return 1

    monkeypatch.setattr(EmailMessage, "send", slow_send)
    monkeypatch.setattr(emails.password_reset_email, "delay", lambda *args: queued.append(args))
    seconds, pages = {}, {}
    for email in ("secretary-a@example.org", "nobody@example.org"):
        start = time.perf_counter()
        pages[email] = _ask(email, address="198.51.100.20").content
        seconds[email] = time.perf_counter() - start

    assert sent == []
    assert max(seconds.values()) < 0.3
    assert pages["secretary-a@example.org"] == pages["nobody@example.org"]
    assert [args[1] for args in queued] == ["secretary-a@example.org", "nobody@example.org"]

    # The worker then sends the link to the address with a login only, once however often
    # the task is run.
    for args in queued + queued:
        emails.password_reset_email(*args)
    assert sent == [["secretary-a@example.org"]]
