"""No public request keeps a year's McCutcheon standings (1.7.2, 1.7.3; issue 28). When the
approved totals or the pre-1982 allowances have moved on since the year was kept (an emptied
cache, an allowance corrected by staff, a reader between a close's chunks), the standings page
and API show the rows as last kept and queue one refresh of the year, whatever the number of
readers; it runs after the request, in a worker. The month close keeps them itself."""

from unittest import mock

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from centre.models import Period
from centre.versions import APPROVED, PRE_1982, data_changed, data_version
from operations.services import month_close
from players.services.lifecycle import player_update
from ranks import kept_standings
from ranks.kept_standings import _kept_key, queued_key
from ranks.tasks import standings_refresh_stale
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept(club_a, secretary_a, staff, django_capture_on_commit_callbacks):
    """A closed month of two players: Ada 2.00, Bea 0.50."""
    ada = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    bea = PlayerFactory(home_club=club_a, given_names="Bea", family_name="Byron")
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "m.grn", grn((ada.abf_number, 200), (bea.abf_number, 50)))
        month_close(period=Period.objects.get(), by=staff)
    return Period.objects.get().year, ada, bea


def _top(year: int) -> list[tuple[str, int]]:
    rows = APIClient().get(reverse("standings", args=[year])).json()
    return [(row["name"], row["points"]) for row in rows]


def _public_reads(year: int) -> list[str]:
    standings = reverse("standings", args=[year])
    return [
        reverse("ranks:standings", args=[year]),
        f"{reverse('ranks:standings', args=[year])}?colour=green",
        standings,
        f"{standings}?limit=1",
        f"{standings}?colour=green&state=NSW",
        reverse("mccutcheon", args=[year]),
    ]


def _bea_approved_apart_from_a_close(year: int, bea) -> None:
    # As a reader between a close's chunks sees them: approved, the standings not yet moved.
    totals_create(player=bea, year=year, green_approved=300)
    data_changed(APPROVED)


def test_a_stale_year_is_served_as_last_kept_and_one_refresh_queued_whatever_the_readers(
    kept, django_capture_on_commit_callbacks
):
    year, _, bea = kept
    _bea_approved_apart_from_a_close(year, bea)
    keeping = AssertionError("a year's standings were kept in a public request")
    with (
        mock.patch.object(kept_standings, "standings_refresh", side_effect=keeping),
        mock.patch.object(kept_standings, "standings_update", side_effect=keeping),
        mock.patch.object(standings_refresh_stale, "delay") as queued,
    ):
        for _ in range(3):
            for url in _public_reads(year):
                # Each request's work committed as it ends, as outside a test.
                with django_capture_on_commit_callbacks(execute=True):
                    assert APIClient().get(url).status_code == 200
        assert _top(year) == [("Ada Lovelace", 200), ("Bea Byron", 50)]  # as last kept

    queued.assert_called_once_with(year)


def test_each_year_read_stale_queues_its_own_refresh(kept, django_capture_on_commit_callbacks):
    year, _, _ = kept
    cache.clear()  # the marks of every year gone with it
    with mock.patch.object(standings_refresh_stale, "delay") as queued:
        for asked in (year, year - 1, year, year - 1):
            with django_capture_on_commit_callbacks(execute=True):
                APIClient().get(reverse("standings", args=[asked]), {"limit": 1})

    assert sorted(call.args for call in queued.call_args_list) == [(year - 1,), (year,)]


def test_the_queued_refresh_runs_after_the_request_and_brings_the_year_up_to_date(
    kept, django_capture_on_commit_callbacks
):
    year, _, bea = kept
    _bea_approved_apart_from_a_close(year, bea)
    page = reverse("ranks:standings", args=[year])
    with django_capture_on_commit_callbacks(execute=False) as after_the_request:
        assert _top(year) == [("Ada Lovelace", 200), ("Bea Byron", 50)]
        assert b"Ada Lovelace" in APIClient().get(page).content
    version = data_version(APPROVED, PRE_1982)
    assert cache.get(_kept_key(year)) != version  # nothing kept in the requests

    # The requests end and commit: the refresh is queued, and (Celery eager) run.
    with django_capture_on_commit_callbacks(execute=True):
        for callback in after_the_request:
            callback()

    assert cache.get(_kept_key(year)) == version
    assert cache.get(queued_key(year)) is None  # the next stale read may queue again
    # The pages and answers cached from the older rows are dropped with them.
    assert _top(year) == [("Bea Byron", 350), ("Ada Lovelace", 200)]
    trophy = APIClient().get(reverse("mccutcheon", args=[year])).json()["trophy"]
    assert [row["name"] for row in trophy][:1] == ["Bea Byron"]


def test_a_stale_read_keeps_nothing_and_reads_one_query_more(
    kept, django_capture_on_commit_callbacks
):
    year, _, bea = kept

    def read(limit: int) -> list[str]:
        with (
            mock.patch.object(standings_refresh_stale, "delay"),
            django_capture_on_commit_callbacks(execute=True),
            CaptureQueriesContext(connection) as queries,
        ):
            # A top list not yet in the cache, read from the kept rows.
            response = APIClient().get(reverse("standings", args=[year]), {"limit": limit})
            assert response.status_code == 200
        return [query["sql"].lstrip().upper() for query in queries.captured_queries]

    current = read(1)
    _bea_approved_apart_from_a_close(year, bea)
    stale = read(2)

    assert len(stale) <= len(current) + 1
    assert not [sql for sql in stale if sql.startswith(("INSERT", "UPDATE", "DELETE"))]


def test_a_pre_1982_allowance_corrected_moves_the_group_once_the_queued_refresh_has_run(
    club_a, staff, django_capture_on_commit_callbacks
):
    # 300 in all, 170 red and gold, 25 gold: Life Master only with 50 red points before 1982.
    eve = PlayerFactory(home_club=club_a, given_names="Eve", family_name="Evans")
    totals_create(
        player=eve, year=2024, green_approved=130_00, red_approved=145_00, gold_approved=25_00
    )
    totals_create(player=eve, year=2025, green_approved=5_00)
    mccutcheon = reverse("mccutcheon", args=[2025])

    def groups() -> list[str]:
        with django_capture_on_commit_callbacks(execute=True):
            return [g["group"] for g in APIClient().get(mccutcheon).json()["awards"]]

    assert groups() == ["Silver National Master"]  # a new register: kept by its first reader
    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=eve, data={"pre_1982_red": 50_00}, by=staff, club=None)

    with mock.patch.object(standings_refresh_stale, "delay") as queued:
        assert groups() == ["Silver National Master"]
    queued.assert_called_once_with(2025)
    standings_refresh_stale.apply(args=[2025])  # as the worker runs it
    assert groups() == ["Life Master"]


@pytest.mark.django_db(transaction=True)
def test_the_month_close_brings_the_standings_up_to_date_itself(club_a, secretary_a, staff):
    # Each of the close's transactions commits, as in production.
    ada = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    bea = PlayerFactory(home_club=club_a, given_names="Bea", family_name="Byron")
    with mock.patch.object(standings_refresh_stale, "delay") as queued:
        upload_and_confirm(secretary_a, "m.grn", grn((ada.abf_number, 200), (bea.abf_number, 50)))
        month_close(period=Period.objects.get(status=Period.Status.OPEN), by=staff)
        year = Period.objects.get().year
        assert _top(year) == [("Ada Lovelace", 200), ("Bea Byron", 50)]
        upload_and_confirm(secretary_a, "n.grn", grn((bea.abf_number, 300)))
        month_close(period=Period.objects.get(status=Period.Status.OPEN), by=staff)
        assert _top(year)[0] == ("Bea Byron", 350)

    queued.assert_not_called()
