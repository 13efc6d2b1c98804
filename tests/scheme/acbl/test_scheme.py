"""The ACBL plan as a scheme of the registry: its six colours, its kinds of event with the
colours they award, its honor titles in the plan's order, and its edition."""

from decimal import Decimal

import pytest

from scheme import get_scheme
from scheme.acbl import ClubGame, Group, compute_awards
from scheme.acbl.colours import split_hundredths
from scheme.acbl.grades import ACBL_GRADES
from scheme.acbl.ranks import PLAN_TITLES
from scheme.core.errors import RulesError


@pytest.fixture
def acbl():
    return get_scheme("acbl")


def test_the_six_colours_of_the_plan_in_order(acbl):
    assert [k.code for k in acbl.point_kinds] == [
        "black",
        "silver",
        "red",
        "gold",
        "platinum",
        "unpigmented",
    ]
    assert all(k.colour_hex.startswith("#") and len(k.colour_hex) == 7 for k in acbl.point_kinds)
    assert acbl.region_name == "unit"
    assert acbl.credit_file_formats == ()


def test_grades_name_the_colour_they_award(acbl):
    assert acbl.grade("CO").point_kind == "black"
    assert acbl.grade("ST").point_kind == "silver"
    assert acbl.grade("S").point_kind == "silver"
    assert acbl.grade("R").point_kind == "red"
    assert acbl.grade("RG").point_kind == "gold"
    assert acbl.grade("NP").point_kind == "platinum"
    assert acbl.grade("OL").point_kind == "unpigmented"
    assert {g.point_kind for g in acbl.grades} <= {k.code for k in acbl.point_kinds}
    # The ledger keeps a grade in three characters.
    assert all(len(g.code) <= 3 for g in acbl.grades)


def test_split_awards_are_credits_in_several_colours():
    assert ACBL_GRADES["BR"].is_split
    assert dict(split_hundredths(75, ACBL_GRADES["BR"].split)) == {"black": 38, "red": 37}
    assert dict(split_hundredths(1000, ACBL_GRADES["IN"].split)) == {"gold": 330, "red": 670}
    assert dict(split_hundredths(12500, ACBL_GRADES["NK"].split)) == {
        "platinum": 1250,
        "gold": 11250,
    }
    for amount in range(0, 500, 7):
        for grade in ACBL_GRADES.values():
            assert sum(split_hundredths(amount, grade.split).values()) == amount


def test_the_ladder_is_the_plans_titles_in_its_order(acbl):
    assert [r.name for r in acbl.ranks] == list(PLAN_TITLES)
    assert [r.order for r in acbl.ranks] == list(range(1, len(PLAN_TITLES) + 1))


def test_edition_named_after_the_plan(acbl):
    assert acbl.default_edition == "ACBL-2024-01"
    assert acbl.edition_choices() == [("ACBL-2024-01", "ACBL Masterpoint Plan")]
    awards = acbl.compute_awards(ClubGame(groups=[Group([["1"]], size=8)]))
    assert awards.rules == "ACBL-2024-01"
    assert awards["1"].points == {"black": 80}


def test_an_unknown_edition_is_refused_naming_the_field():
    with pytest.raises(RulesError) as refused:
        compute_awards(ClubGame(groups=[Group([["1"]], size=8)], rules="ACBL-1990-01"))
    assert refused.value.field == "rules"
    assert "ACBL-2024-01" in refused.value.message


def test_no_float_reaches_the_awards():
    awards = compute_awards(ClubGame(groups=[Group([["1"], ["2"]], size=Decimal(9) and 9)]))
    assert all(isinstance(v, int) for c in awards.contestants for v in c.points.values())
