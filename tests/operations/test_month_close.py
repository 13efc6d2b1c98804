"""The month close (App. E): approve the month's credits, close it, later credits go on."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core import mail

from awards.ledger.models import Credit
from awards.ledger.selectors import player_totals, totals_disagreements
from centre.models import Period
from centre.services import period_for_credits
from operations.services import MonthCloseError, month_close, month_close_start
from tests.awards.conftest import b4c_points_credited, grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db
SYDNEY = ZoneInfo("Australia/Sydney")


@pytest.fixture
def credited(secretary_a, club_a):
    players = PlayerFactory.create_batch(4, home_club=club_a)
    upload_and_confirm(
        secretary_a, "m.grn", grn(*[(p.abf_number, 100 + i) for i, p in enumerate(players)])
    )
    return players


def test_credit_belongs_to_the_current_sydney_month():
    from django.db import transaction

    # 1 March 00:30 in Sydney is still 28 February in UTC.
    at = datetime(2026, 3, 1, 0, 30, tzinfo=SYDNEY)
    with transaction.atomic():
        period = period_for_credits(at=at)
    assert (period.year, period.month) == (2026, 3)


def test_close_approves_every_provisional_credit_and_closes_the_month(staff, credited):
    period = Credit.objects.first().period
    period = month_close(period=period, by=staff, chunk_size=3)
    assert period.status == Period.Status.CLOSED
    assert period.closed_at is not None
    assert period.close_done == 4
    assert period.progress_percent == 100
    assert set(Credit.objects.values_list("state", flat=True)) == {"approved"}
    totals = player_totals(player=credited[0])
    assert (totals.provisional["green"], totals.approved["green"]) == (0, 100)
    assert totals_disagreements() == []


def test_running_the_close_twice_changes_nothing_more(staff, credited):
    period = Credit.objects.first().period
    month_close(period=period, by=staff)
    before = list(Credit.objects.values_list("id", "state").order_by("id"))
    totals_before = player_totals(player=credited[1]).as_json()
    period = month_close(period=period, by=staff)
    assert period.close_done == 4
    assert list(Credit.objects.values_list("id", "state").order_by("id")) == before
    assert player_totals(player=credited[1]).as_json() == totals_before


def test_credits_arriving_after_the_close_belong_to_the_next_month(staff, secretary_a, credited):
    period = Credit.objects.first().period
    month_close(period=period, by=staff)
    late = PlayerFactory(home_club=secretary_a.club)
    upload = upload_and_confirm(secretary_a, "late.grn", grn((late.abf_number, 55)))
    assert (upload.period.year, upload.period.month) == period.next_month()
    assert upload.event.credits.get().state == Credit.State.PROVISIONAL
    # The new month's credits are untouched by the closed month.
    assert Credit.objects.filter(period=period, state="approved").count() == 4


def test_close_started_by_staff_runs_as_a_task_and_shows_progress(
    staff, credited, django_capture_on_commit_callbacks
):
    period = Credit.objects.first().period
    with django_capture_on_commit_callbacks(execute=True):
        started = month_close_start(period=period, by=staff, early=True)
    assert started.close_total == 4
    period.refresh_from_db()
    assert period.status == Period.Status.CLOSED
    assert period.close_done == 4
    assert "b4c_lists" in period.close_steps_done


def test_close_resumes_where_it_stopped(staff, credited):
    # A close stopped after its first chunk: the month is closing, two credits approved.
    from django.db import transaction

    from awards.ledger.services.totals import credits_approve
    from operations.services import month_close_start_now

    period = Credit.objects.first().period
    month_close_start_now(period=period, by=staff)
    with transaction.atomic():
        credits_approve(period=period, limit=2)
    assert Credit.objects.filter(state="approved").count() == 2
    period = month_close(period=Period.objects.get(pk=period.pk), by=staff)
    assert period.status == Period.Status.CLOSED
    assert set(Credit.objects.values_list("state", flat=True)) == {"approved"}
    assert totals_disagreements() == []


def test_month_being_closed_takes_no_new_credits(staff, secretary_a, credited):
    from operations.services import month_close_start_now

    period = Credit.objects.first().period
    month_close_start_now(period=period, by=staff)
    late = PlayerFactory(home_club=secretary_a.club)
    upload = upload_and_confirm(secretary_a, "late.grn", grn((late.abf_number, 55)))
    assert upload.period != period


def test_only_staff_close_a_month(secretary_a, credited):
    period = Credit.objects.first().period
    with pytest.raises(MonthCloseError):
        month_close(period=period, by=secretary_a)
    assert Credit.objects.filter(state="provisional").count() == 4


def test_state_secretary_is_emailed_the_months_b4c_points_once(
    staff, secretary_a, state_secretary_a, club_a, django_capture_on_commit_callbacks
):
    authorisation = b4c_points_credited(
        secretary=secretary_a, state_secretary=state_secretary_a, club=club_a
    )
    period = Credit.objects.first().period
    # The list is queued for after the close's commit.
    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=period, by=staff)
    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=period, by=staff)
    sent = [message for message in mail.outbox if "B4c" in message.subject]
    assert len(sent) == 1
    message = sent[0]
    assert message.to == [state_secretary_a.email]
    assert "B4c" in message.subject
    assert authorisation.number in message.body
    assert "3.75 red points" in message.body


def test_b4c_lists_go_after_the_commit_and_a_resumed_close_sends_none_twice(
    staff,
    secretary_a,
    secretary_b,
    state_secretary_a,
    state_secretary_b,
    club_a,
    club_b,
    django_capture_on_commit_callbacks,
):
    from unittest import mock

    from awards.authorisations import emails as award_emails
    from operations.services import month_closes_resume

    b4c_points_credited(secretary=secretary_a, state_secretary=state_secretary_a, club=club_a)
    b4c_points_credited(secretary=secretary_b, state_secretary=state_secretary_b, club=club_b)
    period = Credit.objects.first().period
    real_delay = award_emails.b4c_list_email.delay

    def lost_for_b(state_id, period_id):
        if state_id != state_secretary_b.state_id:  # state B's task is lost on the way
            return real_delay(state_id, period_id)

    with (
        mock.patch.object(award_emails.b4c_list_email, "delay", lost_for_b),
        django_capture_on_commit_callbacks() as after_commit,
    ):
        month_close(period=period, by=staff)
        # Nothing is sent inside the close's transactions: the lists wait for the commit.
        assert mail.outbox == []
    for callback in after_commit:
        callback()
    assert [m.to for m in mail.outbox if "B4c" in m.subject] == [[state_secretary_a.email]]

    # The periodic job queues the month's lists again: B's goes, A's does not go twice.
    with django_capture_on_commit_callbacks(execute=True):
        month_closes_resume()
        month_closes_resume()
    sent = sorted(m.to[0] for m in mail.outbox if "B4c" in m.subject)
    assert sent == sorted([state_secretary_a.email, state_secretary_b.email])
