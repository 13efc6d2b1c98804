"""The month close updates the kept standings of its year only where a player's points of
the year changed; the rows are those a refresh of the whole year gives, on drawn data."""

import random

import pytest
from django.core.cache import cache

from awards.models import PlayerTotals
from centre.models import Period
from centre.versions import APPROVED, data_changed
from ranks.models import YearStanding
from ranks.standings import _kept_key, standings_refresh, standings_refresh_at_close
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db

COLUMNS = ("player_id", "green", "red", "gold", "total", "start_order")


def _rows(year: int) -> list[tuple]:
    return list(YearStanding.objects.filter(year=year).order_by("player_id").values_list(*COLUMNS))


def _draw_register(rng: random.Random, club, players: int) -> list:
    drawn = []
    for _ in range(players):
        player = PlayerFactory(home_club=club, pre_1982_red=rng.choice([0, 0, 0, 50_00, 300_00]))
        for year in (2023, 2024):
            if rng.random() < 0.7:
                totals_create(
                    player=player,
                    year=year,
                    green_approved=rng.randrange(0, 3000_00),
                    red_approved=rng.randrange(0, 4000_00),
                    gold_approved=rng.randrange(0, 1500_00),
                )
        if rng.random() < 0.6:
            totals_create(
                player=player,
                year=2025,
                green_approved=rng.randrange(0, 100_00),
                red_approved=rng.randrange(0, 50_00),
            )
        drawn.append(player)
    return drawn


def _credit_a_month(rng: random.Random, players: list) -> None:
    """A month's approved points of 2025: more for some, a first row for others, and a
    negative adjustment that leaves one player with nothing."""
    for player in rng.sample(players, len(players) // 3):
        totals_create(
            player=player,
            year=2025,
            green_approved=rng.randrange(1, 500_00),
            gold_approved=rng.choice([0, 0, rng.randrange(1, 300_00)]),
        )
    emptied = PlayerTotals.objects.filter(year=2025, kind="red", approved__gt=0).first()
    PlayerTotals.objects.filter(player_id=emptied.player_id, year=2025).update(approved=0)
    data_changed(APPROVED)  # as the approval does


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_close_s_update_of_its_year_gives_the_rows_of_a_full_refresh(
    club_a, seed, django_capture_on_commit_callbacks
):
    rng = random.Random(seed)
    players = _draw_register(rng, club_a, 120)
    period = Period.objects.create(year=2025, month=5)
    with django_capture_on_commit_callbacks(execute=True):
        standings_refresh(year=2025)
    assert cache.get(_kept_key(2025)) is not None  # kept: the close may update it
    before = _rows(2025)
    ids = dict(YearStanding.objects.filter(year=2025).values_list("player_id", "pk"))

    _credit_a_month(rng, players)
    standings_refresh_at_close(period=period)
    updated = _rows(2025)
    # Only the players whose points changed were written: the others' rows are untouched.
    unchanged = set(before) & set(updated)
    assert unchanged
    for row in unchanged:
        assert YearStanding.objects.get(year=2025, player_id=row[0]).pk == ids[row[0]]
    standings_refresh(year=2025, version="another")
    full = _rows(2025)

    assert updated == full
    assert updated != before


def test_a_close_of_an_earlier_year_keeps_the_later_years_ranks_at_1_january(
    club_a, django_capture_on_commit_callbacks
):
    """Points of December 2024 approved after 2025's standings were kept move 2025's rank
    at 1 January: the later year is kept again in full."""
    rng = random.Random(7)
    players = _draw_register(rng, club_a, 60)
    with django_capture_on_commit_callbacks(execute=True):
        standings_refresh(year=2024)
        standings_refresh(year=2025)
    for player in players:
        totals_create(player=player, year=2024, red_approved=2000_00)
    data_changed(APPROVED)

    standings_refresh_at_close(period=Period.objects.create(year=2024, month=12))
    kept = {year: _rows(year) for year in (2024, 2025)}
    for year in (2024, 2025):
        standings_refresh(year=year, version="another")

    assert kept == {year: _rows(year) for year in (2024, 2025)}
    assert any(row[5] > 0 for row in kept[2025])
