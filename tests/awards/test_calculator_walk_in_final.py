"""5.3.3 through the calculator: "If a walk-in final (open only to place-getters from the
heats) is played, no final premium applies, but an outright award based on the average number
of tables in all heats and S=2, will be given"."""

from fractions import Fraction

import pytest

from scheme.abf import ABF_2025
from scheme.abf.formulas import outright_award

URL = "/api/v1/calculator/awards"

pytestmark = pytest.mark.django_db


def walk_in_final(stage: str = "qualifying", **outright) -> dict:
    ranking = [[f"P{n}"] for n in range(1, 17)]
    return {
        "grade": "B5",  # 5.3.3: a B4 congress's walk-in events are grade B5
        "kind": "pairs",
        "sessions": [{"fields": [{"movement": "howell", "tables": 8, "ranking": ranking,
                                  "stage": stage}]}],
        "outright": {"ranking": ranking, "walk_in_final_heats": [12, 10, 11], **outright},
    }  # fmt: skip


def test_the_outright_is_on_the_heats_average_and_s_2(client):
    answer = client.post(URL, walk_in_final(), content_type="application/json")
    assert answer.status_code == 200, answer.json()
    by_label = {c["label"]: c for c in answer.json()["contestants"]}
    expected, _ = outright_award(11, 2, Fraction(2))  # T = 11 (average of 12, 10, 11)
    assert by_label["P1"]["outright"] == str(ABF_2025.round(expected))
    assert any("T = 11" in line and "S = 2" in line for line in answer.json()["working"])


def test_a_walk_in_final_takes_no_final_premium(client):
    answer = client.post(URL, walk_in_final(stage="final"), content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"]["fields"]["sessions.0"][0].startswith(
        "No final premium applies to a walk-in final"
    )


def test_a_walk_in_final_takes_neither_sessions_nor_tables(client):
    answer = client.post(URL, walk_in_final(sessions=3), content_type="application/json")
    assert answer.status_code == 400
    assert "5.3.3" in answer.json()["error"]["fields"]["outright.sessions"][0]


def congress_pairs(**changes) -> dict:
    ranking = [[f"P{n}"] for n in range(1, 21)]
    body = {
        "grade": "B4",
        "kind": "pairs",
        "congress": True,
        "sessions": [{"fields": [{"movement": "howell", "tables": 10, "ranking": ranking}]}],
        "outright": {"ranking": ranking, "sessions": 2},
    }
    body.update(changes)
    return body


def test_a_large_congress_accelerates_its_additional_championship(client):
    # 5.3.3: 250 table-sessions allow one additional championship, accelerated like the
    # majors (5.4.2): a 2-session B4 pairs of 10 tables is read at S=3, Table 3C's 1.88.
    body = congress_pairs(extra_championship={"number": 1, "congress_table_sessions": 250})
    answer = client.post(URL, body, content_type="application/json")
    assert answer.status_code == 200, answer.json()
    by_label = {c["label"]: c for c in answer.json()["contestants"]}
    assert by_label["P1"]["outright"] == "1.88"


@pytest.mark.parametrize(
    ("number", "table_sessions"),
    [(1, 200), (2, 299)],  # none at 200; one only below 300
)
def test_a_congress_nominates_no_more_than_its_table_sessions_allow(client, number, table_sessions):
    body = congress_pairs(
        extra_championship={"number": number, "congress_table_sessions": table_sessions}
    )
    answer = client.post(URL, body, content_type="application/json")
    assert answer.status_code == 400
    assert "5.3.3" in answer.json()["error"]["fields"]["extra_championship.number"][0]


def test_an_additional_championship_has_two_sessions(client):
    ranking = [[f"P{n}"] for n in range(1, 21)]
    body = congress_pairs(
        extra_championship={"number": 1, "congress_table_sessions": 400},
        outright=None,
        sessions=[{"fields": [{"movement": "howell", "tables": 10, "ranking": ranking}]}],
    )
    answer = client.post(URL, body, content_type="application/json")
    assert answer.status_code == 400
    assert "two sessions" in str(answer.json()["error"]["fields"])
