"""Each month close leaves the national positions a recount by hand gives (1.4.4).

The closes commit as in production (each of its transactions, then their after-commit work),
so that the positions read are those the close kept, not those a reader counts again.
"""

import random

import pytest
from django.core.cache import cache

from awards.ledger.models import Credit, PlayerPosition, PlayerTotals, PositionCount
from awards.ledger.selectors import player_position
from awards.ledger.services.adjustments import credit_adjust
from awards.ledger.services.positions import COUNT_WIDTHS, KEPT_KEY
from centre.models import Period
from centre.versions import APPROVED, PRE_1982, data_version
from operations.services import month_close
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)


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
    """player -> (kept total, place read as the lookup reads it)."""
    return {
        row.player_id: (row.total, player_position(player=row.player))
        for row in PlayerPosition.objects.select_related("player")
    }


def _counts() -> set[tuple[int, int, int]]:
    return set(PositionCount.objects.values_list("level", "bucket", "players"))


def _counted_by_hand() -> set[tuple[int, int, int]]:
    """(level, range, players) for every range holding a total, counted from the totals."""
    counted: dict[tuple[int, int], int] = {}
    for total, _ in _recomputed().values():
        for level, width in enumerate(COUNT_WIDTHS):
            key = (level, total // width)
            counted[key] = counted.get(key, 0) + 1
    return {(level, bucket, players) for (level, bucket), players in counted.items()}


def _close(staff) -> None:
    month_close(period=Period.objects.get(status=Period.Status.OPEN), by=staff)
    # The close left the positions current: no reader counts them again.
    assert cache.get(KEPT_KEY)["version"] == data_version(APPROVED, PRE_1982)


def test_each_close_of_a_random_register_keeps_the_positions_a_full_recount_gives(
    club_a, secretary_a, staff
):
    rng = random.Random(12)
    players = [PlayerFactory(home_club=club_a) for _ in range(40)]
    for month in range(5):
        # Some players each month, some of them for the first time; few distinct amounts,
        # so that equal totals share places and a player overtakes several others.
        credited = rng.sample(players[: 20 + 5 * month], 12)
        lines = [(player.abf_number, rng.choice([25, 50, 100, 300])) for player in credited]
        upload_and_confirm(secretary_a, f"m{month}.grn", grn(*lines))
        _close(staff)

        assert _kept() == _recomputed(), f"after the close of month {month + 1}"


def test_totals_far_apart_and_corrected_down_keep_their_places_close_after_close(
    club_a, secretary_a, staff
):
    """Totals from a hundredth to thousands of points, across the ranges the places are
    counted in, some taken down again by staff adjustments: after each close the places are
    a recount's, and so are the counts they are read from."""
    rng = random.Random(5)
    players = [PlayerFactory(home_club=club_a) for _ in range(30)]
    never = PlayerFactory(home_club=club_a)
    adjusted: set[int] = set()
    amounts = [1, 99, 100, 101, 9_999, 10_000, 10_001, 250_00, 499_99, 500_00]
    for month in range(6):
        credited = rng.sample(players, 10)
        lines = [(player.abf_number, rng.choice(amounts)) for player in credited]
        upload_and_confirm(secretary_a, f"m{month}.grn", grn(*lines))
        if month:
            approved = Credit.objects.filter(state="approved").exclude(pk__in=adjusted)
            for credit in rng.sample(list(approved.exclude(source="adjustment")), 3):
                taken = rng.randint(1, credit.points)
                credit_adjust(credit=credit, points=-taken, reason="Wrong place", by=staff)
                adjusted.add(credit.pk)
        _close(staff)

        assert _counts() == _counted_by_hand(), f"after the close of month {month + 1}"
        assert _kept() == _recomputed(), f"after the close of month {month + 1}"
        totals = [total for total, _ in _recomputed().values()]
        assert player_position(player=never) == 1 + sum(1 for total in totals if total > 0)
