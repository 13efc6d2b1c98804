"""Session awards (4.2): fields and movements (4.2.1), one or two winners (3.1.1), the
counted tables (4.4.1), the smallest fields (4.4.3), the depth of placings (4.1.1) and
tied places (4.4.6)."""

from __future__ import annotations

import math
from fractions import Fraction

from scheme.abf.adjustments import australia_wide, short_session
from scheme.abf.events import Field, Movement, Session, Stage
from scheme.abf.formulas import one_winner_session_award, two_winner_session_award
from scheme.abf.grades import Kind
from scheme.abf.percentages import percentage_field
from scheme.abf.stages import stage_factor
from scheme.abf.validation import count, enum_value, ranking_labels, tables as checked_tables
from scheme.abf.working import Working
from scheme.core.arithmetic import NO_AWARD, show, show_number
from scheme.core.errors import RulesError
from scheme.core.placings import exact_placing_awards, exact_shares


def field_session(calc: Working, index: int, session: Session, path: str, title: str) -> None:
    """A session of fields: each field placed on its own (4.2.1)."""
    board_factor, board_note = short_session(calc, session, path, title)
    seen: set[str] = set()
    for number, item in enumerate(session.fields):
        field_awards(calc, index, item, f"{path}.fields[{number}]", title, number, seen,
                     board_factor, board_note)  # fmt: skip


def field_awards(
    calc: Working,
    index: int,
    item: Field,
    path: str,
    title: str,
    number: int,
    seen: set[str],
    board_factor: Fraction,
    board_note: str,
) -> None:
    """The session awards of one field, into each contestant's tally for session `index`."""
    movement = enum_value(Movement, item.movement, f"{path}.movement")
    stage = enum_value(Stage, item.stage, f"{path}.stage")
    tables = checked_tables(item.tables, f"{path}.tables")
    counted = math.ceil(tables)  # 4.4.1: a half table counts as a full table
    check_movement(calc.kind, movement, tables, counted, path)
    labels = ranking_labels(item.ranking, f"{path}.ranking", seen)
    size = field_size(calc.kind, movement, tables, counted, labels, item.size, path)
    if calc.per_player:
        for label in labels:
            calc.tally(label).stages[index] = stage.value
    if item.percentages is not None:
        name = item.name or f"field {number + 1}"
        percentage_field(calc, index, item, labels, path, title, name, board_factor, board_note)
        return

    weight = calc.grade.weight(calc.kind)
    factor, stage_weight, stage_note = stage_factor(calc, stage, item.consolation, counted, path)
    if stage_weight is not None:
        weight = stage_weight
    if movement.two_winners:
        standard = two_winner_session_award(counted, weight)
        clause, table_number = "3.1.1, two winners", 1
    else:
        standard = one_winner_session_award(counted, weight)
        clause, table_number = "3.1.1, one winner", 2
    winner = standard * board_factor * factor * calc.factor

    if calc.explain:
        name = item.name or f"field {number + 1}"
        counted_text = (
            f"{show_number(tables)} tables counted as {counted} (4.4.1)"
            if tables != counted
            else f"{counted} tables"
        )
        notes = [n for n in (board_note, stage_note) if n]
        if calc.factor != 1:
            notes.append(f"event factor {show(calc.factor)}")
        source = calc.source(table_number, counted, weight, clause)
        line = (
            f"{title}, {name}: {movement.label}, {counted_text}, weight {show_number(weight)}: "
            f"standard winner's award {show(standard)} ({source})"
        )
        if notes:
            line += "; " + "; ".join(notes) + f": winner {show(winner)}"
        calc.note(line + ".")
    if winner == 0:
        for label in labels:
            calc.sessions_of(label)[index] = NO_AWARD
        return

    depth, depth_note = calc.depth(size, "session")
    rounding = calc.rules.rounding
    awards = exact_placing_awards(winner.numerator, winner.denominator, depth, rounding)
    if calc.event.australia_wide:
        awards = australia_wide(calc, awards)
    shares = exact_shares(item.ranking, awards, rounding)
    for group, each in zip(item.ranking, shares, strict=True):
        for label in group:
            calc.sessions_of(label)[index] = each
    if calc.explain:
        calc.note(f"  {depth_note}: " + calc.describe_shares(item.ranking, shares, depth) + ".")


def check_movement(
    kind: Kind, movement: Movement, tables: Fraction, counted: int, path: str
) -> None:
    """4.2.1, 4.2.3: the movement fits the kind of event; 4.4.3: the field is big enough."""
    if kind is Kind.TEAMS:
        if movement.two_winners or movement is Movement.INDIVIDUAL:
            raise RulesError(
                f"{path}.movement",
                "Teams sessions of matches under 5 boards have one winner (4.2.3)",
            )
        return  # 4.4.3 NOTE: teams session awards whatever the size of the field
    if kind is Kind.INDIVIDUAL and movement is not Movement.INDIVIDUAL:
        raise RulesError(
            f"{path}.movement", "An individual event plays an individual movement (4.2.1)"
        )
    if kind is Kind.PAIRS and movement is Movement.INDIVIDUAL:
        raise RulesError(
            f"{path}.movement", "An individual movement is for individual events (4.2.1)"
        )
    # 4.4.3: Individual and Howell pairs fields need 2 full tables, other pairs fields 4.
    if movement in (Movement.HOWELL, Movement.INDIVIDUAL):
        if math.floor(tables) < 2:
            raise RulesError(
                f"{path}.tables",
                f"{movement.label} fields need at least 2 full tables (4.4.3)",
            )
    elif counted < 4:
        label = movement.label
        raise RulesError(
            f"{path}.tables",
            f"{label[:1].upper()}{label[1:]} pairs fields need at least 4 tables (4.4.3)",
        )


def field_size(
    kind: Kind,
    movement: Movement,
    tables: Fraction,
    counted: int,
    labels: list[str],
    size: object,
    path: str,
) -> int:
    """How many contestants the field holds, for the depth of its placings (4.1.1)."""
    if kind is Kind.TEAMS or movement.two_winners:
        per_table = 1  # a team per "table" of the award tables; one direction of a Mitchell
    elif movement is Movement.INDIVIDUAL:
        per_table = 4
    else:
        per_table = 2
    smallest = math.floor(tables * per_table)
    largest = counted * per_table
    if len(labels) > largest:
        raise RulesError(
            f"{path}.ranking",
            f"{len(labels)} contestants do not fit a {movement.label} of "
            f"{show_number(tables)} tables (at most {largest})",
        )
    if size is None:
        return max(len(labels), smallest)
    size = count(size, f"{path}.size")
    if not max(len(labels), smallest) <= size <= largest:
        raise RulesError(
            f"{path}.size",
            f"a {movement.label} of {show_number(tables)} tables holds "
            f"{max(len(labels), smallest)} to {largest} contestants",
        )
    return size
