"""Match awards (4.2.3): matches of 5 or more boards, won by more than 0.2 IMP a board (or
over 52.5% with matchpoints), the finals premium on matches (4.2.4)."""

from __future__ import annotations

from fractions import Fraction

from scheme.abf.events import Match, Session, Stage
from scheme.abf.grades import Kind
from scheme.abf.stages import stage_factor
from scheme.abf.validation import count, enum_value, number
from scheme.abf.working import Working
from scheme.core.arithmetic import NO_AWARD, exact, exact_sum, show, show_number
from scheme.core.errors import RulesError

# 4.2.3: the basic (grade E teams, weight 1.0) award is 0.008 a board to the winner.
BASE_RATE_PER_BOARD = Fraction(8, 1000)
# 4.2.3: a win needs a margin greater than 0.2 IMP a board; with matchpoints, over 52.5%.
WIN_MARGIN_PER_BOARD = Fraction(1, 5)
MATCHPOINT_WIN = Fraction(525, 10)


def match_session(calc: Working, session: Session, path: str, title: str) -> None:
    """A session of matches: each match awarded on its own."""
    finalists: set[str] = set()
    for index, match in enumerate(session.matches):
        if enum_value(Stage, match.stage, f"{path}.matches[{index}].stage") is Stage.FINAL:
            finalists.update((match.home, match.away))
    if calc.kind is Kind.TEAMS and len(finalists) > 4:
        raise RulesError(
            f"{path}.matches",
            "The finals premium is for no more than four teams playing separately (4.2.4)",
        )
    for index, match in enumerate(session.matches):
        match_award(calc, match, f"{path}.matches[{index}]", title)


def match_award(calc: Working, match: Match, path: str, title: str) -> None:
    """4.2.3: the winner takes the award for the boards played; a draw shares it."""
    boards = count(match.boards, f"{path}.boards")
    if boards < 5 and not match.triangle:
        raise RulesError(
            f"{path}.boards",
            "Matches under 5 boards are scored as a one-winner session: "
            "give the session's ranking as a field (4.2.3)",
        )
    for side in ("home", "away"):
        label = getattr(match, side)
        if not isinstance(label, str) or not label.strip():
            raise RulesError(f"{path}.{side}", "a contestant label must be a non-empty text")
    if match.home == match.away:
        raise RulesError(f"{path}.away", f"contestant {match.home!r} cannot play itself")
    stage = enum_value(Stage, match.stage, f"{path}.stage")
    factor, stage_weight, stage_note = stage_factor(calc, stage, match.consolation, None, path)
    weight = stage_weight if stage_weight is not None else calc.grade.teams_weight
    # The award in integers: the rate a board times the boards and the factors (4.2.3).
    numerator = (
        BASE_RATE_PER_BOARD.numerator * weight.numerator * boards
        * factor.numerator * calc.factor.numerator
    )  # fmt: skip
    denominator = (
        BASE_RATE_PER_BOARD.denominator * weight.denominator
        * factor.denominator * calc.factor.denominator
    )  # fmt: skip
    if match.triangle:
        # 4.2.3 NOTE (iii): half-matches of a single round triangle get half the award.
        denominator *= 2
    winner, result = match_result(match, boards, path)
    rounding = calc.rules.rounding
    home, away = calc.tally(match.home), calc.tally(match.away)
    if winner is None:
        shared = exact(numerator, denominator * 2, rounding)
        home.matches = exact_sum(home.matches, shared, rounding)
        away.matches = exact_sum(away.matches, shared, rounding)
        gains = ((home, shared), (away, shared))
    else:
        won = calc.tally(winner)
        award = exact(numerator, denominator, rounding)
        won.matches = exact_sum(won.matches, award, rounding)
        gains = ((won, award),)
    if calc.per_player:
        # 4.4.5: a substitute receives the match awards of the sessions played only.
        index = calc.session_index
        for tally in (home, away):
            tally.match_boards[index] = tally.match_boards.get(index, 0) + boards
            tally.stages[index] = stage.value
        for tally, gain in gains:
            tally.match_sessions[index] = exact_sum(
                tally.match_sessions.get(index, NO_AWARD), gain, rounding
            )
    if not calc.explain:
        return
    rate = BASE_RATE_PER_BOARD * weight
    award = Fraction(numerator, denominator)
    notes = [n for n in (stage_note,) if n]
    if match.triangle:
        notes.append("half-match of a triangle: half the award (4.2.3 NOTE iii)")
    if calc.factor != 1:
        notes.append(f"event factor {show(calc.factor)}")
    head = (
        f"{title}, {match.home} v {match.away}: {boards} boards at {show(rate, 4)} a board "
        f"(4.2.3, weight {show_number(weight)})"
    )
    if notes:
        head += ", " + ", ".join(notes)
    if winner is None:
        calc.note(f"{head}; {result}: shared, {show(award / 2)} each.")
    else:
        calc.note(f"{head}; {result}: {winner} wins {show(award)}.")


def match_result(match: Match, boards: int, path: str) -> tuple[str | None, str]:
    """Who wins the match for masterpoints (4.2.3), or None when the award is shared."""
    if match.home_imps is not None or match.away_imps is not None:
        home = number(match.home_imps, f"{path}.home_imps")
        away = number(match.away_imps, f"{path}.away_imps")
        needed = WIN_MARGIN_PER_BOARD * boards
        margin = abs(home - away)
        text = f"{show_number(home)}-{show_number(away)} IMPs, margin {show_number(margin)}"
        if margin > needed:
            return (match.home if home > away else match.away), f"{text} > {show_number(needed)}"
        return None, f"{text}, not more than {show_number(needed)} (0.2 a board)"
    if match.home_vps is not None or match.away_vps is not None:
        home = number(match.home_vps, f"{path}.home_vps")
        away = number(match.away_vps, f"{path}.away_vps")
        text = f"{show_number(home)}-{show_number(away)} VPs (NOTE i: IMPs not known)"
        if home == away:
            return None, text
        return (match.home if home > away else match.away), text
    if match.home_percent is not None:
        home = number(match.home_percent, f"{path}.home_percent")
        if not 0 <= home <= 100:
            raise RulesError(f"{path}.home_percent", "a percentage is from 0 to 100")
        best = max(home, 100 - home)
        text = f"{show_number(home)}% for {match.home}"
        if best > MATCHPOINT_WIN:
            return (match.home if home > 50 else match.away), f"{text}, winner over 52.5%"
        return None, f"{text}, winner not over 52.5%"
    raise RulesError(path, "give the IMPs, the victory points or the home percentage")
