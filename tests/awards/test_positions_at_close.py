"""The month close keeps the national positions by updating only the month's players (and
the places that moved), and leaves the same table a full recomputation would (1.4.4)."""

import random

import pytest
from django.db import connection

from awards.models import PlayerPosition, PlayerTotals
from awards.services import positions
from centre.models import Period
from operations.services import month_close
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _recomputed() -> dict[int, tuple[int, int]]:
    """player -> (approved total, place), from the kept totals, by hand."""
    totals: dict[int, int] = {}
    for row in PlayerTotals.objects.all():
        totals[row.player_id] = totals.get(row.player_id, 0) + row.approved
    return {
        player: (total, 1 + sum(1 for other in totals.values() if other > total))
        for player, total in totals.items()
    }


def _kept() -> dict[int, tuple[int, int]]:
    return {row.player_id: (row.total, row.position) for row in PlayerPosition.objects.all()}


def test_each_close_of_a_random_register_keeps_the_positions_a_full_recount_gives(
    club_a, secretary_a, staff, django_capture_on_commit_callbacks, monkeypatch
):
    rng = random.Random(12)
    players = [PlayerFactory(home_club=club_a) for _ in range(40)]
    full_refreshes = []
    refresh = positions.positions_refresh
    monkeypatch.setattr(
        positions,
        "positions_refresh",
        lambda **kwargs: full_refreshes.append(kwargs) or refresh(**kwargs),
    )
    for month in range(5):
        # Some players each month, some of them for the first time; few distinct amounts,
        # so that equal totals share places and a player overtakes several others.
        credited = rng.sample(players[: 20 + 5 * month], 12)
        lines = [(player.abf_number, rng.choice([25, 50, 100, 300])) for player in credited]
        with django_capture_on_commit_callbacks(execute=True):
            upload_and_confirm(secretary_a, f"m{month}.grn", grn(*lines))
            month_close(period=Period.objects.get(status=Period.Status.OPEN), by=staff)

        assert _kept() == _recomputed(), f"after the close of month {month + 1}"

    if connection.vendor == "postgresql":
        # The first close refreshed every row; the later ones updated their own players.
        assert len(full_refreshes) == 1


def test_a_close_refreshes_every_position_when_the_kept_ones_are_not_known_current(
    club_a, secretary_a, staff, django_capture_on_commit_callbacks
):
    ada, bea = PlayerFactory(home_club=club_a), PlayerFactory(home_club=club_a)
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "a.grn", grn((ada.abf_number, 100)))
        month_close(period=Period.objects.get(), by=staff)
    # Approved points the close of the next month does not credit (here: a total kept
    # behind the table's back), with the mark of the kept positions lost from the cache.
    PlayerTotals.objects.filter(player=ada).update(approved=10)
    PlayerTotals.objects.create(player=bea, year=2026, kind="green", approved=50)
    positions.cache.delete(positions.KEPT_KEY)
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "b.grn", grn((ada.abf_number, 5)))
        month_close(period=Period.objects.get(status=Period.Status.OPEN), by=staff)

    assert _kept() == _recomputed()
    assert _kept()[bea.pk] == (50, 1)
