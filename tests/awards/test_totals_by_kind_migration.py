"""A database whose kept totals had a column per ABF colour migrates to a row per point kind
with every point carried over, and an upload's colour totals become its totals by kind."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("awards", "0013_event_congress_organiser")]


@pytest.mark.django_db(transaction=True)
def test_the_totals_of_each_colour_become_a_row_of_their_kind():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = MigrationExecutor(connection).loader.project_state(BEFORE).apps
    state = old.get_model("clubs", "State").objects.create(code="NSW", name="New South Wales")
    club = old.get_model("clubs", "Club").objects.create(number=201, name="Club A", state=state)
    Player = old.get_model("players", "Player")
    helen = Player.objects.create(
        abf_number="0123456", given_names="Helen", family_name="Homer", home_club=club
    )
    ivan = Player.objects.create(
        abf_number="0234567", given_names="Ivan", family_name="Ives", home_club=club
    )
    Totals = old.get_model("awards", "PlayerTotals")
    Totals.objects.create(
        player=helen, year=2025, green_approved=12_34, red_approved=5_00, gold_provisional=1_50
    )
    Totals.objects.create(player=helen, year=2025, brought_forward=True, gold_approved=200_00)
    Totals.objects.create(player=ivan, year=2026, green_provisional=75)
    user = old.get_model("centre", "User").objects.create(username="staff", role="staff")
    upload = old.get_model("awards", "CreditUpload").objects.create(
        uploaded_by=user,
        club=club,
        filename="a.grn",
        content=b"",
        sha256="0" * 64,
        event_details={},
        total_green=192,
        total_red=0,
        total_gold=0,
    )

    call_command("migrate", verbosity=0)

    from awards.intake.models import CreditUpload
    from awards.ledger.models import PlayerTotals

    rows = sorted(
        PlayerTotals.objects.values_list(
            "player_id", "year", "brought_forward", "kind", "provisional", "approved"
        )
    )
    assert rows == [
        (helen.pk, 2025, False, "gold", 1_50, 0),
        (helen.pk, 2025, False, "green", 0, 12_34),
        (helen.pk, 2025, False, "red", 0, 5_00),
        (helen.pk, 2025, True, "gold", 0, 200_00),
        (ivan.pk, 2026, False, "green", 75, 0),
    ]
    moved = CreditUpload.objects.get(pk=upload.pk)
    assert (moved.totals, moved.total) == ({"green": 192, "red": 0, "gold": 0}, 192)
