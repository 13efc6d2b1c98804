"""The standings kept per year (ranks.YearStanding): refreshed at the month close in one
statement, with the rank at 1 January of 1.8 worked out in SQL, and read by the cached
standings pages, which change as soon as the points or a name do, and once the refresh a read
queues has run after a pre-1982 allowance changes."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from centre.models import Period
from operations.services import month_close
from players.services.lifecycle import player_update
from ranks.models import YearStanding
from ranks.standings import standings_refresh, standings_refresh_at_close
from scheme.abf.ranks import Totals, rank_for
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db


def test_the_rank_at_1_january_kept_in_sql_is_the_one_of_the_rules(club_a):
    """Drawn totals, many near the ladder's minimums and with pre-1982 allowances: the
    statement's rank is `rank_for`'s for every one."""
    rng = random.Random(12)
    expected = {}
    for _ in range(300):
        pre = rng.choice([0, 0, 50_00, 137_00, 1000_00])
        player = PlayerFactory(home_club=club_a, pre_1982_red=pre)
        before = Totals(
            green=rng.randrange(0, 6000_00),
            red=rng.randrange(0, 13000_00),
            gold=rng.randrange(0, 5000_00),
        )
        totals_create(
            player=player,
            year=2024,
            green_approved=before.green,
            red_approved=before.red,
            gold_approved=before.gold,
        )
        totals_create(player=player, year=2025, green_approved=1)
        rank = rank_for(before, pre)
        expected[player.pk] = rank.order if rank else 0

    standings_refresh(year=2025)

    kept = dict(YearStanding.objects.filter(year=2025).values_list("player_id", "start_order"))
    assert kept == expected


@pytest.fixture
def closed_month(club_a, secretary_a, staff, django_capture_on_commit_callbacks):
    ada = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    bea = PlayerFactory(home_club=club_a, given_names="Bea", family_name="Byron")
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "m.grn", grn((ada.abf_number, 200), (bea.abf_number, 50)))
        period = Period.objects.get()
        month_close(period=period, by=staff)
        standings_refresh_at_close(period=period)
    return period, ada, bea


def _top(year: int) -> list[tuple[str, int]]:
    rows = APIClient().get(f"/api/v1/standings/{year}").json()
    return [(row["name"], row["points"]) for row in rows]


def test_the_month_close_keeps_the_year_s_standings(closed_month):
    period, ada, bea = closed_month

    kept = YearStanding.objects.filter(year=period.year).order_by("-total")
    assert [(s.player_id, s.total, s.start_order) for s in kept] == [
        (ada.pk, 200, 0),
        (bea.pk, 50, 0),
    ]
    assert _top(period.year) == [("Ada Lovelace", 200), ("Bea Byron", 50)]


def test_the_cached_standings_change_after_the_next_month_is_approved(
    closed_month, secretary_a, staff, django_capture_on_commit_callbacks
):
    period, _, bea = closed_month
    assert _top(period.year) == [("Ada Lovelace", 200), ("Bea Byron", 50)]
    with django_capture_on_commit_callbacks(execute=True):
        next_period = Period.objects.create(year=period.year, month=period.month + 1)
        upload_and_confirm(secretary_a, "t.grn", grn((bea.abf_number, 400)))
    # Provisional points are not the standings' (1.7.2 counts the approved ones).
    assert _top(period.year) == [("Ada Lovelace", 200), ("Bea Byron", 50)]

    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=next_period, by=staff)

    assert _top(period.year) == [("Bea Byron", 450), ("Ada Lovelace", 200)]
    page = APIClient().get(f"/awards/standings/{period.year}/").content.decode()
    assert page.index("Bea Byron") < page.index("Ada Lovelace")


def test_the_cached_standings_change_after_a_name_change(
    closed_month, staff, django_capture_on_commit_callbacks
):
    period, ada, _ = closed_month
    assert _top(period.year)[0] == ("Ada Lovelace", 200)

    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=ada, data={"family_name": "King"}, by=staff, club=None)

    assert _top(period.year)[0] == ("Ada King", 200)
    trophy = APIClient().get(f"/api/v1/standings/{period.year}/mccutcheon").json()["trophy"]
    assert trophy[0]["name"] == "Ada King"


def test_a_pre_1982_allowance_corrected_by_staff_moves_the_group_once_refreshed(
    club_a, staff, django_capture_on_commit_callbacks
):
    # 300 in all, 170 red and gold, 25 gold: Life Master only with 50 red points before 1982.
    eve = PlayerFactory(home_club=club_a, given_names="Eve", family_name="Evans")
    totals_create(
        player=eve, year=2024, green_approved=130_00, red_approved=145_00, gold_approved=25_00
    )
    totals_create(player=eve, year=2025, green_approved=5_00)
    groups = APIClient().get("/api/v1/standings/2025/mccutcheon").json()["awards"]
    assert [g["group"] for g in groups] == ["Silver National Master"]

    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=eve, data={"pre_1982_red": 50_00}, by=staff, club=None)

    with django_capture_on_commit_callbacks(execute=True):
        # The rows as last kept, and a refresh queued, run once the request is done.
        groups = APIClient().get("/api/v1/standings/2025/mccutcheon").json()["awards"]
        assert [g["group"] for g in groups] == ["Silver National Master"]
    groups = APIClient().get("/api/v1/standings/2025/mccutcheon").json()["awards"]
    assert [g["group"] for g in groups] == ["Life Master"]


def _standings_queries(year: int, capture) -> int:
    client = APIClient()
    with capture(execute=True):
        client.get(f"/api/v1/standings/{year}")  # the first read keeps the year's rows
    with CaptureQueriesContext(connection) as queries:
        # Another top list: not yet in the cache, read from the kept rows.
        assert client.get(f"/api/v1/standings/{year}", {"limit": 3}).status_code == 200
    return len(queries.captured_queries)


def test_the_standings_read_a_fixed_number_of_queries_whatever_the_number_of_players(
    club_a, django_capture_on_commit_callbacks
):
    for n in range(5):
        totals_create(player=PlayerFactory(home_club=club_a), year=2024, green_approved=n + 1)
    few = _standings_queries(2024, django_capture_on_commit_callbacks)
    for n in range(60):
        totals_create(player=PlayerFactory(home_club=club_a), year=2023, green_approved=n + 1)

    assert _standings_queries(2023, django_capture_on_commit_callbacks) == few


def test_the_standings_page_is_kept_whole_until_its_data_changes(
    closed_month, staff, django_capture_on_commit_callbacks
):
    period, ada, _ = closed_month
    client = APIClient()
    first = client.get(f"/awards/standings/{period.year}/", {"colour": "green"})
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/awards/standings/{period.year}/", {"colour": "green"})

    # The same page, from the cache: nothing read from the database.
    assert again.content == first.content
    assert "Ada Lovelace" in again.content.decode()
    assert queries.captured_queries == []

    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=ada, data={"family_name": "King"}, by=staff, club=None)

    page = client.get(f"/awards/standings/{period.year}/", {"colour": "green"}).content.decode()
    assert "Ada King" in page and "Ada Lovelace" not in page


def test_a_refused_choice_is_answered_each_time_and_not_kept(closed_month):
    period, _, _ = closed_month
    client = APIClient()

    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            page = client.get(f"/awards/standings/{period.year}/", {"group": "Emperor"})
        assert "Ranking group at 1 January: Select a valid choice." in page.content.decode()
        assert queries.captured_queries  # checked again: a refusal is not kept
