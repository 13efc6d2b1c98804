"""The all-time top list, which keeps deceased players (guide F6.1: they are "removed from all
membership lists and reports, except the National Top 500 Masterpoint Earners of All Time"),
and the public One Thousand Club (1.9)."""

import pytest
from django.utils import timezone

from centre.models import Period
from players.models import Player
from ranks.models import OneThousandClubMember
from ranks.selectors import all_time_top
from tests.factories import PlayerFactory
from tests.ranks.test_standings import won

pytestmark = pytest.mark.django_db


@pytest.fixture
def lifetimes(club_a):
    late = PlayerFactory(
        home_club=None, status=Player.Status.DECEASED, given_names="Tim", family_name="Seres"
    )
    won(late, 1990, green=500_00, red=2000_00, gold=1500_00)
    leader = PlayerFactory(home_club=club_a, given_names="Ann", family_name="Archer")
    won(leader, 2024, green=1000_00, red=3000_00, gold=1000_00)
    won(leader, 2025, red=10_00, provisional=900_00)  # provisional points do not count
    tied = [PlayerFactory(home_club=club_a, given_names=name, family_name="Tied") for name in "BC"]
    for player in tied:
        won(player, 2025, green=120_00)
    return {"late": late, "leader": leader, "tied": tied}


def test_the_top_list_keeps_the_deceased_in_their_place(lifetimes, anonymous_client):
    rows = all_time_top()
    assert [(r.player.given_names, r.position, r.total) for r in rows] == [
        ("Ann", 1, 5010_00),
        ("Tim", 2, 4000_00),
        ("B", 3, 120_00),
        ("C", 3, 120_00),
    ]
    page = anonymous_client.get("/awards/top/").content.decode()
    assert "Tim Seres" in page and "(deceased)" in page and "5010.00" in page


def test_the_list_stops_at_its_last_place_with_every_tie(lifetimes):
    assert [r.player.given_names for r in all_time_top(limit=3)] == ["Ann", "Tim", "B", "C"]
    assert [r.player.given_names for r in all_time_top(limit=2)] == ["Ann", "Tim"]


def test_the_one_thousand_club_is_public_in_the_order_members_joined(
    lifetimes, club_a, anonymous_client
):
    june, july = (
        Period.objects.create(
            year=2025, month=month, status=Period.Status.CLOSED, closed_at=timezone.now()
        )
        for month in (6, 7)
    )
    for player, period, total in (
        (lifetimes["leader"], july, 1004_50),
        (lifetimes["late"], june, 1001_00),
    ):
        OneThousandClubMember.objects.create(
            player=player, period=period, club=club_a, total=total, joined_at=timezone.now()
        )
    page = anonymous_client.get("/awards/one-thousand-club/").content.decode()
    assert page.index("Tim Seres") < page.index("Ann Archer")
    assert "June 2025" in page and "1004.50" in page
    assert "Tied" not in page


def test_a_deceased_players_record_opens_from_the_top_list(lifetimes, anonymous_client):
    late = lifetimes["late"]
    page = anonymous_client.get(f"/awards/players/{late.abf_number}/")
    assert page.status_code == 200
    assert "Tim Seres" in page.content.decode()


def test_the_lists_are_in_the_api(lifetimes, client):
    rows = client.get("/api/v1/top").json()
    assert [(r["name"], r["position"], r["status"]) for r in rows][:2] == [
        ("Ann Archer", 1, "active"),
        ("Tim Seres", 2, "deceased"),
    ]
    assert client.get("/api/v1/one-thousand-club").json() == []
