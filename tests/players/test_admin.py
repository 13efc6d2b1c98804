"""The Django admin reads the registry but cannot change it: a player's rank, email, status
or home club changed there would leave nothing in the player's history."""

import pytest
from django.test import Client

from clubs.models import Club
from players.models import Player, PlayerChange
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser_client(django_user_model) -> Client:
    root = django_user_model.objects.create_superuser("root", "root@example.org", "pw")
    client = Client()
    client.force_login(root)
    return client


def test_admin_cannot_change_a_players_rank_or_email(superuser_client, club_a):
    player = PlayerFactory(home_club=club_a, email="before@example.org")
    url = f"/admin/players/player/{player.pk}/change/"
    page = superuser_client.get(url)
    assert page.status_code == 200
    body = page.content.decode()
    # Read-only: no form fields to save, and the way to the portal's own edit page.
    assert 'name="_save"' not in body
    assert f"/players/{player.abf_number}/edit/" in body

    superuser_client.post(
        url,
        {
            "given_names": player.given_names,
            "family_name": player.family_name,
            "status": "active",
            "home_club": club_a.pk,
            "email": "changed-in-admin@example.org",
            "rank_order": 21,
            "pre_1982_red": 0,
        },
    )
    player.refresh_from_db()
    assert player.rank_order == 0
    assert player.email == "before@example.org"


def test_admin_cannot_add_players_or_write_history_rows(superuser_client, club_a):
    assert superuser_client.get("/admin/players/player/add/").status_code == 403
    assert superuser_client.get("/admin/players/playerchange/add/").status_code == 403
    player = PlayerFactory(home_club=club_a)
    superuser_client.post(
        "/admin/players/playerchange/add/",
        {"player": player.pk, "action": "update", "changes": "{}"},
    )
    assert not PlayerChange.objects.filter(player=player).exists()
    assert Player.objects.count() == 1


def test_admin_cannot_change_a_club(superuser_client, club_a):
    page = superuser_client.get(f"/admin/clubs/club/{club_a.pk}/change/")
    assert page.status_code == 200
    assert f"/clubs/{club_a.number}/edit/" in page.content.decode()
    superuser_client.post(
        f"/admin/clubs/club/{club_a.pk}/change/", {"number": club_a.number, "name": "Renamed"}
    )
    assert Club.objects.get(pk=club_a.pk).name != "Renamed"
    assert superuser_client.get("/admin/clubs/club/add/").status_code == 403


@pytest.mark.parametrize(
    "model",
    [
        "awards/credit",
        "awards/event",
        "awards/playertotals",
        "billing/invoice",
        "billing/payment",
        "billing/creditnote",
    ],
)
def test_credits_and_money_cannot_be_added_in_the_admin(superuser_client, model):
    assert superuser_client.get(f"/admin/{model}/add/").status_code == 403
