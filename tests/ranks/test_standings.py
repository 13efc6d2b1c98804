"""1.7.2, 1.7.3: McCutcheon standings of a calendar year and the top lists, public."""

import pytest
from rest_framework.test import APIClient

from clubs.models import Club
from tests.factories import ClubFactory, PlayerFactory, totals_create


def won(player, year: int, green: int = 0, red: int = 0, gold: int = 0, provisional: int = 0):
    """Approved points of a year, in hundredths, as the month closes keep them."""
    totals_create(
        player=player,
        year=year,
        green_approved=green,
        red_approved=red,
        gold_approved=gold,
        green_provisional=provisional,
    )


@pytest.fixture
def year_2025(club_a, club_b):
    foreign_club = ClubFactory(number=901, name="Foreign Players", state=None, kind="foreign")
    players = {
        "ann": PlayerFactory(home_club=club_a, given_names="Ann", family_name="Archer"),
        "bob": PlayerFactory(home_club=club_b, given_names="Bob", family_name="Baker"),
        "cat": PlayerFactory(home_club=club_a, given_names="Cat", family_name="Carter"),
        "dan": PlayerFactory(home_club=club_b, given_names="Dan", family_name="Dyer"),
        "eve": PlayerFactory(
            home_club=club_a, given_names="Eve", family_name="Evans", pre_1982_red=50_00
        ),
        "fay": PlayerFactory(home_club=foreign_club, given_names="Fay", family_name="Foreigner"),
    }
    # Regional Master on 1 January (60 green); 40 won in 2025 makes 100, Bronze Regional
    # Master during the year, but her group stays the one she started it in.
    won(players["ann"], 2024, green=60_00)
    won(players["ann"], 2025, green=30_00, red=10_00)
    # No rank on 1 January; 45 in 2025 leads the year; provisional points do not count.
    won(players["bob"], 2025, green=45_00, provisional=100_00)
    # Silver Grand Master (2,500 total, 1,900 red and gold, 600 gold) and Gold Grand Master:
    # one combined group (1.7.3).
    won(players["cat"], 2024, green=600_00, red=1300_00, gold=600_00)
    won(players["cat"], 2025, gold=20_00)
    won(players["dan"], 2020, green=1000_00, red=2600_00, gold=1400_00)
    won(players["dan"], 2025, red=25_00)
    # 300 in all, 170 red and gold, 25 gold: Life Master only with the pre-1982 allowance
    # (1.8 note 1: 20% of 50 red points before 1982 lowers 180 and 30 by 10).
    won(players["eve"], 2024, green=130_00, red=145_00, gold=25_00)
    won(players["eve"], 2025, green=5_00)
    # 1.7.3: registered foreign players are excluded, however much they won.
    won(players["fay"], 2025, green=500_00)
    # 1.3.3: the NZ and English Players clubs hold visiting overseas players too.
    for number, kind in ((902, "nz"), (903, "english")):
        visitor = PlayerFactory(
            home_club=ClubFactory(number=number, state=None, kind=kind),
            family_name=f"Visitor{kind}",
        )
        won(visitor, 2025, red=300_00)
    return players


def names(rows) -> list[str]:
    return [row["name"] for row in rows]


def test_the_trophy_goes_to_the_most_points_won_in_the_year_without_foreign_players(
    year_2025, anonymous_client
):
    response = APIClient().get("/api/v1/standings/2025/mccutcheon")

    assert response.status_code == 200
    trophy = response.json()["trophy"]
    assert names(trophy) == ["Bob Baker", "Ann Archer", "Dan Dyer"]
    assert [row["points"] for row in trophy] == [45_00, 40_00, 25_00]
    page = anonymous_client.get("/awards/standings/2025/").content.decode()
    assert "Bob Baker" in page and "45.00" in page
    assert "Foreigner" not in page
    assert "Visitor" not in page


def test_the_awards_go_by_the_rank_held_on_1_january_with_grand_masters_combined(year_2025):
    response = APIClient().get("/api/v1/standings/2025/mccutcheon")

    groups = {g["group"]: names(g["leaders"]) for g in response.json()["awards"]}
    assert groups == {
        "Nil": ["Bob Baker"],
        "Regional Master": ["Ann Archer"],
        "Life Master": ["Eve Evans"],
        "Silver and Gold Grand Master": ["Dan Dyer", "Cat Carter"],
    }


def test_top_lists_by_colour_and_state(year_2025):
    client = APIClient()

    red = client.get("/api/v1/standings/2025", {"colour": "red"}).json()
    nsw = client.get("/api/v1/standings/2025", {"state": "NSW"}).json()
    gold_vic = client.get("/api/v1/standings/2025", {"colour": "gold", "state": "VIC"}).json()

    assert [(r["name"], r["points"]) for r in red] == [("Dan Dyer", 25_00), ("Ann Archer", 10_00)]
    assert names(nsw) == ["Ann Archer", "Cat Carter", "Eve Evans"]
    assert gold_vic == []


def test_a_top_list_of_one_ranking_group(year_2025):
    response = APIClient().get("/api/v1/standings/2025", {"group": "Silver and Gold Grand Master"})

    assert names(response.json()) == ["Dan Dyer", "Cat Carter"]


def test_equal_points_share_a_place(club_a):
    for name in ("Xavier", "Yolanda", "Zed"):
        won(PlayerFactory(home_club=club_a, given_names=name), 2025, green=10_00)
    won(PlayerFactory(home_club=club_a, given_names="Top"), 2025, green=11_00)

    rows = APIClient().get("/api/v1/standings/2025").json()

    assert [row["position"] for row in rows] == [1, 2, 2, 2]


def test_each_year_has_its_own_standings(year_2025):
    rows = APIClient().get("/api/v1/standings/2024").json()

    # Dan's points were won in 2020; in 2024 Cat leads with 2,500.
    assert names(rows)[0] == "Cat Carter"
    assert "Dan Dyer" not in names(rows)


def test_a_colour_that_does_not_exist_is_refused_by_name(year_2025, anonymous_client):
    response = APIClient().get("/api/v1/standings/2025", {"colour": "purple"})

    assert response.status_code == 400
    assert "colour" in response.json()["error"]["fields"]
    page = anonymous_client.get("/awards/standings/2025/", {"colour": "purple"})
    assert page.status_code == 200
    assert "Colour: Select a valid choice" in page.content.decode()


def test_the_standings_page_of_this_year_is_in_the_navigation(db, anonymous_client):
    response = anonymous_client.get("/awards/standings/", follow=True)

    assert response.status_code == 200
    assert 'data-nav="ranks:standings_now"' in response.content.decode()


def test_the_foreign_players_club_is_what_excludes_a_player(year_2025):
    fay = year_2025["fay"]
    fay.home_club = Club.objects.get(number=201)
    fay.save()

    rows = APIClient().get("/api/v1/standings/2025").json()

    assert names(rows)[0] == "Fay Foreigner"
