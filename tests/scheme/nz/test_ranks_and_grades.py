"""Outline of the Master Point Scheme, rules 3-6: kinds, grades, rating points, ranks, stars,
checked against the book's table of ranks and its worked examples."""

from datetime import date

import pytest

from scheme import get_scheme
from scheme.nz.grading import Grade, grade_for, rating_points, rating_year_in_force
from scheme.nz.kinds import aggregate, b_points_converted_between, b_points_from_c
from scheme.nz.ranks import RANKS, next_star_aggregate, rank_for, rank_label, stars


def pts(a=0, b=0, c=0):
    """Totals in hundredths from whole points."""
    return {"A": round(a * 100), "B": round(b * 100), "C": round(c * 100)}


@pytest.fixture
def nz():
    return get_scheme("nz")


# Rule 5: "Rank / Aggregate of A and B Points" as printed.
PRINTED_RANKS = [
    ("Junior Master", 5, 0),
    ("Club Master", 20, 0),
    ("Local Master", 50, 0),
    ("Provincial Master", 100, 50),
    ("Master", 200, 100),
    ("National Master", 350, 175),
    ("Life Master", 500, 250),
    ("Grand Master", 1000, 500),
    ("Silver Grand Master", 2500, 1250),
    ("Gold Grand Master", 4000, 2500),
]


@pytest.mark.parametrize(("name", "aggregate_", "a_points"), PRINTED_RANKS)
def test_each_rank_is_reached_at_its_printed_aggregate_with_its_a_points(
    name, aggregate_, a_points
):
    at = pts(a=a_points, b=aggregate_ - a_points)
    assert rank_for(at).name == name
    # A hundredth short of the aggregate, the rank is not reached.
    short = pts(a=a_points, b=aggregate_ - a_points - 0.01)
    assert rank_for(short) is None or rank_for(short).name != name
    if a_points:
        lacking_a = pts(a=a_points - 0.01, b=aggregate_ - a_points + 0.01)
        assert rank_for(lacking_a).name != name


def test_there_are_ten_ranks_lowest_first(nz):
    assert [r.name for r in nz.ranks] == [name for name, _, _ in PRINTED_RANKS]
    assert len(RANKS) == 10
    assert nz.rank_for(pts(b=4.99)) is None


def test_c_points_count_as_b_points_a_hundred_to_one():
    # Rule 3: 100 C Points to one B Point; only whole hundreds convert.
    assert b_points_from_c(100_00) == 1_00
    assert b_points_from_c(199_99) == 1_00
    assert b_points_from_c(1234_00) == 12_00
    assert aggregate(pts(a=1, b=2, c=350)) == 6_00
    assert rank_for(pts(c=500)).name == "Junior Master"
    assert b_points_converted_between(50_00, 250_00) == 2_00


def test_local_master_without_50_a_points_gains_a_star_each_50_from_100():
    # Rule 5: "On reaching an aggregate of 100 Master Points, a Local Master who has not
    # earned 50 A Points is accorded the status of Local Master - 1 Star. At 150 ... 2 Star".
    for total, expected in ((99, 0), (100, 1), (149, 1), (150, 2), (200, 3)):
        totals = pts(a=10, b=total - 10)
        rank = rank_for(totals)
        assert rank.name == "Local Master"
        assert stars(rank, totals) == expected, total
    assert rank_label(rank_for(pts(a=10, b=140)), 2) == "Local Master - 2 Star"
    # With 50 A Points the same aggregate is a promotion, not a star.
    assert rank_for(pts(a=50, b=50)).name == "Provincial Master"


def test_a_one_star_national_master_has_700_points_and_under_250_a_points(nz):
    # Rule 5: "A 1-star National Master will have acquired 700 plus total Points but not
    # yet attained 250 A Points to move to the rank of Life Master."
    totals = pts(a=249, b=451)
    assert nz.rank_for(totals).name == "National Master"
    assert nz.stars_for(totals) == 1
    assert nz.stars_for(pts(a=249, b=450.99)) == 0
    assert nz.rank_for(pts(a=250, b=450)).name == "Life Master"
    assert nz.stars_for(pts(a=250, b=450)) == 0


def test_the_next_star_is_named():
    lm = pts(a=10, b=100)  # 110: Local Master - 1 Star
    assert next_star_aggregate(rank_for(lm), lm) == 150_00
    nm = pts(a=200, b=300)  # 500: National Master, no star yet
    assert next_star_aggregate(rank_for(nm), nm) == 700_00
    top = pts(a=2500, b=9000)
    assert rank_for(top).name == "Gold Grand Master"
    assert stars(rank_for(top), top) == 0
    assert next_star_aggregate(rank_for(top), top) is None


def test_rating_points_worked_example():
    # Rule 6: previous 80, x 0.8 = 64, plus 3A + 17B = 20 in the past year: 84.
    assert rating_points(previous=80_00, year_points=3_00 + 17_00) == 84_00


def test_rating_points_round_a_fifth_of_a_hundredth_half_up():
    assert rating_points(previous=1, year_points=0) == 1  # 0.008 -> 0.01
    assert rating_points(previous=12345, year_points=5) == 9881  # 98.76 + 0.05


def test_rating_points_refuse_negative_points():
    with pytest.raises(ValueError):
        rating_points(previous=-1, year_points=0)


@pytest.mark.parametrize(
    ("rating", "a_points", "pm", "grade"),
    [
        (0, 0, False, Grade.JUNIOR),
        (30_00, 5_00, False, Grade.JUNIOR),  # "not more than 30 ... not more than 5 A"
        (30_01, 0, False, Grade.INTERMEDIATE),
        (29_00, 5_01, False, Grade.INTERMEDIATE),  # more than 5 A Points: not Junior
        (99_99, 20_00, False, Grade.INTERMEDIATE),
        (100_00, 20_00, False, Grade.INTERMEDIATE),  # "not more than 100" (Definitions)
        (100_01, 20_00, False, Grade.OPEN),  # "more than 100 Rating Points"
        (10_00, 0, True, Grade.OPEN),  # a Provincial Master is never Intermediate or Junior
    ],
)
def test_grades_by_rating_points(rating, a_points, pm, grade):
    assert grade_for(rating_points=rating, a_points=a_points, provincial_master=pm) is grade


def test_rating_points_take_effect_on_1_february():
    assert rating_year_in_force(date(2026, 1, 31)) == 2024
    assert rating_year_in_force(date(2026, 2, 1)) == 2025


def test_nz_scheme_kinds_grades_and_region(nz):
    assert [k.code for k in nz.point_kinds] == ["A", "B", "C"]
    assert all(k.colour_hex.startswith("#") and len(k.colour_hex) == 7 for k in nz.point_kinds)
    assert nz.grade("club").point_kind == "C"
    assert nz.grade("5A").point_kind == "A"
    assert nz.grade("8B").point_kind == "B"
    assert [g.code for g in nz.grades] == [
        "club", "3B", "5B", "8B", "3A", "5A", "10A", "15A", "20A", "25A",
        "IPT-OPEN", "IPT-YTH", "IPT-INT",
        "IPC-OPEN", "IPC-WS", "IPC-YTH", "IPC-INT",
    ]  # fmt: skip
    assert nz.region_name == "region"
    assert nz.credit_file_formats == ()
    assert nz.default_edition in nz.editions
    # The portal keeps an event's grade code in at most 8 characters.
    assert all(len(g.code) <= 8 for g in nz.grades)


def test_totals_of_another_scheme_are_refused(nz):
    with pytest.raises(KeyError, match="green"):
        nz.rank_for({"green": 100})


def test_a_club_runs_one_tournament_of_each_kind_a_calendar_year():
    """Tournaments General 6, Local Events: "each Club is entitled to conduct one Tournament
    for an award of 3 or 5 A Points during each calendar year", and "one Open B, one
    Intermediate (5B) and one Junior (3B) Tournament"."""
    from scheme.nz.issuers import grade_refusal, yearly_limit_refusal

    for status in ("club", "3A", "5A", "8B", "5B", "3B"):
        assert grade_refusal("club", status) is None
    assert "Tournaments General, rules 5 and 6" in grade_refusal("club", "10A")

    assert yearly_limit_refusal("club", "5A", frozenset()) is None
    assert yearly_limit_refusal("club", "5B", frozenset({"5A", "3B"})) is None
    refusal = yearly_limit_refusal("club", "3A", frozenset({"5A"}))
    assert "one Tournament for an award of 3 or 5 A Points" in refusal
    assert "(Tournaments General, rule 6)" in refusal
    # A region's own tournaments are not the clubs' rights.
    assert yearly_limit_refusal("state", "5A", frozenset({"5A"})) is None
