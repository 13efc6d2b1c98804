"""A player's page and API read a fixed number of queries, however long the player's record:
the statement's lines, the chart and the totals each come in one query (issue 12)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from awards.ledger.services.positions import positions_kept
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

# The queries counted: the player with the home club, the totals and the position in one; the
# statement's page with the chart's months; kept as the ceiling whatever the record's length.
PAGE_QUERIES = 2
API_QUERIES = 1
# A page kept in the cache reads the player with the totals (they are not kept) and no more.
CACHED_PAGE_QUERIES = 1


@pytest.fixture
def short_and_long_records(club_a, secretary_a, django_capture_on_commit_callbacks):
    short, long = PlayerFactory(home_club=club_a), PlayerFactory(home_club=club_a)
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "s.grn", grn((short.abf_number, 40)))
        for index in range(12):
            upload_and_confirm(secretary_a, f"l{index}.grn", grn((long.abf_number, 10 + index)))
        positions_kept()  # as a reader before left them
    return short, long


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries.captured_queries)


def _page(player) -> str:
    return reverse("awards:player", args=[player.abf_number])


def test_the_player_page_reads_as_many_queries_for_a_long_record_as_for_a_short_one(
    short_and_long_records, anonymous_client
):
    short, long = short_and_long_records
    counts = [_queries(anonymous_client, _page(player)) for player in (short, long)]

    assert counts[0] == counts[1] <= PAGE_QUERIES
    # Kept in the cache, the page reads the player and what it does not keep, not the record.
    assert _queries(anonymous_client, _page(long)) <= CACHED_PAGE_QUERIES


def test_the_player_api_reads_as_many_queries_for_a_long_record_as_for_a_short_one(
    short_and_long_records,
):
    short, long = short_and_long_records
    client = APIClient()
    urls = [reverse("masterpoints-player", args=[p.abf_number]) for p in (short, long)]
    counts = [_queries(client, url) for url in urls]

    assert counts[0] == counts[1] <= API_QUERIES
