"""A database kept before awards of the year were told apart migrates with its balances
brought forward recognised (an event named or reasoned "brought forward", all adjustments)
and their points moved, in the kept totals, from the year's own to those brought forward."""

from datetime import UTC, date, datetime

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("awards", "0009_credit_indexes_without_repeats")]


@pytest.mark.django_db(transaction=True)
def test_existing_balances_brought_forward_are_recognised_and_kept_apart():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = MigrationExecutor(connection).loader.project_state(BEFORE).apps
    state = old.get_model("clubs", "State").objects.create(code="NSW", name="New South Wales")
    club = old.get_model("clubs", "Club").objects.create(number=201, name="Club A", state=state)
    player = old.get_model("players", "Player").objects.create(
        abf_number="0123456", given_names="Helen", family_name="Homer", home_club=club
    )
    user = old.get_model("centre", "User").objects.create(username="staff", role="staff")
    period = old.get_model("centre", "Period").objects.create(
        year=2026, month=4, status="closed", closed_at=datetime(2026, 5, 1, tzinfo=UTC)
    )
    Event = old.get_model("awards", "Event")
    Credit = old.get_model("awards", "Credit")
    day = date(2026, 4, 1)

    def event(name: str, grade: str) -> object:
        return Event.objects.create(
            organiser="national", name=name, starts_on=day, ends_on=day, grade=grade
        )

    balance = event("Gold points brought forward from the previous register", "A")
    opening = event("Opening balance", "E")  # recognised by its credits' reason
    congress = event("Autumn congress", "A")
    correction = event("Autumn congress correction", "A")  # an adjustment of the year

    def credit(event_, colour: str, points: int, source: str, reason: str = "") -> None:
        Credit.objects.create(
            player=player,
            event=event_,
            colour=colour,
            points=points,
            source=source,
            reason=reason,
            period=period,
            state="approved",
            uploaded_by=user,
        )

    credit(balance, "gold", 20_000_00, "adjustment", "Balance brought forward")
    credit(opening, "green", 50_00, "adjustment", "Balance brought forward from the register")
    credit(congress, "gold", 3_00, "file")
    credit(correction, "gold", 1_00, "adjustment", "Missed pair")
    old.get_model("awards", "PlayerTotals").objects.create(
        player=player, year=2026, gold_approved=20_004_00, green_approved=50_00
    )

    call_command("migrate", verbosity=0)

    from awards.ledger.models import Event as NewEvent
    from awards.ledger.selectors import totals_disagreements
    from tests.factories import totals_of

    assert set(NewEvent.objects.filter(of_the_year=False).values_list("name", flat=True)) == {
        balance.name,
        opening.name,
    }
    of_the_year = totals_of(player_id=player.pk, brought_forward=False)
    brought = totals_of(player_id=player.pk, brought_forward=True)
    assert (of_the_year["gold_approved"], of_the_year["green_approved"]) == (4_00, 0)
    assert (brought["gold_approved"], brought["green_approved"]) == (20_000_00, 50_00)
    assert totals_disagreements() == []
