"""1.8 notes: the red points won before 1982 are red points of the player, kept on the player
rather than in the ledger (scheme/abf/NOTES.md). Every total that ranks or judges a player
counts them, and every answer shows them as a figure of their own."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from centre.models import Period
from operations.services import month_close
from players.services.lifecycle import player_update
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(secretary_a, club_a, staff):
    modern = PlayerFactory(home_club=club_a, family_name="Modern")
    veteran = PlayerFactory(home_club=club_a, family_name="Veteran", pre_1982_red=8_00)
    upload_and_confirm(
        secretary_a, "m.grn", grn((modern.abf_number, 10_00), (veteran.abf_number, 5_00))
    )
    month_close(period=Period.objects.get(), by=staff)
    return modern, veteran


def test_the_top_500_counts_the_red_points_won_before_1982(players):
    modern, veteran = players
    top = APIClient().get("/api/v1/top").json()
    assert [(row["abf_number"], row["total"]) for row in top] == [
        (veteran.abf_number, 13_00),
        (modern.abf_number, 10_00),
    ]


def test_the_position_moves_when_staff_correct_the_pre_1982_red_points(
    players, staff, django_capture_on_commit_callbacks
):
    _, veteran = players
    client = APIClient()
    assert client.get(f"/api/v1/masterpoints/{veteran.abf_number}").json()["position"] == 1
    player_update(player=veteran, by=staff, club=None, data={"pre_1982_red": 0})
    with django_capture_on_commit_callbacks(execute=True):
        # The place as last counted, and a refresh queued, run once the request is done.
        assert client.get(f"/api/v1/masterpoints/{veteran.abf_number}").json()["position"] == 1
    assert client.get(f"/api/v1/masterpoints/{veteran.abf_number}").json()["position"] == 2
    assert [row["total"] for row in client.get("/api/v1/top").json()] == [10_00, 5_00]


def test_the_api_gives_the_pre_1982_red_points_as_a_field_of_their_own(players):
    _, veteran = players
    client = APIClient()
    record = client.get(f"/api/v1/masterpoints/{veteran.abf_number}").json()
    assert record["totals"]["lifetime"] == {"green": 5_00, "red": 0, "gold": 0}
    assert record["pre_1982_red"] == 8_00
    # 13.00 in all with them: a Club Master at the close (5), Local Master needs 2.00 more.
    assert record["rank"] == "Club Master"
    assert record["needed_for_next_rank"]["total"] == 2_00
    statement = client.get(f"/api/v1/masterpoints/{veteran.abf_number}/statement").json()
    assert statement["pre_1982_red"] == 8_00


def test_the_players_page_shows_the_pre_1982_red_points_in_the_totals(anonymous_client, players):
    _, veteran = players
    page = anonymous_client.get(
        reverse("awards:player", args=[veteran.abf_number])
    ).content.decode()
    assert "data-pre-1982" in page
    assert "Red won before 1982" in page
    assert "holds 8.00 red points" in page
    assert "position 1 " in page
