"""1.8: the figures a promotion was judged on beside its lifetime total, as each scheme
names them for its certificates and the month's schedule of promotions."""

from scheme.registry import get_scheme


def test_the_abf_prints_the_red_and_gold_with_the_pre_1982_red_and_the_gold():
    red_and_gold, gold = get_scheme("abf").rank_measures
    totals = {"green": 100_00, "red": 50_00, "gold": 25_00}

    assert (red_and_gold.label, gold.label) == ("red and gold", "gold")
    assert red_and_gold.of(totals, pre_1982_red=175_00) == 250_00
    assert gold.of(totals, pre_1982_red=175_00) == 25_00


def test_the_other_schemes_print_the_points_by_kind_instead():
    assert get_scheme("nz").rank_measures == ()
    assert get_scheme("acbl").rank_measures == ()
