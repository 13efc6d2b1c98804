"""New Zealand Bridge's Master Point Scheme as a `Scheme`: A, B and C Points (Outline rule
3), the statuses of events with the kind each awards (Tournaments General rule 3), the ten
ranks with stars (rule 5), the editions of the award rules and the calculator's hooks."""

from __future__ import annotations

from collections.abc import Mapping

from scheme.base import (
    FEES,
    RECIPROCITY,
    NextStar,
    PointTotals,
    RankNeed,
    Scheme,
    SchemeGrade,
    SchemeRank,
)
from scheme.nz import issuers, limits, ranks as nz_ranks
from scheme.nz.calculator import (
    RANK_PARAMETERS,
    calculator_answer,
    calculator_event,
    rank_calculator,
)
from scheme.nz.calculator_examples import CALCULATOR_EXAMPLES
from scheme.nz.demo import NZ_DEMO
from scheme.nz.editions import NZB_2007, RULE_SETS, compute_awards
from scheme.nz.eligibility import NZ_GRADING
from scheme.nz.fees import NZ_FEES
from scheme.nz.kinds import NZ_POINT_KINDS, aggregate, check_kinds
from scheme.nz.reciprocity import NZ_OVERSEAS_KINDS
from scheme.nz.recognition import recognition_points
from scheme.nz.regrading import yearly_grade
from scheme.nz.results_files import results_request
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


def _recognition(rank: SchemeRank, totals: PointTotals) -> dict[str, int]:
    return recognition_points(rank.native, _checked(totals))


def _stars(rank: SchemeRank, totals: PointTotals) -> int:
    return nz_ranks.stars(rank.native, _checked(totals))


def _needs(rank: SchemeRank, totals: PointTotals) -> tuple[RankNeed, ...]:
    # Rule 5: the aggregate of A and B Points (with the B Points of whole hundreds of C
    # Points), and the A Points within it (0 needed below Provincial Master).
    more, more_a = rank.native.shortfall(_checked(totals))
    return (
        RankNeed("aggregate", "A and B Points (the aggregate)", more),
        RankNeed("A", "A Points", more_a),
    )


def _next_star(rank: SchemeRank, totals: PointTotals) -> NextStar | None:
    # As the rank calculator says it: the next star counts only for a player who holds the
    # next rank's aggregate without its A Points (rule 5); else the next rank is the goal.
    native = rank.native
    following = nz_ranks.next_rank(native)
    if following is None:
        return None
    more, more_a = following.shortfall(_checked(totals))
    at = nz_ranks.next_star_aggregate(native, totals)
    if more or not more_a or at is None:
        return None
    return NextStar(nz_ranks.stars(native, totals) + 1, max(0, at - aggregate(totals)))


NZ_SCHEME = Scheme(
    code="nz",
    name="NZ Bridge Master Point Scheme",
    point_kinds=NZ_POINT_KINDS,
    grades=tuple(
        SchemeGrade(status.code, status.kind, status.description) for status in STATUSES.values()
    ),
    # Seed 003: clubs, Regions and NZ Bridge ("a licensed Club, a Region or NZ Bridge").
    region_name="region",
    number_name="NZB number",
    body_name="NZ Bridge",
    number_key="nzb_number",
    # Outline, Overseas Master Points: ABF gold as A Points, Klinger red as B Points.
    # Outline rule 7: the fees to issue Master Points, invoiced each quarter.
    features=frozenset({RECIPROCITY, FEES}),
    fees=NZ_FEES,
    overseas_kinds=NZ_OVERSEAS_KINDS,
    time_zone="Pacific/Auckland",
    time_words="New Zealand time",
    # NZ's A, B and C points are kinds, not colours.
    kind_word="Kind",
    # The Master Points Scheme grades an event by its "status", and counts deals.
    grade_word="status",
    grade_label="Status of event",
    deals_label="Deals a session",
    grades_players=True,
    yearly_grade=yearly_grade,
    # Issue of Master Points 3 and 6, Overseas Master Points (d): grade restrictions, a
    # club's ineligible members, overseas players graded Open, 40 sessions a year.
    player_grading=NZ_GRADING,
    # Overseas Master Points: a new resident's overseas rank, recognised by the Board.
    rank_recognition=_recognition,
    ranks=NZ_RANKS,
    editions=RULE_SETS,
    default_edition=NZB_2007.name,
    # NZ Bridge takes results sheets and scorer files, not the ABF's credit files.
    credit_file_formats=(),
    compute=compute_awards,
    stars=_stars,
    rank_needs=_needs,
    next_star=_next_star,
    calculator_event=calculator_event,
    calculator_answer=calculator_answer,
    calculator_examples=CALCULATOR_EXAMPLES,
    results_request=results_request,
    rank_calculator=rank_calculator,
    rank_parameters=RANK_PARAMETERS,
    # Issue of Master Points, rule 1: clubs their sessions, regions their tournaments.
    grades_issuable_by=issuers.grades_issuable_by,
    grade_refusal=issuers.grade_refusal,
    yearly_limit_refusal=issuers.yearly_limit_refusal,
    event_ceiling=limits.event_ceiling,
    grade_limit=limits.grade_limit,
    demo=NZ_DEMO,
)
