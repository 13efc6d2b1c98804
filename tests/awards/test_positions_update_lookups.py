"""The close's update of the national positions (1.4.4) for the players it lists, each looked
up by the key: the tables a full recount gives, for players whose totals moved, players new
to the tables, players listed with no totals at all, and players whose totals did not move;
and the planner's settings it changes put back as they were."""

import pytest
from django.db import connection, transaction

from awards.ledger.models import PlayerPosition, PlayerTotals, PositionCount
from awards.ledger.services.positions import (
    positions_refresh,
    positions_update,
    uncompiled,
)
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db


def _tables() -> tuple[set, set]:
    return (
        set(PlayerPosition.objects.values_list("player_id", "total")),
        set(PositionCount.objects.values_list("level", "bucket", "players")),
    )


def test_the_listed_players_are_moved_as_a_full_recount_moves_them(club_a):
    moved, unmoved, new = (PlayerFactory(home_club=club_a) for _ in range(3))
    # Listed with no totals: pre-1982 red points alone, kept before as now.
    allowance = PlayerFactory(home_club=club_a, pre_1982_red=300_00)
    others = [PlayerFactory(home_club=club_a) for _ in range(5)]
    for points, player in enumerate([moved, unmoved, *others], start=1):
        totals_create(player=player, year=2025, green_approved=points * 150_00)
    positions_refresh()
    # The month: one player's total moves across every range, another's is new.
    totals_create(player=moved, year=2026, red_approved=10_000_00)
    totals_create(player=new, year=2026, gold_approved=1)

    positions_update(player_ids=sorted(p.pk for p in (moved, unmoved, new, allowance)))
    updated = _tables()
    positions_refresh(version="another")

    assert updated == _tables()
    assert (allowance.pk, 300_00) in updated[0]


def test_a_run_again_writes_nothing(club_a):
    players = [PlayerFactory(home_club=club_a) for _ in range(4)]
    for points, player in enumerate(players, start=1):
        totals_create(player=player, year=2026, green_approved=points * 7_00)
    positions_refresh()
    totals_create(player=players[0], year=2026, green_approved=50_00)
    ids = [p.pk for p in players]
    positions_update(player_ids=ids)
    rows = dict(PlayerPosition.objects.values_list("player_id", "pk"))
    counts = _tables()

    positions_update(player_ids=ids)

    assert dict(PlayerPosition.objects.values_list("player_id", "pk")) == rows
    assert _tables() == counts
    assert PlayerTotals.objects.count() == 4


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's settings")
def test_the_settings_changed_for_the_statements_are_put_back():
    def jit() -> str:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_setting('jit')")
            return cursor.fetchone()[0]

    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL jit = on")
        with uncompiled(cursor):
            assert jit() == "off"
        assert jit() == "on"
        with pytest.raises(ZeroDivisionError), transaction.atomic(), uncompiled(cursor):
            cursor.execute("SELECT 1")
            raise ZeroDivisionError
        assert jit() == "on"
