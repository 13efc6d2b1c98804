"""Ranking the whole register in a run of its own (1.4.4, 1.8, 1.9): on PostgreSQL its chunks
of players are ranked side by side, each in a connection and a transaction of its own, and
every player still gets the rank of the per-player rule of 1.8, one promotion to it and the
One Thousand Club once; running it again, or two runs at once, changes nothing twice."""

import random
import threading

import pytest
from django.db import connection, connections

from ranks import services
from ranks.models import OneThousandClubMember, Promotion
from ranks.services import promotions_run
from tests.ranks.test_promotions_set_based import closed_period, expected_order, register

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("chunks side by side are PostgreSQL's: set DATABASE_URL=postgres://...")


def test_chunks_ranked_side_by_side_give_every_player_the_rank_of_1_8():
    rng = random.Random(7)
    period = closed_period()
    players = register(rng, 120, period)
    seen: set[int] = set()
    promote = services._promote_chunk

    def watched(**kwargs):
        seen.add(threading.get_ident())
        return promote(**kwargs)

    services._promote_chunk = watched
    try:
        run = promotions_run(period=period, everyone=True, chunk_size=25)
    finally:
        services._promote_chunk = promote

    # Five chunks, on threads of their own, not on the caller's.
    assert threading.get_ident() not in seen
    assert 1 <= len(seen) <= services.PROMOTION_CONNECTIONS
    promoted = 0
    for player, drawn in players:
        player.refresh_from_db()
        order = expected_order(drawn)
        assert player.rank_order == max(drawn.held, order), (drawn, order)
        promoted += order > drawn.held
    assert (run.players, run.promotions) == (120, promoted)
    assert Promotion.objects.count() == promoted
    members = OneThousandClubMember.objects.count()

    again = promotions_run(period=period, everyone=True, chunk_size=25)
    assert (again.promotions, again.one_thousand_club) == (0, 0)
    assert (Promotion.objects.count(), OneThousandClubMember.objects.count()) == (
        promoted,
        members,
    )


def test_two_runs_at_once_promote_each_player_once():
    rng = random.Random(8)
    period = closed_period()
    register(rng, 80, period)
    runs: list = []

    def one_run() -> None:
        try:
            runs.append(promotions_run(period=period, everyone=True, chunk_size=20))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=one_run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(runs) == 2
    assert sum(run.promotions for run in runs) == Promotion.objects.count()
    assert Promotion.objects.values("player_id").distinct().count() == Promotion.objects.count()
