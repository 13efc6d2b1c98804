"""The lookup by name: each word the start of a family name or of given names, ignoring case,
listed in the order of the upper-cased family and given names, on the page and in the API
alike, in a fixed number of queries whatever the words."""

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _names(query: str, **params) -> list[str]:
    """Every page of the API's answer, followed by `next`, as the names it lists."""
    client = APIClient()
    body = client.get(reverse("masterpoints-lookup"), {"q": query, **params}).json()
    names = [row["name"] for row in body["results"]]
    while body["next"]:
        body = client.get(body["next"]).json()
        names += [row["name"] for row in body["results"]]
    return names


@pytest.fixture
def anns_and_smiths(club_a):
    for given, family in [
        ("Ann", "Smith"),
        ("Smith", "Annand"),  # "Smith" the given name, "Ann" the start of the family name
        ("Anne", "Smithers"),
        ("Bob", "Smith"),
        ("Ann", "Jones"),
        ("Joanne", "Smith"),  # "Ann" inside a name is not its start
    ]:
        PlayerFactory(home_club=club_a, given_names=given, family_name=family)


@pytest.mark.usefixtures("anns_and_smiths")
def test_two_words_find_each_as_the_start_of_either_name_in_name_order():
    assert _names("ann smith") == ["Smith Annand", "Ann Smith", "Anne Smithers"]
    assert _names("SMITH ann") == ["Smith Annand", "Ann Smith", "Anne Smithers"]
    assert _names("smith, ann") == ["Smith Annand", "Ann Smith", "Anne Smithers"]


@pytest.mark.usefixtures("anns_and_smiths")
def test_a_word_that_starts_another_asks_nothing_more_than_the_longer():
    assert _names("smi smith") == _names("smith")
    assert _names("smith smith") == _names("smith")
    assert _names("smith") == [
        "Smith Annand",
        "Ann Smith",
        "Bob Smith",
        "Joanne Smith",
        "Anne Smithers",
    ]


@pytest.mark.usefixtures("anns_and_smiths")
def test_three_words_that_cannot_all_start_two_names_find_nobody(anonymous_client):
    body = APIClient().get(reverse("masterpoints-lookup"), {"q": "ann bob smith"}).json()
    page = anonymous_client.get(reverse("awards:lookup"), {"q": "ann bob smith"}).content.decode()

    assert body == {"count": 0, "next": None, "previous": None, "results": [], "more": False}
    assert "No player found." in page


@pytest.mark.usefixtures("anns_and_smiths")
def test_the_page_lists_what_the_api_answers(anonymous_client):
    page = anonymous_client.get(reverse("awards:lookup"), {"q": "ann smith"}).content.decode()

    assert "Showing 1–3 of 3 players." in page
    listed = [name for name in ("Smith Annand", "Ann Smith", "Anne Smithers") if name in page]
    assert listed == ["Smith Annand", "Ann Smith", "Anne Smithers"]
    assert page.index("Smith Annand") < page.index("Ann Smith") < page.index("Anne Smithers")
    assert "Bob Smith" not in page
    assert "Ann Jones" not in page


def test_a_page_of_two_words_reads_a_fixed_number_of_queries(
    club_a, secretary_a, django_assert_max_num_queries
):
    players = [
        PlayerFactory(home_club=club_a, given_names=f"Bo{index:03d}", family_name="Jones")
        for index in range(120)
    ]
    upload_and_confirm(secretary_a, "j.grn", grn(*((p.abf_number, 25) for p in players[:30])))
    client = APIClient()

    # One statement for the count, the page and its players' home clubs; one for their totals.
    with django_assert_max_num_queries(2):
        body = client.get(reverse("masterpoints-lookup"), {"q": "bo jones", "limit": 100}).json()
    with django_assert_max_num_queries(2):
        rest = client.get(body["next"]).json()

    assert body["count"] == 120
    assert body["more"] is False
    assert [row["name"] for row in body["results"] + rest["results"]] == [
        f"Bo{index:03d} Jones" for index in range(120)
    ]
    assert [row["totals"]["lifetime"]["green"] for row in body["results"][:31]] == [25] * 30 + [0]
    assert body["results"][0]["home_club"] == 201
    assert body["results"][0]["home_club_name"] == "Club A"


def test_one_result_and_25_read_the_same_queries_for_two_words(club_a):
    PlayerFactory(home_club=club_a, given_names="Quentin", family_name="Quixote")
    for index in range(30):
        PlayerFactory(home_club=club_a, given_names=f"Al{index:02d}", family_name="Smith")

    counts = []
    for query in ("que quix", "al smith"):
        with CaptureQueriesContext(connection) as queries:
            body = APIClient().get(reverse("masterpoints-lookup"), {"q": query}).json()
        counts.append((len(body["results"]), len(queries.captured_queries)))

    assert counts[0][0] == 1
    assert counts[1][0] == 25
    assert counts[0][1] == counts[1][1]


def test_two_words_with_more_matches_than_are_counted_say_so(club_a, monkeypatch):
    monkeypatch.setattr("awards.lookup.selectors.LOOKUP_COUNT_LIMIT", 20)
    for index in range(30):
        PlayerFactory(home_club=club_a, given_names=f"Cy{index:02d}", family_name="Brown")

    body = APIClient().get(reverse("masterpoints-lookup"), {"q": "cy brown"}).json()
    page = APIClient().get(reverse("awards:lookup"), {"q": "cy brown"}).content.decode()

    assert body["count"] == 20
    assert body["more"] is True
    assert [row["name"] for row in body["results"]] == [f"Cy{i:02d} Brown" for i in range(20)]
    assert "of more than 20 players" in page


def test_a_page_past_the_last_is_empty_and_still_counts(club_a):
    for index in range(3):
        PlayerFactory(home_club=club_a, given_names=f"Di{index}", family_name="Green")

    body = APIClient().get(reverse("masterpoints-lookup"), {"q": "di green", "offset": 50}).json()

    assert body["count"] == 3
    assert body["results"] == []
    assert body["next"] is None
    assert "offset=25" in body["previous"]


def test_a_word_a_range_of_the_names_cannot_hold_is_still_found(club_a):
    # Python upper-cases "ß" as "SS", the database as "ß": such a word is looked up by the
    # database's own comparison of the names.
    PlayerFactory(home_club=club_a, given_names="Johann", family_name="Strauß")
    PlayerFactory(home_club=club_a, given_names="Johann", family_name="Bach")

    assert _names("Strauß") == ["Johann Strauß"]
    assert _names("joh Strauß") == ["Johann Strauß"]


def _reference(players: list[tuple[str, str, str]], query: str) -> list[str]:
    """The lookup's answer worked out by hand: every word the start of one of the names."""
    words = query.replace(",", " ").upper().split()
    found = [
        (family.upper(), given.upper(), number, f"{given} {family}")
        for given, family, number in players
        if all(family.upper().startswith(w) or given.upper().startswith(w) for w in words)
    ]
    return [name for *_keys, name in sorted(found)]


@pytest.mark.parametrize("counted", [1000, 5])
def test_the_lookup_agrees_with_a_reading_by_hand_of_a_random_register(
    club_a, monkeypatch, counted
):
    # Counted up to 5, most names have more matches than are counted: their pages are read
    # in name order, not from the matches counted.
    monkeypatch.setattr("awards.lookup.selectors.LOOKUP_COUNT_LIMIT", counted)
    rng = random.Random(12)
    syllables = ["an", "na", "sm", "it", "h", "jo", "ne", "s", "ann", "a"]

    def name() -> str:
        word = "".join(rng.choice(syllables) for _ in range(rng.randint(1, 3)))
        return rng.choice([word.capitalize(), word.upper(), word])

    players = []
    for _ in range(120):
        player = PlayerFactory(home_club=club_a, given_names=name(), family_name=name())
        players.append((player.given_names, player.family_name, player.abf_number))
    queries = ["a", "an", "ann", "s", "sm smith", "an s", "a an", "jo ne", "na an sm", "h a"]
    queries += [
        " ".join(name()[: rng.randint(1, 4)] for _ in range(rng.randint(1, 3))) for _ in range(20)
    ]

    for query in queries:
        cache.clear()  # the anonymous throttle's history: every query as a new visitor
        assert _names(query, limit=3) == _reference(players, query)[:counted], query
