"""centre.mail: an email is sent after the commit, through the queue, exactly once."""

import pytest
from django.core import mail
from django.core.mail import EmailMessage
from django.utils import timezone

from centre.mail import email_once_by_key
from centre.models import Period, SentEmail
from ranks.models import ClubMonthlyReport


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


@pytest.mark.django_db
def test_an_email_task_retries_after_a_passing_smtp_error_and_sends_once(monkeypatch):
    import smtplib

    from ranks.emails import club_monthly_report_email  # one of the email tasks
    from tests.factories import ClubFactory

    club = ClubFactory(secretary_email="secretary@example.org")
    period = Period.objects.create(year=2026, month=10, status="closed", closed_at=timezone.now())
    report = ClubMonthlyReport.objects.create(club=club, period=period, credits=[])
    real_send, calls = EmailMessage.send, {"n": 0}

    def down_once(self, fail_silently=False):
        calls["n"] += 1
        if calls["n"] == 1:
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        return real_send(self, fail_silently)

    monkeypatch.setattr(EmailMessage, "send", down_once)
    # As a worker runs it: the SMTP error is retried, not reported.
    result = club_monthly_report_email.apply(args=(report.pk,), throw=False)
    assert result.successful() and result.get() is True
    assert calls["n"] == 2
    assert [m.to for m in mail.outbox] == [["secretary@example.org"]]
    # The task given out again (a lost worker's, a periodic re-queue) sends nothing more.
    assert club_monthly_report_email.apply(args=(report.pk,)).get() is False
    assert len(mail.outbox) == 1


def test_every_email_task_retries_on_smtp_errors_with_backoff():
    import smtplib

    from centre.celery import app

    app.loader.import_default_modules()
    emailing = [
        "awards.authorisations.emails.b4c_list_email",
        "billing.emails.invoice_email",
        "clubs.emails.club_change_confirm",
        "players.emails.player_change_confirm",
        "players.emails.club_players_inactive_notify",
        "ranks.emails.club_monthly_report_email",
        "ranks.emails.ranking_report_email",
    ]
    # The workers register every app's email tasks (centre.celery: related_name="emails").
    every = sorted(name for name in app.tasks if name.rsplit(".", 2)[-2] == "emails")
    assert set(emailing) <= set(every)
    for name in every:
        task = app.tasks[name]
        assert issubclass(smtplib.SMTPException, task.autoretry_for), name
        assert task.retry_backoff and task.max_retries >= 10, name
