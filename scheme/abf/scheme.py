"""The ABF Masterpoint Scheme as a `Scheme`: green, red and gold points (1.6), the grades
of 1.5.1, the 21 ranks of 1.8, the editions of the award rules and the App. D files."""

from __future__ import annotations

from scheme.abf import membership
from scheme.abf.calculator import CALCULATOR_EXAMPLES, RANK_PARAMETERS, rank_calculator
from scheme.abf.credit_files import ABF_CREDIT_FILE_FORMATS
from scheme.abf.demo import ABF_DEMO
from scheme.abf.editions import ABF_2025, RULE_SETS, compute_awards
from scheme.abf.grades import ABF_GRADES
from scheme.abf.issuers import (
    coordinator_approval_needed,
    grades_issuable_by,
    issue_refusal,
    organisers_for,
)
from scheme.abf.ladder import rank_order_sql
from scheme.abf.membership import SPECIAL_CLUBS
from scheme.abf.ranks import ONE_THOUSAND_CLUB, RANKS, Rank, Totals, rank_for
from scheme.abf.reciprocity import ABF_OVERSEAS_KINDS
from scheme.base import (
    FEATURES,
    PointKind,
    PointTotals,
    RankMeasure,
    RankNeed,
    Scheme,
    SchemeGrade,
    SchemeRank,
)

# 1.6: the colours in force. Blue (grade F points to unregistered players in older
# editions, ended in 2020) is not a kind of point of the scheme: see NOTES.md.
ABF_POINT_KINDS = (
    PointKind("green", "Green", "#2e7d32", 1),
    PointKind("red", "Red", "#c62828", 2),
    PointKind("gold", "Gold", "#c9a227", 3),
)


def abf_totals(totals: PointTotals) -> Totals:
    """Totals by point-kind code as the ABF's colour totals."""
    unknown = set(totals) - {kind.code for kind in ABF_POINT_KINDS}
    if unknown:
        raise KeyError(f"the ABF scheme has no point kind {sorted(unknown)[0]!r}")
    return Totals(
        green=totals.get("green", 0), red=totals.get("red", 0), gold=totals.get("gold", 0)
    )


def _rank(rank: Rank) -> SchemeRank:
    # 1.8: the pre-1982 allowance is a player's record, not a total: the registry's reads
    # ask `Scheme.player_rank` (`_record_rank_for` below).
    return SchemeRank(
        order=rank.order,
        name=rank.name,
        is_met=lambda totals: rank.is_met(abf_totals(totals)),
        native=rank,
    )


ABF_RANKS = tuple(_rank(rank) for rank in RANKS)


def rank_needs(rank: Rank, short: Totals) -> tuple[RankNeed, ...]:
    """1.8's three minimums as needs, from `Rank.shortfall` (which carries the total still
    needed in `green`, the red-and-gold in `red` and the gold in `gold`)."""
    return (
        RankNeed("total", "points of any colour", short.green),
        RankNeed("red_and_gold", "red or gold points", short.red),
        RankNeed("gold", "gold points", short.gold),
    )


def _needs(rank: SchemeRank, totals: PointTotals) -> tuple[RankNeed, ...]:
    # Without a player's pre-1982 red points; the registry's reads add them (1.8 notes).
    return rank_needs(rank.native, rank.native.shortfall(abf_totals(totals)))


def _colours(totals: PointTotals) -> Totals:
    # A player's record: the colours alone, whatever else the totals hold.
    return Totals(
        green=totals.get("green", 0), red=totals.get("red", 0), gold=totals.get("gold", 0)
    )


def _record_rank_for(totals: PointTotals, pre_1982_red: int) -> SchemeRank | None:
    # 1.8 notes: the pre-1982 red points are in the red of `totals`; their allowance lowers
    # the Life and Grand ranks' red-and-gold and gold minimums.
    rank = rank_for(_colours(totals), pre_1982_red)
    return None if rank is None else ABF_RANKS[rank.order - 1]


def _record_needs(rank: SchemeRank, totals: PointTotals, pre_1982_red: int) -> tuple[RankNeed, ...]:
    return rank_needs(rank.native, rank.native.shortfall(_colours(totals), pre_1982_red))


ABF_SCHEME = Scheme(
    code="abf",
    name="ABF Masterpoint Scheme",
    point_kinds=ABF_POINT_KINDS,
    grades=tuple(
        SchemeGrade(code, str(grade.colour), grade.description)
        for code, grade in ABF_GRADES.items()
    ),
    region_name="state",
    number_name="ABF number",
    body_name="ABF",
    number_key="abf_number",
    overseas_kinds=ABF_OVERSEAS_KINDS,
    # App. E, 1.4.3: the Centre's months and deadlines are Sydney's.
    time_zone="Australia/Sydney",
    time_words="Sydney time",
    cites_abf_manual=True,
    ranks=ABF_RANKS,
    editions=RULE_SETS,
    default_edition=ABF_2025.name,
    credit_file_formats=ABF_CREDIT_FILE_FORMATS,
    compute=compute_awards,
    rank_needs=_needs,
    # 1.8 notes: the red points won before 1982, kept on the player, are red points, and lower
    # the Life and Grand minimums; the ladder in SQL for the set-based promotions; 1.9.
    pre_1982_kind="red",
    record_rank_for=_record_rank_for,
    record_needs=_record_needs,
    rank_order_sql=rank_order_sql,
    one_thousand_club_total=ONE_THOUSAND_CLUB,
    # The award calculator reads ABF events with the API's own serializer: no
    # calculator_event or calculator_answer (scheme.abf.calculator).
    calculator_examples=CALCULATOR_EXAMPLES,
    calculator_sessions=True,
    rank_calculator=rank_calculator,
    rank_parameters=RANK_PARAMETERS,
    # The registry as the ABF keeps it has every feature: credit files, authorisations,
    # levies, the McCutcheon standings, the national files, reciprocity, pre-1982 points.
    features=FEATURES,
    special_clubs=SPECIAL_CLUBS,
    membership=membership,
    # 1.6, 7.5.1, 7.5.7: who issues which grades; the Centre's gold waits for the coordinator.
    grades_issuable_by=grades_issuable_by,
    organisers_for=organisers_for,
    issue_refusal_text=issue_refusal,
    needs_coordinator_approval=coordinator_approval_needed,
    # 1.8: the certificates print the red and gold (with the pre-1982 red) and the gold.
    rank_measures=(
        RankMeasure("red and gold", ("red", "gold"), pre_1982=True),
        RankMeasure("gold", ("gold",)),
    ),
    demo=ABF_DEMO,
)
