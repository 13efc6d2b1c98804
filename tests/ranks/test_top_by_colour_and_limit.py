"""The all-time top list (guide F6.1: "the National Top 500 Masterpoint Earners of All Time"),
of every kind of point or of one: `/awards/top/?colour=` and `GET /api/v1/top?colour=` list
the players by their approved points of the scheme's kind named (the ABF's green, red and
gold, 1.5.1; with the red points won before 1982 in the red, 1.8 notes; New Zealand's A, B
and C points; the ACBL's colours), and `?limit=` stops at that place (1 to 500, ties kept).
A colour the scheme does not have, or a limit out of bounds, is refused with a 400 naming
the parameter, never read as no choice. Every request is sent twice."""

import re

import pytest
from django.test import Client

from centre.versions import APPROVED, data_changed
from players.models import Player
from players.services.lifecycle import player_update
from scheme import get_scheme
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def visitor() -> Client:
    return Client()


def approved(player: Player, year: int = 2025, **points: int) -> None:
    """Approved points of a year by kind, as the month closes keep them."""
    totals_create(player=player, year=year, **{f"{k}_approved": v for k, v in points.items()})


@pytest.fixture
def abf_players(club_a):
    greeny = PlayerFactory(home_club=club_a, given_names="Gail", family_name="Green")
    approved(greeny, green=900_00, red=10_00)
    reddy = PlayerFactory(home_club=club_a, given_names="Rex", family_name="Redd")
    approved(reddy, green=5_00, red=300_00, gold=20_00)
    # 1.8 notes: red points won before 1982 count in the red, and in the whole.
    old = PlayerFactory(
        home_club=None,
        status=Player.Status.DECEASED,
        given_names="Olive",
        family_name="Oldham",
        pre_1982_red=400_00,
    )
    approved(old, 1990, gold=50_00)
    # Provisional points are not yet the record's (1.4.4).
    totals_create(player=greeny, year=2025, gold_provisional=999_00)
    return {"green": greeny, "red": reddy, "old": old}


def page_rows(response) -> list[tuple[str, str, str]]:
    """(place, name, points) of each row of the page's table."""
    html = response.content.decode()
    table = html[html.index("<table data-top-all-time") :]
    rows = re.findall(
        r'<tr><td class="number">(\d+)</td>\s*<td><a [^>]*>([^<]+)</a>.*?'
        r'<td class="number">([\d.,]+)</td></tr>',
        table,
        re.S,
    )
    return [(place, name, points) for place, name, points in rows]


def api_rows(response) -> list[tuple[int, str, int]]:
    return [(r["position"], r["name"], r["total"]) for r in response.json()]


# --- the ABF's colours ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "colour, expected",
    [
        ("green", [(1, "Gail Green", 900_00), (2, "Rex Redd", 5_00)]),
        ("red", [(1, "Olive Oldham", 400_00), (2, "Rex Redd", 300_00), (3, "Gail Green", 10_00)]),
        ("gold", [(1, "Olive Oldham", 50_00), (2, "Rex Redd", 20_00)]),
        ("Gold", [(1, "Olive Oldham", 50_00), (2, "Rex Redd", 20_00)]),
        ("", [(1, "Gail Green", 910_00), (2, "Olive Oldham", 450_00), (3, "Rex Redd", 325_00)]),
    ],
)
def test_the_api_lists_the_colour_asked_for(abf_players, visitor, colour, expected):
    for _ in range(2):
        response = visitor.get("/api/v1/top", {"colour": colour})
        assert response.status_code == 200
        assert api_rows(response) == expected


def test_the_page_lists_the_colour_asked_for_and_offers_the_others(abf_players, visitor):
    for _ in range(2):
        response = visitor.get("/awards/top/", {"colour": "gold"})
        assert response.status_code == 200
        assert page_rows(response) == [("1", "Olive Oldham", "50.00"), ("2", "Rex Redd", "20.00")]
        html = response.content.decode()
        assert "Top 500 masterpoint earners of all time: Gold" in html
        assert "Gold only" in html and "(deceased)" in html
        # The pre-1982 red points are not gold points.
        assert "won before 1982" not in html
        assert 'href="/awards/top/?colour=green"' in html
        assert 'href="/awards/top/?colour=red"' in html
        assert 'href="/awards/top/"' in html  # every colour
    red = visitor.get("/awards/top/?colour=red").content.decode()
    assert "with the red points won before 1982 (1.8 notes)" in red
    every = visitor.get("/awards/top/")
    assert page_rows(every)[0] == ("1", "Gail Green", "910.00")


@pytest.mark.parametrize("colour", ["purple", "A", "greenish", "x" * 40])
def test_a_colour_the_scheme_does_not_have_is_refused_naming_it(abf_players, visitor, colour):
    shown = colour if len(colour) <= 20 else colour[:20] + "\u2026"
    message = (
        f"'{shown}' is not a kind of point of the ABF Masterpoint Scheme: colour must be one of "
        "green, red, gold, or left out for all of them."
    )
    for _ in range(2):
        api = visitor.get("/api/v1/top", {"colour": colour})
        assert api.status_code == 400
        assert api.json()["error"]["fields"] == {"colour": [message]}
        page = visitor.get("/awards/top/", {"colour": colour})
        assert page.status_code == 400
        assert message.replace("'", "&#x27;") in page.content.decode()


# --- the limit -----------------------------------------------------------------------------


def test_the_limit_stops_the_list_at_that_place_keeping_ties(club_a, visitor):
    for name, points in (("Ann", 50_00), ("Bea", 40_00), ("Cy", 40_00), ("Di", 10_00)):
        approved(PlayerFactory(home_club=club_a, given_names=name, family_name="Top"), red=points)
    for _ in range(2):
        assert [r[1] for r in api_rows(visitor.get("/api/v1/top?limit=1"))] == ["Ann Top"]
        # Bea and Cy share place 2: both are listed.
        assert api_rows(visitor.get("/api/v1/top?limit=2")) == [
            (1, "Ann Top", 50_00),
            (2, "Bea Top", 40_00),
            (2, "Cy Top", 40_00),
        ]
        assert len(api_rows(visitor.get("/api/v1/top?limit=500"))) == 4
        assert len(api_rows(visitor.get("/api/v1/top?colour=red&limit=3"))) == 3
        page = visitor.get("/awards/top/?colour=red&limit=2")
        assert [r[1] for r in page_rows(page)] == ["Ann Top", "Bea Top", "Cy Top"]
        html = page.content.decode()
        assert "Top 2 masterpoint earners of all time: Red" in html
        # The other colours keep the limit asked for.
        assert 'href="/awards/top/?colour=gold&amp;limit=2"' in html
        assert 'href="/awards/top/?limit=2"' in html


@pytest.mark.parametrize("limit", ["0", "501", "-1", "abc", "2.5", "1e3", "\u0663"])
def test_a_limit_out_of_bounds_is_refused_naming_it(abf_players, visitor, limit):
    message = "limit must be a whole number from 1 to 500."
    for _ in range(2):
        api = visitor.get("/api/v1/top", {"limit": limit})
        assert api.status_code == 400
        assert api.json()["error"]["fields"] == {"limit": [message]}
        page = visitor.get("/awards/top/", {"limit": limit, "colour": "red"})
        assert page.status_code == 400
        assert message in page.content.decode()


# --- other schemes' kinds ------------------------------------------------------------------


@pytest.mark.parametrize(
    "code, kinds, asked, expected, refused, listed",
    [
        # NZ Bridge: A, B and C points (Outline rule 2).
        (
            "nz",
            {"ann": {"A": 30_00, "C": 500_00}, "bob": {"A": 60_00}},
            "A",
            ["Bob", "Ann"],
            "green",
            "A, B, C",
        ),
        (
            "nz",
            {"ann": {"A": 30_00, "C": 500_00}, "bob": {"A": 60_00}},
            "c",
            ["Ann"],
            "red",
            "A, B, C",
        ),
        # The ACBL: black, silver, red, gold, platinum and unpigmented points.
        (
            "acbl",
            {"ann": {"silver": 30_00, "black": 9_00}, "bob": {"black": 20_00}},
            "black",
            ["Bob", "Ann"],
            "green",
            "black, silver, red, gold, platinum, unpigmented",
        ),
    ],
)
def test_each_scheme_lists_its_own_kinds(
    code, kinds, asked, expected, refused, listed, settings, club_a, visitor
):
    settings.MASTERPOINT_SCHEME = code
    for name, points in kinds.items():
        approved(
            PlayerFactory(home_club=club_a, given_names=name.title(), family_name="Kind"), **points
        )
    for _ in range(2):
        api = visitor.get("/api/v1/top", {"colour": asked})
        assert api.status_code == 200
        assert [r["name"].split()[0] for r in api.json()] == expected
        page = visitor.get("/awards/top/", {"colour": asked})
        assert [r[1].split()[0] for r in page_rows(page)] == expected
        html = page.content.decode()
        assert "won before 1982" not in html and "(1.4.4)" not in html
        wrong = visitor.get("/api/v1/top", {"colour": refused})
        assert wrong.status_code == 400
        assert wrong.json()["error"]["fields"]["colour"] == [
            f"'{refused}' is not a kind of point of the {_name(code)}: "
            f"colour must be one of {listed}, or left out for all of them."
        ]


def _name(code: str) -> str:
    return get_scheme(code).name


def test_the_list_of_a_colour_follows_each_approval_and_each_change_of_a_name(abf_players, visitor):
    assert [r[1] for r in api_rows(visitor.get("/api/v1/top?colour=gold"))] == [
        "Olive Oldham",
        "Rex Redd",
    ]
    # A month close approves 60 gold points of Gail's (App. E): the list reads them at once.
    approved(abf_players["green"], 2026, gold=60_00)
    data_changed(APPROVED)
    for _ in range(2):
        assert api_rows(visitor.get("/api/v1/top?colour=gold"))[0] == (1, "Gail Green", 60_00)
    player_update(player=abf_players["red"], by=None, club=None, data={"family_name": "Reed"})
    for _ in range(2):
        assert api_rows(visitor.get("/api/v1/top?colour=gold"))[2] == (3, "Rex Reed", 20_00)
