"""2.6: each month's B4c list goes to the state secretary after the close commits, once."""

import pytest
from django.core import mail
from django.db import transaction

from awards.authorisations.emails import b4c_list_send
from awards.authorisations.services.numbers import b4c_lists_send
from awards.ledger.models import Credit
from centre.models import SentEmail
from tests.awards.conftest import b4c_points_credited

pytestmark = pytest.mark.django_db


@pytest.fixture
def period(secretary_a, state_secretary_a, club_a):
    b4c_points_credited(secretary=secretary_a, state_secretary=state_secretary_a, club=club_a)
    return Credit.objects.first().period


def test_the_list_is_sent_only_once_the_close_commits(
    period, state_secretary_a, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as queued, transaction.atomic():
        assert b4c_lists_send(period=period) == 1
        assert mail.outbox == []
    assert len(queued) == 1
    assert [message.to for message in mail.outbox] == [[state_secretary_a.email]]
    assert "3.75 red points" in mail.outbox[0].body
    assert SentEmail.objects.filter(key=f"b4c-list:{period}:NSW").exists()


def test_a_rerun_of_the_step_sends_nothing_twice(period, django_capture_on_commit_callbacks):
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            b4c_lists_send(period=period)
    assert len(mail.outbox) == 1


def test_a_retried_task_sends_nothing_twice(period, state_a):
    assert b4c_list_send(state=state_a, period=period) is True
    assert b4c_list_send(state=state_a, period=period) is False
    assert len(mail.outbox) == 1


def test_a_close_that_rolls_back_queues_nothing(period, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True) as queued,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        b4c_lists_send(period=period)
        raise RuntimeError("the close failed")
    assert queued == []
    assert mail.outbox == []


def test_a_state_that_does_not_take_part_gets_no_list(
    period, state_a, django_capture_on_commit_callbacks
):
    state_a.requires_authorisation = False
    state_a.save()
    with django_capture_on_commit_callbacks(execute=True):
        assert b4c_lists_send(period=period) == 0
    assert mail.outbox == []
