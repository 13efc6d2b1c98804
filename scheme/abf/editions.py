"""The registry of rule sets: the ABF rule in force, its older edition, and room for more.

A rule set turns an `Event` into `EventAwards`. Another scheme (New Zealand, ACBL) would be
another object with the same `name`, `title` and `compute`, registered here.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Protocol

from scheme.abf.calculation import calculate
from scheme.abf.events import DEFAULT_RULES, Event
from scheme.abf.factors import MASTER_FACTORS_2025, MASTER_FACTORS_LEGACY
from scheme.abf.grades import ABF_GRADES, LEGACY_GRADES
from scheme.abf.results import EventAwards
from scheme.abf.ruleset import AbfRuleSet
from scheme.core.arithmetic import Rounding
from scheme.core.errors import RulesError


class RuleSet(Protocol):
    name: str
    title: str


# The ABF Masterpoint Scheme manual, edition of 27/07/2025: the rule in force.
ABF_2025 = AbfRuleSet(
    name="ABF-2025",
    title="ABF Masterpoint Scheme, 2025 edition",
    grades=ABF_GRADES,
    rounding=Rounding.HALF_EVEN,  # 4.4.2: 0.005 rounds to even
    final_size_share=Fraction(1, 4),  # 4.2.5: a quarter of the original entry, or 9 tables
    no_awards_below_boards=12,  # 4.4.7: no awards when fewer than 12 boards are played
    max_short_session_reduction=None,
    master_factors=MASTER_FACTORS_2025,
)

# The older edition of sections 4.1-4.4, on which the printed Tables 1A-3C were computed.
ABF_LEGACY = AbfRuleSet(
    name="ABF-legacy",
    title="ABF Masterpoint Scheme, older edition (rounding half up)",
    grades=LEGACY_GRADES,
    rounding=Rounding.HALF_UP,  # 4.4.2 (older): 0.005 rounds up
    final_size_share=Fraction(1, 2),  # 4.2.5 (older): half of the original entry, or 9 tables
    no_awards_below_boards=None,
    max_short_session_reduction=Fraction(33, 100),  # 4.4.7 (older): no awards beyond 33%
    master_factors=MASTER_FACTORS_LEGACY,
)

RULE_SETS: Mapping[str, AbfRuleSet] = {rules.name: rules for rules in (ABF_2025, ABF_LEGACY)}


def get_rule_set(name: str = DEFAULT_RULES) -> AbfRuleSet:
    try:
        return RULE_SETS[name]
    except KeyError:
        known = ", ".join(RULE_SETS)
        raise RulesError("rules", f"unknown rule set {name!r} (known: {known})") from None


def compute_awards(event: Event, *, working: bool = True) -> EventAwards:
    """The awards of every contestant of `event`, under the rule set it names, with the
    working lines that explain them; `working=False` skips the text (bulk callers)."""
    return calculate(get_rule_set(event.rules), event, working=working)
