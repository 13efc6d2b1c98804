"""The standings page built again (1.7.2, 1.7.3; issue 28): the top list and the McCutcheon
Trophy's and the ranking groups' lists are kept in the cache under the versions their rows
were kept from, so a page dropped while a year's rows are unchanged (stale or current) is
built from the lists as read before, not from 23 reads of the rows again."""

from unittest import mock

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from centre.versions import APPROVED, PLAYERS, data_changed
from players.models import Player
from ranks import standings
from ranks.kept_standings import standings_kept
from ranks.tasks import standings_refresh_stale
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept_year(club_a, club_b, django_capture_on_commit_callbacks):
    """Players of 2025 in two ranking groups, the year kept as a close keeps it."""
    for n, (club, before) in enumerate([(club_a, 0), (club_b, 60_00), (club_a, 60_00)]):
        player = PlayerFactory(home_club=club, given_names=f"Given{n}", family_name="Archer")
        if before:
            totals_create(player=player, year=2024, green_approved=before)
        totals_create(player=player, year=2025, green_approved=(n + 1) * 1_00)
    with django_capture_on_commit_callbacks(execute=True):
        standings_kept(year=2025)  # marked with the versions it was kept from
    return 2025


def _urls(year: int) -> list[str]:
    return [
        reverse("ranks:standings", args=[year]),
        f"{reverse('ranks:standings', args=[year])}?group=Nil",
        reverse("standings", args=[year]),
        reverse("mccutcheon", args=[year]),
    ]


def test_a_stale_year_s_pages_are_built_again_from_the_lists_read_before(
    kept_year, django_capture_on_commit_callbacks
):
    shown = {url: APIClient().get(url).content for url in _urls(kept_year)}
    data_changed(APPROVED)  # the rows now older than the approved totals: the pages dropped

    read_again = AssertionError("a list was read again from the kept rows")
    with (
        mock.patch.object(standings, "_standings", side_effect=read_again),
        mock.patch.object(standings, "_mccutcheon", side_effect=read_again),
        mock.patch.object(standings_refresh_stale, "delay") as queued,
    ):
        for url, content in shown.items():
            with django_capture_on_commit_callbacks(execute=True):
                assert APIClient().get(url).content == content

    queued.assert_called_once_with(kept_year)


def test_a_player_s_new_name_is_shown_though_the_rows_are_unchanged(kept_year):
    page = reverse("ranks:standings", args=[kept_year])
    assert b"Given2 Archer" in APIClient().get(page).content
    Player.objects.filter(given_names="Given2").update(given_names="Renamed")
    data_changed(PLAYERS)  # as a change of the player's details does

    content = APIClient().get(page).content

    assert b"Renamed Archer" in content
    assert b"Given2 Archer" not in content


def test_the_lists_of_a_year_with_no_mark_are_read_again_from_its_rows(kept_year):
    page = reverse("ranks:standings", args=[kept_year])
    before = APIClient().get(page).content
    cache.clear()  # the marks gone: the lists are named by the versions of all they show

    with (
        mock.patch.object(standings, "_mccutcheon", wraps=standings._mccutcheon) as read,
        mock.patch.object(standings_refresh_stale, "delay"),
    ):
        assert APIClient().get(page).content == before

    read.assert_called_once()
