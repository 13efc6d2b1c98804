"""Each month close leaves the national positions a recount by hand gives (1.4.4)."""

import random

import pytest

from awards.models import PlayerPosition, PlayerTotals
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
    club_a, secretary_a, staff, django_capture_on_commit_callbacks
):
    rng = random.Random(12)
    players = [PlayerFactory(home_club=club_a) for _ in range(40)]
    for month in range(5):
        # Some players each month, some of them for the first time; few distinct amounts,
        # so that equal totals share places and a player overtakes several others.
        credited = rng.sample(players[: 20 + 5 * month], 12)
        lines = [(player.abf_number, rng.choice([25, 50, 100, 300])) for player in credited]
        with django_capture_on_commit_callbacks(execute=True):
            upload_and_confirm(secretary_a, f"m{month}.grn", grn(*lines))
            month_close(period=Period.objects.get(status=Period.Status.OPEN), by=staff)

        assert _kept() == _recomputed(), f"after the close of month {month + 1}"
