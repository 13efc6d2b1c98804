"""What a scheme's next rank still needs (`Scheme.needs`), in the scheme's own terms: the
ABF's three minimums of 1.8, New Zealand's aggregate and A Points with the stars of rule 5,
the ACBL's total and colour groups; and the answer from `is_met` of a scheme that cannot say
by how much."""

from dataclasses import replace

from scheme import get_scheme
from scheme.base import NextStar, RankNeed

NZ = get_scheme("nz")
ACBL = get_scheme("acbl")
ABF = get_scheme("abf")


def rank(scheme, name):
    return next(rank for rank in scheme.ranks if rank.name == name)


def test_nz_provincial_master_needs_100_aggregate_with_50_a_points():
    # Rule 5: Provincial Master at 100 A and B Points, 50 of them A. 20 A and 40 B held.
    needs = NZ.needs(rank(NZ, "Provincial Master"), {"A": 20_00, "B": 40_00})

    assert NZ.needed(rank(NZ, "Provincial Master"), {"A": 20_00, "B": 40_00}) == {
        "aggregate": 40_00,
        "A": 30_00,
    }
    assert [need.text() for need in needs] == [
        "40.00 more A and B Points (the aggregate)",
        "30.00 more A Points",
    ]


def test_nz_c_points_count_in_the_aggregate_by_whole_hundreds():
    # Rule 3: each whole 100 C Points are one B Point. Club Master needs an aggregate of 20.
    needed = NZ.needed(rank(NZ, "Club Master"), {"B": 15_23, "C": 199_00})

    assert needed == {"aggregate": 3_77, "A": 0}


def test_nz_a_rank_met_needs_nothing():
    needs = NZ.needs(rank(NZ, "Junior Master"), {"B": 5_00})
    assert all(need.met for need in needs)


def test_nz_the_next_star_of_a_national_master_without_the_life_master_a_points():
    # "A 1-star National Master will have acquired 700 plus total Points but not yet
    # attained 250 A Points": the second star at three times 350.
    totals = {"A": 200_00, "B": 520_00}

    assert NZ.stars_for(totals) == 1
    assert NZ.next_star_for(rank(NZ, "National Master"), totals) == NextStar(2, 330_00)
    assert NZ.needed(rank(NZ, "Life Master"), totals) == {"aggregate": 0, "A": 50_00}


def test_nz_the_first_star_of_a_local_master_at_100():
    # "On reaching an aggregate of 100 Master Points, a Local Master who has not earned 50
    # A Points is accorded the status of Local Master - 1 Star."
    totals = {"A": 10_00, "B": 100_00}

    assert NZ.next_star_for(rank(NZ, "Local Master"), totals) == NextStar(2, 40_00)


def test_nz_no_star_is_pointed_to_while_the_next_rank_s_aggregate_is_lacking():
    assert NZ.next_star_for(rank(NZ, "Local Master"), {"A": 10_00, "B": 60_00}) is None
    assert NZ.next_star_for(rank(NZ, "Gold Grand Master"), {"A": 5000_00}) is None


def test_acbl_sectional_master_needs_50_in_all_with_5_silver():
    needed = ACBL.needed(rank(ACBL, "Sectional Master"), {"black": 45_00, "silver": 2_00})

    assert needed == {"total": 3_00, "silver": 3_00}


def test_acbl_a_life_master_level_needs_the_life_master_minimums_too():
    # Bronze Life Master: 500 in all, and Life Master's 50 black, 50 silver, 50 red, gold
    # or platinum and 25 gold or platinum.
    totals = {"black": 400_00, "silver": 60_00, "red": 20_00, "gold": 10_00}

    needs = ACBL.needs(rank(ACBL, "Bronze Life Master"), totals)

    assert {need.key: need.hundredths for need in needs} == {
        "total": 10_00,
        "black": 0,
        "silver": 0,
        "red_gold_platinum": 20_00,
        "gold_platinum": 15_00,
    }
    assert "20.00 more red, gold or platinum points" in [need.text() for need in needs]


def test_acbl_grand_life_master_needs_a_win_that_no_total_shows():
    totals = {"silver": 2000_00, "gold": 800_00, "platinum": 100_00, "black": 7100_00}

    needs = ACBL.needs(rank(ACBL, "Grand Life Master"), totals)

    unmet = [need for need in needs if not need.met]
    assert [need.text() for need in unmet] == [
        "100.00 more gold or platinum points",
        "a victory in an eligible event",
    ]
    assert "eligible_win" not in ACBL.needed(rank(ACBL, "Grand Life Master"), totals)


def test_abf_needs_are_its_three_minimums():
    # 1.8: Life Master 300 in all, 180 red and gold, 30 gold.
    needed = ABF.needed(rank(ABF, "Life Master"), {"green": 150_00, "red": 160_00})

    assert needed == {"total": 0, "red_and_gold": 20_00, "gold": 30_00}


def test_a_scheme_that_cannot_say_by_how_much_answers_from_is_met():
    plain = replace(NZ, rank_needs=None)
    club_master = rank(plain, "Club Master")

    assert plain.needs(club_master, {"B": 20_00}) == ()
    (need,) = plain.needs(club_master, {"B": 1_00})
    assert need == RankNeed("requirements", "the requirements of Club Master", points=False)
    assert not need.met and plain.needed(club_master, {"B": 1_00}) == {}
