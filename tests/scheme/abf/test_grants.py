"""1.3.3, 1.3.4 note 2, 1.3.5: the points a grant gives, with 1.8's minimums."""

from decimal import Decimal

import pytest

from scheme.abf.grants import GrantBasis, GrantError, grant_award, mccutcheon_excluded
from scheme.abf.ranks import Totals, rank_for


def test_a_visitor_with_no_points_is_given_exactly_a_grand_masters_minimums():
    # 1.8: Grand Master needs 1000 in all, 700 red and gold, 200 gold.
    award = grant_award(basis=GrantBasis.VISITOR, rank_name="Grand Master", held=Totals())
    assert (award.gold, award.red, award.green) == (20000, 50000, 30000)
    assert rank_for(Totals(green=award.green, red=award.red, gold=award.gold)).name == (
        "Grand Master"
    )


def test_a_grant_tops_up_the_points_already_held():
    held = Totals(green=12000, red=1000, gold=0)
    award = grant_award(basis=GrantBasis.VISITOR, rank_name="Grand Master", held=held)
    # 200 gold; 700 - 10 - 200 = 490 red; 1000 - 120 - 10 - 200 - 490 = 180 green.
    assert (award.gold, award.red, award.green) == (20000, 49000, 18000)


def test_a_visitor_is_granted_grand_master_and_nothing_else():
    with pytest.raises(GrantError) as refused:
        grant_award(basis=GrantBasis.VISITOR, rank_name="Life Master", held=Totals())
    assert refused.value.field == "rank"


def test_a_resident_is_granted_at_most_grand_master():
    with pytest.raises(GrantError, match="up to Grand Master"):
        grant_award(basis=GrantBasis.RESIDENT, rank_name="Silver Grand Master", held=Totals())


def test_a_new_zealand_resident_gets_a_gold_point_for_each_a_point_even_beyond_the_rank():
    # 1.3.3: Life Master (300 in all, 180 red and gold, 30 gold) with 250 NZ A points:
    # 250 gold cover the red-and-gold minimum; 50 green make the total.
    award = grant_award(
        basis=GrantBasis.RESIDENT,
        rank_name="Life Master",
        held=Totals(),
        nz_a_points=Decimal("250"),
    )
    assert (award.gold, award.red, award.green) == (25000, 0, 5000)
    assert "250 NZ A points" in award.working


def test_fewer_a_points_than_the_rank_needs_in_gold_leave_the_ranks_minimum():
    award = grant_award(
        basis=GrantBasis.RESIDENT, rank_name="Grand Master", held=Totals(), nz_a_points=Decimal(45)
    )
    assert award.gold == 20000


def test_retrospective_points_give_national_life_or_grand_master_only():
    # 1.3.4 note 2; National Master: 150 in all, 75 red and gold.
    award = grant_award(basis=GrantBasis.RETROSPECTIVE, rank_name="National Master", held=Totals())
    assert (award.gold, award.red, award.green) == (0, 7500, 7500)
    with pytest.raises(GrantError):
        grant_award(basis=GrantBasis.NON_AFFILIATED, rank_name="State Master", held=Totals())
    with pytest.raises(GrantError) as refused:
        grant_award(
            basis=GrantBasis.RETROSPECTIVE,
            rank_name="Life Master",
            held=Totals(),
            nz_a_points=Decimal(3),
        )
    assert refused.value.field == "nz_a_points"


def test_a_player_who_already_holds_the_rank_is_granted_nothing():
    with pytest.raises(GrantError, match="already holds"):
        grant_award(
            basis=GrantBasis.RETROSPECTIVE,
            rank_name="National Master",
            held=Totals(green=10000, red=8000),
        )


@pytest.mark.parametrize(
    ("group_order", "overseas_order", "excluded"),
    [
        (12, 12, True),  # Silver National Master group, the same ranking at home
        (9, 16, True),  # a higher ranking at home
        (12, 10, False),  # a lower ranking at home
        (13, 17, False),  # Life Master and above: 1.7.3 excludes nobody
        (0, 1, True),  # the unranked group
    ],
)
def test_1_7_3_immigrants_below_life_master(group_order, overseas_order, excluded):
    assert mccutcheon_excluded(group_order=group_order, overseas_order=overseas_order) is excluded
