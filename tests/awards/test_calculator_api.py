"""POST /api/v1/calculator/awards: open to anyone, throttled, in the one error shape."""

import copy

import pytest
from rest_framework.throttling import ScopedRateThrottle

from scheme.abf.calculator import CALCULATOR_EXAMPLES

REQUEST_EXAMPLE = CALCULATOR_EXAMPLES["A club pairs event"]

URL = "/api/v1/calculator/awards"

pytestmark = pytest.mark.django_db


def _post(client, body):
    return client.post(URL, body, content_type="application/json")


def _club_pairs_tournament() -> dict:
    """Manual Appendix B.2: 14 pairs, a Mitchell and a Howell, grade E."""
    return {
        "grade": "E",
        "kind": "pairs",
        "sessions": [
            {
                "boards": 26,
                "fields": [
                    {"movement": "mitchell", "tables": 7, "name": "N-S",
                     "ranking": [["P7"], ["P5", "P6"], ["P4"], ["P3"], ["P2"], ["P1"]]},
                    {"movement": "mitchell", "tables": 7, "name": "E-W",
                     "ranking": [["P8"], ["P10"], ["P12", "P14"], ["P9", "P11"], ["P13"]]},
                ],
            },
            {
                "boards": 26,
                "fields": [
                    {"movement": "howell", "tables": 7,
                     "ranking": [["P5"], ["P3", "P12"], ["P9"], ["P11"], ["P1"], ["P8"],
                                 ["P13"], ["P6"], ["P7"], ["P2", "P4"], ["P10"], ["P14"]]},
                ],
            },
        ],
        "outright": {
            "sessions": 2,
            "ranking": [["P5"], ["P8"], ["P12"], ["P7"], ["P3"], ["P6"], ["P9"], ["P11"],
                        ["P10"], ["P4"], ["P1"], ["P14"], ["P13"], ["P2"]],
        },
    }  # fmt: skip


def test_anyone_gets_the_awards_of_the_manual_club_pairs_example(client):
    response = _post(client, _club_pairs_tournament())

    assert response.status_code == 200
    body = response.json()
    assert body["colour"] == "green"
    assert body["rules"] == "ABF-2025"
    by_label = {c["label"]: c for c in body["contestants"]}
    assert by_label["P5"] == {
        "label": "P5",
        "sessions": ["0.13", "0.42"],
        "matches": "0.00",
        "outright": "0.50",
        "total": "1.05",
    }
    assert by_label["P8"]["total"] == "0.63"
    assert by_label["P12"]["sessions"] == ["0.05", "0.25"]
    assert any("Table 3B" in line for line in body["working"])


def test_the_documented_example_is_answered_with_strings_and_nulls(client):
    response = _post(client, REQUEST_EXAMPLE)

    assert response.status_code == 200
    by_label = {c["label"]: c for c in response.json()["contestants"]}
    # 7.5 tables count as 8 (4.4.1): Table 1B gives 0.24 to the winners.
    assert by_label["N1"]["sessions"] == ["0.24", None]
    # 14 boards, 12-9 IMPs: a margin of 3 exceeds 2.8, T1 wins 0.112.
    assert by_label["T1"]["matches"] == "0.11"
    assert by_label["T2"]["matches"] == "0.00"


def test_the_calculator_takes_the_older_rules_by_name(client):
    body = {**_club_pairs_tournament(), "rules": "ABF-legacy"}
    response = _post(client, body)

    by_label = {c["label"]: c for c in response.json()["contestants"]}
    assert by_label["P11"]["total"] == "0.11"  # 0.105 rounds up in the older edition


def _bad(change) -> dict:
    body = copy.deepcopy(REQUEST_EXAMPLE)
    change(body)
    return body


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (_bad(lambda b: b.update(grade="Z9")), "grade", "Unknown grade"),
        (_bad(lambda b: b.update(rules="NZ")), "rules", ""),
        (_bad(lambda b: b.update(kind="quartets")), "kind", ""),
        (_bad(lambda b: b.update(sessions=[])), "sessions", ""),
        (
            _bad(lambda b: b["sessions"][0]["fields"][1].update(ranking=[["E1"], ["N1"]])),
            "sessions.0.fields.1.ranking.1",
            "listed twice",
        ),
        (
            _bad(lambda b: b["sessions"][0]["fields"][1].update(tables=3)),
            "sessions.0.fields.1.tables",
            "4.4.3",
        ),
        (
            _bad(lambda b: b["sessions"][0]["fields"][0].update(tables="7.25")),
            "sessions.0.fields.0.tables",
            "half tables",
        ),
        (
            _bad(lambda b: b["sessions"][0]["fields"][0].update(movement="waltz")),
            "sessions.0.fields.0.movement",
            "",
        ),
        (
            _bad(lambda b: b["sessions"][1]["matches"][0].update(boards=4)),
            "sessions.1.matches.0.boards",
            "4.2.3",
        ),
        (
            _bad(lambda b: b["sessions"][1].update(fields=b["sessions"][0]["fields"])),
            "sessions.1",
            "either fields or matches",
        ),
        (_bad(lambda b: b["sessions"][0].pop("fields")), "sessions.0", "either fields or matches"),
        (_bad(lambda b: b["outright"].pop("sessions")), "outright.sessions", "4.3.1"),
        (
            _bad(lambda b: b["outright"].update(ranking=[["N1"], ["N1"]])),
            "outright.ranking.1",
            "listed twice",
        ),
        (_bad(lambda b: b.update(restricted=True)), "restricted", "4.4.10"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, body, field, words):
    response = _post(client, body)

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["status"] == 400 and error["code"] == "invalid"
    assert field in error["fields"], error
    assert words in " ".join(error["fields"][field])


def test_tables_as_json_floats_are_read_exactly(client):
    body = _bad(lambda b: b["sessions"][0]["fields"][0].update(tables=8.5))
    response = _post(client, body)

    by_label = {c["label"]: c for c in response.json()["contestants"]}
    assert by_label["N1"]["sessions"][0] == "0.27"  # 4.4.1: 8.5 tables count as 9


def test_the_calculator_is_throttled_after_its_rate(client, settings, monkeypatch):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "calculator": "2/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    # DRF reads the rates once, into the throttle class: point it at the overridden ones.
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)

    assert _post(client, REQUEST_EXAMPLE).status_code == 200
    assert _post(client, REQUEST_EXAMPLE).status_code == 200
    response = _post(client, REQUEST_EXAMPLE)

    assert response.status_code == 429
    assert response.json()["error"]["status"] == 429
    assert "Retry-After" in response


def test_the_schema_documents_the_calculator(client):
    response = client.get("/api/schema/")

    assert response.status_code == 200
    schema = response.content.decode()
    assert "/api/v1/calculator/awards:" in schema
    assert "calculator_awards" in schema
    assert "CalculatorRequest" in schema and "CalculatorResponse" in schema
    assert "A club pairs event" in schema


def test_each_listed_player_gets_the_awards_the_boards_played_allow(client):
    """4.4.4: a pairs player needs 75% of a session's boards for its award; the answer gives
    each listed player's awards beside the pair's."""
    event = _club_pairs_tournament()
    # 19 of 26 boards is 73%: short of 75% in the first session, every board in the second.
    event["players"] = {"P5": [{"label": "Anne"}, {"label": "Bill", "boards": [19, None]}]}

    response = _post(client, event)

    assert response.status_code == 200
    players = {p["label"]: p for p in response.json()["players"]}
    assert players["Anne"]["contestant"] == "P5"
    assert players["Anne"]["sessions"] == ["0.13", "0.42"]
    assert players["Bill"]["sessions"][1] == "0.42"
    assert players["Bill"]["sessions"][0] in (None, "0.00")
    assert any("4.4.4" in reason for reason in players["Bill"]["reasons"])
