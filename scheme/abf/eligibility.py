"""Who of a contestant's players receives its awards (4.4.4, 4.4.5).

Given the boards each player played, session by session:

- 4.4.4: in a pairs or individual event a player receives a session's award only after
  playing at least 75% of the boards in play in the section (boards missed because of a
  sit-out count as played); in a teams event, each member who played in the session (4.4.5:
  "Substitute players receive any session masterpoints won in the session in which they
  competed"), each member's share being that of 4.1.2.
- 4.4.5: the outright (final placing) award only after playing at least 40% of the boards
  played by the team (the pair), and in an event with finals 40% of the team's boards in
  each stage; a substitute never receives any of it.
- 4.4.5 NOTE: in the final of a National Teams event a member who played under 40% of the
  final may be awarded the share of the final's masterpoints (session and placing) that is
  the proportion of the Playoff Qualifying Points given; the rest of the member's final
  masterpoints are shared equally by the eligible team-mates. Qualifying rounds are not
  affected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scheme.abf.events import Player, Stage
from scheme.abf.grades import Kind
from scheme.abf.results import PlayerAwards
from scheme.abf.validation import MAX_BOARDS, number
from scheme.abf.working import Tally, Working
from scheme.core.arithmetic import NO_AWARD, Exact, cents, exact_scaled, exact_sum, show_number
from scheme.core.errors import RulesError

SESSION_SHARE = Fraction(3, 4)  # 4.4.4: 75% of the boards in play
OUTRIGHT_SHARE = Fraction(2, 5)  # 4.4.5: 40% of the team's boards, in each stage
# 4.4.5 NOTE: finals of National Teams events; 6.2.2 gives a State Play-off the same
# masterpointing at grade B.
PLAYOFF_GRADES = frozenset({"A", "A2", "B"})


def check_players(calc: Working) -> None:
    """The players given are well formed: one list a contestant, each label once in the
    event, boards for every session, a playoff share only where 4.4.5's NOTE applies."""
    sessions = len(calc.event.sessions)
    seen: set[str] = set()
    for contestant, players in calc.event.players.items():
        path = f"players[{contestant}]"
        if contestant not in calc.tallies:
            raise RulesError(path, f"{contestant!r} does not play in the event")
        if not players:
            raise RulesError(path, "list the contestant's players")
        for number_, player in enumerate(players):
            where = f"{path}[{number_}]"
            if not isinstance(player, Player):
                raise RulesError(where, "a player is a label with the boards played")
            if not isinstance(player.label, str) or not player.label.strip():
                raise RulesError(f"{where}.label", "a player label must be a non-empty text")
            if player.label in seen:
                raise RulesError(f"{where}.label", f"player {player.label!r} is listed twice")
            seen.add(player.label)
            if player.boards is not None:
                if len(player.boards) != sessions:
                    raise RulesError(
                        f"{where}.boards",
                        f"give the boards played in each of the {sessions} sessions",
                    )
                for index, boards in enumerate(player.boards):
                    if boards is None:
                        continue  # every board of the contestant's in that session
                    if (
                        isinstance(boards, bool)
                        or not isinstance(boards, int)
                        or not 0 <= boards <= MAX_BOARDS
                    ):
                        raise RulesError(
                            f"{where}.boards[{index}]",
                            f"boards played are a whole number from 0 to {MAX_BOARDS:,}",
                        )
            if player.playoff_share is not None:
                share = number(player.playoff_share, f"{where}.playoff_share")
                if not 0 <= share <= 1:
                    raise RulesError(f"{where}.playoff_share", "a share is from 0 to 1")
                if calc.kind is not Kind.TEAMS or calc.grade.code not in PLAYOFF_GRADES:
                    raise RulesError(
                        f"{where}.playoff_share",
                        "The Playoff Qualifying Points share is for the finals of National (or "
                        "State play-off) teams events, grades A, A2 and B (4.4.5 NOTE)",
                    )
                if player.substitute:
                    raise RulesError(
                        f"{where}.playoff_share", "A substitute receives no final share (4.4.5)"
                    )


@dataclass
class _Shape:
    """A contestant's boards and stage in each session."""

    team_boards: list[int]  # boards the contestant played in each session
    in_play: list[int]  # boards in play in its section (4.4.4)
    stages: list[str | None]


def _shape(calc: Working, label: str, tally: Tally, players: Sequence[Player]) -> _Shape:
    team_boards: list[int] = []
    in_play: list[int] = []
    stages: list[str | None] = []
    for index, session in enumerate(calc.event.sessions):
        given = [
            p.boards[index] for p in players if p.boards is not None and p.boards[index] is not None
        ]
        if session.matches:
            boards = tally.match_boards.get(index, 0)
            section = boards
        elif tally.sessions[index] is None:
            boards = section = 0
        else:
            section = session.boards or _most_played(calc, index) or 0
            boards = session.boards or max(given, default=0) or section
        team_boards.append(boards)
        in_play.append(section)
        stages.append(tally.stages.get(index) if boards else None)
    return _Shape(team_boards, in_play, stages)


def _most_played(calc: Working, index: int) -> int:
    """The boards in play in a session when the session does not say: the most any player
    of the event played in it."""
    if index not in calc.most_played:
        calc.most_played[index] = max(
            (
                p.boards[index]
                for group in calc.event.players.values()
                for p in group
                if p.boards is not None and p.boards[index] is not None
            ),
            default=0,
        )
    return calc.most_played[index]


@dataclass
class _Parts:
    sessions: list[Exact | None]
    matches: dict[int, Exact]
    outright: Exact
    reasons: list[str]


def _boards_of(player: Player, shape: _Shape, index: int) -> int:
    """The boards the player played in a session; not given, the contestant's."""
    if player.boards is None or player.boards[index] is None:
        return shape.team_boards[index]
    return player.boards[index]


def _stage_short(player: Player, shape: _Shape) -> list[str]:
    """4.4.5: the stages in which the player played under 40% of the team's boards."""
    short = []
    for stage in dict.fromkeys(s for s in shape.stages if s is not None):
        team = sum(b for b, s in zip(shape.team_boards, shape.stages, strict=True) if s == stage)
        mine = sum(_boards_of(player, shape, i) for i, s in enumerate(shape.stages) if s == stage)
        if team and mine * OUTRIGHT_SHARE.denominator < team * OUTRIGHT_SHARE.numerator:
            short.append(f"{stage}: {mine} of {team} boards")
    return short


def player_awards(calc: Working, label: str, tally: Tally, factor: Fraction) -> list[PlayerAwards]:
    """Each player of contestant `label`: the parts of its awards the player is eligible
    for (each member's share `factor`, 4.1.2), with the NOTE of 4.4.5 applied."""
    players = calc.event.players[label]
    shape = _shape(calc, label, tally, players)
    rounding = calc.rules.rounding
    teams = calc.kind is Kind.TEAMS
    scaled = [None if s is None else exact_scaled(s, factor, rounding) for s in tally.sessions]
    match_parts = {i: exact_scaled(m, factor, rounding) for i, m in tally.match_sessions.items()}
    outright = exact_scaled(tally.outright, factor, rounding)
    final = [i for i, s in enumerate(shape.stages) if s == Stage.FINAL.value]

    parts: list[_Parts] = []
    for player in players:
        reasons: list[str] = []
        sessions: list[Exact | None] = []
        matches: dict[int, Exact] = {}
        for index, part in enumerate(scaled):
            played = _boards_of(player, shape, index)
            team = shape.team_boards[index]
            if teams:
                eligible = played > 0
                why = "did not play (4.4.5)"
            else:
                section = shape.in_play[index]
                eligible = not section or played * 4 >= section * 3
                why = (
                    f"{played} of {section} boards, under 75% (4.4.4)"
                    if played
                    else "did not play (4.4.4)"
                )
            if team and not eligible:
                reasons.append(f"session {index + 1}: {why}: no session award")
            if part is not None:
                sessions.append(part if eligible or not team else NO_AWARD)
            else:
                sessions.append(None)
            if index in match_parts and (eligible or not team):
                matches[index] = match_parts[index]
        own_outright = outright
        if tally.outright.numerator:
            if player.substitute:
                own_outright = NO_AWARD
                reasons.append("substitute: no outright award (4.4.5)")
            else:
                short = _stage_short(player, shape)
                if player.playoff_share is not None:
                    short = [s for s in short if not s.startswith(Stage.FINAL.value)]
                if short:
                    own_outright = NO_AWARD
                    reasons.append(
                        "under 40% of the team's boards ("
                        + "; ".join(short)
                        + "): no outright award (4.4.5)"
                    )
        parts.append(_Parts(sessions, matches, own_outright, reasons))

    wholes = _Wholes(scaled, match_parts, outright)
    _playoff_shares(calc, players, shape, parts, final, wholes)

    results = []
    for player, part in zip(players, parts, strict=True):
        match_total = NO_AWARD
        for index in sorted(part.matches):
            match_total = exact_sum(match_total, part.matches[index], rounding)
        total = sum(p.hundredths for p in part.sessions if p is not None)
        total += match_total.hundredths + part.outright.hundredths
        results.append(
            PlayerAwards(
                label=player.label,
                contestant=label,
                sessions=tuple(None if p is None else cents(p.hundredths) for p in part.sessions),
                matches=cents(match_total.hundredths),
                outright=cents(part.outright.hundredths),
                total=cents(total),
                reasons=tuple(part.reasons),
            )
        )
        if calc.explain and part.reasons:
            calc.note(f"Player {player.label} of {label}: " + "; ".join(part.reasons) + ".")
    return results


@dataclass
class _Wholes:
    """A member's whole share of the contestant's awards (4.1.2): per session, per session
    of matches, and the outright."""

    sessions: list[Exact | None]
    matches: dict[int, Exact]
    outright: Exact


def _playoff_shares(
    calc: Working,
    players: Sequence[Player],
    shape: _Shape,
    parts: list[_Parts],
    final: list[int],
    wholes: _Wholes,
) -> None:
    """4.4.5 NOTE: a member under 40% of the final receives the share of the final's session
    and placing masterpoints given by the Playoff Qualifying Points; the rest is shared by
    the eligible team-mates (those who played 40% of every stage)."""
    if not final:
        return
    rounding = calc.rules.rounding
    team = sum(shape.team_boards[i] for i in final)

    def short_of_final(player: Player) -> bool:
        mine = sum(_boards_of(player, shape, i) for i in final)
        return mine * OUTRIGHT_SHARE.denominator < team * OUTRIGHT_SHARE.numerator

    eligible = [
        m
        for m, other in enumerate(players)
        if not other.substitute and other.playoff_share is None and not _stage_short(other, shape)
    ]
    for n, player in enumerate(players):
        if player.playoff_share is None or not short_of_final(player):
            continue  # a member who played 40% of the final has the whole award
        share = number(player.playoff_share, "playoff_share")
        own = parts[n]
        pieces: list[tuple[str, int | None, Exact]] = []
        for i in final:
            if wholes.sessions[i] is not None:
                pieces.append(("session", i, wholes.sessions[i]))  # type: ignore[arg-type]
            if i in wholes.matches:
                pieces.append(("match", i, wholes.matches[i]))
        # The outright share only when the member played 40% of every other stage.
        if own.outright.numerator or not [r for r in own.reasons if "outright" in r]:
            pieces.append(("outright", None, wholes.outright))
        for kind, index, whole in pieces:
            _put(own, kind, index, exact_scaled(whole, share, rounding))
            if eligible and share != 1:
                gift = exact_scaled(whole, (1 - share) / len(eligible), rounding)
                for m in eligible:
                    _add(parts[m], kind, index, gift, rounding)
        mine = sum(_boards_of(player, shape, i) for i in final)
        given_to = (
            f", the rest shared by {len(eligible)} team-mates" if eligible and share != 1 else ""
        )
        own.reasons.append(
            f"final: {mine} of {team} boards, under 40%: {show_number(share * 100)}% of the "
            f"final's session and placing masterpoints (Playoff Qualifying Points)"
            f"{given_to} (4.4.5 NOTE)"
        )


def _put(part: _Parts, kind: str, index: int | None, value: Exact) -> None:
    if kind == "session":
        part.sessions[index] = value  # type: ignore[index]
    elif kind == "match":
        part.matches[index] = value  # type: ignore[index]
    else:
        part.outright = value


def _add(part: _Parts, kind: str, index: int | None, value: Exact, rounding) -> None:
    if kind == "session":
        current = part.sessions[index]  # type: ignore[index]
        part.sessions[index] = exact_sum(current or NO_AWARD, value, rounding)  # type: ignore[index]
    elif kind == "match":
        part.matches[index] = exact_sum(  # type: ignore[index]
            part.matches.get(index, NO_AWARD),  # type: ignore[arg-type]
            value,
            rounding,
        )
    else:
        part.outright = exact_sum(part.outright, value, rounding)
