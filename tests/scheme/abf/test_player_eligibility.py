"""4.4.4 and 4.4.5: who of a contestant's players receives its awards, from the boards each
played: 75% of the boards in play for a session award (pairs), 40% of the team's boards (in
each stage) for the outright award, substitutes with session awards only, and the share of
the final's masterpoints by the Playoff Qualifying Points."""

from decimal import Decimal

import pytest

from scheme.abf import Event, Field, Match, Outright, Player, Session, Stage, compute_awards
from scheme.core.errors import RulesError


def howell_pairs(*players: Player, boards: int = 24) -> Event:
    """Two 24-board sessions of an 8 table grade E Howell; pair P1 wins the first."""
    first = Session(boards=boards, fields=[Field("howell", 8, [["P1"], ["P2"], ["P3"]])])
    second = Session(boards=boards, fields=[Field("howell", 8, [["P2"], ["P1"], ["P3"]])])
    return Event(
        grade="E",
        kind="pairs",
        sessions=[first, second],
        outright=Outright(ranking=[["P1"], ["P2"], ["P3"]], sessions=2, tables=8),
        players={"P1": players},
    )


def by_label(event: Event):
    awards = compute_awards(event)
    return awards, {p.label: p for p in awards.players}


def test_a_player_of_75_percent_of_the_boards_has_the_session_award():
    # 4.4.4: "must not be less than 75%": 18 of 24 boards is 75%, 17 is under.
    awards, players = by_label(
        howell_pairs(Player("A", (24, 24)), Player("B", (18, 17)), Player("C", (6, 7)))
    )
    pair = awards["P1"]

    assert players["A"].sessions == pair.sessions
    assert players["B"].sessions == (pair.sessions[0], Decimal("0.00"))
    assert "session 2: 17 of 24 boards, under 75% (4.4.4)" in players["B"].reasons[0]
    assert players["A"].total == pair.total


def test_a_player_under_40_percent_of_the_pairs_boards_has_no_outright_award():
    # 4.4.5: 40% of the 48 boards the pair played is 19.2: 20 boards qualify, 19 do not.
    awards, players = by_label(
        howell_pairs(Player("A", (24, 24)), Player("B", (20, 0)), Player("C", (19, 0)))
    )

    assert players["B"].outright == awards["P1"].outright > 0
    assert players["C"].outright == Decimal("0.00")
    assert (
        "under 40% of the team's boards (qualifying: 19 of 48 boards)" in players["C"].reasons[-1]
    )


def test_a_substitute_has_the_session_awards_of_the_session_played_and_no_outright():
    awards, players = by_label(
        howell_pairs(Player("A", (24, 24)), Player("B", (24, 0)), Player("S", (0, 24), True))
    )
    pair = awards["P1"]

    assert players["S"].sessions == (Decimal("0.00"), pair.sessions[1])
    assert players["S"].outright == Decimal("0.00")
    assert players["S"].total == pair.sessions[1]
    assert "substitute: no outright award (4.4.5)" in players["S"].reasons


def test_without_boards_every_player_has_the_contestants_award():
    awards, players = by_label(howell_pairs(Player("A"), Player("B")))

    assert players["A"].total == players["B"].total == awards["P1"].total


def teams_event(members: list[Player], grade: str = "A") -> Event:
    """Teams: a qualifying session of two 12-board matches, then a final of one 32-board
    match; T1 wins everything."""
    qualifying = Session(
        matches=[
            Match(12, "T1", "T2", home_imps=Decimal(30), away_imps=Decimal(2)),
            Match(12, "T1", "T3", home_imps=Decimal(30), away_imps=Decimal(2)),
        ]
    )
    final = Session(
        matches=[
            Match(32, "T1", "T2", home_imps=Decimal(60), away_imps=Decimal(10), stage=Stage.FINAL)
        ]
    )
    return Event(
        grade=grade,
        kind="teams",
        sessions=[qualifying, final],
        outright=Outright(ranking=[["T1"], ["T2"], ["T3"], ["T4"]], sessions=2, tables=4),
        players={"T1": members},
        team_sizes={"T1": len(members)},
    )


def test_in_an_event_with_finals_40_percent_is_needed_in_each_stage():
    # 4.4.5: B played 24 of 56 boards (43%) but 0 of the final's 32; C played 12 of the 24
    # qualifying boards and 12 of the final's 32 (37.5%).
    members = [
        Player("A", (24, 32)),
        Player("B", (24, 0)),
        Player("C", (12, 12)),
        Player("D", (24, 32)),
    ]
    awards, players = by_label(teams_event(members, grade="E"))

    assert players["A"].outright == awards["T1"].outright > 0
    assert players["B"].outright == players["C"].outright == Decimal("0.00")
    assert "final: 0 of 32 boards" in players["B"].reasons[-1]
    assert "final: 12 of 32 boards" in players["C"].reasons[-1]
    # B did not play the final: no match award of it; C played in both.
    assert players["B"].matches < players["A"].matches == players["C"].matches


def test_a_member_recognised_by_playoff_qualifying_points_has_that_share_of_the_final():
    # 4.4.5 NOTE, grade A teams: E played 8 of the final's 32 boards (under 40%) and is given
    # half the Playoff Qualifying Points. Qualifying: two 12-board wins at 0.08 a board, 1.92,
    # unaffected. Final: 32 boards x 0.08 x 1.5 (finals premium, 4.2.4) = 3.84, of which E
    # has half, 1.92, and the other 1.92 is shared by A, B and C (0.64 each). Outright: the
    # winner's 1.9958; E half of it, 0.9979 -> 1.00; each other 1.9958 + 0.9979/3 -> 2.33.
    members = [
        Player("A", (24, 32)),
        Player("B", (24, 32)),
        Player("C", (24, 32)),
        Player("E", (24, 8), playoff_share=Decimal("0.5")),
    ]
    awards, players = by_label(teams_event(members))

    assert awards["T1"].matches == Decimal("5.76")
    assert awards["T1"].outright == Decimal("2.00")
    assert (players["E"].matches, players["E"].outright) == (Decimal("3.84"), Decimal("1.00"))
    for name in "ABC":
        assert (players[name].matches, players[name].outright) == (
            Decimal("6.40"),
            Decimal("2.33"),
        )
    assert "50% of the final's session and placing masterpoints" in players["E"].reasons[-1]
    assert "shared by 3 team-mates (4.4.5 NOTE)" in players["E"].reasons[-1]


def test_without_the_share_a_member_under_40_percent_of_the_final_has_no_outright():
    # E played in the final, so has its match awards (4.4.5: session awards of the sessions
    # played), but not 40% of it, so no outright award; the team-mates gain nothing.
    members = [Player(name, (24, 32)) for name in "ABC"] + [Player("E", (24, 8))]
    _, players = by_label(teams_event(members))

    assert (players["E"].matches, players["E"].outright) == (Decimal("5.76"), Decimal("0.00"))
    assert (players["A"].matches, players["A"].outright) == (Decimal("5.76"), Decimal("2.00"))


def test_a_playoff_share_is_refused_outside_national_teams_finals():
    event = howell_pairs(Player("A", (24, 24), playoff_share=Decimal("0.5")), Player("B"))

    with pytest.raises(RulesError) as refused:
        compute_awards(event)

    assert refused.value.field == "players[P1][0].playoff_share"
    assert "4.4.5 NOTE" in refused.value.message


def test_boards_must_be_given_for_every_session():
    with pytest.raises(RulesError) as refused:
        compute_awards(howell_pairs(Player("A", (24,)), Player("B")))

    assert refused.value.field == "players[P1][0].boards"


def test_players_of_a_contestant_not_in_the_event_are_refused():
    event = howell_pairs(Player("A"))
    event = Event(
        grade=event.grade,
        kind=event.kind,
        sessions=event.sessions,
        outright=event.outright,
        players={"P9": [Player("A")]},
    )

    with pytest.raises(RulesError) as refused:
        compute_awards(event)

    assert refused.value.field == "players[P9]"
