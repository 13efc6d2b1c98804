"""A state secretary and the players' records: another state's player is "not found" on
every page of the record alike, and the state's own players' history reads the same on the
web and through the API."""

import pytest
from rest_framework.test import APIClient

from centre.tokens import api_token_create
from players.services.lifecycle import player_update
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_states_player(state_b):
    return PlayerFactory(home_club=ClubFactory(state=state_b, number=301))


@pytest.mark.parametrize("page", ["", "edit/", "deceased/"])
def test_another_states_player_is_not_found_on_the_record_and_its_pages(
    state_client_a, other_states_player, page
):
    response = state_client_a.get(f"/players/{other_states_player.abf_number}/{page}")
    assert response.status_code == 404


@pytest.mark.parametrize("page", ["edit/", "deceased/"])
def test_the_states_own_players_changes_are_the_home_clubs_to_make(state_client_a, club_a, page):
    player = PlayerFactory(home_club=club_a, family_name="Kept")
    response = state_client_a.post(
        f"/players/{player.abf_number}/{page}",
        {"given_names": "X", "family_name": "Changed", "birth_year": "", "email": ""},
    )
    assert response.status_code == 403
    player.refresh_from_db()
    assert player.family_name == "Kept"
    assert player.status == "active"


def test_a_state_token_reads_its_own_players_history_as_the_web_shows_it(
    state_secretary_a, state_client_a, secretary_a, club_a, other_states_player
):
    player = PlayerFactory(home_club=club_a, family_name="Smyth")
    player_update(player=player, by=secretary_a, club=club_a, data={"family_name": "Smith"})
    assert state_client_a.get(f"/players/{player.abf_number}/").status_code == 200

    client = APIClient()
    _, key = api_token_create(user=state_secretary_a, name="state system", days=30)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client.get(f"/api/v1/players/{player.abf_number}/history/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert [change["action"] for change in body["history"]] == ["update"]
    other = client.get(f"/api/v1/players/{other_states_player.abf_number}/history/")
    assert other.status_code == 404


def test_a_state_token_reads_a_players_empty_history_as_empty_not_as_missing(
    state_secretary_a, state_client_a, club_a
):
    # A player loaded with the register has no change recorded yet; the web shows the record.
    player = PlayerFactory(home_club=club_a)
    assert state_client_a.get(f"/players/{player.abf_number}/").status_code == 200
    client = APIClient()
    _, key = api_token_create(user=state_secretary_a, name="state system", days=30)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client.get(f"/api/v1/players/{player.abf_number}/history/")
    assert response.status_code == 200, response.content
    assert response.json()["history"] == []
