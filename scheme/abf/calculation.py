"""The ABF award rules: sessions (4.2), matches (4.2.3), outright placings (4.3).

`AbfRuleSet` holds what differs between editions of the manual (grades, rounding, the size
of a final, the shortest session); `_Calculation` walks one event through the clauses and
writes down, line by line, which clause, table, weight and factor gave each number.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from fractions import Fraction
from typing import TypeVar

from scheme.abf.events import (
    ConsolationOutright,
    Event,
    Field,
    Match,
    Movement,
    Outright,
    Session,
    Stage,
)
from scheme.abf.factors import master_factor, team_member_factor
from scheme.abf.formulas import (
    one_winner_session_award,
    outright_award,
    two_winner_session_award,
)
from scheme.abf.grades import TABLE_WEIGHTS, Grade, Kind
from scheme.abf.results import ContestantAwards, EventAwards
from scheme.core.arithmetic import Rounding, as_fraction, ordinal, round_cents, show, show_number
from scheme.core.errors import RulesError
from scheme.core.placings import (
    PlaceShare,
    Ranking,
    placing_awards,
    placing_fraction,
    share_places,
    top_half,
    top_third,
)

ONE = Fraction(1)
HALF = Fraction(1, 2)
FINALS_PREMIUM = Fraction(3, 2)  # 4.2.4, 4.2.5: the standard award increased by 50%
# 4.2.3: the basic (grade E teams, weight 1.0) award is 0.008 a board to the winner.
BASE_RATE_PER_BOARD = Fraction(8, 1000)
# 4.2.3: a win needs a margin greater than 0.2 IMP a board; with matchpoints, over 52.5%.
WIN_MARGIN_PER_BOARD = Fraction(1, 5)
MATCHPOINT_WIN = Fraction(525, 10)
# 4.3.1, 4.4.7: a session is 24 boards, 15 for grade F; 4.3.1: a residual fraction of
# sessions counts only if it exceeds 0.83.
SESSION_BOARDS = 24
GRADE_F_SESSION_BOARDS = 15
SESSION_RESIDUAL = Fraction(83, 100)
# 4.3.2: the walk-in field is at most 125% of the tables that qualified.
WALK_IN_SHARE = Fraction(5, 4)
# 4.4.10 and 6.2.2.
RESTRICTION_FACTOR = Fraction(3, 4)
RESTRICTED_GRADES = frozenset({"A", "A2", "B"})
REDUCED_STATE_FACTOR = Fraction(3, 4)
# 6.3: Australia-Wide Pairs placings below the standard award.
AUSTRALIA_WIDE_HIGH = Fraction(20, 100)
AUSTRALIA_WIDE_LOW = Fraction(10, 100)
# 4.3.3: a consolation that produces two winners gives each 65% of its award; its size is
# measured against 75% and 150% of the final's tables.
TWO_WINNER_CONSOLATION = Fraction(65, 100)
CONSOLATION_SMALLEST = Fraction(3, 4)
CONSOLATION_LARGEST = Fraction(3, 2)

# The highest T of each printed table, for saying "Table 1B" rather than "formula".
PRINTED_TABLE_LIMITS: dict[tuple[int, str], int] = {
    (1, "A"): 20,
    (1, "B"): 20,
    (1, "C"): 40,
    (2, "A"): 13,
    (2, "B"): 13,
    (2, "C"): 13,
    (3, "A"): 40,
    (3, "B"): 40,
    (3, "C"): 82,
}

E = TypeVar("E", bound=StrEnum)


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
        raise RulesError(path, f"1.5.1: unknown grade {code!r} (known: {', '.join(self.grades)})")

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

    def compute(self, event: Event) -> EventAwards:
        return _Calculation(self, event).run()

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


# --- input checks -------------------------------------------------------------------------


def _enum(kind: type[E], value: object, path: str) -> E:
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(member.value for member in kind)
        raise RulesError(path, f"unknown value {value!r} (known: {known})") from None


def _number(value: object, path: str) -> Fraction:
    if value is None or isinstance(value, bool):
        raise RulesError(path, "a number is required")
    try:
        number = as_fraction(str(value) if isinstance(value, float) else value)  # type: ignore[arg-type]
    except (InvalidOperation, TypeError, ValueError):
        raise RulesError(path, f"{value!r} is not a number") from None
    return number


def _count(value: object, path: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(path, "a whole number is required")
    if value < minimum:
        raise RulesError(path, f"must be at least {minimum}")
    return value


def _tables(value: object, path: str) -> Fraction:
    tables = _number(value, path)
    if tables <= 0 or (tables * 2).denominator != 1:
        raise RulesError(path, "tables are a positive number of whole or half tables")
    return tables


def _ranking(ranking: Ranking, path: str, seen: set[str]) -> list[str]:
    """The labels of a ranking, checked: no empty place, no contestant twice."""
    if not ranking:
        raise RulesError(path, "the ranking lists no contestant")
    labels: list[str] = []
    for i, group in enumerate(ranking):
        if not group:
            raise RulesError(f"{path}[{i}]", "a place lists no contestant")
        for label in group:
            if not isinstance(label, str) or not label.strip():
                raise RulesError(f"{path}[{i}]", "a contestant label must be a non-empty text")
            if label in seen:
                raise RulesError(f"{path}[{i}]", f"contestant {label!r} is listed twice")
            seen.add(label)
            labels.append(label)
    return labels


def _sessions_from_boards(boards: int, session_boards: int) -> int:
    """4.3.1: boards divided by a session's boards, the residual fraction ignored unless it
    exceeds 0.83, when it is rounded up."""
    whole, rest = divmod(Fraction(boards, session_boards), 1)
    return int(whole) + (1 if rest > SESSION_RESIDUAL else 0)


def _places(share: PlaceShare) -> str:
    if share.first == share.last:
        return ordinal(share.first)
    return f"{ordinal(share.first)}-{ordinal(share.last)}"


# --- the calculation ------------------------------------------------------------------------


@dataclass
class _Tally:
    sessions: list[Fraction | None]
    matches: Fraction = Fraction(0)
    outright: Fraction = Fraction(0)


@dataclass
class _Calculation:
    rules: AbfRuleSet
    event: Event
    working: list[str] = field(default_factory=list)
    tallies: dict[str, _Tally] = field(default_factory=dict)

    def run(self) -> EventAwards:
        event = self.event
        self.grade = self.rules.grade(event.grade)
        self.kind = _enum(Kind, event.kind, "kind")
        if not event.sessions:
            raise RulesError("sessions", "an event has at least one session")
        # 4.1.1: pairs events whose matches are all of 5 or more boards (Butler and Swiss
        # pairs) are placed like teams; the NSW guide (E2) gives them the teams weight.
        self.match_scored = self.kind is Kind.PAIRS and all(
            s.matches and not s.fields for s in event.sessions
        )
        self.working.append(self._describe_grade())
        self.factor = self._event_factor()
        for index, session in enumerate(event.sessions):
            self._session(index, session)
        if event.outright is not None:
            self._outright(event.outright)
        return self._results()

    # --- the event as a whole -------------------------------------------------------------

    def _describe_grade(self) -> str:
        grade, kind = self.grade, self.kind
        tables = grade.tables(kind)
        printed = (
            ", ".join(tables.describe(n) for n in (1, 2, 3))
            if kind is not Kind.TEAMS
            else (f"{tables.describe(2)} for matches under 5 boards, {tables.describe(3)}")
        )
        line = (
            f"Grade {grade.code} ({grade.description}), {kind.value}: weight "
            f"{show_number(grade.weight(kind))}, {grade.colour.value} points (1.5.1); "
            f"{printed} (3.1.3); rule set {self.rules.name}."
        )
        if self.match_scored:
            line += (
                " Every session is of matches: placed like teams, to the top third (4.1.1),"
                f" outright at the teams weight {show_number(grade.teams_weight)} (NSW guide E2)."
            )
        return line

    def _event_factor(self) -> Fraction:
        """Factors on every award of the event: 4.4.9, 4.4.10, 6.2.2."""
        event, grade = self.event, self.grade
        factor = ONE
        if event.master_factor is not None:
            row_name = grade.master_factor_row
            value, how = master_factor(
                event.master_factor, self.rules.master_factors[row_name], row_name, "master_factor"
            )
            factor *= value
            self.working.append(f"Master event: {how}.")
        if event.restricted:
            if grade.code not in RESTRICTED_GRADES:
                raise RulesError(
                    "restricted",
                    "4.4.10: the restriction factor applies to grades A, A2 and B only",
                )
            factor *= RESTRICTION_FACTOR
            self.working.append(
                "Entry restricted by age or gender: restriction factor 0.75 (4.4.10)."
            )
        if event.reduced_state_championship:
            if grade.code != "B":
                raise RulesError(
                    "reduced_state_championship",
                    "6.2.2: only grade B State championships receive 75% of the award",
                )
            factor *= REDUCED_STATE_FACTOR
            self.working.append(
                "State championship marked '+': 75% of the full grade B award (6.2.2)."
            )
        if event.australia_wide:
            if grade.code != "B" or self.kind is not Kind.PAIRS:
                raise RulesError("australia_wide", "6.3: Australia-Wide Pairs are grade B pairs")
            if len(event.sessions) != 1 or event.outright is not None:
                raise RulesError("australia_wide", "6.3: Australia-Wide Pairs are single sessions")
        if event.team_sizes and self.kind is not Kind.TEAMS:
            raise RulesError("team_sizes", "4.1.2: team sizes apply to teams events only")
        for label, members in event.team_sizes.items():
            team_member_factor(members, f"team_sizes[{label}]")
        return factor

    def _tally(self, label: str) -> _Tally:
        tally = self.tallies.get(label)
        if tally is None:
            tally = _Tally(sessions=[None] * len(self.event.sessions))
            self.tallies[label] = tally
        return tally

    def _entry_tables(self, path: str) -> Fraction:
        event = self.event
        if event.entry_tables is not None:
            return _tables(event.entry_tables, "entry_tables")
        if event.outright is not None and event.outright.tables is not None:
            return _tables(event.outright.tables, "outright.tables")
        raise RulesError(
            "entry_tables",
            f"4.2.5: give the tables of the original entry to limit the size of the final ({path})",
        )

    def _consolation_factor(self, number: object, path: str) -> tuple[Fraction, str]:
        """4.2.5 CONSOLATIONS - SESSION AWARDS MULTIPLYING FACTORS."""
        count, number = self._consolation_number(number, path)
        if count == 1:
            factors = [Fraction(60, 100)]
        elif count == 2:
            factors = [Fraction(60, 100), Fraction(45, 100)]
        else:
            factors = [Fraction(75, 100), Fraction(60, 100), Fraction(45, 100)]
            factors += [Fraction(30, 100)] * (count - 3)
        if self.event.consolations_graded or count == 1:
            factor = factors[number - 1]
            how = f"consolation {number} of {count}: factor {show(factor)}"
        else:
            factor = sum(factors, Fraction(0)) / count
            how = f"{count} ungraded consolations: factor {show(factor)} (the average)"
        # "No consolation award shall drop below the base grade weighting of 1.0."
        floor = ONE / self.grade.weight(self.kind)
        if factor < floor:
            how += f", raised to {show(floor)} so the award keeps the base weight 1.0"
            factor = floor
        return factor, how + " (4.2.5)"

    def _consolation_number(self, number: object, path: str) -> tuple[int, int]:
        count = self.event.consolations
        if not isinstance(count, int) or count < 1:
            raise RulesError("consolations", "4.2.5: say how many consolations were played")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            raise RulesError(path, f"4.2.5: a consolation number from 1 to {count} is required")
        return count, number

    def _stage(
        self, stage: Stage, consolation: object, tables: int | None, path: str
    ) -> tuple[Fraction, Fraction | None, str]:
        """The stage's factor, a replacement weight if any, and why (4.2.4, 4.2.5)."""
        if stage is Stage.QUALIFYING:
            return ONE, None, ""
        if stage is Stage.CONSOLATION:
            if self.grade.is_green and self.grade.code in {"C", "D", "E"}:
                # "In green events (grade C, D, or E) the awards are the basic ones (grade E)."
                self._consolation_number(consolation, f"{path}.consolation")
                base = self.rules.grade("E").weight(self.kind)
                return (
                    ONE,
                    base,
                    f"consolation in a green event: grade E weight {show_number(base)} (4.2.5)",
                )
            factor, how = self._consolation_factor(consolation, f"{path}.consolation")
            return factor, None, how
        if tables is None:  # a match: 4.2.4
            return FINALS_PREMIUM, None, "finals premium +50% (4.2.4)"
        limit = self.rules.final_size_limit(self._entry_tables(path))
        limit_text = (
            f"{show_number(limit)} tables (the greater of "
            f"{show_number(self.rules.final_size_share)} of the entry and "
            f"{self.rules.final_size_minimum_tables})"
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

    # --- sessions -------------------------------------------------------------------------

    def _session(self, index: int, session: Session) -> None:
        path = f"sessions[{index}]"
        if bool(session.fields) == bool(session.matches):
            raise RulesError(path, "a session has either fields or matches")
        title = session.name or f"Session {index + 1}"
        if session.fields:
            self._field_session(index, session, path, title)
        else:
            self._match_session(index, session, path, title)

    def _field_session(self, index: int, session: Session, path: str, title: str) -> None:
        minimum = GRADE_F_SESSION_BOARDS if self.grade.code == "F" else SESSION_BOARDS
        board_factor, board_note = ONE, ""
        if session.boards is not None:
            boards = _count(session.boards, f"{path}.boards")
            board_factor = self.rules.session_board_factor(boards, minimum)
            if board_factor == 0:
                self.working.append(
                    f"{title}: {boards} boards: no session awards "
                    f"({self.rules.short_session_rule()}, 4.4.7)."
                )
            elif board_factor != 1:
                board_note = f"{boards} of {minimum} boards: factor {boards}/{minimum} (4.4.7)"
        seen: set[str] = set()
        for number, item in enumerate(session.fields):
            self._field(index, item, f"{path}.fields[{number}]", title, number, seen,
                        board_factor, board_note)  # fmt: skip

    def _field(
        self,
        index: int,
        item: Field,
        path: str,
        title: str,
        number: int,
        seen: set[str],
        board_factor: Fraction,
        board_note: str,
    ) -> None:
        movement = _enum(Movement, item.movement, f"{path}.movement")
        stage = _enum(Stage, item.stage, f"{path}.stage")
        tables = _tables(item.tables, f"{path}.tables")
        counted = math.ceil(tables)  # 4.4.1: a half table counts as a full table
        self._check_movement(movement, tables, counted, path)
        labels = _ranking(item.ranking, f"{path}.ranking", seen)
        size = self._field_size(movement, tables, counted, labels, item.size, path)

        weight = self.grade.weight(self.kind)
        stage_factor, stage_weight, stage_note = self._stage(stage, item.consolation, counted, path)
        if stage_weight is not None:
            weight = stage_weight
        if movement.two_winners:
            standard = two_winner_session_award(counted, weight)
            clause, table_number = "3.1.1, two winners", 1
        else:
            standard = one_winner_session_award(counted, weight)
            clause, table_number = "3.1.1, one winner", 2
        winner = standard * board_factor * stage_factor * self.factor

        name = item.name or f"field {number + 1}"
        counted_text = (
            f"{show_number(tables)} tables counted as {counted} (4.4.1)"
            if tables != counted
            else f"{counted} tables"
        )
        notes = [n for n in (board_note, stage_note) if n]
        if self.factor != 1:
            notes.append(f"event factor {show(self.factor)}")
        source = self._source(table_number, counted, weight, clause)
        line = (
            f"{title}, {name}: {movement.label}, {counted_text}, weight {show_number(weight)}: "
            f"standard winner's award {show(standard)} ({source})"
        )
        if notes:
            line += "; " + "; ".join(notes) + f": winner {show(winner)}"
        self.working.append(line + ".")
        if winner == 0:
            for label in labels:
                self._tally(label).sessions[index] = Fraction(0)
            return

        depth, depth_note = self._depth(size, "session")
        awards = placing_awards(winner, depth)
        if self.event.australia_wide:
            awards = self._australia_wide(awards)
        shares = share_places(item.ranking, awards)
        for share in shares:
            for label in share.labels:
                self._tally(label).sessions[index] = share.each
        self.working.append(f"  {depth_note}: " + self._describe_shares(shares, depth) + ".")

    def _check_movement(
        self, movement: Movement, tables: Fraction, counted: int, path: str
    ) -> None:
        kind = self.kind
        if kind is Kind.TEAMS:
            if movement.two_winners or movement is Movement.INDIVIDUAL:
                raise RulesError(
                    f"{path}.movement",
                    "4.2.3: teams sessions of matches under 5 boards have one winner",
                )
            return  # 4.4.3 NOTE: teams session awards whatever the size of the field
        if kind is Kind.INDIVIDUAL and movement is not Movement.INDIVIDUAL:
            raise RulesError(
                f"{path}.movement", "4.2.1: an individual event plays an individual movement"
            )
        if kind is Kind.PAIRS and movement is Movement.INDIVIDUAL:
            raise RulesError(
                f"{path}.movement", "4.2.1: an individual movement is for individual events"
            )
        # 4.4.3: Individual and Howell pairs fields need 2 full tables, other pairs fields 4.
        if movement in (Movement.HOWELL, Movement.INDIVIDUAL):
            if math.floor(tables) < 2:
                raise RulesError(
                    f"{path}.tables",
                    f"4.4.3: {movement.label} fields need at least 2 full tables",
                )
        elif counted < 4:
            raise RulesError(
                f"{path}.tables", f"4.4.3: {movement.label} pairs fields need at least 4 tables"
            )

    def _field_size(
        self,
        movement: Movement,
        tables: Fraction,
        counted: int,
        labels: list[str],
        size: object,
        path: str,
    ) -> int:
        """How many contestants the field holds, for the depth of its placings (4.1.1)."""
        if self.kind is Kind.TEAMS or movement.two_winners:
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
        size = _count(size, f"{path}.size")
        if not max(len(labels), smallest) <= size <= largest:
            raise RulesError(
                f"{path}.size",
                f"a {movement.label} of {show_number(tables)} tables holds "
                f"{max(len(labels), smallest)} to {largest} contestants",
            )
        return size

    def _source(self, number: int, tables: int, weight: Fraction, clause: str) -> str:
        """'Table 1B' when the award is a printed cell, else the formula."""
        for letter, table_weight in TABLE_WEIGHTS.items():
            if weight == table_weight and tables <= PRINTED_TABLE_LIMITS[(number, letter)]:
                return f"Table {number}{letter}"
        return f"formula {clause}"

    def _depth(self, size: int | Fraction, what: str, walk_in: bool = False) -> tuple[int, str]:
        unit = {Kind.PAIRS: "pairs", Kind.TEAMS: "teams", Kind.INDIVIDUAL: "players"}[self.kind]
        if not walk_in and (self.kind is Kind.TEAMS or (self.match_scored and what == "outright")):
            depth = top_third(size)
            rule = "top third, rounded up"
        else:
            depth = top_half(size)
            rule = "top half, rounded down"
        return depth, f"placings to {ordinal(depth)} of {show_number(size)} {unit} ({rule}, 4.1.1)"

    def _australia_wide(self, awards: list[Fraction]) -> list[Fraction]:
        """6.3: the standard award whilst it exceeds 0.20, then 0.20 for half of the rest of
        the placed field (rounded down), and 0.10 for the remaining place-getters."""
        standard = [a for a in awards if a > AUSTRALIA_WIDE_HIGH]
        rest = len(awards) - len(standard)
        high = rest // 2
        self.working.append(
            f"  Australia-Wide Pairs: {len(standard)} standard awards, {high} of 0.20, "
            f"{rest - high} of 0.10 (6.3)."
        )
        return standard + [AUSTRALIA_WIDE_HIGH] * high + [AUSTRALIA_WIDE_LOW] * (rest - high)

    def _describe_shares(self, shares: Iterable[PlaceShare], depth: int) -> str:
        parts = []
        for share in shares:
            if share.first > depth:
                break
            names = ", ".join(share.labels)
            rounded = self.rules.round(share.each)
            if share.tied:
                parts.append(
                    f"={ordinal(share.first)} {names} share {_places(share)} "
                    f"{show(share.total)}: {show(share.each)} each -> {rounded}"
                )
            else:
                parts.append(f"{ordinal(share.first)} {names} {show(share.each)} -> {rounded}")
        return "; ".join(parts)

    # --- matches (4.2.3) ------------------------------------------------------------------

    def _match_session(self, index: int, session: Session, path: str, title: str) -> None:
        finalists: set[str] = set()
        for number, match in enumerate(session.matches):
            if _enum(Stage, match.stage, f"{path}.matches[{number}].stage") is Stage.FINAL:
                finalists.update((match.home, match.away))
        if self.kind is Kind.TEAMS and len(finalists) > 4:
            raise RulesError(
                f"{path}.matches",
                "4.2.4: the finals premium is for no more than four teams playing separately",
            )
        for number, match in enumerate(session.matches):
            self._match(match, f"{path}.matches[{number}]", title)

    def _match(self, match: Match, path: str, title: str) -> None:
        boards = _count(match.boards, f"{path}.boards")
        if boards < 5 and not match.triangle:
            raise RulesError(
                f"{path}.boards",
                "4.2.3: matches under 5 boards are scored as a one-winner session: "
                "give the session's ranking as a field",
            )
        for side in ("home", "away"):
            label = getattr(match, side)
            if not isinstance(label, str) or not label.strip():
                raise RulesError(f"{path}.{side}", "a contestant label must be a non-empty text")
        if match.home == match.away:
            raise RulesError(f"{path}.away", f"contestant {match.home!r} cannot play itself")
        stage = _enum(Stage, match.stage, f"{path}.stage")
        stage_factor, stage_weight, stage_note = self._stage(stage, match.consolation, None, path)
        weight = stage_weight if stage_weight is not None else self.grade.teams_weight
        rate = BASE_RATE_PER_BOARD * weight
        award = rate * boards * stage_factor * self.factor
        notes = [n for n in (stage_note,) if n]
        if match.triangle:
            # 4.2.3 NOTE (iii): half-matches of a single round triangle get half the award.
            award /= 2
            notes.append("half-match of a triangle: half the award (4.2.3 NOTE iii)")
        if self.factor != 1:
            notes.append(f"event factor {show(self.factor)}")
        winner, result = self._match_result(match, boards, path)
        head = (
            f"{title}, {match.home} v {match.away}: {boards} boards at {show(rate, 4)} a board "
            f"(4.2.3, weight {show_number(weight)})"
        )
        if notes:
            head += ", " + ", ".join(notes)
        self._tally(match.home)
        self._tally(match.away)
        if winner is None:
            self._tally(match.home).matches += award / 2
            self._tally(match.away).matches += award / 2
            self.working.append(f"{head}; {result}: shared, {show(award / 2)} each.")
        else:
            self._tally(winner).matches += award
            self.working.append(f"{head}; {result}: {winner} wins {show(award)}.")

    def _match_result(self, match: Match, boards: int, path: str) -> tuple[str | None, str]:
        """Who wins the match for masterpoints (4.2.3), or None when the award is shared."""
        if match.home_imps is not None or match.away_imps is not None:
            home = _number(match.home_imps, f"{path}.home_imps")
            away = _number(match.away_imps, f"{path}.away_imps")
            needed = WIN_MARGIN_PER_BOARD * boards
            margin = abs(home - away)
            text = f"{show_number(home)}-{show_number(away)} IMPs, margin {show_number(margin)}"
            if margin > needed:
                return (
                    match.home if home > away else match.away
                ), f"{text} > {show_number(needed)}"
            return None, f"{text}, not more than {show_number(needed)} (0.2 a board)"
        if match.home_vps is not None or match.away_vps is not None:
            home = _number(match.home_vps, f"{path}.home_vps")
            away = _number(match.away_vps, f"{path}.away_vps")
            text = f"{show_number(home)}-{show_number(away)} VPs (NOTE i: IMPs not known)"
            if home == away:
                return None, text
            return (match.home if home > away else match.away), text
        if match.home_percent is not None:
            home = _number(match.home_percent, f"{path}.home_percent")
            if not 0 <= home <= 100:
                raise RulesError(f"{path}.home_percent", "a percentage is from 0 to 100")
            best = max(home, 100 - home)
            text = f"{show_number(home)}% for {match.home}"
            if best > MATCHPOINT_WIN:
                return (match.home if home > 50 else match.away), f"{text}, winner over 52.5%"
            return None, f"{text}, winner not over 52.5%"
        raise RulesError(path, "give the IMPs, the victory points or the home percentage")

    # --- outright awards (4.3) --------------------------------------------------------------

    def _outright(self, outright: Outright) -> None:
        path = "outright"
        kind, grade = self.kind, self.grade
        seen: set[str] = set()
        labels = _ranking(outright.ranking, f"{path}.ranking", seen)

        sessions = self._outright_sessions(outright, path)
        if self.event.congress:
            # 5.4.2: Congress Championships get an acceleration factor of one session.
            self.working.append(
                f"Outright: congress acceleration: S = {sessions} + 1 = {sessions + 1} (5.4.2)."
            )
            sessions += 1

        size: int | Fraction
        if outright.size is not None:
            size = _count(outright.size, f"{path}.size")
            if size < len(labels):
                raise RulesError(
                    f"{path}.size", f"the ranking already lists {len(labels)} contestants"
                )
        else:
            size = len(labels)
        per_table = {Kind.PAIRS: 2, Kind.TEAMS: 1, Kind.INDIVIDUAL: 4}[kind]
        if outright.tables is not None:
            tables = _tables(outright.tables, f"{path}.tables")
            tables_text = f"{show_number(tables)} tables"
            if outright.size is None and outright.walk_in is None:
                # The smallest field that counts as this many tables (4.4.1), so that a
                # ranking of the placed contestants alone never deepens the placings.
                size = max(size, per_table * (math.ceil(tables) - 1) + 1)
        else:
            tables = Fraction(size, per_table)
            tables_text = f"{show_number(tables)} tables from {size} contestants"
        if outright.walk_in is not None:
            average = _tables(outright.walk_in.average_tables, f"{path}.walk_in.average_tables")
            ceiling = WALK_IN_SHARE * tables
            tables = min(average, ceiling)
            tables_text = (
                f"the lesser of the average attendance {show_number(average)} tables and 125% of "
                f"the {show_number(ceiling / WALK_IN_SHARE)} tables that qualified: "
                f"{show_number(tables)} tables (4.3.2)"
            )
        depth_size: int | Fraction = size
        if outright.amplification is not None:
            amplification = _number(outright.amplification, f"{path}.amplification")
            if amplification < 1:
                raise RulesError(
                    f"{path}.amplification", "7.5.2: the amplification factor is at least 1"
                )
            tables *= amplification
            depth_size = size * amplification
            tables_text += f", amplified by {show_number(amplification)} (7.5.2)"
        counted = math.ceil(tables)  # 4.4.1 and 3.1.2: T is a whole number
        if counted < 2:
            raise RulesError(
                f"{path}.tables", "4.4.3: outright awards need a field of at least 2 tables"
            )

        weight = (
            grade.teams_weight if (kind is Kind.TEAMS or self.match_scored) else grade.pairs_weight
        )
        depth, depth_note = self._depth(
            depth_size, "outright", walk_in=outright.walk_in is not None
        )
        depth = min(depth, size)
        if outright.final_size is not None:
            final_size = _count(outright.final_size, f"{path}.final_size")
            if kind is Kind.TEAMS and self.event.consolations == 0:
                depth_note += (
                    "; teams without consolations: the top part of the original field (4.3.3)"
                )
            elif final_size < depth:
                depth = final_size
                depth_note += f"; no deeper than the {final_size} contestants of the final (4.3.3)"

        def winner_award(s: int) -> tuple[Fraction, str]:
            award, limit = outright_award(counted, s, weight)
            printed = self._source(3, counted, weight, "3.1.2") if s <= 10 else "formula 3.1.2"
            note = f" ({printed}{', ' + limit if limit else ''})"
            return award * self.factor, note

        if sessions < 2:
            self.working.append(
                f"Outright: {sessions} session counted: no outright award "
                "(4.3.1 needs two or more)."
            )
            return
        winner, note = winner_award(sessions)
        line = (
            f"Outright: T = {counted} ({tables_text}), S = {sessions}, "
            f"weight {show_number(weight)}: winner {show(winner)}{note}"
        )
        if self.factor != 1:
            line += f", event factor {show(self.factor)} included"
        self.working.append(line + ".")

        played = self._sessions_played(outright, labels, path)
        unit_shares = share_places(outright.ranking, placing_awards(ONE, depth))
        parts = []
        for share in unit_shares:
            if share.first > depth:
                break
            for label in share.labels:
                own = played.get(label, sessions)
                if own != sessions:
                    award, own_note = winner_award(own) if own >= 2 else (Fraction(0), "")
                    value = award * share.each
                    parts.append(
                        f"{_places(share)} {label} on S = {own}{own_note}: {show(value)} -> "
                        f"{self.rules.round(value)}"
                    )
                else:
                    value = winner * share.each
                    tie = f"={ordinal(share.first)} share {_places(share)}, " if share.tied else ""
                    rounded = self.rules.round(value)
                    parts.append(f"{tie}{ordinal(share.first)} {label} {show(value)} -> {rounded}")
                self._tally(label).outright += value
        for label in labels:
            self._tally(label)
        self.working.append(f"  {depth_note}: " + "; ".join(parts) + ".")

        for number, consolation in enumerate(outright.consolations):
            self._consolation_outright(
                consolation, winner, outright, f"{path}.consolations[{number}]", seen
            )

    def _outright_sessions(self, outright: Outright, path: str) -> int:
        """4.3.1: S from the sessions played, or from the boards (24 a session, 15 for F)."""
        session_boards = GRADE_F_SESSION_BOARDS if self.grade.code == "F" else SESSION_BOARDS
        counts: list[int] = []
        if outright.sessions is not None:
            counts.append(_count(outright.sessions, f"{path}.sessions"))
        if outright.boards is not None:
            boards = _count(outright.boards, f"{path}.boards")
            from_boards = _sessions_from_boards(boards, session_boards)
            counts.append(from_boards)
            self.working.append(
                f"Outright: {boards} boards / {session_boards} = "
                f"{show(Fraction(boards, session_boards))} sessions, counted as {from_boards} "
                "(a fraction counts only above 0.83, 4.3.1)."
            )
        if not counts:
            raise RulesError(f"{path}.sessions", "4.3.1: give the number of sessions or of boards")
        return min(counts)

    def _sessions_played(self, outright: Outright, labels: list[str], path: str) -> dict[str, int]:
        """4.3.3: outright awards on the sessions actually played by each recipient."""
        session_boards = GRADE_F_SESSION_BOARDS if self.grade.code == "F" else SESSION_BOARDS
        played: dict[str, int] = {}
        known = set(labels)
        for label, count in outright.sessions_played.items():
            if label not in known:
                raise RulesError(f"{path}.sessions_played[{label}]", "not in the outright ranking")
            played[label] = _count(count, f"{path}.sessions_played[{label}]")
        for label, boards in outright.boards_played.items():
            if label not in known:
                raise RulesError(f"{path}.boards_played[{label}]", "not in the outright ranking")
            own = _sessions_from_boards(
                _count(boards, f"{path}.boards_played[{label}]"), session_boards
            )
            played[label] = min(own, played.get(label, own))
        if self.event.congress:
            played = {label: count + 1 for label, count in played.items()}
        return played

    def _consolation_outright(
        self,
        consolation: ConsolationOutright,
        final_winner: Fraction,
        outright: Outright,
        path: str,
        seen: set[str],
    ) -> None:
        """4.3.3: consolation outright awards, a share of the concurrent final's award."""
        count, number = self._consolation_number(consolation.number, f"{path}.number")
        if count == 1:
            proportion = Fraction(1, 4)
        elif not self.event.consolations_graded:
            proportion = Fraction(1, 5)
        elif count == 2:
            proportion = (Fraction(1, 3), Fraction(1, 5))[number - 1]
        else:
            proportion = Fraction(1, number + 2)
        notes = [f"consolation {number} of {count}: {show_number(proportion)} of the final's award"]
        if len(consolation.rankings) not in (1, 2):
            raise RulesError(f"{path}.rankings", "4.3.3: a consolation has one or two winners")
        award = final_winner * proportion
        if len(consolation.rankings) == 2:
            award *= TWO_WINNER_CONSOLATION
            notes.append("two winners: 65% each")
        tables = _tables(consolation.tables, f"{path}.tables")
        if outright.final_tables is None:
            raise RulesError(
                f"{path}.tables", "4.3.3: give the final's tables (outright.final_tables)"
            )
        final_tables = _tables(outright.final_tables, "outright.final_tables")
        for bound in (CONSOLATION_SMALLEST * final_tables, CONSOLATION_LARGEST * final_tables):
            if (bound < final_tables and tables < bound) or (
                bound > final_tables and tables > bound
            ):
                award *= tables / bound
                notes.append(
                    f"{show_number(tables)} tables against the preferred {show_number(bound)}: "
                    f"x {show_number(tables)}/{show_number(bound)}"
                )
        self.working.append(
            f"Outright, consolation {number}: "
            + ", ".join(notes)
            + f": winner {show(award)} (4.3.3)."
        )
        for index, ranking in enumerate(consolation.rankings):
            labels = _ranking(ranking, f"{path}.rankings[{index}]", seen)
            depth, depth_note = self._depth(len(labels), "outright")
            shares = share_places(ranking, placing_awards(award, depth))
            for share in shares:
                for label in share.labels:
                    self._tally(label).outright += share.each
            self.working.append(f"  {depth_note}: " + self._describe_shares(shares, depth) + ".")

    # --- results ----------------------------------------------------------------------------

    def _results(self) -> EventAwards:
        rules = self.rules
        contestants = []
        for label, label_tally in self.tallies.items():
            factor = ONE
            members = self.event.team_sizes.get(label)
            if members is not None:
                factor = team_member_factor(members, f"team_sizes[{label}]")
                if factor != 1:
                    self.working.append(
                        f"Team {label} has {members} members: each receives "
                        f"{show_number(factor)} of the award (4.1.2)."
                    )
            sessions = tuple(
                None if value is None else rules.round(value * factor)
                for value in label_tally.sessions
            )
            matches = rules.round(label_tally.matches * factor)
            outright = rules.round(label_tally.outright * factor)
            total = (
                sum((s for s in sessions if s is not None), Decimal("0.00")) + matches + outright
            )
            contestants.append(ContestantAwards(label, sessions, matches, outright, total))
        unknown = set(self.event.team_sizes) - set(self.tallies)
        if unknown:
            label = sorted(unknown)[0]
            raise RulesError(f"team_sizes[{label}]", f"team {label!r} does not play in the event")
        return EventAwards(
            rules=rules.name,
            grade=self.grade.code,
            kind=self.kind,
            colour=self.grade.colour,
            contestants=tuple(contestants),
            working=tuple(self.working),
        )
