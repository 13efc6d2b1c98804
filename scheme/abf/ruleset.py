"""`AbfRuleSet`: what differs between editions of the ABF manual (grades, rounding 4.4.2,
the size of a final 4.2.5, short sessions 4.4.7, master factors 4.4.9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from scheme.abf.formulas import (
    one_winner_session_award,
    outright_award,
    two_winner_session_award,
)
from scheme.abf.grades import TABLE_WEIGHTS, Grade
from scheme.core.arithmetic import Rounding, round_cents, show_number
from scheme.core.errors import RulesError
from scheme.core.placings import placing_fraction

ONE = Fraction(1)


@dataclass(frozen=True)
class AbfRuleSet:
    """One edition of the ABF Masterpoint Scheme's award rules."""

    name: str
    title: str
    grades: Mapping[str, Grade]
    rounding: Rounding
    # 4.2.5: a final may hold this share of the original entry, or 9 tables if greater.
    final_size_share: Fraction
    # 4.4.7: no session awards below this many boards (2025) ...
    no_awards_below_boards: int | None
    # ... or when the factoring down would exceed this share (older edition).
    max_short_session_reduction: Fraction | None
    master_factors: Mapping[str, Mapping[str, Fraction]]
    final_size_minimum_tables: int = 9

    def grade(self, code: str, path: str = "grade") -> Grade:
        for known, grade in self.grades.items():
            if known.lower() == str(code).strip().lower():
                return grade
        raise RulesError(path, f"Unknown grade {code!r} (known: {', '.join(self.grades)}) (1.5.1)")

    def round(self, value: Fraction) -> Decimal:
        return round_cents(value, self.rounding)

    def session_board_factor(self, boards: int, minimum: int) -> Fraction:
        """4.4.7: a session shorter than `minimum` boards is factored down, or not awarded."""
        if boards >= minimum:
            return ONE
        factor = Fraction(boards, minimum)
        if self.no_awards_below_boards is not None and boards < self.no_awards_below_boards:
            return Fraction(0)
        if (
            self.max_short_session_reduction is not None
            and 1 - factor > self.max_short_session_reduction
        ):
            return Fraction(0)
        return factor

    def short_session_rule(self) -> str:
        if self.no_awards_below_boards is not None:
            return f"no awards when fewer than {self.no_awards_below_boards} boards are played"
        assert self.max_short_session_reduction is not None
        limit = show_number(self.max_short_session_reduction * 100)
        return f"no awards when the reduction exceeds {limit}%"

    def final_size_limit(self, entry_tables: Fraction) -> Fraction:
        """4.2.5: the largest final that earns the full premium, in tables."""
        return max(entry_tables * self.final_size_share, Fraction(self.final_size_minimum_tables))

    def table_cell(self, table: str, tables: int, column: int) -> Decimal:
        """The rules' value for a cell of the printed Tables 1A-3C (3.1.3): `column` is the
        place for Tables 1x and 2x, and the number of sessions S for Tables 3x."""
        number, letter = int(table[0]), table[1]
        weight = TABLE_WEIGHTS[letter]
        if number == 1:
            return self.round(two_winner_session_award(tables, weight) * placing_fraction(column))
        if number == 2:
            return self.round(one_winner_session_award(tables, weight) * placing_fraction(column))
        award, _ = outright_award(tables, column, weight)
        return self.round(award)
