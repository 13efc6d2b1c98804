"""The 1 April update and the youth rule, as Celery tasks and as commands run by hand."""

from datetime import datetime
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from clubs.models import Club
from players import calendar, tasks
from players.models import Player
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def run(command: str, *args: str) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def test_apply_cancellations_command_twice_changes_nothing_more(club_a):
    leaving = PlayerFactory(
        home_club=club_a,
        cancellation_requested_at=datetime(2027, 3, 2, tzinfo=SCHEME_TZ),
    )

    first = run("apply_cancellations", "--at", "2027-04-01T00:05")
    second = run("apply_cancellations", "--at", "2027-04-01T00:10")

    leaving.refresh_from_db()
    assert leaving.status == Player.Status.INACTIVE
    assert "1 cancellation(s) applied" in first
    assert "0 cancellation(s) applied" in second
    assert leaving.changes.count() == 1


def test_apply_cancellations_before_the_deadline_is_refused(club_a):
    player = PlayerFactory(
        home_club=club_a,
        cancellation_requested_at=datetime(2027, 3, 2, tzinfo=SCHEME_TZ),
    )

    with pytest.raises(CommandError, match="after the cancellation deadline"):
        run("apply_cancellations", "--at", "2027-03-31T11:59")

    player.refresh_from_db()
    assert player.status == Player.Status.ACTIVE


def test_youth_age_out_command_twice_changes_nothing_more():
    youth = ClubFactory(number=994, kind=Club.Kind.YOUTH, state=None)
    old = PlayerFactory(home_club=youth, birth_year=1999)
    young = PlayerFactory(home_club=youth, birth_year=2005)

    first = run("youth_age_out", "--at", "2027-01-01T00:05")
    second = run("youth_age_out", "--at", "2027-01-01T00:10")

    old.refresh_from_db()
    young.refresh_from_db()
    assert (old.status, young.status) == (Player.Status.INACTIVE, Player.Status.ACTIVE)
    assert "1 youth player(s)" in first and "0 youth player(s)" in second


def test_the_tasks_run_the_updates_on_the_clock(club_a, monkeypatch):
    monkeypatch.setattr(calendar, "now", lambda: datetime(2027, 4, 1, 0, 5, tzinfo=SCHEME_TZ))
    PlayerFactory(
        home_club=club_a, cancellation_requested_at=datetime(2027, 3, 2, tzinfo=SCHEME_TZ)
    )

    assert tasks.cancellations_apply.delay().get() == 1
    assert tasks.cancellations_apply.delay().get() == 0
    assert tasks.youth_age_out.delay().get() == 0


def test_the_updates_are_on_the_beat_schedule():
    tasks_scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}

    assert {"players.tasks.cancellations_apply", "players.tasks.youth_age_out"} <= tasks_scheduled
