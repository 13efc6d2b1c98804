"""The month close updates the kept standings for the players it credited only: their rows of
its year, and their ranks at 1 January of the later years, are those a refresh of the whole
year gives, on drawn data, and no other player's row is written again."""

import random

import pytest
from django.core.cache import cache

from awards.ledger.models import Credit, Event
from awards.ledger.services.totals import totals_add
from centre.models import Period
from operations.services import month_close
from ranks.models import YearStanding
from ranks.standings import _kept_key, standings_refresh
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db

COLUMNS = ("player_id", "green", "red", "gold", "total", "start_order")


def _rows(year: int) -> list[tuple]:
    return list(YearStanding.objects.filter(year=year).order_by("player_id").values_list(*COLUMNS))


def _ids(year: int) -> dict[int, int]:
    return dict(YearStanding.objects.filter(year=year).values_list("player_id", "pk"))


def _draw_register(rng: random.Random, club, players: int, year: int) -> list:
    """Players with approved points of the two years before `year` and of `year` itself, as
    the months before left them."""
    drawn = []
    for _ in range(players):
        player = PlayerFactory(home_club=club, pre_1982_red=rng.choice([0, 0, 0, 50_00, 300_00]))
        for earlier in (year - 2, year - 1):
            if rng.random() < 0.7:
                totals_create(
                    player=player,
                    year=earlier,
                    green_approved=rng.randrange(0, 3000_00),
                    red_approved=rng.randrange(0, 4000_00),
                    gold_approved=rng.randrange(0, 1500_00),
                )
        if rng.random() < 0.6:
            totals_create(
                player=player,
                year=year,
                green_approved=rng.randrange(0, 100_00),
                red_approved=rng.randrange(0, 50_00),
            )
        drawn.append(player)
    return drawn


def _event(staff, period: Period, *, of_the_year: bool = True) -> Event:
    day = f"{period.year}-{period.month:02}-01"
    return Event.objects.create(
        organiser=Event.Organiser.NATIONAL,
        name="National pairs" if of_the_year else "Balance brought forward",
        starts_on=day,
        ends_on=day,
        grade="A",
        created_by=staff,
        of_the_year=of_the_year,
    )


def _credited(staff, period: Period, *credits: tuple) -> list[Credit]:
    """Credits of the month (player, event, colour, points, the credit adjusted or None),
    provisional with the players' totals, as the month's uploads and adjustments leave
    them before its close."""
    made = []
    for player, event, colour, points, adjusts in credits:
        made.append(
            Credit.objects.create(
                player=player,
                event=event,
                colour=colour,
                points=points,
                source=Credit.Source.ADJUSTMENT if adjusts else Credit.Source.FILE,
                reason="Wrong player" if adjusts else "",
                adjusts=adjusts,
                period=period,
                uploaded_by=staff,
            )
        )
        totals_add(
            year=period.year,
            amounts=[(player.pk, colour, points)],
            state=Credit.State.PROVISIONAL,
            brought_forward=not event.of_the_year,
        )
    return made


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_close_s_update_of_its_year_gives_the_rows_of_a_full_refresh(
    club_a, staff, seed, django_capture_on_commit_callbacks
):
    rng = random.Random(seed)
    players = _draw_register(rng, club_a, 120, 2026)
    # A player the first month credits and the second takes everything back from.
    emptied = PlayerFactory(home_club=club_a)
    with django_capture_on_commit_callbacks(execute=True):
        standings_refresh(year=2026)
    assert cache.get(_kept_key(2026)) is not None  # kept: the close may update it

    taken_back: Credit | None = None
    for month in (5, 6):
        period = Period.objects.create(year=2026, month=month)
        before, ids = _rows(2026), _ids(2026)
        # Points of the year for some, a first row for others; for a few a balance brought
        # forward, which moves the rank at 1 January and not the points of the year.
        won, brought = _event(staff, period), _event(staff, period, of_the_year=False)
        credits = []
        for player in rng.sample(players, len(players) // 3):
            credits.append((player, won, "green", rng.randrange(1, 500_00), None))
            if rng.random() < 0.3:
                credits.append((player, won, "gold", rng.randrange(1, 300_00), None))
        for player in rng.sample(players, 5):
            credits.append((player, brought, "red", rng.randrange(1, 5000_00), None))
        if month == 5:
            credits.append((emptied, won, "green", 12_00, None))
        else:
            credits.append((emptied, taken_back.event, "green", -12_00, taken_back))
        taken_back = _credited(staff, period, *credits)[-1]
        with django_capture_on_commit_callbacks(execute=True):
            month_close(period=period, by=staff)
        updated = _rows(2026)
        # Only the month's players were written: the others' rows are untouched.
        credited = {credit[0].pk for credit in credits}
        unchanged = [row for row in updated if row[0] not in credited]
        assert unchanged
        for row in unchanged:
            assert row in before
            assert YearStanding.objects.get(year=2026, player_id=row[0]).pk == ids[row[0]]
        assert (emptied.pk in {row[0] for row in updated}) == (month == 5)
        standings_refresh(year=2026, version="another")

        assert updated == _rows(2026), f"after the close of month {month}"
        assert updated != before
        with django_capture_on_commit_callbacks(execute=True):
            standings_refresh(year=2026)  # kept again, for the next close's update


def test_a_close_of_an_earlier_year_keeps_the_later_years_ranks_at_1_january(
    club_a, staff, django_capture_on_commit_callbacks
):
    """Points of December 2025 approved after 2026's standings were kept move 2026's rank at
    1 January of the players credited: their rows of the later year are written again."""
    rng = random.Random(7)
    players = _draw_register(rng, club_a, 60, 2026)
    december = Period.objects.create(year=2025, month=12)
    Period.objects.create(year=2026, month=1)  # the month that took 2026's points so far
    with django_capture_on_commit_callbacks(execute=True):
        standings_refresh(year=2025)
        standings_refresh(year=2026)
    later, ranks_before = _ids(2026), {row[0]: row[5] for row in _rows(2026)}
    # Credited in December, before its close (as an upload of that month left them).
    event = _event(staff, december)
    credited = rng.sample(players, 20)
    _credited(
        staff,
        december,
        *(
            (player, event, "red", rng.choice([300_00, 2000_00, 6000_00]), None)
            for player in credited
        ),
    )

    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=december, by=staff)
    kept = {year: _rows(year) for year in (2025, 2026)}
    # The later year's rows of the others were left as they were.
    moved = {p.pk for p in credited}
    assert all(
        YearStanding.objects.get(year=2026, player_id=player_id).pk == pk
        for player_id, pk in later.items()
        if player_id not in moved
    )
    for year in (2025, 2026):
        standings_refresh(year=year, version="another")

    assert kept == {year: _rows(year) for year in (2025, 2026)}
    # Some of the players credited in December start 2026 in a higher rank.
    assert any(row[5] > ranks_before.get(row[0], 0) for row in kept[2026])
