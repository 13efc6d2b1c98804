"""A club's list of its members (App. C i, ii; guide F6.3: the home members, then the
alternates) honours `?limit=`, on the page and in the API: the first that many players in the
list's order, 1 to CLUB_LIST_LIMIT, and how many there are in all; without it the whole list.
A bad limit is refused with a 400 naming `limit` (the API's one error shape, a page naming
it), never read as no limit; another club's list stays 404 whatever the limit. Every request
is sent twice."""

import pytest
from rest_framework.test import APIClient

from centre.tokens import api_token_create
from players.models import Alternate
from players.selectors import CLUB_LIST_LIMIT
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

MESSAGE = f"limit must be a whole number from 1 to {CLUB_LIST_LIMIT}."


def api_for(user) -> APIClient:
    client = APIClient()
    _, key = api_token_create(user=user, name="club system", days=30)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.fixture
def members(club_a, club_b):
    home = [
        PlayerFactory(home_club=club_a, given_names="Pat", family_name=name)
        for name in ("Adams", "Brown", "Clark", "Dunn")
    ]
    alternate = PlayerFactory(home_club=club_b, given_names="Al", family_name="Evans")
    Alternate.objects.create(player=alternate, club=club_a)
    return home, alternate


def names(response) -> list[str]:
    return [r["family_name"] for r in response.json()["results"]]


def test_the_members_api_gives_the_first_players_and_the_count(secretary_a, members):
    api = api_for(secretary_a)
    for _ in range(2):
        limited = api.get("/api/v1/clubs/201/members", {"limit": 2})
        assert limited.status_code == 200
        assert names(limited) == ["Adams", "Brown"]
        assert (limited.json()["count"], limited.json()["limit"]) == (4, 2)
        whole = api.get("/api/v1/clubs/201/members")
        assert names(whole) == ["Adams", "Brown", "Clark", "Dunn"]
        assert (whole.json()["count"], whole.json()["limit"]) == (4, None)
        assert names(api.get("/api/v1/clubs/201/members", {"limit": CLUB_LIST_LIMIT})) == [
            "Adams",
            "Brown",
            "Clark",
            "Dunn",
        ]
        alternates = api.get("/api/v1/clubs/201/alternates", {"limit": 1})
        assert names(alternates) == ["Evans"] and alternates.json()["count"] == 1


@pytest.mark.parametrize("limit", ["0", "-3", str(CLUB_LIST_LIMIT + 1), "ten", "2.0", "\u0662"])
def test_a_bad_limit_is_refused_naming_it(secretary_a, client_a, members, limit):
    api = api_for(secretary_a)
    for _ in range(2):
        for url in ("/api/v1/clubs/201/members", "/api/v1/clubs/201/alternates"):
            response = api.get(url, {"limit": limit})
            assert response.status_code == 400
            assert response.json()["error"]["fields"] == {"limit": [MESSAGE]}
        page = client_a.get("/clubs/201/report/", {"limit": limit})
        assert page.status_code == 400
        assert MESSAGE in page.content.decode()


def test_the_members_page_shows_the_first_players_and_says_how_many_there_are(client_a, members):
    for _ in range(2):
        page = client_a.get("/clubs/201/report/", {"limit": 3}).content.decode()
        assert "The first 3 of 5 home members and alternates are shown." in page
        assert "Adams" in page and "Clark" in page
        assert "Dunn" not in page and "Evans" not in page
        # Home members first, then the alternates (guide F6.3).
        five = client_a.get("/clubs/201/report/?limit=5").content.decode()
        assert five.index("Dunn") < five.index("Evans")
        assert "are shown" not in five
        whole = client_a.get("/clubs/201/report/").content.decode()
        assert "Evans" in whole and "are shown" not in whole


def test_another_club_s_list_is_not_found_whatever_the_limit(secretary_b, client_b, members):
    api = api_for(secretary_b)
    for _ in range(2):
        for limit in ("2", "0", "abc"):
            assert api.get("/api/v1/clubs/201/members", {"limit": limit}).status_code == 404
            assert client_b.get("/clubs/201/report/", {"limit": limit}).status_code == 404


@pytest.mark.parametrize("code", ["nz", "acbl"])
def test_the_limit_is_the_same_under_every_scheme(code, settings, secretary_a, members):
    settings.MASTERPOINT_SCHEME = code
    api = api_for(secretary_a)
    for _ in range(2):
        assert names(api.get("/api/v1/clubs/201/members", {"limit": 1})) == ["Adams"]
        refused = api.get("/api/v1/clubs/201/members", {"limit": "0"})
        assert refused.json()["error"]["fields"] == {"limit": [MESSAGE]}
