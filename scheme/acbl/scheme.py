"""The ACBL Masterpoint Plan as a `Scheme`: the six colours, the kinds of event and the
colours they award, the honor titles, the edition of the award rules, and the calculator
hooks. ACBL clubs belong to units; there are no credit files."""

from __future__ import annotations

from scheme.acbl.calculator import (
    CALCULATOR_EXAMPLES,
    RANK_PARAMETERS,
    calculator_answer,
    calculator_event,
    rank_calculator,
)
from scheme.acbl.colours import ACBL_POINT_KINDS
from scheme.acbl.editions import ACBL_PLAN, RULE_SETS, compute_awards
from scheme.acbl.grades import ACBL_GRADES
from scheme.acbl.ranks import LADDER, Title
from scheme.base import PointTotals, Scheme, SchemeGrade, SchemeRank


def _rank(title: Title) -> SchemeRank:
    # Grand Life Master also needs a victory in an eligible event, which no total shows:
    # from totals alone it is never reached (scheme.acbl.ranks).
    return SchemeRank(
        order=title.order,
        name=title.name,
        is_met=lambda totals: LADDER.is_met(title, _totals(totals)),
        native=title,
    )


def _totals(totals: PointTotals) -> dict[str, int]:
    return dict(totals)


ACBL_SCHEME = Scheme(
    code="acbl",
    name="ACBL Masterpoint Plan",
    point_kinds=ACBL_POINT_KINDS,
    grades=tuple(
        SchemeGrade(code, grade.colour, grade.description) for code, grade in ACBL_GRADES.items()
    ),
    region_name="unit",
    ranks=tuple(_rank(title) for title in LADDER.titles),
    editions=RULE_SETS,
    default_edition=ACBL_PLAN.name,
    credit_file_formats=(),
    compute=compute_awards,
    calculator_event=calculator_event,
    calculator_answer=calculator_answer,
    calculator_examples=CALCULATOR_EXAMPLES,
    rank_calculator=rank_calculator,
    rank_parameters=RANK_PARAMETERS,
)
