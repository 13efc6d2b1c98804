"""The ACBL plan through the portal's calculators: POST /api/v1/calculator/awards with the
ACBL's examples and bad requests, GET /api/v1/ranks?scheme=acbl, whatever the deployment's
scheme (the tests run on the ABF's)."""

from __future__ import annotations

import copy

import pytest

from scheme import get_scheme

AWARDS = "/api/v1/calculator/awards"
RANKS = "/api/v1/ranks"
ACBL = get_scheme("acbl")

pytestmark = pytest.mark.django_db


def _post(client, body):
    return client.post(AWARDS, body, content_type="application/json")


def _fields(response) -> dict[str, list[str]]:
    assert response.status_code == 400, response.content
    return response.json()["error"]["fields"]


def _by_label(response) -> dict[str, dict]:
    assert response.status_code == 200, response.content
    return {c["label"]: c for c in response.json()["contestants"]}


def test_an_open_club_game_is_computed_in_black_points(client):
    response = _post(client, ACBL.calculator_examples["An open club pairs game (ACBL)"])

    body = response.json()
    assert (body["rules"], body["grade"], body["colour"]) == ("ACBL-2024-01", "CO", "black")
    contestants = _by_label(response)
    assert contestants["N3"]["points"] == {"black": "0.90"}
    assert contestants["E8"]["total"] == "0.63"
    assert contestants["N7"]["total"] == contestants["N1"]["total"] == "0.54"
    assert body["working"]


def test_a_regional_pairs_event_pays_gold_overalls_and_red_session_awards(client):
    example = ACBL.calculator_examples["A regional two-session pairs event by the General Formula"]
    contestants = _by_label(_post(client, example))

    assert contestants["12"]["points"] == {"red": "2.35", "gold": "21.88"}
    assert contestants["3"]["points"] == {"gold": "19.76"}  # 16.41 overall + 3.35 section top
    assert contestants["27"]["total"] == contestants["8"]["outright"] == "10.77"


def test_a_knockout_bracket_pays_overalls_and_match_awards(client):
    contestants = _by_label(_post(client, ACBL.calculator_examples["A regional knockout bracket"]))

    assert contestants["Lee"]["points"] == {"red": "10.08", "gold": "25.20"}
    assert contestants["Dubois"]["outright"] == "10.08"


def test_every_acbl_example_is_answered_exactly(client):
    for name, example in ACBL.calculator_examples.items():
        contestants = _by_label(_post(client, example))
        assert contestants, name
        for contestant in contestants.values():
            assert isinstance(contestant["total"], str), name
            assert set(contestant["points"]) <= {k.code for k in ACBL.point_kinds}


def test_a_bad_acbl_request_is_a_400_naming_the_field(client):
    request = copy.deepcopy(ACBL.calculator_examples["An open club pairs game (ACBL)"])
    request["groups"][1]["ranking"][2] = []
    assert list(_fields(_post(client, request))) == ["groups.1.ranking.2"]

    restricted = {**request, "event": "club_restricted"}
    restricted["groups"][1]["ranking"][2] = ["E4"]
    assert list(_fields(_post(client, restricted))) == ["upper_limit"]

    assert list(_fields(_post(client, {"rules": "ACBL-2024-01", "event": "bingo"}))) == ["event"]


def test_the_schema_offers_the_acbl_examples(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "ACBLCalculatorRequest" in text
    assert "A regional knockout bracket" in text


def test_ranks_from_points_by_colour(client):
    response = client.get(
        RANKS,
        {
            "scheme": "acbl",
            "black": "200",
            "silver": "50",
            "red": "25",
            "gold": "25",
            "platinum": "0",
        },
    )

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["scheme"] == "acbl"
    assert body["rank"] == "Life Master"
    assert body["next_rank"]["name"] == "Bronze Life Master"
    assert body["next_rank"]["needs"] == {"total": "200.00"}


def test_ranks_name_a_bad_colour_and_refuse_an_abf_colour(client):
    bad = client.get(RANKS, {"scheme": "acbl", "black": "lots"})
    assert list(_fields(bad)) == ["black"]
    green = client.get(RANKS, {"scheme": "acbl", "green": "10"})
    assert list(_fields(green)) == ["green"]


def test_a_newcomer_is_a_rookie(client):
    response = client.get(RANKS, {"scheme": "acbl"})
    assert response.status_code == 200
    assert response.json()["rank"] == "Rookie"
    assert response.json()["next_rank"]["needs"] == {"total": "5.00"}
