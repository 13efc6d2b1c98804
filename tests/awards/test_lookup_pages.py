"""The lookup's every match, in pages: 50 to a page on the portal, 25 (up to 100) in the API,
with the count and the links to the pages beside, as DRF gives them."""

from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from centre.models import Period
from operations.services import month_close
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def smiths(club_a):
    return [
        PlayerFactory(home_club=club_a, given_names=f"Ann{index:02d}", family_name="Smith")
        for index in range(60)
    ]


def _api(**query) -> dict:
    return APIClient().get(reverse("masterpoints-lookup"), {"q": "smith", **query})


def test_the_api_answers_the_first_25_with_the_count_and_the_next_page(smiths):
    body = _api().json()

    assert body["count"] == 60
    assert len(body["results"]) == 25
    assert body["previous"] is None
    assert "offset=25" in body["next"]
    assert body["results"][0]["name"] == "Ann00 Smith"


def test_the_api_follows_next_to_the_last_page(smiths):
    client = APIClient()
    names, url = [], reverse("masterpoints-lookup") + "?q=smith"
    while url:
        body = client.get(url).json()
        names += [row["name"] for row in body["results"]]
        url = body["next"]

    assert names == [f"Ann{index:02d} Smith" for index in range(60)]
    assert "offset=25" in body["previous"]


def test_the_api_reads_page_and_offset_alike(smiths):
    by_page = _api(page=2).json()
    by_offset = _api(offset=25).json()

    assert by_page["results"] == by_offset["results"]
    assert by_page["results"][0]["name"] == "Ann25 Smith"
    assert _api(page=3, limit=20).json()["results"][0]["name"] == "Ann40 Smith"


def _query(url: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(url).query)


def test_a_page_asked_by_number_links_the_pages_beside_by_number(smiths):
    body = _api(page=2).json()

    assert _query(body["next"]) == {"q": ["smith"], "page": ["3"]}
    assert _query(body["previous"]) == {"q": ["smith"], "page": ["1"]}


def test_pages_by_number_keep_the_limit_and_end_at_the_last(smiths):
    first = _api(page=1, limit=20).json()
    last = _api(page=3, limit=20).json()

    assert first["previous"] is None
    assert _query(first["next"]) == {"q": ["smith"], "page": ["2"], "limit": ["20"]}
    assert last["next"] is None
    assert _query(last["previous"]) == {"q": ["smith"], "page": ["2"], "limit": ["20"]}


def test_a_page_asked_by_offset_links_the_pages_beside_by_offset(smiths):
    body = _api(offset=25).json()

    assert _query(body["next"]) == {"q": ["smith"], "offset": ["50"], "limit": ["25"]}
    # The first page: DRF leaves the offset out.
    assert _query(body["previous"]) == {"q": ["smith"], "limit": ["25"]}


def test_following_next_by_page_reads_every_match_once(smiths):
    client = APIClient()
    names, url = [], reverse("masterpoints-lookup") + "?q=smith&page=1"
    while url:
        body = client.get(url).json()
        names += [row["name"] for row in body["results"]]
        assert "offset" not in _query(url)
        url = body["next"]

    assert names == [f"Ann{index:02d} Smith" for index in range(60)]


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ({"page": "0"}, "page"),
        ({"page": "two"}, "page"),
        ({"offset": "-1"}, "offset"),
        ({"limit": "101"}, "limit"),
        ({"page": "2", "offset": "25"}, "page"),
    ],
)
def test_the_api_refuses_a_bad_page_by_name(smiths, query, name):
    response = _api(**query)

    assert response.status_code == 400
    assert name in response.json()["error"]["fields"]


def test_the_schema_documents_the_lookups_pages():
    schema = APIClient().get(reverse("api-schema"), {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/masterpoints/lookup"]["get"]
    names = {parameter["name"] for parameter in operation["parameters"]}
    body = operation["responses"]["200"]["content"]["application/json"]["schema"]
    page = schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]

    assert {"q", "limit", "offset", "page"} <= names
    assert {"count", "next", "previous", "results"} <= set(page["properties"])


def _page(client, **query) -> str:
    return client.get(reverse("awards:lookup"), {"q": "smith", **query}).content.decode()


def test_the_page_shows_the_first_50_and_links_to_the_rest(anonymous_client, smiths):
    page = _page(anonymous_client)

    assert "Showing 1–50 of 60 players." in page
    assert page.count('href="/awards/players/') == 50
    assert 'rel="next" href="?q=smith&amp;page=2"' in page
    assert 'rel="prev"' not in page


def test_the_page_shows_the_second_page(anonymous_client, smiths):
    page = _page(anonymous_client, page=2)

    assert "Showing 51–60 of 60 players." in page
    assert page.count('href="/awards/players/') == 10
    assert smiths[59].abf_number in page
    assert smiths[0].abf_number not in page
    assert 'rel="prev" href="?q=smith&amp;page=1"' in page
    assert 'rel="next"' not in page


def test_the_page_refuses_a_page_that_is_not_a_number(anonymous_client, smiths):
    response = anonymous_client.get(reverse("awards:lookup"), {"q": "smith", "page": "x"})

    assert response.status_code == 400
    assert "page" in response.content.decode()


def test_a_page_of_the_api_reads_a_fixed_number_of_queries(
    club_a, secretary_a, staff, django_assert_max_num_queries
):
    players = [
        PlayerFactory(home_club=club_a, given_names=f"Bo{index:03d}", family_name="Jones")
        for index in range(120)
    ]
    upload_and_confirm(secretary_a, "j.grn", grn(*((p.abf_number, 125) for p in players[:2])))
    month_close(period=Period.objects.get(), by=staff)
    upload_and_confirm(secretary_a, "k.grn", grn((players[1].abf_number, 30)))
    client = APIClient()

    # One statement for the count, the page and its players; one for their totals.
    with django_assert_max_num_queries(2):
        body = client.get(reverse("masterpoints-lookup"), {"q": "jones", "limit": 100}).json()

    assert len(body["results"]) == 100
    assert body["count"] == 120
    assert body["more"] is False
    # Each player's own totals: approved, provisional and both, of every kind.
    assert [row["totals"] for row in body["results"][:3]] == [
        {
            "lifetime": {"green": 125, "red": 0, "gold": 0},
            "approved": {"green": 125, "red": 0, "gold": 0},
            "provisional": {"green": 0, "red": 0, "gold": 0},
        },
        {
            "lifetime": {"green": 155, "red": 0, "gold": 0},
            "approved": {"green": 125, "red": 0, "gold": 0},
            "provisional": {"green": 30, "red": 0, "gold": 0},
        },
        {
            "lifetime": {"green": 0, "red": 0, "gold": 0},
            "approved": {"green": 0, "red": 0, "gold": 0},
            "provisional": {"green": 0, "red": 0, "gold": 0},
        },
    ]


def test_given_names_and_family_names_are_listed_together_in_name_order(club_a):
    PlayerFactory(home_club=club_a, given_names="Zed", family_name="Abbott")
    PlayerFactory(home_club=club_a, given_names="Anne", family_name="Zedman")
    PlayerFactory(home_club=club_a, given_names="Anne", family_name="zeal")
    PlayerFactory(home_club=club_a, given_names="Mary", family_name="Brown")

    body = APIClient().get(reverse("masterpoints-lookup"), {"q": "ZE", "limit": 2}).json()
    rest = APIClient().get(body["next"]).json()

    # By family name ignoring case, then given names: a given name's match among the others.
    assert [row["name"] for row in body["results"] + rest["results"]] == [
        "Zed Abbott",
        "Anne zeal",
        "Anne Zedman",
    ]
    assert body["count"] == 3


def test_a_player_whose_both_names_start_with_the_word_is_counted_and_listed_once(club_a):
    PlayerFactory(home_club=club_a, given_names="Zeb", family_name="Zedd")
    PlayerFactory(home_club=club_a, given_names="Anne", family_name="Zedman")
    PlayerFactory(home_club=club_a, given_names="Zed", family_name="Abbott")
    PlayerFactory(home_club=club_a, given_names="Mary", family_name="Brown")

    body = APIClient().get(reverse("masterpoints-lookup"), {"q": "ze"}).json()
    two_words = APIClient().get(reverse("masterpoints-lookup"), {"q": "zeb zed"}).json()

    assert [row["name"] for row in body["results"]] == ["Zed Abbott", "Zeb Zedd", "Anne Zedman"]
    assert body["count"] == 3
    assert [row["name"] for row in two_words["results"]] == ["Zeb Zedd"]
    assert two_words["count"] == 1


def test_a_name_with_more_matches_than_are_counted_says_so(club_a, monkeypatch):
    monkeypatch.setattr("awards.lookup.selectors.LOOKUP_COUNT_LIMIT", 20)
    for index in range(30):
        PlayerFactory(home_club=club_a, given_names=f"Cy{index:02d}", family_name="Brown")

    body = APIClient().get(reverse("masterpoints-lookup"), {"q": "brown"}).json()
    page = APIClient().get(reverse("awards:lookup"), {"q": "brown"}).content.decode()

    assert body["count"] == 20
    assert body["more"] is True
    assert [row["name"] for row in body["results"]] == [f"Cy{i:02d} Brown" for i in range(20)]
    assert "of more than 20 players" in page
