"""A player's yearly regrading (Outline rules 3, 4 and 6), from the points the registry
keeps: the Rating Points at 31 December (the previous Rating Points x 0.8 plus the A and B
points of the year, B including those its C points completed) and the grade they give."""

from __future__ import annotations

from collections.abc import Mapping

from scheme.nz import grading, kinds
from scheme.nz.ranks import PROVINCIAL_MASTER


def yearly_grade(
    *,
    previous_rating: int,
    of_year: Mapping[str, int],
    before: Mapping[str, int],
    at_end: Mapping[str, int],
    rank_order: int,
) -> tuple[int, str]:
    """The Rating Points and grade of a player whose points of the year by kind are
    `of_year`, held before the year `before` and at its end `at_end` (hundredths), with
    the rank of order `rank_order` on the record and the Rating Points of the year before."""
    # Rule 3: the B points the year's C points completed (each whole 100 C points).
    converted = kinds.b_points_converted_between(before.get(kinds.C, 0), at_end.get(kinds.C, 0))
    year_points = max(of_year.get(kinds.A, 0) + of_year.get(kinds.B, 0) + converted, 0)
    rating = grading.rating_points(previous=previous_rating, year_points=year_points)
    # Rule 6 and the Definitions: graded as at 31 December. The rank is the one the points
    # held at the year's end reach (a Provincial Master of the next January is graded by
    # the year after's run); the rank on the record only when no points are known.
    provincial_master = (
        PROVINCIAL_MASTER.is_met(at_end) if at_end else rank_order >= PROVINCIAL_MASTER.order
    )
    grade = grading.grade_for(
        rating_points=rating,
        a_points=at_end.get(kinds.A, 0),
        provincial_master=provincial_master,
    )
    return rating, str(grade)
