"""The calculator page: a club secretary types results and reads (or downloads) the awards."""

import csv
import io

import pytest

URL = "/awards/calculator/"

pytestmark = pytest.mark.django_db


def _form(**changes) -> dict:
    data = {
        "rules": "ABF-2025",
        "grade": "E",
        "kind": "pairs",
        "session-TOTAL_FORMS": "2",
        "session-INITIAL_FORMS": "0",
        "session-MIN_NUM_FORMS": "1",
        "session-MAX_NUM_FORMS": "1000",
        "session-0-movement": "mitchell",
        "session-0-boards": "24",
        "session-0-tables": "7.5",
        "session-0-ranking": "N1\nN2 = N3\nN4\nN5\nN6\nN7\nN8",
        "session-0-ranking_ew": "E1\nE2, E3\nE4\nE5\nE6\nE7",
        "session-1-movement": "",
        "session-1-boards": "",
        "session-1-tables": "",
        "session-1-ranking": "",
        "session-1-ranking_ew": "",
        "session-1-matches": "",
        "outright_ranking": "",
        "compute": "1",
    }
    data.update(changes)
    return data


def test_the_page_renders_for_an_anonymous_visitor_and_explains_rankings(client):
    response = client.get(URL)

    assert response.status_code == 200
    page = response.content.decode()
    assert "Award calculator" in page
    assert "separated by &quot;=&quot; or commas" in page
    assert "Download CSV" in page


def test_the_page_computes_a_mitchell_with_a_half_table_and_ties(client):
    response = client.post(URL, _form())

    assert response.status_code == 200
    page = response.content.decode()
    assert "green points, grade E" in page
    # 7.5 tables count as 8: Table 1B 0.24; N2 = N3 share 2nd and 3rd: 0.144 -> 0.14.
    assert "<td>N1</td>" in page and "0.24" in page
    assert "=2nd N2, N3 share 2nd-3rd" in page
    assert "7.5 tables counted as 8 (4.4.1)" in page


def test_the_page_computes_matches_and_final_placings(client):
    data = _form(
        kind="teams",
        **{
            "session-0-movement": "matches",
            "session-0-boards": "14",
            "session-0-matches": "T1, T2, 12, 9\nT3, T4, 10, 9",
            "session-1-movement": "matches",
            "session-1-boards": "14",
            "session-1-matches": "T1, T3, 20, 0\nT2, T4, 5, 5",
            "outright_ranking": "T1\nT3\nT2 = T4",
            "outright_boards": "28",
        },
    )
    response = client.post(URL, data)

    page = response.content.decode()
    assert response.status_code == 200, page
    # 28 boards are 1.17 sessions: counted as 1, so no outright award (4.3.1).
    assert "no outright award" in page
    assert "T1 wins 0.112" in page
    assert "shared, 0.056 each" in page


def test_the_page_downloads_the_awards_and_working_as_csv(client):
    response = client.post(URL, _form(download="1"))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Contestant", "Session 1", "Matches", "Outright", "Total"]
    assert ["N1", "0.24", "0.00", "0.00", "0.24"] in rows
    assert ["N2", "0.14", "0.00", "0.00", "0.14"] in rows
    assert ["Working"] in rows


def test_the_page_names_the_session_and_rule_of_a_bad_field(client):
    response = client.post(URL, _form(**{"session-0-tables": "3"}))

    page = response.content.decode()
    assert response.status_code == 200
    assert (
        "Session 1, ranking, tables: Mitchell pairs fields need at least 4 tables (4.4.3)" in page
    )
    assert "<table>" not in page


def test_a_contestant_typed_twice_is_refused(client):
    response = client.post(URL, _form(**{"session-0-ranking_ew": "E1\nN1"}))

    assert "contestant &#x27;N1&#x27; is listed twice" in response.content.decode()


def test_add_a_session_keeps_what_was_typed_and_adds_an_empty_session(client):
    response = client.post(URL, _form(add_session="1"))

    page = response.content.decode()
    assert page.count("<legend>Session") == 3
    assert "N2 = N3" in page
    assert "errorlist" not in page


def test_the_page_gives_session_awards_by_percentage_under_4_2_2(client):
    response = client.post(
        URL,
        _form(
            grade="B4",
            **{
                "session-0-movement": "howell",
                "session-0-tables": "4",
                "session-0-ranking": "1\n2\n3\n4\n5\n6\n7\n8",
                "session-0-ranking_ew": "",
                "session-0-percentages": "1 63.1\n2 57.44\n3 54.2\n4 52\n5 49.8\n6 46\n7 45\n8 40",
            },
        ),
    )

    assert response.status_code == 200
    page = response.content.decode()
    # Grade B4, weight 2.5: 63% gives {25 + 13*2.5*2}/100 = 0.90; 46% gives 0.05; 45% none.
    assert "awards by each pair&#x27;s score (4.2.2)" in page
    assert "1 63% -&gt; 0.90" in page and "6 46% -&gt; 0.05" in page


def test_scores_at_a_club_grade_are_refused_by_4_2_2(client):
    response = client.post(URL, _form(**{"session-0-percentages": "N1 60\nE1 55"}))

    page = response.content.decode()
    assert "Percentage session awards are for Duplicate Congress" in page


def test_a_score_that_is_not_a_percentage_is_named_by_its_line(client):
    response = client.post(URL, _form(**{"session-0-percentages": "N1 60\nE1 NaN"}))

    assert "Score line 2: give the pair and its percentage" in response.content.decode()
