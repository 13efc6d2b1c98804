"""The editions of the ACBL award rules: the plan of seed 004.

The extracted plan prints no date; the edition is named ACBL-2024-01 (NOTES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scheme.acbl.calculation import compute
from scheme.acbl.events import DEFAULT_RULES, Event
from scheme.acbl.results import EventAwards
from scheme.core.errors import RulesError


@dataclass(frozen=True)
class AcblRuleSet:
    name: str
    title: str

    def compute(self, event: Event, *, working: bool = True) -> EventAwards:
        return compute(event, rules=self.name, explain=working)


ACBL_PLAN = AcblRuleSet(name=DEFAULT_RULES, title="ACBL Masterpoint Plan")

RULE_SETS: Mapping[str, AcblRuleSet] = {ACBL_PLAN.name: ACBL_PLAN}


def get_rule_set(name: str = DEFAULT_RULES) -> AcblRuleSet:
    try:
        return RULE_SETS[name]
    except KeyError:
        known = ", ".join(RULE_SETS)
        raise RulesError("rules", f"unknown rule set {name!r} (known: {known})") from None


def compute_awards(event: Event, *, working: bool = True) -> EventAwards:
    """Every contestant's awards by colour under the rule set the event names, with the
    working; `working=False` skips the text."""
    return get_rule_set(event.rules).compute(event, working=working)
