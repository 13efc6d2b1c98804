from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from awards.models import Credit
from awards.selectors import totals_disagreements
from centre.models import User
from clubs.models import Club, State
from players import abf_numbers
from players.models import Player


def seed(players: int = 200) -> str:
    out = StringIO()
    call_command("seed_demo", players=players, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_seed_demo_loads_states_clubs_players_and_logins_once():
    output = seed()
    counts = (State.objects.count(), Club.objects.count(), Player.objects.count())

    seed()

    assert counts == (State.objects.count(), Club.objects.count(), Player.objects.count())
    assert counts[0] == 8
    assert counts[1] >= 40
    assert counts[2] == 200
    assert {"foreign", "nz", "english", "youth"} <= set(Club.objects.values_list("kind", flat=True))
    assert all(abf_numbers.is_valid(n) for n in Player.objects.values_list("abf_number", flat=True))
    assert "Demo logins" in output


@pytest.mark.django_db
def test_seed_demo_gives_closed_months_of_awards_that_agree_with_the_totals_and_ranks():
    seed()
    credits = Credit.objects.count()

    seed()

    assert Credit.objects.count() == credits > 200
    assert not Credit.objects.filter(state=Credit.State.PROVISIONAL).exists()
    assert totals_disagreements() == []
    assert Player.objects.filter(rank_order__gt=0).count() > 100


@pytest.mark.django_db
def test_every_printed_demo_login_logs_in():
    output = seed(players=20)
    usernames = [
        line.split()[0] for line in output.splitlines() if line.startswith("  ") and line.strip()
    ]

    assert len(usernames) == User.objects.count() > 40
    for username in usernames:
        client = Client()
        response = client.post(
            "/accounts/login/", {"username": username, "password": "masterpoints"}
        )
        assert response.status_code == 302, username
        assert client.get("/dashboard/", follow=True).status_code == 200, username
