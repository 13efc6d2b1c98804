"""The NZ scheme through the portal's calculators: POST /api/v1/calculator/awards with the
NZ examples and bad NZ requests, and GET /api/v1/ranks?scheme=nz."""

from __future__ import annotations

import copy
import json

import pytest

from scheme import get_scheme

AWARDS = "/api/v1/calculator/awards"
RANKS = "/api/v1/ranks"
NZ = get_scheme("nz")

pytestmark = pytest.mark.django_db


def _post(client, body):
    return client.post(AWARDS, body, content_type="application/json")


def _fields(response):
    assert response.status_code == 400, response.content
    return response.json()["error"]["fields"]


@pytest.mark.parametrize("name", list(NZ.calculator_examples))
def test_each_nz_example_is_answered_in_a_b_and_c_points(client, name):
    response = _post(client, NZ.calculator_examples[name])

    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["rules"] == "NZB-2007"
    assert [kind["code"] for kind in answer["point_kinds"]] == ["A", "B", "C"]
    for contestant in answer["contestants"]:
        assert set(contestant["points"]) == {"A", "B", "C"}
    assert answer["working"]


def test_a_club_session_answers_the_basic_table(client):
    answer = _post(client, NZ.calculator_examples["A club pairs session (NZ)"]).json()

    first = answer["contestants"][0]
    assert first["label"] == "N1"
    assert first["points"] == {"A": "0.00", "B": "0.00", "C": "40.00"}
    assert answer["status"] == "club"


def test_a_5a_pairs_tournament_answers_session_and_overall_a_points(client):
    answer = _post(client, NZ.calculator_examples["A 5A pairs tournament (NZ)"]).json()

    winner = next(c for c in answer["contestants"] if c["label"] == "P12")
    assert winner["points"] == {"A": "6.00", "B": "0.00", "C": "150.00"}


def test_a_bad_nz_request_is_a_400_naming_the_field(client):
    request = copy.deepcopy(NZ.calculator_examples["A club pairs session (NZ)"])
    request["sessions"][0]["fields"][1]["tables"] = "lots"

    fields = _fields(_post(client, request))

    assert len(fields) == 1
    (path,) = fields
    assert path.replace("[", ".").replace("]", "") == "sessions.0.fields.1.tables"


def test_an_unknown_nz_status_is_a_400_naming_status(client):
    request = {**NZ.calculator_examples["A club pairs session (NZ)"], "status": "7A"}

    assert "status" in _fields(_post(client, request))


def test_the_nz_rank_calculator(client):
    response = client.get(RANKS, {"scheme": "nz", "a": "249", "b": "451.00", "c": "0"})

    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["rank"] == "National Master"
    assert answer["stars"] == 1
    assert answer["next_rank"]["rank"] == "Life Master"
    assert answer["next_rank"]["a_points_needed"] == "1.00"


def test_the_nz_rank_calculator_gives_grade_and_rating_points(client):
    query = {"scheme": "nz", "a": "3", "b": "17", "previous_rating": "80", "year_points": "20"}

    answer = client.get(RANKS, query).json()

    assert answer["rating_points"] == "84.00"
    assert answer["grade"] == "Intermediate"


def test_a_bad_nz_rank_parameter_is_a_400_naming_it(client):
    assert list(_fields(client.get(RANKS, {"scheme": "nz", "a": "12.345"}))) == ["a"]


def test_players_listed_in_an_nz_request_are_answered_each(client):
    request = copy.deepcopy(NZ.calculator_examples["A 5A pairs tournament (NZ)"])
    request["players"] = {
        "P12": [
            {"label": "Ann"},
            {"label": "Bob", "deals": [30, 10]},
            {"label": "Sub", "deals": [0, 20]},
        ]
    }

    answer = _post(client, request).json()

    players = {player["label"]: player for player in answer["players"]}
    assert players["Ann"]["overall"] == {"A": "5.00"}
    assert players["Bob"]["overall"] == {"A": "3.00"}  # 5 x 40/60, to the whole point
    assert players["Sub"]["overall"] == {"A": "2.00"}


def test_the_page_heads_the_nz_total_as_the_a_and_b_points_that_count_for_rank(client):
    """Outline rule 5: a club session's C Points leave the A and B aggregate at 0.00, and the
    page says which total it shows rather than calling it the award's total."""
    example = NZ.calculator_examples["A club pairs session (NZ)"]

    response = client.post(
        "/awards/calculator/?scheme=nz",
        {"rules": example["rules"], "event": json.dumps(example), "compute": "1"},
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert '<th class="number">A and B (for rank)</th>' in page
    assert "40.00" in page
    assert "Total label" not in page
