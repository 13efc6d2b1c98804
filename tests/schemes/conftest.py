"""The portal's main flows under every scheme a deployment may run (scheme.registry.SCHEMES),
each test with MASTERPOINT_SCHEME overridden as a deployment would set it."""

from dataclasses import dataclass

import pytest

from centre.schemes import current_scheme
from scheme import SCHEMES
from scheme.base import Scheme


@pytest.fixture(params=sorted(SCHEMES))
def scheme(request, settings) -> Scheme:
    settings.MASTERPOINT_SCHEME = request.param
    return current_scheme()


@dataclass(frozen=True)
class FirstRankAward:
    """A grade of event and the points of its kind that reach the scheme's first rank."""

    grade: str
    kind: str
    points: int  # hundredths


def first_rank_award(scheme: Scheme) -> FirstRankAward:
    """The first grade (the ABF's club grade E first) whose points, a few at a time, reach
    the first rank of the scheme's ladder that needs any points (the ACBL's Rookie needs
    none) in one event."""
    first = next(rank for rank in scheme.ranks if not rank.is_met({}))
    grades = sorted(scheme.grades, key=lambda g: (g.code != "E", g.code != "club"))
    for grade in grades:
        for points in (1_00, 5_00, 10_00, 25_00, 50_00, 100_00, 250_00, 500_00, 1000_00):
            if first.is_met({grade.point_kind: points}):
                return FirstRankAward(grade.code, grade.point_kind, points)
    pytest.skip(f"no grade of {scheme.code} reaches its first rank in one event")
