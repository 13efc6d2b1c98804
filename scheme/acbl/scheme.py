"""The ACBL Masterpoint Plan as a `Scheme`: the six colours, the kinds of event and the
colours they award, the honor titles, the edition of the award rules, and the calculator
hooks. ACBL clubs belong to units; there are no credit files."""

from __future__ import annotations

from scheme.acbl import entered, glm, issuers
from scheme.acbl.calculator import CALCULATOR_EXAMPLES, calculator_answer, calculator_event
from scheme.acbl.colours import ACBL_POINT_KINDS
from scheme.acbl.demo import ACBL_DEMO
from scheme.acbl.editions import ACBL_PLAN, RULE_SETS, compute_awards
from scheme.acbl.grades import ACBL_GRADES
from scheme.acbl.rank_calculator import RANK_PARAMETERS, rank_calculator
from scheme.acbl.ranks import LADDER, Title
from scheme.acbl.results_files import RESULTS_EVENTS, results_request
from scheme.base import PointTotals, RankNeed, Scheme, SchemeGrade, SchemeRank
from scheme.core.victories import RankVictory


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


def _words(label: str) -> str:
    """'red/gold/platinum' as 'red, gold or platinum'."""
    *first, last = label.split("/")
    return f"{', '.join(first)} or {last}" if first else last


def _rank_with_win(totals: PointTotals) -> SchemeRank | None:
    # Grand Life Master for a player who holds a victory in an eligible event (scheme.acbl.glm).
    title = LADDER.rank_for(_totals(totals), eligible_win=True)
    return None if title is None else ACBL_RANKS[title.order - 1]


def _needs_with_win(rank: SchemeRank, totals: PointTotals) -> tuple[RankNeed, ...]:
    return tuple(need for need in _needs(rank, totals) if need.key != "eligible_win")


def _needs(rank: SchemeRank, totals: PointTotals) -> tuple[RankNeed, ...]:
    # Every requirement of the title, met or not: the total, then each colour group's
    # minimum ("red/gold/platinum" as key "red_gold_platinum"); Grand Life Master's victory
    # in an eligible event is never shown by totals (scheme.acbl.ranks).
    title: Title = rank.native
    held = _totals(totals)
    lacking = {need.requirement: need.hundredths for need in LADDER.needs(title, held)}
    _, minimums = LADDER.requirements(title)
    needs = [RankNeed("total", "points in all", lacking.get("total", 0))]
    for minimum in minimums:
        needs.append(
            RankNeed(
                minimum.label.replace("/", "_"),
                f"{_words(minimum.label)} points",
                lacking.get(minimum.label, 0),
            )
        )
    if title.needs_eligible_win:
        needs.append(RankNeed("eligible_win", "a victory in an eligible event", points=False))
    return tuple(needs)


ACBL_RANKS = tuple(_rank(title) for title in LADDER.titles)

GRAND_LIFE_MASTER_WIN = RankVictory(
    what="a victory in an eligible event",
    event=glm.eligible_event,
    winners=glm.winners,
    rank_for=_rank_with_win,
    needs=_needs_with_win,
)

ACBL_SCHEME = Scheme(
    code="acbl",
    name="ACBL Masterpoint Plan",
    point_kinds=ACBL_POINT_KINDS,
    grades=tuple(
        SchemeGrade(code, grade.colour, grade.description) for code, grade in ACBL_GRADES.items()
    ),
    region_name="unit",
    number_name="ACBL player number",
    body_name="ACBL",
    number_key="acbl_number",
    # The ACBL's headquarters keep Central time (Horn Lake, Mississippi).
    time_zone="America/Chicago",
    time_words="Central time",
    clubs_keep_own_time=True,
    # The American order: "November 28, 2026".
    date_format="F j, Y",
    datetime_format="F j, Y, g:i a",
    ranks=ACBL_RANKS,
    # Grand Life Master's victory, recorded with the credit that paid it.
    rank_victory=GRAND_LIFE_MASTER_WIN,
    editions=RULE_SETS,
    default_edition=ACBL_PLAN.name,
    credit_file_formats=(),
    compute=compute_awards,
    rank_needs=_needs,
    calculator_event=calculator_event,
    calculator_answer=calculator_answer,
    calculator_examples=CALCULATOR_EXAMPLES,
    results_request=results_request,
    results_events=RESULTS_EVENTS,
    rank_calculator=rank_calculator,
    rank_parameters=RANK_PARAMETERS,
    # Clubs report their club games, units their unit events and sectionals (NOTES.md).
    grades_issuable_by=issuers.grades_issuable_by,
    grade_refusal=issuers.grade_refusal,
    # Split awards (half black, half red...): one credit a colour (NOTES.md).
    award_parts=entered.award_parts,
    event_ceiling=entered.event_ceiling,
    grade_limit=entered.grade_limit,
    demo=ACBL_DEMO,
)
