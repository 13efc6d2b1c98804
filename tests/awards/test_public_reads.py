"""The public reads at national scale: the lookup's fixed number of queries, the kept national
positions, and the cached player page and API, which change as soon as the data does."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from awards.ledger.models import PlayerPosition
from awards.ledger.selectors import player_position
from centre.models import Period
from operations.services import month_close
from players.services.lifecycle import player_update
from ranks.standings import standings_kept
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _lookup_queries(query: str) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as queries:
        body = APIClient().get(reverse("masterpoints-lookup"), {"q": query}).json()
    return len(body["results"]), len(queries.captured_queries)


def test_the_lookup_reads_the_same_number_of_queries_for_one_result_and_for_25(club_a, secretary_a):
    lone = PlayerFactory(home_club=club_a, family_name="Quixote")
    many = [PlayerFactory(home_club=club_a, family_name="Smith") for _ in range(30)]
    upload_and_confirm(
        secretary_a, "w.grn", grn((lone.abf_number, 100), *((p.abf_number, 50) for p in many))
    )

    one, queries_for_one = _lookup_queries("quix")
    twenty_five, queries_for_25 = _lookup_queries("smith")

    assert (one, twenty_five) == (1, 25)
    assert queries_for_one == queries_for_25


def test_the_lookup_gives_each_result_its_own_totals(club_a, secretary_a):
    ann = PlayerFactory(home_club=club_a, given_names="Ann", family_name="Smith")
    bob = PlayerFactory(home_club=club_a, given_names="Bob", family_name="Smith")
    upload_and_confirm(secretary_a, "w.grn", grn((ann.abf_number, 125), (bob.abf_number, 40)))

    body = APIClient().get(reverse("masterpoints-lookup"), {"q": "smith"}).json()

    assert [(r["name"], r["totals"]["lifetime"]["green"]) for r in body["results"]] == [
        ("Ann Smith", 125),
        ("Bob Smith", 40),
    ]


def test_positions_are_kept_for_every_player_and_shared_by_equal_totals(club_a, secretary_a, staff):
    first, second, equal, nothing = (PlayerFactory(home_club=club_a) for _ in range(4))
    upload_and_confirm(
        secretary_a,
        "w.grn",
        grn((first.abf_number, 300), (second.abf_number, 100), (equal.abf_number, 100)),
    )
    month_close(period=Period.objects.get(), by=staff)

    places = [player_position(player=p) for p in (first, second, equal, nothing)]

    assert places == [1, 2, 2, 4]
    # Each credited player's total is kept; the places are counted from them as they are read.
    assert dict(PlayerPosition.objects.values_list("player_id", "total")) == {
        first.pk: 300,
        second.pk: 100,
        equal.pk: 100,
    }


def test_a_kept_position_is_read_in_one_query_once_refreshed(
    club_a, secretary_a, staff, django_capture_on_commit_callbacks
):
    players = [PlayerFactory(home_club=club_a) for _ in range(3)]
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "w.grn", grn(*((p.abf_number, 10) for p in players)))
        month_close(period=Period.objects.get(), by=staff)
    with django_capture_on_commit_callbacks(execute=True):
        player_position(player=players[0])  # the first read after the approval refreshes

    with CaptureQueriesContext(connection) as queries:
        assert player_position(player=players[0]) == 1

    assert len(queries.captured_queries) == 1
    assert "awards_playerposition" in queries.captured_queries[0]["sql"]


def test_an_upload_moves_no_position_until_its_month_is_approved(
    club_a, secretary_a, staff, django_capture_on_commit_callbacks
):
    ada, bea = (PlayerFactory(home_club=club_a) for _ in range(2))
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "a.grn", grn((ada.abf_number, 200), (bea.abf_number, 50)))
        month_close(period=Period.objects.get(), by=staff)
    with django_capture_on_commit_callbacks(execute=True):
        assert [player_position(player=p) for p in (ada, bea)] == [1, 2]

    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "b.grn", grn((bea.abf_number, 500)))
    # The positions are the last close's: the provisional points move no one, and reading
    # them after the upload costs one query, with no refresh.
    with CaptureQueriesContext(connection) as queries:
        assert [player_position(player=p) for p in (ada, bea)] == [1, 2]
    assert len(queries.captured_queries) == 2

    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=Period.objects.get(status=Period.Status.OPEN), by=staff)
    assert [player_position(player=p) for p in (ada, bea)] == [2, 1]


@pytest.fixture
def two_players(club_a, secretary_a, django_capture_on_commit_callbacks):
    ada = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    bea = PlayerFactory(home_club=club_a, given_names="Bea", family_name="Byron")
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "m.grn", grn((ada.abf_number, 200), (bea.abf_number, 50)))
    return ada, bea


def _page(client, player) -> str:
    return client.get(reverse("awards:player", args=[player.abf_number])).content.decode()


def _record(player) -> dict:
    return APIClient().get(reverse("masterpoints-player", args=[player.abf_number])).json()


def test_the_cached_player_page_and_api_change_after_an_upload(
    two_players, anonymous_client, secretary_a, django_capture_on_commit_callbacks
):
    _, bea = two_players
    assert 'data-lifetime="green">0.50<' in _page(anonymous_client, bea)
    assert _record(bea)["totals"]["lifetime"]["green"] == 50

    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "t.grn", grn((bea.abf_number, 500)))

    assert 'data-lifetime="green">5.50<' in _page(anonymous_client, bea)
    assert _record(bea)["totals"]["lifetime"]["green"] == 550


def test_the_cached_player_page_and_api_change_after_the_month_is_approved(
    two_players, anonymous_client, staff, django_capture_on_commit_callbacks
):
    ada, bea = two_players
    assert _record(ada)["totals"]["provisional"]["green"] == 200
    assert "data-provisional" in _page(anonymous_client, ada)
    # Nothing approved yet: everyone shares the first place.
    assert _record(bea)["position"] == 1

    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=Period.objects.get(), by=staff)

    record = _record(ada)
    assert record["totals"]["provisional"]["green"] == 0
    assert record["totals"]["approved"]["green"] == 200
    page = _page(anonymous_client, ada)
    assert "data-provisional" not in page
    assert "data-approved" in page
    assert "position 1 " in page
    # Her approved points move the other player down too, though nothing of his changed.
    assert "position 2 " in _page(anonymous_client, bea)
    assert _record(bea)["position"] == 2


def test_the_cached_player_page_and_api_change_after_a_name_change(
    two_players, anonymous_client, staff, django_capture_on_commit_callbacks
):
    ada, _ = two_players
    assert "Ada Lovelace" in _page(anonymous_client, ada)
    assert _record(ada)["name"] == "Ada Lovelace"

    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=ada, data={"family_name": "King"}, by=staff, club=None)

    page = _page(anonymous_client, ada)
    assert "Ada King" in page and "Lovelace" not in page
    assert _record(ada)["name"] == "Ada King"
    lookup = APIClient().get(reverse("masterpoints-lookup"), {"q": "king"}).json()
    assert [r["name"] for r in lookup["results"]] == ["Ada King"]


def test_the_player_api_and_a_kept_page_read_the_player_and_totals_in_one_statement(
    two_players, anonymous_client, django_capture_on_commit_callbacks
):
    ada, bea = two_players
    with django_capture_on_commit_callbacks(execute=True):
        _page(anonymous_client, ada)  # the positions counted, the page's record kept

    with CaptureQueriesContext(connection) as api:
        record = _record(bea)
    with CaptureQueriesContext(connection) as kept_page:
        page = _page(anonymous_client, ada)

    assert len(api.captured_queries) == 1
    assert (record["totals"]["provisional"]["green"], record["position"]) == (50, 1)
    assert len(kept_page.captured_queries) == 1
    assert 'data-lifetime="green">2.00<' in page


# Real commits: the close approves in transactions of its own, then runs its steps.
@pytest.mark.django_db(transaction=True)
def test_the_month_close_keeps_the_positions_and_standings_current_for_the_first_reader(
    club_a, secretary_a, staff
):
    ada, bea = (PlayerFactory(home_club=club_a) for _ in range(2))
    upload_and_confirm(secretary_a, "a.grn", grn((ada.abf_number, 200), (bea.abf_number, 50)))
    period = Period.objects.get()
    month_close(period=period, by=staff)

    # The close's last step kept them: the first reader refreshes nothing.
    with CaptureQueriesContext(connection) as queries:
        assert [player_position(player=p) for p in (ada, bea)] == [1, 2]
        standings_kept(year=period.year)
    writes = [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith(("INSERT", "DELETE"))
    ]
    assert writes == []
