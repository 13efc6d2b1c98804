"""New Zealand Bridge's Master Point Scheme as a `Scheme`: A, B and C Points (Outline rule
3), the statuses of events with the kind each awards (Tournaments General rule 3), the ten
ranks with stars (rule 5), the editions of the award rules and the calculator's hooks."""

from __future__ import annotations

from collections.abc import Mapping

from scheme.base import PointTotals, Scheme, SchemeGrade, SchemeRank
from scheme.nz import ranks as nz_ranks
from scheme.nz.calculator import (
    CALCULATOR_EXAMPLES,
    RANK_PARAMETERS,
    calculator_answer,
    calculator_event,
    rank_calculator,
)
from scheme.nz.editions import NZB_2007, RULE_SETS, compute_awards
from scheme.nz.kinds import NZ_POINT_KINDS, check_kinds
from scheme.nz.statuses import STATUSES


def _checked(totals: PointTotals) -> Mapping[str, int]:
    check_kinds(totals)
    return totals


def _rank(rank: nz_ranks.Rank) -> SchemeRank:
    return SchemeRank(
        order=rank.order,
        name=rank.name,
        is_met=lambda totals: rank.is_met(_checked(totals)),
        native=rank,
    )


NZ_RANKS = tuple(_rank(rank) for rank in nz_ranks.RANKS)


def _stars(rank: SchemeRank, totals: PointTotals) -> int:
    return nz_ranks.stars(rank.native, _checked(totals))


NZ_SCHEME = Scheme(
    code="nz",
    name="NZ Bridge Master Point Scheme",
    point_kinds=NZ_POINT_KINDS,
    grades=tuple(
        SchemeGrade(status.code, status.kind, status.description) for status in STATUSES.values()
    ),
    region_name="district",
    ranks=NZ_RANKS,
    editions=RULE_SETS,
    default_edition=NZB_2007.name,
    # NZ Bridge takes results sheets and scorer files, not the ABF's credit files.
    credit_file_formats=(),
    compute=compute_awards,
    stars=_stars,
    calculator_event=calculator_event,
    calculator_answer=calculator_answer,
    calculator_examples=CALCULATOR_EXAMPLES,
    rank_calculator=rank_calculator,
    rank_parameters=RANK_PARAMETERS,
)
