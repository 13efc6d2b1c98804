"""No public request counts the national positions (1.4.4; issue 28). When the approved totals
or the pre-1982 red points have moved on since the last count (an emptied cache, an allowance
corrected by staff, a reader between a close's chunks), a player's page and API, the lookup
and the Top 500 show the places as last counted and queue one refresh, whatever the number of
readers; the refresh runs after the request, in a worker, and brings them up to date. The
month close keeps them itself."""

from unittest import mock

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from awards.ledger.services import positions
from awards.ledger.services.positions import KEPT_KEY, QUEUED_KEY
from awards.ledger.tasks import positions_refresh_stale
from centre.models import Period
from centre.versions import APPROVED, PRE_1982, data_changed, data_version
from operations.services import month_close
from players.services.lifecycle import player_update
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db

# What a read of a player's API costs when the positions are current (the player; the totals
# with the place), and the one more a stale read takes to see that they were counted before.
API_QUERIES = 2


@pytest.fixture
def counted(club_a, secretary_a, staff, django_capture_on_commit_callbacks):
    """Two players after a month close: the veteran first with 8.00 red points won before
    1982 (13.00 in all), the modern player second with 10.00."""
    modern = PlayerFactory(home_club=club_a, family_name="Modern")
    veteran = PlayerFactory(home_club=club_a, family_name="Veteran", pre_1982_red=8_00)
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(
            secretary_a, "m.grn", grn((modern.abf_number, 10_00), (veteran.abf_number, 5_00))
        )
        month_close(period=Period.objects.get(), by=staff)
    return modern, veteran


def _place(player) -> int:
    return (
        APIClient().get(reverse("masterpoints-player", args=[player.abf_number])).json()["position"]
    )


def _public_reads(player) -> list[str]:
    return [
        reverse("awards:player", args=[player.abf_number]),
        reverse("masterpoints-player", args=[player.abf_number]),
        f"{reverse('masterpoints-lookup')}?q={player.family_name}",
        reverse("top-all-time"),
        reverse("ranks:top_all_time"),
    ]


def _allowance_corrected(veteran, staff) -> None:
    player_update(player=veteran, by=staff, club=None, data={"pre_1982_red": 0})


def _cache_emptied(veteran, staff) -> None:
    cache.clear()


def _totals_approved_apart_from_a_close(veteran, staff) -> None:
    # As a reader between a close's chunks sees them: approved, the positions not yet moved.
    totals_create(player=veteran, year=Period.objects.get().year, green_approved=1_00)
    data_changed(APPROVED)


@pytest.mark.parametrize(
    "change", [_allowance_corrected, _cache_emptied, _totals_approved_apart_from_a_close]
)
def test_a_stale_count_is_served_and_one_refresh_queued_whatever_the_readers(
    counted, staff, change, django_capture_on_commit_callbacks
):
    modern, veteran = counted
    change(veteran, staff)
    client = APIClient()
    counting = AssertionError("the positions were counted in a public request")
    with (
        mock.patch.object(positions, "positions_refresh", side_effect=counting),
        mock.patch.object(positions, "positions_update", side_effect=counting),
        mock.patch.object(positions_refresh_stale, "delay") as queued,
    ):
        for _ in range(3):
            for url in _public_reads(veteran) + _public_reads(modern):
                # Each request's work committed as it ends, as outside a test.
                with django_capture_on_commit_callbacks(execute=True):
                    assert client.get(url).status_code == 200
        assert _place(veteran) == 1  # as last counted

    queued.assert_called_once_with()


def test_the_queued_refresh_runs_after_the_request_and_brings_the_places_up_to_date(
    counted, staff, django_capture_on_commit_callbacks
):
    modern, veteran = counted
    _allowance_corrected(veteran, staff)
    with django_capture_on_commit_callbacks(execute=False) as after_the_request:
        assert _place(veteran) == 1
        assert _place(modern) == 2
    # Nothing counted in the requests: the tables are as the close left them.
    version = data_version(APPROVED, PRE_1982)
    assert cache.get(KEPT_KEY)["version"] != version
    assert cache.get(QUEUED_KEY) is None  # queued as the request's work is committed

    # The request ends and commits: the refresh is queued, and (Celery eager) run, its own
    # work committed.
    with django_capture_on_commit_callbacks(execute=True):
        for callback in after_the_request:
            callback()

    assert cache.get(KEPT_KEY)["version"] == version
    assert cache.get(QUEUED_KEY) is None  # the next stale read may queue again
    # The answers cached from the older count are dropped with it.
    assert _place(veteran) == 2
    assert _place(modern) == 1
    top = APIClient().get(reverse("top-all-time")).json()
    assert [row["abf_number"] for row in top] == [modern.abf_number, veteran.abf_number]


def test_a_stale_read_counts_nothing_and_reads_one_query_more(
    counted, staff, django_capture_on_commit_callbacks
):
    modern, veteran = counted
    url = reverse("masterpoints-player", args=[modern.abf_number])
    _allowance_corrected(veteran, staff)
    with (
        mock.patch.object(positions_refresh_stale, "delay"),
        django_capture_on_commit_callbacks(execute=True),
        CaptureQueriesContext(connection) as queries,
    ):
        assert APIClient().get(url).status_code == 200

    statements = [query["sql"].lstrip().upper() for query in queries.captured_queries]
    assert len(statements) <= API_QUERIES + 1
    assert not [sql for sql in statements if sql.startswith(("INSERT", "UPDATE", "DELETE"))]


def test_a_refresh_lost_before_it_ends_is_queued_again_once_its_key_lapses(
    counted, staff, django_capture_on_commit_callbacks
):
    modern, veteran = counted
    _allowance_corrected(veteran, staff)
    with mock.patch.object(positions_refresh_stale, "delay") as queued:
        with django_capture_on_commit_callbacks(execute=True):
            _place(veteran)
        cache.delete(QUEUED_KEY)  # lapsed: the task never ran
        # Another reader (the first's answer is kept in the cache as it was built).
        with django_capture_on_commit_callbacks(execute=True):
            _place(modern)

    assert queued.call_count == 2


def test_positions_never_counted_are_counted_by_the_first_reader(
    club_a, django_capture_on_commit_callbacks
):
    # A new register: totals, and no count of the positions yet (no close has run).
    first, second = PlayerFactory(home_club=club_a), PlayerFactory(home_club=club_a)
    totals_create(player=first, year=2025, green_approved=30_00)
    totals_create(player=second, year=2025, green_approved=20_00)
    with mock.patch.object(positions_refresh_stale, "delay") as queued:
        for player, place in ((second, 2), (first, 1)):
            with django_capture_on_commit_callbacks(execute=True):
                assert _place(player) == place

    queued.assert_not_called()


@pytest.mark.django_db(transaction=True)
def test_the_month_close_brings_the_positions_up_to_date_itself(club_a, secretary_a, staff):
    # Each of the close's transactions commits, as in production.
    modern = PlayerFactory(home_club=club_a, family_name="Modern")
    veteran = PlayerFactory(home_club=club_a, family_name="Veteran", pre_1982_red=8_00)
    with mock.patch.object(positions_refresh_stale, "delay") as queued:
        for month, (points, veteran_place) in enumerate(((5_00, 1), (5_00, 2))):
            upload_and_confirm(secretary_a, f"{month}.grn", grn((modern.abf_number, points)))
            month_close(period=Period.objects.get(status=Period.Status.OPEN), by=staff)
            assert _place(veteran) == veteran_place
            assert _place(modern) == 3 - veteran_place

    queued.assert_not_called()
