"""The club's monthly report email speaks of one promotion in the singular (1.4.3, 1.8)."""

import pytest
from django.core import mail

from awards.ledger.models import Credit
from operations.services import month_close
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def close_with_promotions(staff, state_secretary_a, club_a, capture, count: int) -> str:
    players = PlayerFactory.create_batch(count, home_club=club_a)
    upload_and_confirm(
        state_secretary_a, "state.red", grn(*[(p.abf_number, 3_00) for p in players]), grade="B"
    )
    with capture(execute=True):
        month_close(period=Credit.objects.first().period, by=staff)
    (message,) = [m for m in mail.outbox if m.to == [club_a.secretary_email]]
    return message.body


def test_one_promotion_is_told_in_the_singular(
    staff, state_secretary_a, club_a, django_capture_on_commit_callbacks
):
    body = close_with_promotions(
        staff, state_secretary_a, club_a, django_capture_on_commit_callbacks, 1
    )
    assert "1 of your home players was promoted; the certificate is attached (1.8):" in body
    assert "were promoted" not in body


def test_several_promotions_are_told_in_the_plural(
    staff, state_secretary_a, club_a, django_capture_on_commit_callbacks
):
    body = close_with_promotions(
        staff, state_secretary_a, club_a, django_capture_on_commit_callbacks, 3
    )
    assert "3 of your home players were promoted; their certificates are attached" in body
