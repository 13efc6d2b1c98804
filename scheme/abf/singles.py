"""Singles tournaments (App. A; 4.3.1): "single winner multi-session events in which players
must have several partnerships, each partnership being of at least one session's duration".

To be eligible for an outright award a player must have played in at least a third of the
minimum number of sessions that qualify for a final placing, rounded up, partnerships; the
outright award goes only to the final place-getters, and only if no other outright award has
been given; and for it "Singles are treated as Pairs events, even if actually played as
Teams" (4.3.1). A player who is not eligible is left without the award of their place; the
players below keep their own places (4.3.4: the scheme must not be used to maximise the
points awarded).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from scheme.abf.formulas import outright_award
from scheme.abf.ruleset import AbfRuleSet
from scheme.abf.validation import count, tables as checked_tables
from scheme.core.arithmetic import NO_AWARD, cents, show
from scheme.core.errors import RulesError
from scheme.core.placings import Ranking, exact_placing_awards, exact_shares, top_half

# App. A: "not less than one third of the minimum number of sessions ... (rounded upwards)".
PARTNERSHIP_SHARE = 3


def partnerships_required(min_sessions: int) -> int:
    """App. A: at least a third of the sessions that qualify for a final placing, rounded
    up: "at least two different partnerships are required for a competition in which the
    best 4 scores are counted"."""
    return math.ceil(count(min_sessions, "min_sessions") / PARTNERSHIP_SHARE)


def partnerships_played(partners: Sequence[str]) -> int:
    """The partnerships of a player who had `partners`, one per session played (each
    partnership at least a session long, App. A): the different partners."""
    return len({partner.strip() for partner in partners if partner.strip()})


@dataclass(frozen=True)
class SinglesOutright:
    """Each place-getter's outright award, in hundredths; those left without it and why."""

    awards: Mapping[str, int]
    withheld: Mapping[str, str]
    working: tuple[str, ...]


def singles_outright(
    rules: AbfRuleSet,
    *,
    grade: str,
    ranking: Ranking,
    tables: Decimal | int,
    sessions: int,
    min_sessions: int,
    partners: Mapping[str, Sequence[str]],
    other_outright_given: bool = False,
) -> SinglesOutright:
    """The outright awards of a Singles event's final place-getters (App. A, 4.3.1).

    `ranking` places the players (ties in one group), `tables` is the event's field (4.4.1),
    `sessions` its S (4.3.1), `min_sessions` the sessions a player needs for a final placing,
    `partners` each player's partner in each session played.
    """
    if other_outright_given:
        raise RulesError(
            "outright",
            "A Singles event's final place-getters receive outright awards only if no "
            "other outright awards have been given (4.3.1)",
        )
    grade_rules = rules.grade(grade)
    counted = math.ceil(checked_tables(tables, "tables"))  # 4.4.1: a half table is a table
    sessions = count(sessions, "sessions", minimum=2)
    required = partnerships_required(min_sessions)
    # 4.3.1: "treated as Pairs events, even if actually played as Teams".
    weight = grade_rules.pairs_weight
    winner, limit = outright_award(counted, sessions, weight)
    entrants = sum(len(group) for group in ranking)
    depth = min(top_half(entrants), entrants)
    awards = exact_placing_awards(winner.numerator, winner.denominator, depth, rules.rounding)
    shares = exact_shares(ranking, awards, rules.rounding)
    working = [
        f"Singles, treated as pairs (4.3.1): T = {counted}, S = {sessions}, pairs weight "
        f"{weight}: winner {show(winner)}{' (' + limit + ')' if limit else ''}; placings to "
        f"{depth} of {entrants} players (top half, 4.1.1).",
        f"A player needs {required} partnerships: a third of {min_sessions} sessions, "
        f"rounded up (App. A).",
    ]
    given: dict[str, int] = {}
    withheld: dict[str, str] = {}
    for group, each in zip(ranking, shares, strict=True):
        if each is NO_AWARD or not each.hundredths:
            continue
        for label in group:
            played = partnerships_played(partners.get(label, ()))
            if played < required:
                withheld[label] = (
                    f"{played} partnership(s) of the {required} needed (App. A): no outright award"
                )
                working.append(f"{label}: {withheld[label]}.")
                continue
            given[label] = each.hundredths
            working.append(f"{label}: {cents(each.hundredths)}.")
    return SinglesOutright(awards=given, withheld=withheld, working=tuple(working))
