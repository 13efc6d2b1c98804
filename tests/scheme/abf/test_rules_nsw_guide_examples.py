"""The worked examples of the NSW Beginner's Guide to Masterpointing, sections B to E.

Where the guide's arithmetic departs from the rules (it multiplies or divides a rounded
table value; it rounds after adding match and outright awards), the test asserts the
engine's answer and says which step differs.
"""

from decimal import Decimal

import pytest

from scheme.abf import Event, Field, Match, Outright, Session, compute_awards


def _pairs(prefix: str, count: int) -> list[list[str]]:
    return [[f"{prefix}{n}"] for n in range(1, count + 1)]


def _session_awards(grade, movement, tables, contestants, boards=None) -> list[str]:
    event = Event(
        grade=grade,
        kind="pairs",
        sessions=[
            Session(boards=boards, fields=[Field(movement, tables, _pairs("P", contestants))])
        ],
    )
    awards = compute_awards(event)
    return [str(c.total) for c in awards.contestants if c.total]


def test_b2_supervised_session_of_fewer_than_15_boards_is_factored_down():
    # Grade F, 6 table Mitchell: 0.09 for 18 boards; for 12 boards 0.09 x 12/15 = 0.07.
    assert _session_awards("F", "mitchell", 6, 6, boards=18)[0] == "0.09"
    assert _session_awards("F", "mitchell", 6, 6, boards=12)[0] == "0.07"


@pytest.mark.parametrize(
    ("movement", "tables", "contestants", "expected"),
    [
        # e.g. 1: 10 table Mitchell, 0.02 x 1.5 x 10 = 0.30 for the winners.
        ("mitchell", 10, 10, ["0.30", "0.21", "0.15", "0.10", "0.08"]),
        # e.g. 2: 12 table Mitchell, 0.36 for the winners.
        ("mitchell", 12, 12, ["0.36", "0.25", "0.18", "0.12", "0.09", "0.07"]),
        # e.g. 3: 9 table Mitchell, Table 1B: 0.27, 0.19, 0.14, 0.09 (to 9/2 = 4th).
        # 3rd is 0.135 exactly: to even is 0.14, as printed.
        ("mitchell", 9, 9, ["0.27", "0.19", "0.14", "0.09"]),
        # e.g. 4: 7 1/2 table Mitchell with a N-S sit-out: T=8; 4 N-S pairs win points...
        ("mitchell", "7.5", 8, ["0.24", "0.17", "0.12", "0.08"]),
        # ... and 3 E-W pairs.
        ("mitchell", "7.5", 7, ["0.24", "0.17", "0.12"]),
        # e.g. 5: 6 table Howell, Table 2B to 6th: 0.36 0.25 0.18 0.12 0.09 0.07.
        ("howell", 6, 12, ["0.36", "0.25", "0.18", "0.12", "0.09", "0.07"]),
        # e.g. 6: 6 1/2 table Howell, T=7, 13 pairs, to 6th. The guide reads 0.11 for 5th
        # from Table 2B; the exact award is 0.42 / 4 = 0.105, to even 0.10 (4.4.2, 2025).
        ("howell", "6.5", 13, ["0.42", "0.29", "0.21", "0.14", "0.10", "0.08"]),
    ],
)
def test_c2_1_grade_e_session_awards(movement, tables, contestants, expected):
    assert _session_awards("E", movement, tables, contestants) == expected


def test_c2_1_e_g_6_matches_the_guide_under_the_older_rounding():
    event = Event(
        grade="E",
        kind="pairs",
        rules="ABF-legacy",
        sessions=[Session(fields=[Field("howell", "6.5", _pairs("P", 13))])],
    )
    assert compute_awards(event)["P5"].total == Decimal("0.11")


def test_c2_2_grade_e_outright_awards_three_sessions_eleven_tables():
    # Table 3B, S=3, T=11: 1.22, down to 11th place (half of 22 pairs). The guide works from
    # the rounded 1.22 (2nd = 1.22 x 0.7 = 0.85); the engine from the exact 1.2233, so
    # 2nd is 0.8563 -> 0.86.
    ranking = _pairs("P", 22)
    event = Event(
        grade="E",
        kind="pairs",
        sessions=[Session(fields=[Field("howell", 11, ranking)])] * 3,
        outright=Outright(ranking=ranking, sessions=3),
    )
    awards = compute_awards(event)
    outright = [str(awards[f"P{n}"].outright) for n in range(1, 13)]
    assert outright == [
        "1.22", "0.86", "0.61", "0.41", "0.31", "0.24", "0.20", "0.17", "0.15", "0.14", "0.12",
        "0.00",
    ]  # fmt: skip


def _teams_match(grade: str, boards: int, margin: int, kind: str = "teams") -> tuple[str, str]:
    event = Event(
        grade=grade,
        kind=kind,
        sessions=[Session(matches=[Match(boards, "A", "B", home_imps=margin, away_imps=0)])],
    )
    awards = compute_awards(event)
    return str(awards["A"].matches), str(awards["B"].matches)


def test_d1_e_g_1_grade_e_nine_board_match_needs_two_imps():
    # 0.008 x 9 = 0.072 to the winner; a win needs 2 IMPs (more than 1.8).
    assert _teams_match("E", 9, 2) == ("0.07", "0.00")
    assert _teams_match("E", 9, 1) == ("0.04", "0.04")  # 0.036 each


def test_d1_e_g_2_three_drawn_matches_are_rounded_once():
    # Grade D, 16 boards: 0.192 a win, a win needs 4 IMPs (more than 3.2); three draws
    # give 3 x 0.096 = 0.288 -> 0.29 (not 3 x 0.10).
    assert _teams_match("D", 16, 4) == ("0.19", "0.00")
    assert _teams_match("D", 16, 3) == ("0.10", "0.10")
    draws = [Match(16, "A", f"X{n}", home_imps=10, away_imps=7) for n in range(3)]
    event = Event(grade="D", kind="teams", sessions=[Session(matches=draws)])
    assert compute_awards(event)["A"].matches == Decimal("0.29")


def test_d1_e_g_3_b4c_round_robin_of_28_board_matches():
    # 0.020 x 28 = 0.56 a win; a win needs 6 IMPs (more than 5.6). Outright to 2 teams
    # (4/3 rounded up): Table 3C T=4 S=3: 0.82, runners-up 0.57.
    assert _teams_match("B4c", 28, 6) == ("0.56", "0.00")
    assert _teams_match("B4c", 28, 5) == ("0.28", "0.28")
    teams = ["A", "B", "C", "D"]
    matches = [
        Match(28, home, away, home_imps=20, away_imps=0)
        for i, home in enumerate(teams)
        for away in teams[i + 1 :]
    ]
    event = Event(
        grade="B4c",
        kind="teams",
        sessions=[Session(matches=matches)],
        outright=Outright(ranking=[[t] for t in teams], sessions=3),
    )
    awards = compute_awards(event)
    assert [str(awards[t].outright) for t in teams] == ["0.82", "0.57", "0.00", "0.00"]


def test_d4_gnot_club_qualifying_nine_board_matches_grade_a2():
    # 0.040 x 9 = 0.36 gold to the winner, 0.18 each for a margin of 0 or 1 IMP; no outright
    # awards (7.5.7).
    assert _teams_match("A2", 9, 2) == ("0.36", "0.00")
    assert _teams_match("A2", 9, 1) == ("0.18", "0.18")
    assert _teams_match("A2", 9, 0) == ("0.18", "0.18")


def test_e2_e_g_1_matchpoint_swiss_pairs_grade_d():
    # 7-board matches: 0.012 x 7 = 0.084 for over 52.5%, shared at 52.5% or less.
    def match(percent: str) -> tuple[Decimal, Decimal]:
        event = Event(
            grade="D",
            kind="pairs",
            sessions=[Session(matches=[Match(7, "A", "B", home_percent=Decimal(percent))])],
        )
        awards = compute_awards(event)
        return awards["A"].matches, awards["B"].matches

    assert match("52.51") == (Decimal("0.08"), Decimal("0"))
    assert match("52.50") == (Decimal("0.04"), Decimal("0.04"))  # 0.042 each
    assert match("40") == (Decimal("0"), Decimal("0.08"))

    # Outright: Table 3B (the teams weight 1.5, T = 22 pairs / 2 = 11, S = 56 boards / 24
    # = 2): 0.75, to 8 pairs (22/3 rounded up). The guide leaves the placings unrounded
    # (0.525, 0.375, 0.25 ... 0.107), from the rounded 0.75; the engine rounds each final
    # placing award once, from the exact 0.7476.
    ranking = _pairs("P", 22)
    event = Event(
        grade="D",
        kind="pairs",
        sessions=[Session(matches=[Match(7, "P1", "P2", home_percent=Decimal(60))])],
        outright=Outright(ranking=ranking, boards=56),
    )
    awards = compute_awards(event)
    assert [str(awards[f"P{n}"].outright) for n in range(1, 10)] == [
        "0.75", "0.52", "0.37", "0.25", "0.19", "0.15", "0.12", "0.11", "0.00",
    ]  # fmt: skip
    # The guide rounds "after summing the awards for match wins & draws and outright
    # placing"; 4.4.2 rounds the match awards and the placing award separately.
    assert awards["P1"].total == awards["P1"].matches + awards["P1"].outright


def test_e2_e_g_2_gnot_butler_swiss_pairs_fourteen_board_matches():
    # 0.04 x 14 = 0.56 gold; shared (0.28 each) for a margin of 2 IMPs or less.
    assert _teams_match("A2", 14, 3, kind="pairs") == ("0.56", "0.00")
    assert _teams_match("A2", 14, 2, kind="pairs") == ("0.28", "0.28")


def test_e2_e_g_3_butler_swiss_pairs_grade_d_outright():
    # 0.012 x 9 = 0.108 a win, 0.054 each when shared (margin 0 or 1).
    assert _teams_match("D", 9, 2, kind="pairs") == ("0.11", "0.00")
    assert _teams_match("D", 9, 1, kind="pairs") == ("0.05", "0.05")
    # Table 3B T=10 S=3 (81 boards): 1.13, down to 7th (20/3 rounded up): 2nd 0.79, 4th 0.38,
    # 7th 0.19 as in the guide. The guide's 3rd is 1.13 / 2 = 0.565 -> 0.57, halving the
    # rounded winner's award; the exact 1.1273 / 2 = 0.5636 gives 0.56.
    ranking = _pairs("P", 20)
    event = Event(
        grade="D",
        kind="pairs",
        sessions=[Session(matches=[Match(9, "P1", "P2", home_imps=5, away_imps=0)])],
        outright=Outright(ranking=ranking, boards=81),
    )
    awards = compute_awards(event)
    assert [str(awards[f"P{n}"].outright) for n in range(1, 9)] == [
        "1.13", "0.79", "0.56", "0.38", "0.28", "0.23", "0.19", "0.00",
    ]  # fmt: skip
