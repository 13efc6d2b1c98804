"""POST /api/v1/calculator/singles: a Singles event's outright awards (App. A; 4.3.1)."""

import pytest

URL = "/api/v1/calculator/singles"

pytestmark = pytest.mark.django_db


def singles(**changes) -> dict:
    ranking = [[f"P{n}"] for n in range(1, 21)]
    body = {
        "grade": "E",
        "ranking": ranking,
        "tables": 10,
        "sessions": 3,
        "min_sessions": 4,
        "partners": {label: ["Ann", "Bob"] for (label,) in ranking},
    }
    body.update(changes)
    return body


def test_anyone_gets_the_pairs_outright_withheld_from_a_single_partnership(client):
    body = singles()
    body["partners"]["P1"] = ["Ann", "Ann", "Ann", "Ann"]
    answer = client.post(URL, body, content_type="application/json")
    assert answer.status_code == 200, answer.json()
    result = answer.json()
    # Grade E, 10 tables, S=3, as pairs: the winner's 1.1273 (Table 3B 1.13); 70% for 2nd.
    assert "P1" not in result["awards"] and "2 needed" in result["withheld"]["P1"]
    assert result["awards"]["P2"] == "0.79"
    assert any("treated as pairs" in line for line in result["working"])


def test_no_outright_when_another_was_given(client):
    answer = client.post(URL, singles(other_outright_given=True), content_type="application/json")
    assert answer.status_code == 400
    assert "4.3.1" in str(answer.json()["error"])


def test_an_unknown_grade_is_named(client):
    answer = client.post(URL, singles(grade="Z"), content_type="application/json")
    assert answer.status_code == 400
    assert "grade" in answer.json()["error"]["fields"]


def test_rules_of_another_scheme_are_refused_by_name(client):
    answer = client.post(URL, singles(rules="NZ-2024"), content_type="application/json")
    assert answer.status_code == 400
    assert "rules" in answer.json()["error"]["fields"]
