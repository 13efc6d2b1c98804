"""A player's rank through the `Scheme` (`player_rank`, `player_needs`): the totals of the
ledger and the points kept on the player beside it (the ABF's red points won before 1982 and
their allowance, 1.8 notes), the ladder in SQL (`rank_order_sql`) and the One Thousand Club
(1.9), under every scheme."""

import pytest
from hypothesis import given, strategies as st

from scheme import SCHEMES, get_scheme
from scheme.abf.ladder import rank_order_case
from scheme.abf.ranks import ONE_THOUSAND_CLUB, RANKS, Totals, rank_for
from scheme.abf.scheme import rank_needs
from scheme.base import ONE_THOUSAND_CLUB as ONE_THOUSAND_CLUB_FEATURE, PRE_1982

ABF = get_scheme("abf")
WITHOUT_PRE_1982 = sorted(code for code, scheme in SCHEMES.items() if not scheme.has(PRE_1982))
WITHOUT_THE_CLUB = sorted(
    code for code, scheme in SCHEMES.items() if not scheme.has(ONE_THOUSAND_CLUB_FEATURE)
)
hundredths = st.integers(min_value=0, max_value=20_000_00)


@given(green=hundredths, red=hundredths, gold=hundredths, pre_1982_red=hundredths)
def test_abf_player_rank_counts_the_pre_1982_red_as_red_with_its_allowance(
    green: int, red: int, gold: int, pre_1982_red: int
) -> None:
    judged = Totals(green=green, red=red + pre_1982_red, gold=gold)
    expected = rank_for(judged, pre_1982_red)

    reached = ABF.player_rank({"green": green, "red": red, "gold": gold}, pre_1982_red)

    assert (reached.order if reached else 0) == (expected.order if expected else 0)
    if reached is not None:
        assert reached is ABF.ranks[reached.order - 1] and reached.native is expected


@given(
    order=st.integers(min_value=1, max_value=len(RANKS)),
    green=hundredths,
    red=hundredths,
    gold=hundredths,
    pre_1982_red=hundredths,
)
def test_abf_player_needs_are_the_shortfall_after_the_allowance(
    order: int, green: int, red: int, gold: int, pre_1982_red: int
) -> None:
    rank = ABF.ranks[order - 1]
    judged = Totals(green=green, red=red + pre_1982_red, gold=gold)

    needs = ABF.player_needs(rank, {"green": green, "red": red, "gold": gold}, pre_1982_red)

    assert needs == rank_needs(rank.native, rank.native.shortfall(judged, pre_1982_red))


def test_life_master_with_pre_1982_red_needs_less_red_and_gold_and_gold():
    # 1.8 note 1: Life Master's 180 red and gold and 30 gold are lowered by 20% of the
    # pre-1982 red; 100 red credited and 50 before 1982 count as 150 red.
    needs = ABF.player_needs(ABF.ranks[12], {"red": 100_00}, 50_00)

    assert ABF.needed(ABF.ranks[12], {"red": 150_00}) == {
        "total": 150_00,
        "red_and_gold": 30_00,
        "gold": 30_00,
    }
    assert {need.key: need.hundredths for need in needs} == {
        "total": 150_00,
        "red_and_gold": 20_00,
        "gold": 20_00,
    }


@pytest.mark.parametrize("code", sorted(SCHEMES))
def test_with_no_pre_1982_points_a_player_s_rank_is_rank_for_s(code):
    scheme = SCHEMES[code]
    kinds = [kind.code for kind in scheme.point_kinds]
    for step in range(0, 400):
        totals = {kind: (step * 37 * (i + 1)) % 15_000_00 for i, kind in enumerate(kinds)}
        assert scheme.player_rank(totals) == scheme.rank_for(totals)
        following = scheme.next_rank(scheme.rank_for(totals))
        if following is not None:
            assert scheme.player_needs(following, totals) == scheme.needs(following, totals)


@pytest.mark.parametrize("code", WITHOUT_PRE_1982)
def test_a_scheme_that_keeps_no_pre_1982_points_counts_none(code):
    scheme = SCHEMES[code]
    totals = {scheme.point_kinds[0].code: 3_00}

    assert scheme.pre_1982_kind == ""
    assert scheme.record_totals(totals, 500_00) == totals
    assert scheme.player_rank(totals, 500_00) == scheme.rank_for(totals)


def test_the_abf_counts_pre_1982_points_as_red():
    assert ABF.record_totals({"green": 1_00, "red": 2_00}, 3_00) == {"green": 1_00, "red": 5_00}
    assert ABF.record_totals({"green": 1_00}, 3_00) == {"green": 1_00, "red": 3_00}


def test_the_abf_s_ladder_in_sql_is_1_8_s_case_over_the_columns_given():
    sql = ABF.rank_order_sql(
        {"green": "t.green", "red": "(t.red + t.pre)", "gold": "t.gold"}, "t.pre"
    )

    assert sql == rank_order_case(
        green="t.green", red="(t.red + t.pre)", gold="t.gold", pre_1982_red="t.pre"
    )
    assert sql.startswith("CASE WHEN") and sql.endswith("ELSE 0 END")
    assert sql.count("WHEN") == len(RANKS)


def test_the_one_thousand_club_counts_the_pre_1982_red():
    # 1.9: a total of 1,000 masterpoints.
    assert ABF.one_thousand_club_total == ONE_THOUSAND_CLUB == 1000_00
    assert ABF.one_thousand_club_reached({"green": 999_99}, 1)
    assert not ABF.one_thousand_club_reached({"green": 999_98}, 1)
    assert ABF.one_thousand_club_reached({"green": 500_00, "red": 300_00, "gold": 200_00})


@pytest.mark.parametrize("code", WITHOUT_THE_CLUB)
def test_a_scheme_without_the_one_thousand_club_has_no_member(code):
    scheme = SCHEMES[code]

    assert not scheme.one_thousand_club_reached({scheme.point_kinds[0].code: 100_000_00}, 0)
