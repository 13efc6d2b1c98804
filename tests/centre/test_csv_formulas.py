"""No CSV the portal writes carries a spreadsheet formula: a text cell starting with "=", "+",
"-", "@", a tab or a carriage return is written after an apostrophe; numbers, and texts that
are exactly a number ("-1.50"), stay numbers. Each CSV is tried with a name that is a formula."""

import csv
import io
from datetime import date
from decimal import Decimal

import pytest

from awards.ledger.models import Credit, Event
from centre.documents import csv_cell, render_csv
from centre.models import Period
from tests.factories import PlayerFactory

FORMULA = '=HYPERLINK("http://evil.example")'
SAFE = "'" + FORMULA


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (FORMULA, SAFE),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-1.50", "-1.50"),
        ("+3", "+3"),
        ("0123456", "0123456"),
        (Decimal("-1.50"), Decimal("-1.50")),
        (-150, -150),
        ("Smith", "Smith"),
        ("a=b", "a=b"),
        ("-\u0663", "'-\u0663"),
        (None, ""),
    ],
)
def test_the_cell_rule(value, written):
    assert csv_cell(value) == written


def test_a_spreadsheet_reads_back_the_text_and_the_numbers():
    text = render_csv(["name", "points"], [[FORMULA, "-1.50"], ["@x", -2]])

    assert list(csv.reader(io.StringIO(text))) == [
        ["name", "points"],
        [SAFE, "-1.50"],
        ["'@x", "-2"],
    ]


def _rows(content: bytes | str) -> list[list[str]]:
    text = content.decode() if isinstance(content, bytes) else content
    return list(csv.reader(io.StringIO(text)))


def _streamed(response) -> bytes:
    return b"".join(response.streaming_content)


@pytest.fixture
def formula_player(club_a):
    return PlayerFactory(abf_number="0123456", home_club=club_a, family_name=FORMULA)


@pytest.fixture
def formula_event(formula_player, club_a, staff):
    period = Period.objects.create(year=2025, month=8)
    event = Event.objects.create(
        organiser="club",
        club=club_a,
        name="-Pairs @ " + FORMULA,
        starts_on=date(2025, 8, 4),
        ends_on=date(2025, 8, 4),
        grade="E",
    )
    first = Credit.objects.create(
        player=formula_player,
        event=event,
        colour="green",
        points=2_34,
        source="file",
        period=period,
        state="approved",
        uploaded_by=staff,
    )
    Credit.objects.create(
        player=formula_player,
        event=event,
        colour="green",
        points=-1_50,
        source="adjustment",
        reason="=1+1",
        adjusts=first,
        period=period,
        uploaded_by=staff,
    )
    return event


def test_the_national_players_csv_writes_a_formula_name_as_text(formula_player, client):
    rows = _rows(_streamed(client.get("/national/players.csv")))

    assert next(row for row in rows if "0123456" in row)[1] == SAFE
    assert not any(cell.startswith("=") for row in rows for cell in row)


def test_the_national_events_and_history_csv_write_a_formula_name_as_text(
    formula_event, client, staff_client
):
    events = _rows(_streamed(client.get("/national/events.csv")))
    history = _rows(_streamed(staff_client.get("/national/history.csv")))

    assert "'-Pairs @ " + FORMULA in events[1]
    assert not any(cell.startswith(("=", "@")) for row in events for cell in row)
    # A signed amount stays a number.
    assert any("-1.50" in row for row in history)


def test_the_statement_csv_writes_an_event_name_as_text_and_points_as_numbers(
    formula_event, client
):
    rows = _rows(client.get("/awards/players/0123456/statement.csv").content)

    names = [row[1] for row in rows[1:]]
    assert "'-Pairs @ " + FORMULA in names
    # An adjusting credit is a correction, marked so before the name: no formula either.
    assert "[correction] -Pairs @ " + FORMULA + " (adjustment: =1+1)" in names
    assert not any(name[:1] in "=+-@\t\r" for name in names)
    assert "-1.50" in [row[4] for row in rows[1:]]


def test_the_club_members_csv_writes_a_formula_name_as_text(formula_player, client_a, club_a):
    rows = _rows(client_a.get(f"/clubs/{club_a.number}/report.csv").content)

    assert [row[1] for row in rows if row[0] == "0123456"] == [SAFE]


def test_the_calculator_csv_writes_a_formula_label_as_text(client):
    response = client.post(
        "/awards/calculator/",
        {
            "rules": "ABF-2025",
            "grade": "E",
            "kind": "pairs",
            "session-TOTAL_FORMS": "1",
            "session-INITIAL_FORMS": "0",
            "session-0-movement": "howell",
            "session-0-boards": "26",
            "session-0-tables": "3",
            "session-0-ranking": "-A\n@2\n3\n4\n5\n6",
            "download": "1",
        },
    )

    labels = [row[0] for row in _rows(response.content)[1:7]]
    assert "'-A" in labels and "'@2" in labels


def test_the_ranking_report_csv_writes_a_formula_name_as_text(formula_event, club_a, client_a):
    from ranks.ranking_reports import ranking_reports_issue

    ranking_reports_issue(year=2025, quarter=3)
    rows = _rows(client_a.get(f"/awards/reports/{club_a.number}/2025-Q3.csv").content)

    assert any(SAFE in row for row in rows)
    assert not any(cell.startswith("=") for row in rows for cell in row)
