"""The kept totals always agree with the ledger, and the check says so (or says where not)."""

import pytest
from django.core.management import CommandError, call_command

from awards.ledger.models import PlayerTotals
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_check_totals_passes_on_a_ledger_kept_by_the_services(secretary_a, club_a, capsys):
    players = PlayerFactory.create_batch(3, home_club=club_a)
    upload_and_confirm(secretary_a, "a.grn", grn(*[(p.abf_number, 10) for p in players]))
    call_command("check_totals")
    assert "agree" in capsys.readouterr().out


def test_check_totals_names_a_total_that_was_tampered_with(secretary_a, club_a, capsys):
    player = PlayerFactory(home_club=club_a)
    upload_and_confirm(secretary_a, "a.grn", grn((player.abf_number, 10)))
    PlayerTotals.objects.filter(player=player, kind="green").update(provisional=11)
    with pytest.raises(CommandError, match="1 totals disagree"):
        call_command("check_totals")
    assert "ledger 10, totals 11" in capsys.readouterr().err


def test_forfeit_task_is_on_the_beat_schedule():
    from django.conf import settings

    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "awards.tasks.held_credits_forfeit_expired" in tasks
