"""The player's page and the API say what the next rank still needs under every scheme, in
the scheme's own terms (NZ: the aggregate and A Points, and the next star; the ACBL: the
total and each colour group), counting the points awaiting approval."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def nz(settings):
    settings.MASTERPOINT_SCHEME = "nz"


@pytest.fixture
def acbl(settings):
    settings.MASTERPOINT_SCHEME = "acbl"


def _answers(player) -> list[dict]:
    api = APIClient()
    return [
        api.get(f"/api/v1/masterpoints/{player.abf_number}").json(),
        api.get("/api/v1/masterpoints/lookup", {"q": player.abf_number}).json()["results"][0],
        api.get(f"/api/v1/masterpoints/{player.abf_number}/statement").json(),
    ]


def _page(client, player) -> str:
    page = client.get(reverse("awards:player", args=[player.abf_number]))
    assert page.status_code == 200
    return " ".join(page.content.decode().split())


def test_nz_a_club_master_is_told_the_aggregate_local_master_needs(nz, club_a, anonymous_client):
    # Local Master: an aggregate of 50 A and B Points (rule 5); 45.23 held, 5.00 of them
    # awaiting approval.
    player = PlayerFactory(home_club=club_a, rank_order=2)
    totals_create(player=player, year=2026, A_approved=3_00, B_approved=37_23, B_provisional=5_00)

    for body in _answers(player):
        assert (body["rank"], body["next_rank"]) == ("Club Master", "Local Master")
        assert body["needed_for_next_rank"] == {"aggregate": 4_77, "A": 0}
        assert body["next_rank_reached"] is False
        assert (body["stars"], body["next_star"]) == (0, None)
    text = _page(anonymous_client, player)
    assert "Still needed for Local Master:" in text
    assert '<span data-needed="aggregate">4.77 more A and B Points (the aggregate)</span>' in text
    assert 'data-needed="A"' not in text


def test_nz_a_starred_master_is_told_the_a_points_and_the_next_star(nz, club_a, anonymous_client):
    # National Master (350, 175 A) with 720 A and B Points but 200 A: 1 star (at 700); Life
    # Master lacks 50 A Points, and the second star comes at 1,050 (rule 5).
    player = PlayerFactory(home_club=club_a, rank_order=6)
    totals_create(player=player, year=2026, A_approved=200_00, B_approved=520_00)

    for body in _answers(player):
        assert body["needed_for_next_rank"] == {"aggregate": 0, "A": 50_00}
        assert body["stars"] == 1
        assert body["next_star"] == {"stars": 2, "aggregate_needed": 330_00}
    text = _page(anonymous_client, player)
    assert '<span data-needed="A">50.00 more A Points</span>' in text
    assert "Star 2 (National Master ★★): 330.00 more A and B Points" in text


def test_acbl_a_club_master_is_told_the_total_and_silver_sectional_master_needs(
    acbl, club_a, anonymous_client
):
    # Sectional Master: 50 in all with 5 silver (the ACBL's published requirements).
    player = PlayerFactory(home_club=club_a, rank_order=3)
    totals_create(player=player, year=2026, black_approved=38_47, silver_provisional=2_00)

    for body in _answers(player):
        assert (body["rank"], body["next_rank"]) == ("Club Master", "Sectional Master")
        assert body["needed_for_next_rank"] == {"total": 9_53, "silver": 3_00}
        assert "stars" not in body
    text = _page(anonymous_client, player)
    assert '<span data-needed="total">9.53 more points in all</span>' in text
    assert '<span data-needed="silver">3.00 more silver points</span>' in text


def test_acbl_the_next_rank_reached_with_points_awaiting_approval(acbl, club_a, anonymous_client):
    player = PlayerFactory(home_club=club_a, rank_order=2)
    totals_create(player=player, year=2026, black_approved=15_00, red_provisional=5_00)

    (body, *_) = _answers(player)
    assert body["next_rank"] == "Club Master"
    assert body["needed_for_next_rank"] == {"total": 0}
    assert body["next_rank_reached"] is True
    assert "Next rank: Club Master, reached with the points awaiting approval" in _page(
        anonymous_client, player
    )


def test_the_abf_answer_keeps_its_three_minimums(club_a):
    player = PlayerFactory(home_club=club_a, rank_order=1)
    totals_create(player=player, year=2026, green_approved=3_00)

    (body, *_) = _answers(player)
    assert body["needed_for_next_rank"] == {"total": 2_00, "red_and_gold": 0, "gold": 0}
    assert "stars" not in body and "next_star" not in body
