"""The CSV results reader: the documented layout read, every bad cell named by line and
column."""

import pytest

from awards.results import csv_results
from awards.results.common import ResultsFileError
from players.abf_numbers import from_serial

N = [from_serial(s) for s in range(20000, 20400)]

MITCHELL = (
    "session,section,direction,contestant,place,score,players,boards\n"
    f"1,A,NS,1,1,60.1,{N[0]} {N[1]},24\n"
    f"1,A,NS,2,2=,50.0,{N[2]};{N[3]},\n"
    f"1,A,NS,3,2=,50.0,{N[4].lstrip('0')} {N[5]},\n"
    f"1,A,EW,1,2,49.0,{N[6]} {N[7]},\n"
    f"1,A,EW,2,1,55.0,{N[8]} {N[9]},\n"
    f"1,A,EW,3,3,40.0,{N[10]} {N[11]},\n"
)


def test_a_mitchell_is_read_into_two_fields_with_ties_and_zero_filled_numbers():
    read = csv_results.read(MITCHELL.encode(), kind="pairs")
    (session,) = read.sessions
    assert session["boards"] == 24
    assert [f["ranking"] for f in session["fields"]] == [
        [["A2EW"], ["A1EW"], ["A3EW"]],
        [["A1NS"], ["A2NS", "A3NS"]],
    ]
    assert session["fields"][0]["movement"] == "mitchell"
    assert read.players["A3NS"][0] == N[4]


def test_teams_matches_and_final_placings():
    team = lambda i: " ".join(N[4 * i : 4 * i + 4])  # noqa: E731
    text = (
        "session,contestant,opponent,boards,imps,opponent_imps,place,players\n"
        f"1,T1,T2,12,30,20,,{team(0)}\n"
        f"1,T3,T4,12,10,25,,{team(2)}\n"
        f"2,T1,T3,12,30,20,,\n"
        f"2,T2,T4,12,22,21,,{team(1)}\n"
        f"final,T1,,,,,1,{team(0)}\n"
        f"final,T2,,,,,2,{team(1)}\n"
        f"final,T4,,,,,3,{team(3)}\n"
        f"final,T3,,,,,4,{team(2)}\n"
    )
    read = csv_results.read(text.encode(), kind="teams")
    assert read.sessions[0]["matches"][0] == {
        "boards": 12,
        "home": "T1",
        "away": "T2",
        "home_imps": "30",
        "away_imps": "20",
    }
    assert read.outright == {"sessions": 2, "ranking": [["T1"], ["T2"], ["T4"], ["T3"]]}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("contestant,players\n", "line 1: no session column"),
        (MITCHELL.replace(",2=,50.0", ",2x,50.0", 1), "line 3, column place: '2x' is not a place"),
        (MITCHELL.replace(N[0], N[0][:-1] + "9"), "line 2, column players:"),
        (
            MITCHELL.replace(",1,1,60.1", ",1,4,60.1"),
            "line 3: PLACE 2 is out of order: the first place is 1",
        ),
        (MITCHELL.replace(f"{N[6]} {N[7]}", N[6]), "line 5, column players: 1 ABF numbers"),
        ("session,contestant,players\nx,1,1\n", "line 2, column session"),
    ],
)
def test_errors_name_the_line_and_column(text, expected):
    with pytest.raises(ResultsFileError) as error:
        csv_results.read(text.encode(), kind="pairs")
    assert any(p.startswith(expected) for p in error.value.problems), error.value.problems


def test_not_utf8_is_refused():
    with pytest.raises(ResultsFileError, match="not UTF-8"):
        csv_results.read(b"session\xff", kind="pairs")
