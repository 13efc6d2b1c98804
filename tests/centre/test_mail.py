"""centre.mail: an email is sent after the commit, through the queue, exactly once."""

import pytest
from django.core import mail
from django.core.mail import EmailMessage

from centre.mail import email_once_by_key
from centre.models import SentEmail


def message() -> EmailMessage:
    return EmailMessage("B4c list", "The month's B4c points.", to=["state@example.org"])


@pytest.mark.django_db
def test_a_keyed_email_goes_once_however_often_it_is_asked_for():
    assert email_once_by_key(key="b4c-list:2026-10:NSW", compose=message) is True
    assert email_once_by_key(key="b4c-list:2026-10:NSW", compose=message) is False
    assert [m.subject for m in mail.outbox] == ["B4c list"]
    assert email_once_by_key(key="b4c-list:2026-10:VIC", compose=message) is True
    assert len(mail.outbox) == 2


@pytest.mark.django_db
def test_a_failed_send_is_not_marked_so_the_retry_sends_it(monkeypatch):
    def refuse(self, fail_silently=False):
        raise OSError("the mail server refused")

    monkeypatch.setattr(EmailMessage, "send", refuse)
    with pytest.raises(OSError):
        email_once_by_key(key="player-change:7", compose=message)
    assert not SentEmail.objects.filter(key="player-change:7").exists()
    monkeypatch.undo()
    assert email_once_by_key(key="player-change:7", compose=message) is True
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_nobody_to_send_to_sends_nothing_and_marks_nothing():
    assert email_once_by_key(key="club-notice:1", compose=lambda: None) is False
    assert not SentEmail.objects.exists()
    assert mail.outbox == []
