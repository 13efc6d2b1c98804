"""Outright awards (4.3): the sessions counted (4.3.1), walk-in events (4.3.2), the sessions
each recipient played, finals and consolation outright awards (4.3.3); with the congress
acceleration (5.4.2) and table amplification (7.5.2)."""

from __future__ import annotations

import math
from fractions import Fraction

from scheme.abf.events import ConsolationOutright, Outright
from scheme.abf.formulas import outright_award
from scheme.abf.grades import Kind
from scheme.abf.stages import consolation_number
from scheme.abf.validation import count, number, ranking_labels, tables as checked_tables
from scheme.abf.working import Working, place_range
from scheme.core.arithmetic import (
    NO_AWARD,
    ZERO,
    Exact,
    Rounding,
    cents,
    exact_sum,
    ordinal,
    show,
    show_number,
)
from scheme.core.errors import RulesError
from scheme.core.placings import exact_placing_awards, exact_shares, tied_award

# 4.3.1: a residual fraction of sessions counts only if it exceeds 0.83.
SESSION_RESIDUAL = Fraction(83, 100)
# 4.3.2: the walk-in field is at most 125% of the tables that qualified.
WALK_IN_SHARE = Fraction(5, 4)
# 4.3.3: a consolation that produces two winners gives each 65% of its award; its size is
# measured against 75% and 150% of the final's tables.
TWO_WINNER_CONSOLATION = Fraction(65, 100)
CONSOLATION_SMALLEST = Fraction(3, 4)
CONSOLATION_LARGEST = Fraction(3, 2)


def sessions_from_boards(boards: int, session_boards: int) -> int:
    """4.3.1: boards divided by a session's boards, the residual fraction ignored unless it
    exceeds 0.83, when it is rounded up."""
    whole, rest = divmod(Fraction(boards, session_boards), 1)
    return int(whole) + (1 if rest > SESSION_RESIDUAL else 0)


def outright_awards(calc: Working, outright: Outright) -> None:
    """4.3: the outright placings of the event, and of its consolations."""
    path = "outright"
    kind = calc.kind
    seen: set[str] = set()
    labels = ranking_labels(outright.ranking, f"{path}.ranking", seen)

    sessions = outright_sessions(calc, outright, path)
    if calc.event.congress:
        # 5.4.2: Congress Championships get an acceleration factor of one session.
        calc.note(f"Outright: congress acceleration: S = {sessions} + 1 = {sessions + 1} (5.4.2).")
        sessions += 1

    size, counted, tables_text, depth_size = _outright_field(calc, outright, labels, path)
    weight = (
        calc.grade.teams_weight
        if (kind is Kind.TEAMS or calc.match_scored)
        else calc.grade.pairs_weight
    )
    depth, depth_note = calc.depth(depth_size, "outright", walk_in=outright.walk_in is not None)
    depth = min(depth, size)
    if outright.final_size is not None:
        final_size = count(outright.final_size, f"{path}.final_size")
        if kind is Kind.TEAMS and calc.event.consolations == 0:
            depth_note += "; teams without consolations: the top part of the original field (4.3.3)"
        elif final_size < depth:
            depth = final_size
            depth_note += f"; no deeper than the {final_size} contestants of the final (4.3.3)"

    def winner_award(s: int) -> tuple[Fraction, str]:
        award, limit = outright_award(counted, s, weight)
        if not calc.explain:
            return award * calc.factor, ""
        printed = calc.source(3, counted, weight, "3.1.2") if s <= 10 else "formula 3.1.2"
        note = f" ({printed}{', ' + limit if limit else ''})"
        return award * calc.factor, note

    if sessions < 2:
        calc.note(
            f"Outright: {sessions} session counted: no outright award (4.3.1 needs two or more)."
        )
        return
    winner, note = winner_award(sessions)
    if calc.explain:
        line = (
            f"Outright: T = {counted} ({tables_text}), S = {sessions}, "
            f"weight {show_number(weight)}: winner {show(winner)}{note}"
        )
        if calc.factor != 1:
            line += f", event factor {show(calc.factor)} included"
        calc.note(line + ".")

    played = sessions_played(calc, outright, labels, path)
    rounding = calc.rules.rounding
    awards = exact_placing_awards(winner.numerator, winner.denominator, depth, rounding)
    parts = []
    first = 1
    shares = exact_shares(outright.ranking, awards, rounding)
    for group, each in zip(outright.ranking, shares, strict=True):
        if first > depth:
            break
        for label in group:
            own = played.get(label, sessions)
            if own != sessions:
                # 4.3.3: the same place, on the award for the sessions this recipient played.
                award, own_note = winner_award(own) if own >= 2 else (ZERO, "")
                value = (
                    own_place_award(award, depth, first, len(group), rounding)
                    if award
                    else NO_AWARD
                )
                if calc.explain:
                    parts.append(
                        f"{place_range(first, len(group))} {label} on S = {own}{own_note}: "
                        f"{show(value.fraction)} -> {cents(value.hundredths)}"
                    )
            else:
                value = each
                if calc.explain:
                    tie = (
                        f"={ordinal(first)} share {place_range(first, len(group))}, "
                        if len(group) > 1
                        else ""
                    )
                    parts.append(
                        f"{tie}{ordinal(first)} {label} {show(value.fraction)} -> "
                        f"{cents(value.hundredths)}"
                    )
            tally = calc.tally(label)
            tally.outright = exact_sum(tally.outright, value, rounding)
        first += len(group)
    for label in labels:
        calc.tally(label)
    calc.note(f"  {depth_note}: " + "; ".join(parts) + ".")

    for index, consolation in enumerate(outright.consolations):
        consolation_outright(
            calc, consolation, winner, outright, f"{path}.consolations[{index}]", seen
        )


def own_place_award(
    winner: Fraction, depth: int, first: int, members: int, rounding: Rounding
) -> Exact:
    """A place's award from another winner's award (4.3.3, sessions played)."""
    awards = exact_placing_awards(winner.numerator, winner.denominator, depth, rounding)
    if members == 1:
        return awards[first - 1]
    return tied_award(awards, first, members, rounding)


def _outright_field(
    calc: Working, outright: Outright, labels: list[str], path: str
) -> tuple[int, int, str, int | Fraction]:
    """The outright field: its size, T as counted (4.4.1, 3.1.2), how T was found, and the
    size the depth of placings is taken from (4.3.2 walk-in, 7.5.2 amplification)."""
    size: int
    if outright.size is not None:
        size = count(outright.size, f"{path}.size")
        if size < len(labels):
            raise RulesError(f"{path}.size", f"the ranking already lists {len(labels)} contestants")
    else:
        size = len(labels)
    per_table = {Kind.PAIRS: 2, Kind.TEAMS: 1, Kind.INDIVIDUAL: 4}[calc.kind]
    if outright.tables is not None:
        tables = checked_tables(outright.tables, f"{path}.tables")
        tables_text = f"{show_number(tables)} tables"
        if outright.size is None and outright.walk_in is None:
            # The smallest field that counts as this many tables (4.4.1), so that a
            # ranking of the placed contestants alone never deepens the placings.
            size = max(size, per_table * (math.ceil(tables) - 1) + 1)
    else:
        tables = Fraction(size, per_table)
        tables_text = f"{show_number(tables)} tables from {size} contestants"
    if outright.walk_in is not None:
        average = checked_tables(outright.walk_in.average_tables, f"{path}.walk_in.average_tables")
        ceiling = WALK_IN_SHARE * tables
        tables = min(average, ceiling)
        tables_text = (
            f"the lesser of the average attendance {show_number(average)} tables and 125% of "
            f"the {show_number(ceiling / WALK_IN_SHARE)} tables that qualified: "
            f"{show_number(tables)} tables (4.3.2)"
        )
    depth_size: int | Fraction = size
    if outright.amplification is not None:
        amplification = number(outright.amplification, f"{path}.amplification")
        if amplification < 1:
            raise RulesError(
                f"{path}.amplification", "The amplification factor is at least 1 (7.5.2)"
            )
        tables *= amplification
        depth_size = size * amplification
        tables_text += f", amplified by {show_number(amplification)} (7.5.2)"
    counted = math.ceil(tables)  # 4.4.1 and 3.1.2: T is a whole number
    if counted < 2:
        raise RulesError(
            f"{path}.tables", "Outright awards need a field of at least 2 tables (4.4.3)"
        )
    return size, counted, tables_text, depth_size


def outright_sessions(calc: Working, outright: Outright, path: str) -> int:
    """4.3.1: S from the sessions played, or from the boards (24 a session, 15 for F)."""
    session_boards = calc.session_boards()
    counts: list[int] = []
    if outright.sessions is not None:
        counts.append(count(outright.sessions, f"{path}.sessions"))
    if outright.boards is not None:
        boards = count(outright.boards, f"{path}.boards")
        from_boards = sessions_from_boards(boards, session_boards)
        counts.append(from_boards)
        calc.note(
            f"Outright: {boards} boards / {session_boards} = "
            f"{show(Fraction(boards, session_boards))} sessions, counted as {from_boards} "
            "(a fraction counts only above 0.83, 4.3.1)."
        )
    if not counts:
        raise RulesError(f"{path}.sessions", "Give the number of sessions or of boards (4.3.1)")
    return min(counts)


def sessions_played(
    calc: Working, outright: Outright, labels: list[str], path: str
) -> dict[str, int]:
    """4.3.3: outright awards on the sessions actually played by each recipient."""
    session_boards = calc.session_boards()
    played: dict[str, int] = {}
    known = set(labels)
    for label, sessions in outright.sessions_played.items():
        if label not in known:
            raise RulesError(f"{path}.sessions_played[{label}]", "not in the outright ranking")
        played[label] = count(sessions, f"{path}.sessions_played[{label}]")
    for label, boards in outright.boards_played.items():
        if label not in known:
            raise RulesError(f"{path}.boards_played[{label}]", "not in the outright ranking")
        own = sessions_from_boards(count(boards, f"{path}.boards_played[{label}]"), session_boards)
        played[label] = min(own, played.get(label, own))
    if calc.event.congress:
        played = {label: sessions + 1 for label, sessions in played.items()}
    return played


def consolation_outright(
    calc: Working,
    consolation: ConsolationOutright,
    final_winner: Fraction,
    outright: Outright,
    path: str,
    seen: set[str],
) -> None:
    """4.3.3: consolation outright awards, a share of the concurrent final's award."""
    consolations, which = consolation_number(calc, consolation.number, f"{path}.number")
    if consolations == 1:
        proportion = Fraction(1, 4)
    elif not calc.event.consolations_graded:
        proportion = Fraction(1, 5)
    elif consolations == 2:
        proportion = (Fraction(1, 3), Fraction(1, 5))[which - 1]
    else:
        proportion = Fraction(1, which + 2)
    notes = [
        f"consolation {which} of {consolations}: {show_number(proportion)} of the final's award"
    ]
    if len(consolation.rankings) not in (1, 2):
        raise RulesError(f"{path}.rankings", "A consolation has one or two winners (4.3.3)")
    award = final_winner * proportion
    if len(consolation.rankings) == 2:
        award *= TWO_WINNER_CONSOLATION
        notes.append("two winners: 65% each")
    tables = checked_tables(consolation.tables, f"{path}.tables")
    if outright.final_tables is None:
        raise RulesError(
            f"{path}.tables", "Give the final's tables (outright.final_tables) (4.3.3)"
        )
    final_tables = checked_tables(outright.final_tables, "outright.final_tables")
    for bound in (CONSOLATION_SMALLEST * final_tables, CONSOLATION_LARGEST * final_tables):
        if (bound < final_tables and tables < bound) or (bound > final_tables and tables > bound):
            award *= tables / bound
            notes.append(
                f"{show_number(tables)} tables against the preferred {show_number(bound)}: "
                f"x {show_number(tables)}/{show_number(bound)}"
            )
    calc.note(
        f"Outright, consolation {which}: " + ", ".join(notes) + f": winner {show(award)} (4.3.3)."
    )
    rounding = calc.rules.rounding
    for index, ranking in enumerate(consolation.rankings):
        labels = ranking_labels(ranking, f"{path}.rankings[{index}]", seen)
        depth, depth_note = calc.depth(len(labels), "outright")
        awards = exact_placing_awards(award.numerator, award.denominator, depth, rounding)
        shares = exact_shares(ranking, awards, rounding)
        for group, each in zip(ranking, shares, strict=True):
            for label in group:
                tally = calc.tally(label)
                tally.outright = exact_sum(tally.outright, each, rounding)
        if calc.explain:
            calc.note(f"  {depth_note}: " + calc.describe_shares(ranking, shares, depth) + ".")
