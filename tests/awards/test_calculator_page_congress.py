"""The calculator page takes what the API takes: a Singles event (App. A, 4.3.1), a walk-in
final given as its heats' tables and a large congress's additional championship (5.3.3);
each refusal is in words beside its field."""

from fractions import Fraction

import pytest

from scheme.abf import ABF_2025
from scheme.abf.formulas import outright_award
from tests.awards.test_calculator_page import _form

URL = "/awards/calculator/"

pytestmark = pytest.mark.django_db

PLACES = "\n".join(f"P{n}" for n in range(1, 17))


def _howell(**changes) -> dict:
    return _form(
        **{
            "grade": "B5",
            "session-0-movement": "howell",
            "session-0-tables": "8",
            "session-0-ranking": PLACES,
            "session-0-ranking_ew": "",
            "outright_ranking": PLACES,
            **changes,
        }
    )


def _errors_of(response, field: str) -> list[str]:
    return response.context["form"].errors.get(field, [])


def test_a_walk_in_finals_outright_is_on_the_heats_average_and_s_2(client):
    response = client.post(URL, _howell(outright_walk_in_heats="12, 10, 11"))

    assert response.status_code == 200
    contestants = {c.label: c for c in response.context["awards"].contestants}
    expected, _ = outright_award(11, 2, Fraction(2))  # T = 11, the heats' average
    assert contestants["P1"].outright == ABF_2025.round(expected)
    page = response.content.decode()
    assert "T = 11" in page and "S = 2" in page


def test_a_walk_in_final_with_sessions_given_is_refused_beside_the_field(client):
    response = client.post(URL, _howell(outright_walk_in_heats="12 10", outright_sessions="3"))

    assert response.context["awards"] is None
    assert "5.3.3" in _errors_of(response, "outright_sessions")[0]


def test_a_heat_that_is_not_a_number_is_named(client):
    response = client.post(URL, _howell(outright_walk_in_heats="12, ten"))

    assert _errors_of(response, "outright_walk_in_heats") == ["Heat 2: 'ten' is not a number."]


def _congress(**changes) -> dict:
    places = "\n".join(f"P{n}" for n in range(1, 21))
    return _form(
        **{
            "grade": "B4",
            "congress": "on",
            "session-0-movement": "howell",
            "session-0-tables": "10",
            "session-0-ranking": places,
            "session-0-ranking_ew": "",
            "outright_ranking": places,
            "outright_sessions": "2",
            **changes,
        }
    )


def test_a_large_congresss_additional_championship_is_accelerated_as_the_majors(client):
    # 250 table-sessions allow one; a 2-session B4 pairs of 10 tables is read at S=3: 1.88.
    response = client.post(URL, _congress(extra_championship="1", congress_table_sessions="250"))

    contestants = {c.label: c for c in response.context["awards"].contestants}
    assert str(contestants["P1"].outright) == "1.88"


@pytest.mark.parametrize(("number", "table_sessions"), [("1", "200"), ("2", "299")])
def test_more_additional_championships_than_the_table_sessions_allow_are_refused(
    client, number, table_sessions
):
    response = client.post(
        URL, _congress(extra_championship=number, congress_table_sessions=table_sessions)
    )

    assert response.context["awards"] is None
    assert "5.3.3" in _errors_of(response, "extra_championship")[0]


def test_an_additional_championship_names_its_congress_and_table_sessions(client):
    no_congress = client.post(
        URL, _congress(congress="", extra_championship="1", congress_table_sessions="250")
    )
    no_count = client.post(URL, _congress(extra_championship="1"))
    one_session = client.post(
        URL,
        _congress(extra_championship="1", congress_table_sessions="250", outright_sessions="1"),
    )

    assert "5.3.3" in _errors_of(no_congress, "congress")[0]
    assert "table-sessions" in _errors_of(no_count, "congress_table_sessions")[0]
    assert "at least two sessions" in _errors_of(one_session, "extra_championship")[0]


def _singles(**changes) -> dict:
    data = {
        "event": "singles",
        "rules": "ABF-2025",
        "grade": "E",
        "ranking": "\n".join(f"P{n}" for n in range(1, 21)),
        "tables": "10",
        "sessions": "3",
        "min_sessions": "4",
        "partners": "P1: Ann, Ann, Ann, Ann\n" + "\n".join(f"P{n}: Ann, Bob" for n in range(2, 21)),
    }
    data.update(changes)
    return data


def test_the_singles_form_gives_the_pairs_outright_withheld_from_a_single_partnership(client):
    assert client.get(URL, {"event": "singles"}).status_code == 200
    response = client.post(URL, _singles())

    assert response.status_code == 200
    rows = {label: (award, withheld) for label, award, withheld in response.context["rows"]}
    # As the API: grade E, 10 tables, S=3, as pairs; P1 played one partnership of 2 needed.
    assert rows["P1"][0] is None and "2 needed" in rows["P1"][1]
    assert rows["P2"] == (79, "")
    assert "treated as pairs" in response.content.decode()


def test_a_singles_partners_line_without_a_colon_is_named(client):
    response = client.post(URL, _singles(partners="P1 Ann, Bob"))

    assert response.context["result"] is None
    assert _errors_of(response, "partners") == [
        "Line 1: give the player, a colon, then the partners."
    ]


def test_a_singles_event_after_another_outright_award_is_refused_beside_the_box(client):
    response = client.post(URL, _singles(other_outright_given="on"))

    assert response.context["result"] is None
    assert "4.3.1" in _errors_of(response, "other_outright_given")[0]
