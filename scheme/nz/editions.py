"""The editions of the NZ award rules. The book is undated; the latest thing it cites is
The Laws of Duplicate Bridge 2007 (Club Sessions, Scoring rule 1), so its rules are named
NZB-2007 (NOTES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scheme.core.errors import RulesError

DEFAULT_RULES = "NZB-2007"


@dataclass(frozen=True)
class NzRuleSet:
    name: str
    title: str

    def compute(self, event: Any, *, working: bool = True) -> Any:
        """Each contestant's A, B and C Points for the event, with the working."""
        from scheme.nz.calculation import compute

        return compute(event, rules=self.name, working=working)


NZB_2007 = NzRuleSet(name=DEFAULT_RULES, title="NZ Bridge Master Point Scheme (Laws 2007 edition)")

RULE_SETS: Mapping[str, NzRuleSet] = {NZB_2007.name: NZB_2007}


def get_rule_set(name: str = DEFAULT_RULES) -> NzRuleSet:
    try:
        return RULE_SETS[name]
    except KeyError:
        known = ", ".join(RULE_SETS)
        raise RulesError("rules", f"unknown rule set {name!r} (known: {known})") from None


def compute_awards(event: Any, *, working: bool = True) -> Any:
    return get_rule_set(getattr(event, "rules", DEFAULT_RULES)).compute(event, working=working)
