"""The API under every scheme: an operation of a feature the scheme lacks answers the API's
own error shape; a malformed player number is refused saying what is wrong, while another
club's record stays a 404 that reveals nothing; the OpenAPI schema speaks the scheme's kinds
and lists only the operations the deployment has."""

import pytest
from django.test import Client

from centre.tokens import api_token_create
from players import abf_numbers
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

# A well-formed number (its check digit right) that no player has.
NOBODY = abf_numbers.from_serial(999_990)


def _token_client(user) -> Client:
    _, key = api_token_create(user=user, name="club program", days=30)
    return Client(HTTP_AUTHORIZATION=f"Token {key}")


# An operation of each optional feature, as a program would call it.
SWITCHED_OFF = [
    ("post", "/api/v1/uploads/check", "credit_files"),
    ("get", "/api/v1/standings/2026/mccutcheon", "standings"),
    ("get", "/api/v1/standings/2026", "standings"),
    ("get", "/api/v1/grants", "grants"),
]


@pytest.mark.parametrize(("method", "url", "feature"), SWITCHED_OFF)
def test_an_operation_the_scheme_lacks_answers_the_api_s_404(scheme, method, url, feature, staff):
    if scheme.has(feature):
        pytest.skip(f"{scheme.code} has {feature}")
    api = _token_client(staff)

    response = getattr(api, method)(url, HTTP_ACCEPT="application/json")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert (error["status"], error["code"]) == (404, "not_in_scheme")
    assert error["message"] == (
        f"This operation is not part of the {scheme.name}, which this registry runs."
    )


def test_a_page_the_scheme_lacks_is_still_the_portal_s_404_page(scheme, anonymous_client):
    if scheme.has("standings"):
        pytest.skip("the ABF has the standings")
    page = anonymous_client.get("/awards/standings/")
    assert page.status_code == 404
    assert "text/html" in page["Content-Type"]


# --- player numbers in an address -----------------------------------------------------


@pytest.mark.parametrize(
    ("number", "reason"),
    [
        ("abc", "abc is not a player number: {an} has 7 digits, the last a check digit."),
        ("041298", "041298 is not a player number: {an} has 7 digits, the last a check digit."),
        ("1234567", "1234567 is not a player number: its check digit is wrong."),
    ],
)
def test_a_malformed_number_is_refused_saying_what_is_wrong(
    scheme, number, reason, anonymous_client
):
    an = {"abf": "an ABF number", "nz": "an NZB number", "acbl": "an ACBL player number"}
    expected = reason.format(an=an[scheme.code])

    for url in (f"/api/v1/masterpoints/{number}", f"/api/v1/masterpoints/{number}/statement"):
        answer = anonymous_client.get(url)
        assert answer.status_code == 404
        assert answer.json()["error"]["message"] == expected
    page = anonymous_client.get(f"/awards/players/{number}/")
    assert page.status_code == 404
    assert f"<p data-reason>{expected}</p>" in page.content.decode()


def test_a_number_no_player_has_says_so_in_the_lookup(scheme, anonymous_client):
    answer = anonymous_client.get(f"/api/v1/masterpoints/{NOBODY}")
    name = {"abf": "ABF number", "nz": "NZB number", "acbl": "ACBL player number"}
    assert answer.status_code == 404
    assert answer.json()["error"]["message"] == f"No player has the {name[scheme.code]} {NOBODY}."


def test_another_club_s_player_is_a_404_like_a_number_nobody_has(
    scheme, club_b, secretary_a, client_a
):
    theirs = PlayerFactory(home_club=club_b)
    api = _token_client(secretary_a)

    answers = [
        api.get(f"/api/v1/players/{theirs.abf_number}/"),
        api.get(f"/api/v1/players/{NOBODY}/"),
    ]
    assert [a.status_code for a in answers] == [404, 404]
    messages = [a.json()["error"]["message"] for a in answers]
    assert messages == ["No player with this number is among the players this login may read."] * 2
    assert theirs.full_name not in answers[0].content.decode()
    assert str(club_b.number) not in messages[0]
    page = client_a.get(f"/players/{theirs.abf_number}/edit/")
    assert page.status_code == 404
    assert theirs.full_name not in page.content.decode()
    malformed = api.post("/api/v1/players/abc/update/", {"email": "x@example.org"})
    assert malformed.status_code == 404
    assert malformed.json()["error"]["message"].startswith("abc is not a player number")


# --- the OpenAPI schema ---------------------------------------------------------------


def _schema(client) -> dict:
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def _component(schema: dict, prop: dict) -> dict:
    ref = prop.get("$ref") or prop["allOf"][0]["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_the_schema_documents_totals_in_the_scheme_s_kinds(scheme, anonymous_client):
    schema = _schema(anonymous_client)
    components = schema["components"]["schemas"]

    player = components["LookupPlayer"]["properties"]
    totals = _component(schema, player["totals"])["properties"]
    kinds = _component(schema, totals["lifetime"])["properties"]
    assert list(kinds) == [k.code for k in scheme.kinds_in_order]
    operation = schema["paths"][f"/api/v1/masterpoints/{{{scheme.number_key}}}"]["get"]
    assert operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"] == (
        "#/components/schemas/LookupPlayer"
    )
    needed = player["needed_for_next_rank"]
    if scheme.code == "acbl":
        # The requirements differ by title: a map, its keys described.
        assert needed["additionalProperties"] == {"type": "integer"}
        assert "`red_gold_platinum`: red, gold or platinum points" in needed["description"]
    else:
        fields = list(_component(schema, needed)["properties"])
        expected = {"abf": ["total", "red_and_gold", "gold"], "nz": ["aggregate", "A"]}
        assert fields == expected[scheme.code]
    assert ("next_star" in player) == (scheme.code == "nz")


def test_the_schema_lists_only_the_operations_the_scheme_has(scheme, anonymous_client):
    paths = _schema(anonymous_client)["paths"]

    for path, feature in [
        ("/api/v1/uploads/check", "credit_files"),
        ("/api/v1/standings/{year}", "standings"),
        ("/api/v1/standings/{year}/mccutcheon", "standings"),
        ("/api/v1/grants", "grants"),
    ]:
        assert (path in paths) == scheme.has(feature), path
    # Every scheme's own operations stay.
    assert "/api/v1/masterpoints/lookup" in paths
    assert "/api/v1/calculator/awards" in paths
