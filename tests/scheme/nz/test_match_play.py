"""Match play: the Basic Match Play Table of C Point Awards (pages E13, E40), the Basic
Match Play Table of Session A Point Awards and its factoring (A Point Tournaments rule 4),
B Point Tournaments rule 4."""

from decimal import Decimal

import pytest

from scheme.nz import matchplay
from scheme.nz.editions import compute_awards
from scheme.nz.events import Event, Match, Session

# Page E40: deals per match 1-60 and C Points, printed in four columns (E13 prints 1-10).
PAGE_E40_C = {deals: 2 * deals for deals in range(1, 61)}
# The printed pairs as the scan shows them, column by column, so that the sequence above
# is checked against the page rather than assumed.
PAGE_E40_PRINTED = """1 2 16 32 31 62 46 92
2 4 17 34 32 64 47 94
3 6 18 36 33 66 48 96
4 8 19 38 34 68 49 98
5 10 20 40 35 70 50 100
6 12 21 42 36 72 51 102
7 14 22 44 37 74 52 104
8 16 23 46 38 76 53 106
9 18 24 48 39 78 54 108
10 20 25 50 40 80 55 110
11 22 26 52 41 82 56 112
12 24 27 54 42 84 57 114
13 26 28 56 43 86 58 116
14 28 29 58 44 88 59 118
15 30 30 60 45 90 60 120"""
# Page E13: "1 2 6 12 / 2 4 7 14 / 3 6 8 16 / 4 8 9 18 / 5 10 10 20".
PAGE_E13_PRINTED = "1 2 6 12\n2 4 7 14\n3 6 8 16\n4 8 9 18\n5 10 10 20"
# A Point Tournaments rule 4: "No of Deals / A Points"; the first row's deal count is
# lost in the scan ("0.02 7 0.14").
PAGE_E20_A = {1: "0.02", 2: "0.04", 3: "0.06", 4: "0.08", 5: "0.10", 6: "0.12",
              7: "0.14", 8: "0.16", 9: "0.18", 10: "0.20", 11: "0.22", 12: "0.24"}  # fmt: skip


def _printed_pairs(text):
    for line in text.splitlines():
        cells = [int(cell) for cell in line.split()]
        yield from zip(cells[0::2], cells[1::2], strict=True)


@pytest.mark.parametrize(
    ("deals", "c_points"), [*_printed_pairs(PAGE_E40_PRINTED), *_printed_pairs(PAGE_E13_PRINTED)]
)
def test_basic_match_play_table_of_c_points(deals, c_points):
    assert matchplay.c_points(deals, matchplay.Outcome.WON) == c_points * 100
    assert matchplay.c_points(deals, matchplay.Outcome.TIED) == deals * 100  # one a deal
    assert matchplay.c_points(deals, matchplay.Outcome.LOST) == 0


@pytest.mark.parametrize(("deals", "a_points"), list(PAGE_E20_A.items()))
@pytest.mark.parametrize(
    ("status", "factor"), [("3A", 1), ("5A", 1), ("10A", 2), ("15A", 3), ("20A", 4), ("25A", 5)]
)
def test_basic_a_point_match_table_times_the_status_factor(deals, a_points, status, factor):
    event = Event(status, "teams", [Session(matches=[
        Match(deals, "W", "L", home_imps=Decimal(20), away_imps=Decimal(3)),
        Match(deals, "T1", "T2", home_vps=Decimal(10), away_vps=Decimal(10)),
    ])])  # fmt: skip
    awards = compute_awards(event)
    won = int(Decimal(a_points) * 100) * factor
    assert awards["W"].matches == {"A": won}
    assert awards["L"].matches == {"A": 0}
    # Ties: 0.01 A Points a deal, factored likewise.
    assert awards["T1"].matches == awards["T2"].matches == {"A": deals * factor}
    # "If A Points are awarded for a match win, no C Points are awarded."
    assert awards["W"].total["C"] == 0


@pytest.mark.parametrize("status", ["club", "3B", "5B", "8B"])
def test_club_and_b_tournament_matches_earn_two_c_points_a_deal(status):
    event = Event(status, "teams", [Session(matches=[
        Match(12, "W", "L", home_points=Decimal(1450), away_points=Decimal(990)),
        Match(12, "T1", "T2", home_imps=Decimal(7), away_imps=Decimal(7)),
    ])])  # fmt: skip
    awards = compute_awards(event)
    assert awards["W"].total == {"A": 0, "B": 0, "C": 2400}
    assert awards["L"].total["C"] == 0
    assert awards["T1"].total["C"] == awards["T2"].total["C"] == 1200


def test_a_match_is_won_on_victory_points_before_imps():
    event = Event("club", "teams", [Session(matches=[Match(
        10, "H", "A", home_vps=Decimal("9.5"), away_vps=Decimal("10.5"),
        home_imps=Decimal(30), away_imps=Decimal(1),
    )])])  # fmt: skip
    awards = compute_awards(event)
    assert awards["A"].total["C"] == 2000
    assert awards["H"].total["C"] == 0


def test_match_points_are_summed_over_the_event():
    sessions = [
        Session(matches=[Match(8, "T1", "T2", home_imps=Decimal(9), away_imps=Decimal(2))]),
        Session(matches=[Match(8, "T1", "T3", home_imps=Decimal(9), away_imps=Decimal(2))]),
    ]
    awards = compute_awards(Event("10A", "teams", sessions))
    assert awards["T1"].matches == {"A": 2 * 8 * 2 * 2}  # 0.02 x 8 deals x 2, twice: 0.64
