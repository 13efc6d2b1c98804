"""Events with finals and consolations: the finals premium (4.2.4), the size of a final and
the consolation factors (4.2.5)."""

from __future__ import annotations

from fractions import Fraction

from scheme.abf.events import Stage
from scheme.abf.validation import tables as checked_tables
from scheme.abf.working import ONE, Working
from scheme.core.arithmetic import show, show_number
from scheme.core.errors import RulesError

FINALS_PREMIUM = Fraction(3, 2)  # 4.2.4, 4.2.5: the standard award increased by 50%


def entry_tables(calc: Working, path: str) -> Fraction:
    """4.2.5: the tables of the original entry, against which a final's size is measured."""
    event = calc.event
    if event.entry_tables is not None:
        return checked_tables(event.entry_tables, "entry_tables")
    if event.outright is not None and event.outright.tables is not None:
        return checked_tables(event.outright.tables, "outright.tables")
    raise RulesError(
        "entry_tables",
        f"Give the tables of the original entry to limit the size of the final ({path}) (4.2.5)",
    )


def consolation_number(calc: Working, number: object, path: str) -> tuple[int, int]:
    """4.2.5: how many consolations were played, and which one this is."""
    count = calc.event.consolations
    if not isinstance(count, int) or count < 1:
        raise RulesError("consolations", "Say how many consolations were played (4.2.5)")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
        raise RulesError(path, f"A consolation number from 1 to {count} is required (4.2.5)")
    return count, number


def consolation_factor(calc: Working, number: object, path: str) -> tuple[Fraction, str]:
    """4.2.5 CONSOLATIONS - SESSION AWARDS MULTIPLYING FACTORS."""
    count, number = consolation_number(calc, number, path)
    if count == 1:
        factors = [Fraction(60, 100)]
    elif count == 2:
        factors = [Fraction(60, 100), Fraction(45, 100)]
    else:
        factors = [Fraction(75, 100), Fraction(60, 100), Fraction(45, 100)]
        factors += [Fraction(30, 100)] * (count - 3)
    if calc.event.consolations_graded or count == 1:
        factor = factors[number - 1]
        how = f"consolation {number} of {count}: factor {show(factor)}"
    else:
        factor = sum(factors, Fraction(0)) / count
        how = f"{count} ungraded consolations: factor {show(factor)} (the average)"
    # "No consolation award shall drop below the base grade weighting of 1.0."
    floor = ONE / calc.grade.weight(calc.kind)
    if factor < floor:
        how += f", raised to {show(floor)} so the award keeps the base weight 1.0"
        factor = floor
    return factor, how + " (4.2.5)"


def stage_factor(
    calc: Working, stage: Stage, consolation: object, tables: int | None, path: str
) -> tuple[Fraction, Fraction | None, str]:
    """The stage's factor, a replacement weight if any, and why (4.2.4, 4.2.5)."""
    rules = calc.rules
    if stage is Stage.QUALIFYING:
        return ONE, None, ""
    if stage is Stage.CONSOLATION:
        if calc.grade.is_green and calc.grade.code in {"C", "D", "E"}:
            # "In green events (grade C, D, or E) the awards are the basic ones (grade E)."
            consolation_number(calc, consolation, f"{path}.consolation")
            base = rules.grade("E").weight(calc.kind)
            return (
                ONE,
                base,
                f"consolation in a green event: grade E weight {show_number(base)} (4.2.5)",
            )
        factor, how = consolation_factor(calc, consolation, f"{path}.consolation")
        return factor, None, how
    if tables is None:  # a match: 4.2.4
        return FINALS_PREMIUM, None, "finals premium +50% (4.2.4)"
    limit = rules.final_size_limit(entry_tables(calc, path))
    limit_text = (
        f"{show_number(limit)} tables (the greater of "
        f"{show_number(rules.final_size_share)} of the entry and "
        f"{rules.final_size_minimum_tables})"
    )
    if tables <= limit:
        return FINALS_PREMIUM, None, f"final stage within {limit_text}: +50% (4.2.5)"
    if stage is Stage.SEMI_FINAL:
        return ONE, None, f"earlier stage larger than {limit_text}: no premium (4.2.5)"
    factor = max(ONE, FINALS_PREMIUM * limit / tables)
    return (
        factor,
        None,
        (
            f"final larger than {limit_text}: +50% factored by {show_number(limit)}/{tables}, "
            f"not below the standard award: factor {show(factor)} (4.2.5)"
        ),
    )
