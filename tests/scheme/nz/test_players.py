"""A/B Point Tournaments rule 2: substitutes in a Pairs event share by deals played, team
members need a quarter of the team's deals, and teams of five or six without line-ups get
four-fifths or four-sixths of their match points."""

from decimal import Decimal

import pytest

from scheme.core.errors import RulesError
from scheme.nz.editions import compute_awards
from scheme.nz.events import Event, Field, Match, Overall, Session
from scheme.nz.players import Player


def _pairs_event(players):
    # 5A pairs, 24 pairs, two sessions of 30 deals: P1 wins both and the event.
    field = Field("howell", 12, [["P1"], ["P2"]], size=24)
    return Event("5A", "pairs", [Session([field], deals=30), Session([field], deals=30)],
                 overall=Overall([["P1"], ["P2"]], size=24), players=players)  # fmt: skip


def test_a_pair_without_substitutes_each_receive_the_pairs_points():
    awards = compute_awards(_pairs_event({"P1": [Player("Ann"), Player("Bob")]}))
    assert [p.total for p in awards.players] == [{"A": 700, "B": 0, "C": 16000}] * 2
    assert all(not p.reasons for p in awards.players)


def test_a_substitute_shares_by_deals_played_rounded_to_the_whole_point():
    # Rule 2, Substitutes: "apportioned to the players according to the number of deals
    # each has played, with fractions being rounded to the nearest whole number".
    # Bob played 30 + 10 of 60 deals, the substitute 20 (in session 2).
    players = {"P1": [Player("Ann"), Player("Bob", (30, 10)), Player("Sub", (0, 20))]}
    awards = {p.label: p for p in compute_awards(_pairs_event(players)).players}
    assert awards["Ann"].overall == {"A": 500}
    assert awards["Bob"].overall == {"A": 300}  # 5 x 40/60 = 3.33 -> 3
    assert awards["Sub"].overall == {"A": 200}  # 5 x 20/60 = 1.67 -> 2
    # Session 2's 80 C Points and one A Point: 10/30 and 20/30 of them.
    assert awards["Bob"].sessions[1] == {"C": 2700, "A": 0}
    assert awards["Sub"].sessions[1] == {"C": 5300, "A": 100}
    assert awards["Sub"].sessions[0] == {"C": 0, "A": 0}
    assert any("20 of 60 deals" in reason for reason in awards["Sub"].reasons)


def _teams_event(players):
    sessions = [
        Session([], [Match(20, "T1", "T2", home_imps=Decimal(30), away_imps=Decimal(10))],
                deals=20)
        for _ in range(3)
    ]  # fmt: skip
    return Event("5A", "teams", sessions, overall=Overall([["T1"], ["T2"]], size=4),
                 players=players)  # fmt: skip


def test_a_team_member_under_a_quarter_of_the_deals_gets_no_overall_award():
    # Rule 2, Team Awards: "at least one-quarter of the deals played by his/her Team".
    players = {
        "T1": [Player("A"), Player("B"), Player("C", (20, 20, 20)), Player("D", (0, 15, 0)),
               Player("E", (0, 14, 0)), Player("F", (20, 11, 20))]
    }  # fmt: skip
    awards = {p.label: p for p in compute_awards(_teams_event(players)).players}
    assert awards["D"].overall == {"A": 500}  # 15 of 60: a quarter
    assert awards["E"].overall == {}  # 14 of 60
    # Match A Points by deals played: 0.02 a deal won (5A); E played 14 of 20.
    assert awards["A"].matches == {"A": 3 * 40}
    assert awards["E"].matches == {"A": 28}


@pytest.mark.parametrize(("members", "share"), [(4, 1), (5, "0.8"), (6, "0.6667")])
def test_a_team_of_five_or_six_without_line_ups_gets_four_fifths_or_four_sixths(members, share):
    # Rule 2(b)(ii): "all Players of a five-member Team shall receive four-fifths of the
    # full award ... for each match won or tied; ... six-member Team four-sixths".
    players = {"T1": [Player(f"M{i}") for i in range(members)]}
    awards = compute_awards(_teams_event(players))
    team = awards["T1"].matches["A"]  # 3 x 0.40
    assert team == 120
    for player in awards.players:
        assert player.matches == {"A": round(team * Decimal(share))}
        assert player.overall == {"A": 500}


@pytest.mark.parametrize(
    ("players", "field"),
    [
        ({"T9": [Player("A")]}, "players.T9"),
        ({"T1": []}, "players.T1"),
        ({"T1": [Player("A"), Player("A")]}, "players.T1[1].label"),
        ({"T1": [Player("A", (20, 20))]}, "players.T1[0].deals"),
        ({"T1": [Player("A", (20, 21, 20))]}, "players.T1[0].deals[1]"),
        ({"T1": [Player("A", (20, -1, 20))]}, "players.T1[0].deals[1]"),
        ({"T1": [Player(f"M{i}") for i in range(13)]}, "players.T1"),
    ],
)
def test_bad_players_are_refused_naming_the_field(players, field):
    with pytest.raises(RulesError) as refused:
        compute_awards(_teams_event(players))
    assert refused.value.field == field


def test_sharing_by_deals_needs_the_sessions_deals():
    field = Field("howell", 12, [["P1"]], size=24)
    event = Event("club", "pairs", [Session([field])], players={"P1": [Player("A", (10,))]})
    with pytest.raises(RulesError) as refused:
        compute_awards(event)
    assert refused.value.field == "sessions[0].deals"
