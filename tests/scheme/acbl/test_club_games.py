"""Regular club games: the plan's worked examples and each rule of "Masterpoints for Regular
Club Games", through the awards a player would check."""

import pytest

from scheme.acbl import (
    ClubGame,
    ClubGameType,
    EventType,
    Group,
    MatchResult,
    Result,
    Strat,
    Venue,
    compute_awards,
)
from scheme.core.errors import RulesError


def ranked(n: int, prefix: str = "") -> list[list[str]]:
    return [[f"{prefix}{i}"] for i in range(1, n + 1)]


def black(awards, label: str) -> int:
    return awards[label].points.get("black", 0)


def test_open_game_first_is_ten_hundredths_a_pair_and_places_follow_the_scale():
    awards = compute_awards(ClubGame(groups=[Group(ranked(4), size=10)]))
    # 1st 0.10 x 10; 2nd 70%, 3rd 50%, 4th 35%; depth 40% of 10 = 4.
    assert [black(awards, str(i)) for i in range(1, 5)] == [100, 70, 50, 35]


def test_fifth_place_and_below_are_first_divided_by_the_place():
    awards = compute_awards(ClubGame(groups=[Group(ranked(6), size=15)]))
    assert black(awards, "5") == 30  # 1.50 / 5
    assert black(awards, "6") == 25  # 1.50 / 6


def test_depth_is_40_percent_rounded_half_up():
    awards = compute_awards(ClubGame(groups=[Group(ranked(6), size=11)]))
    # 40% of 11 = 4.4: four places; 40% of 5 pairs = 2 places.
    assert [black(awards, str(i)) for i in range(1, 7)] == [110, 77, 55, 39, 0, 0]
    small = compute_awards(ClubGame(groups=[Group(ranked(3), size=5)]))
    assert black(small, "3") == 0
    assert black(compute_awards(ClubGame(groups=[Group(ranked(3), size=8)])), "3") == 40


def test_a_half_table_counts_as_a_full_one():
    # "seven and a half tables would be eight pairs in each group": give size 8.
    awards = compute_awards(ClubGame(groups=[Group(ranked(1), size=8)]))
    assert black(awards, "1") == 80


def test_section_award_is_capped_at_1_50():
    awards = compute_awards(ClubGame(groups=[Group(ranked(2), size=15)]))
    assert black(awards, "1") == 150


def test_worked_example_twenty_table_game_fourth_and_fifth_places():
    # "the fourth place award in a twenty table game would be the lower of ... 0.67 ...
    # and 0.70. Accordingly, 0.67 would be the award given. ... the fifth place award
    # would use #2, where the value would be 0.40, in comparison to the 0.60 from #1."
    awards = compute_awards(ClubGame(groups=[Group(ranked(8), size=20)]))
    assert black(awards, "4") == 67
    assert black(awards, "5") == 40
    assert black(awards, "1") == 150
    # 2nd and 3rd: 75% and 75% of 75% of 1.50 (1.13, 0.84), below 1.40 and 1.00.
    assert black(awards, "2") == 113
    assert black(awards, "3") == 84


def test_tied_pairs_share_the_summed_awards():
    awards = compute_awards(ClubGame(groups=[Group([["1"], ["2", "3"], ["4"]], size=10)]))
    # (0.70 + 0.50) / 2 = 0.60 each; the next pair is 4th.
    assert black(awards, "2") == black(awards, "3") == 60
    assert black(awards, "4") == 35


def test_a_tie_for_the_last_paid_place_adds_the_next_lower_award():
    # 10 pairs pay 4 places; a tie for 4th adds the 5th place award: (0.35 + 0.20) / 2.
    awards = compute_awards(ClubGame(groups=[Group([["1"], ["2"], ["3"], ["4", "5"]], size=10)]))
    assert black(awards, "4") == black(awards, "5") == 28  # 0.275 rounded up


def test_three_way_tie_shares_three_places():
    awards = compute_awards(ClubGame(groups=[Group([["1", "2", "3"]], size=10)]))
    # (1.00 + 0.70 + 0.50) / 3 = 0.7333...
    assert {black(awards, x) for x in "123"} == {73}


def test_invitational_game_pays_eight_hundredths_a_pair_up_to_1_20():
    awards = compute_awards(
        ClubGame(game=ClubGameType.INVITATIONAL, groups=[Group(ranked(2), size=10)])
    )
    assert black(awards, "1") == 80
    assert black(awards, "2") == 56
    big = compute_awards(
        ClubGame(game=ClubGameType.INVITATIONAL, groups=[Group(ranked(1), size=15)])
    )
    assert black(big, "1") == 120


@pytest.mark.parametrize(
    ("limit", "first"),
    [
        (750, 80),
        (299, 70),
        (199, 60),
        (100, 60),
        (49, 50),
        (20, 50),
        (10, 40),
        (5, 30),
    ],
)
def test_restricted_game_scale_by_upper_limit(limit, first):
    awards = compute_awards(
        ClubGame(
            game=ClubGameType.RESTRICTED, upper_limit=limit, groups=[Group(ranked(1), size=10)]
        )
    )
    assert black(awards, "1") == first


def test_newcomer_game_uses_its_limit_and_under_twelve_boards_the_five_point_value():
    full = ClubGame(
        game=ClubGameType.NEWCOMER, upper_limit=10, boards=18, groups=[Group(ranked(1), size=10)]
    )
    assert black(compute_awards(full), "1") == 40
    short = ClubGame(
        game=ClubGameType.NEWCOMER, upper_limit=10, boards=8, groups=[Group(ranked(1), size=10)]
    )
    assert black(compute_awards(short), "1") == 30
    with pytest.raises(RulesError) as refused:
        compute_awards(ClubGame(game=ClubGameType.NEWCOMER, boards=5, groups=[Group(ranked(1))]))
    assert refused.value.field == "boards"
    with pytest.raises(RulesError) as refused:
        compute_awards(
            ClubGame(game=ClubGameType.NEWCOMER, upper_limit=20, groups=[Group(ranked(1))])
        )
    assert refused.value.field == "upper_limit"


def test_shortened_open_game_pays_60_percent():
    awards = compute_awards(ClubGame(boards=15, groups=[Group(ranked(2), size=10)]))
    assert black(awards, "1") == 60
    assert black(awards, "2") == 42
    with pytest.raises(RulesError) as refused:
        compute_awards(ClubGame(boards=11, groups=[Group(ranked(1), size=10)]))
    assert refused.value.field == "boards"


def test_cruise_clubs_pay_50_or_80_percent_by_boards():
    short = ClubGame(venue=Venue.CRUISE, boards=14, groups=[Group(ranked(1), size=10)])
    full = ClubGame(venue=Venue.CRUISE, boards=24, groups=[Group(ranked(1), size=10)])
    assert black(compute_awards(short), "1") == 50
    assert black(compute_awards(full), "1") == 80
    assert compute_awards(full).grade == "CZ"


def test_online_clubs_award_the_same_points_unpigmented():
    awards = compute_awards(ClubGame(venue=Venue.ONLINE, groups=[Group(ranked(2), size=10)]))
    assert awards["1"].points == {"unpigmented": 100}
    assert awards.grade == "OL"
    assert awards.colour == "unpigmented"


def test_pairs_receive_section_or_overall_whichever_is_greater():
    # Two sections of 9 N-S pairs: overall N-S over 18 pairs, 0.10 x 18 = 1.80.
    game = ClubGame(
        groups=[Group([["A1"], ["A2"]], size=9, name="A N-S"), Group([["B1"]], size=9)],
        overall=[Group([["B1"], ["A2"], ["A1"]], size=18, name="N-S overall")],
    )
    awards = compute_awards(game)
    assert black(awards, "B1") == 180  # overall 1.80 beats section 0.90
    assert black(awards, "A2") == 135  # overall 75% of 1.80 beats section 0.63
    assert black(awards, "A1") == 101  # overall 1.0125 beats section 0.90
    assert awards["B1"].sessions == (90,) and awards["B1"].overall == 180
    assert awards["B1"].total == 180  # not both


def test_overall_awards_are_capped_by_club_and_stop_at_six_places():
    game = ClubGame(
        groups=[Group(ranked(1), size=30)],
        overall=[Group(ranked(8, "o"), size=60)],
    )
    awards = compute_awards(game)
    assert black(awards, "o1") == 400  # 0.10 x 60 = 6.00, at most 4.00
    assert black(awards, "o6") == 95  # 4.00 x 0.75^5 = 0.949
    assert black(awards, "o7") == 0
    invitational = ClubGame(
        game=ClubGameType.INVITATIONAL,
        groups=[Group(ranked(1), size=30)],
        overall=[Group([["o1"]], size=60)],
    )
    assert black(compute_awards(invitational), "o1") == 320


def test_a_restricted_game_s_overall_cap_is_its_club_s():
    # "Awards may not exceed 4.00 for Open clubs, 3.20 for Invitational clubs and 3.00 for
    # Newcomer clubs": the club's cap, not 4.00 at the game's scale.
    def first(**given) -> int:
        game = ClubGame(
            game=ClubGameType.RESTRICTED,
            upper_limit=299,
            groups=[Group(ranked(1), size=30)],
            overall=[Group([["o1"], ["o2"]], size=80)],
            **given,
        )
        return black(compute_awards(game), "o1")

    # 0-299 (scale 0.7): 0.07 x 80 = 5.60, at most the Open club's 4.00 (not 0.7 x 4.00).
    assert first() == 400
    assert first(invitational_club=True) == 320
    with pytest.raises(RulesError) as refused:
        compute_awards(
            ClubGame(groups=[Group(ranked(1), size=10)], invitational_club=True),
        )
    assert refused.value.field == "invitational_club"


def test_stratified_game_lower_strats_are_awarded_as_restricted_games():
    # 10 pairs: A (open), B (0-300): pairs 3, 6, 8 and 9 are B.
    ranking = ranked(10)
    strats = (Strat("A"), Strat("B", 299))
    of = {"3": "B", "6": "B", "8": "B", "9": "B"}
    awards = compute_awards(ClubGame(groups=[Group(ranking, size=10)], strats=strats, strat_of=of))
    assert black(awards, "1") == 100
    # In B, pair 3 is first of 4 B pairs: 0.07 x 4 = 0.28 < its A award of 0.50 (3rd).
    assert black(awards, "3") == 50
    # Pair 6 is B's second: 70% of 0.28 = 0.20 (no A award: A pays 4 places).
    assert black(awards, "6") == 20
    assert black(awards, "8") == 0  # B pays 40% of 4 = 2 places


def test_lowest_strat_needs_three_pairs_for_section_awards():
    awards = compute_awards(
        ClubGame(
            groups=[Group(ranked(10), size=10)],
            strats=(Strat("A"), Strat("B", 299)),
            strat_of={"9": "B", "10": "B"},
        )
    )
    assert black(awards, "9") == 0


def test_flighted_open_game_adds_the_tables_of_a_concurrent_restricted_game():
    awards = compute_awards(ClubGame(groups=[Group(ranked(1), size=8)], restricted_tables=4))
    assert black(awards, "1") == 120
    with pytest.raises(RulesError) as refused:
        compute_awards(
            ClubGame(game=ClubGameType.INVITATIONAL, groups=[Group(ranked(1))], restricted_tables=4)
        )
    assert refused.value.field == "restricted_tables"


def test_newcomer_tables_count_for_every_strat_of_the_game():
    game = ClubGame(
        groups=[Group(ranked(6), size=6)],
        strats=(Strat("A"), Strat("B", 499)),
        strat_of={"4": "B", "5": "B", "6": "B"},
        newcomer_tables=3,
    )
    awards = compute_awards(game)
    assert black(awards, "1") == 90  # 0.10 x (6 + 3)
    assert black(awards, "4") == 48  # B (0-499, scale 0.8): 0.08 x (3 + 3)


def test_club_team_game_match_awards():
    game = ClubGame(
        event_type=EventType.SWISS,
        groups=[Group([["T1"], ["T2"], ["T3"]], size=4)],
        matches=[
            MatchResult("T1", "T2", 8, Result.HOME),
            MatchResult("T3", "T4", 8, Result.TIE),
        ],
    )
    awards = compute_awards(game)
    # D 0.360 x L (8/24) = 0.12 a win; half for a tie.
    assert awards["T1"].matches == 12
    assert awards["T3"].matches == 6
    assert awards["T4"].matches == 6
    assert awards["T2"].matches == 0


def test_open_and_newcomer_pair_games_need_two_and_a_half_tables():
    # "An open pair game must have a minimum of two and a half tables." "A newcomer pair game
    # must consist of at least two and a half tables."
    two_tables = [Group(ranked(2, "N"), size=2), Group(ranked(2, "E"), size=2)]
    for kind in (ClubGameType.OPEN, ClubGameType.NEWCOMER):
        with pytest.raises(RulesError) as refused:
            compute_awards(ClubGame(game=kind, groups=two_tables))
        assert refused.value.field == "groups"
        assert "two and a half tables" in refused.value.message
    # A two and a half table Howell is five pairs; a Mitchell's half table counts in both
    # directions ("seven and a half tables would be eight pairs in each group").
    howell = compute_awards(ClubGame(groups=[Group(ranked(2), size=5)]))
    assert black(howell, "1") == 50
    mitchell = [Group(ranked(1, "N"), size=3), Group(ranked(1, "E"), size=3)]
    assert black(compute_awards(ClubGame(game=ClubGameType.NEWCOMER, groups=mitchell)), "N1") == 12


def test_two_table_individuals_and_team_games_are_allowed():
    # "A two table individual with a one winner movement or a two table team game (match
    # awards only) is allowed." "However, there are masterpoint awards for two table newcomer
    # games conducted as individuals or team games."
    individual = ClubGame(event_type=EventType.INDIVIDUAL, groups=[Group(ranked(2), size=8)])
    assert black(compute_awards(individual), "1") == 80
    teams = ClubGame(
        game=ClubGameType.NEWCOMER,
        event_type=EventType.SWISS,
        groups=[Group([["T1"], ["T2"]], size=2)],
        matches=[MatchResult("T1", "T2", 12, Result.HOME)],
    )
    assert compute_awards(teams)["T1"].matches == 18  # D 0.360 x L 12/24 x M 1


def test_working_explains_each_award():
    awards = compute_awards(ClubGame(groups=[Group(ranked(2), size=20, name="N-S")]))
    text = "\n".join(awards.working)
    assert "N-S: 20 contestants" in text
    assert "capped at 1.50" in text
    assert "A1 x 4 / (p + 5)" in text


def test_a_contestant_ranked_twice_is_refused_naming_the_place():
    with pytest.raises(RulesError) as refused:
        compute_awards(ClubGame(groups=[Group([["1"], ["1"]], size=8)]))
    assert refused.value.field == "groups[0].ranking[1]"


def test_worked_example_groups_of_a_mitchell_and_a_howell():
    # "an eight-table Mitchell movement is two groups of eight pairs. A five-table Howell
    # movement is one group of ten pairs."
    mitchell = compute_awards(ClubGame(groups=[Group([["N1"]], size=8), Group([["E1"]], size=8)]))
    assert black(mitchell, "N1") == black(mitchell, "E1") == 80
    howell = compute_awards(ClubGame(groups=[Group([["1"]], size=10)]))
    assert black(howell, "1") == 100


def test_worked_example_loss_of_ranking_moves_the_pairs_below_up():
    # "if an ineligible pair earns sufficient matchpoints to have finished second, that pair
    # is not ranked. Instead, the third place pair is ranked second and receives the second
    # place masterpoint awards." The ineligible pair is left out of the ranking.
    awards = compute_awards(
        ClubGame(game=ClubGameType.NEWCOMER, upper_limit=5, groups=[Group([["1"], ["3"]], size=10)])
    )
    assert black(awards, "3") == 21  # second place: 70% of 0.03 x 10
    assert "2" not in awards.labels
