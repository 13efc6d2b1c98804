import io

import pytest
from django.core.management import CommandError, call_command

from awards.ledger.models import Credit, Event
from centre.models import Period
from tests.factories import PlayerFactory


@pytest.fixture
def provisional_month(club_a, staff):
    period = Period.objects.create(year=2026, month=10)
    event = Event.objects.create(
        organiser="club",
        club=club_a,
        state=club_a.state,
        name="Monday pairs",
        starts_on="2026-10-05",
        ends_on="2026-10-05",
        grade="E",
    )
    for player in PlayerFactory.create_batch(3, home_club=club_a):
        Credit.objects.create(
            player=player,
            event=event,
            colour="green",
            points=42,
            source="file",
            period=period,
            uploaded_by=staff,
        )
    return period


def test_the_command_closes_the_month_and_a_second_run_changes_nothing(provisional_month, staff):
    out = io.StringIO()

    call_command("month_close", "2026-10", by="staff", stdout=out)
    call_command("month_close", "2026-10", by="staff", stdout=out)

    provisional_month.refresh_from_db()
    assert provisional_month.status == Period.Status.CLOSED
    assert not Credit.objects.filter(state=Credit.State.PROVISIONAL).exists()
    assert "3 credits approved" in out.getvalue()
    assert "promotions" in out.getvalue()


def test_the_command_names_a_month_that_does_not_exist(staff):
    with pytest.raises(CommandError, match="'2026-13'"):
        call_command("month_close", "2026-13", by="staff")


def test_the_command_refuses_a_login_that_is_not_staff(provisional_month, secretary_a):
    with pytest.raises(CommandError, match="Only centre staff"):
        call_command("month_close", "2026-10", by="secretary-a")
