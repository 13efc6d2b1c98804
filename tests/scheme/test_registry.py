from decimal import Decimal

import pytest

from scheme import SCHEMES, Scheme, UnknownScheme, default_scheme_code, get_scheme
from scheme.abf import ABF_2025, Event, Field, Session
from scheme.abf.grades import ABF_GRADES
from scheme.abf.ranks import RANKS, Totals, rank_for


@pytest.fixture
def abf() -> Scheme:
    return get_scheme("abf")


def test_the_default_scheme_is_abf():
    assert default_scheme_code == "abf"
    assert get_scheme() is SCHEMES["abf"] is get_scheme(" ABF ")


def test_an_unknown_scheme_names_the_known_ones():
    known = r"unknown masterpoint scheme 'xx' \(known: abf, acbl, nz\)"
    with pytest.raises(UnknownScheme, match=known):
        get_scheme("xx")


def test_abf_point_kinds_are_green_red_gold_in_order(abf):
    assert [k.code for k in abf.point_kinds] == ["green", "red", "gold"]
    assert [k.order for k in abf.point_kinds] == [1, 2, 3]
    assert abf.point_kind_choices() == [("green", "Green"), ("red", "Red"), ("gold", "Gold")]
    assert all(k.colour_hex.startswith("#") and len(k.colour_hex) == 7 for k in abf.point_kinds)


def test_abf_grades_carry_their_colour(abf):
    assert [g.code for g in abf.grades] == list(ABF_GRADES)
    assert abf.grade("A").point_kind == "gold"
    assert abf.grade("B4c").point_kind == "red"
    assert abf.grade("E").point_kind == "green"
    assert {g.point_kind for g in abf.grades} <= {k.code for k in abf.point_kinds}
    assert ("E", f"E ({ABF_GRADES['E'].description})") in abf.grade_choices()
    assert abf.region_name == "state"


def _printed_thresholds():
    for rank in RANKS:
        yield Totals(green=rank.total - rank.red_and_gold, red=rank.red_and_gold - rank.gold,
                     gold=rank.gold)  # fmt: skip


@pytest.mark.parametrize("totals", list(_printed_thresholds()))
def test_rank_for_through_the_interface_agrees_with_the_abf_ranks(abf, totals):
    by_kind = {"green": totals.green, "red": totals.red, "gold": totals.gold}
    expected = rank_for(totals)
    got = abf.rank_for(by_kind)
    assert got is not None and expected is not None
    assert (got.order, got.name, got.native) == (expected.order, expected.name, expected)
    below = {**by_kind, "green": by_kind["green"] - 1} if by_kind["green"] else None
    if below is not None:
        lower = rank_for(Totals(**below))
        got_below = abf.rank_for(below)
        assert (got_below.native if got_below else None) == lower


def test_no_rank_below_graduate_master_and_the_ladder_ends(abf):
    assert abf.rank_for({}) is None
    assert abf.stars_for({"green": 100_000}) == 0  # the ABF has no stars
    assert abf.next_rank(None).name == RANKS[0].name
    assert abf.next_rank(abf.ranks[-1]) is None
    assert abf.next_rank(abf.ranks[0]).name == RANKS[1].name


def test_totals_of_another_scheme_are_refused(abf):
    with pytest.raises(KeyError, match="no point kind 'black'"):
        abf.rank_for({"black": 100})


def test_editions_and_compute(abf):
    assert abf.default_edition == "ABF-2025"
    assert abf.editions["ABF-2025"] is ABF_2025
    awards = abf.compute_awards(
        Event(grade="E", kind="pairs", sessions=[
            Session(boards=24, fields=[Field("mitchell", "8.5", [["N1"], ["N2"], ["N3"]])]),
        ])
    )  # fmt: skip
    assert awards["N1"].total == Decimal("0.27")


@pytest.mark.parametrize(
    ("filename", "width", "kinds"),
    [
        ("club.grn", 13, ("green",)),
        ("club.RED", 13, ("red",)),
        ("club.gld", 13, ("gold",)),
        ("club.rag", 19, ("red", "green")),
        ("club.mp5", 19, ("red", "green")),
        ("club.mp1", 13, (None,)),
        ("club.mp9", 13, (None,)),
    ],
)
def test_credit_file_formats_of_appendix_d(abf, filename, width, kinds):
    fmt = abf.credit_file_format(filename)
    assert fmt is not None and (fmt.line_width, fmt.point_kinds) == (width, kinds)


@pytest.mark.parametrize("filename", ["club.txt", "club", "club.mpx", "club.mp10"])
def test_other_names_are_not_credit_files(abf, filename):
    assert abf.credit_file_format(filename) is None
