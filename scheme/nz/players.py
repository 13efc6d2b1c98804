"""What each player of a contestant receives, when the contestant lists its players: A Point
Tournaments rule 2 (substitutes, team awards, fractional A Points) and B Point Tournaments
rule 2.

- Pairs (and individual) events: "When a substitute has played in a Pairs event, any A
  Points earned are apportioned to the players according to the number of deals each has
  played, with fractions being rounded to the nearest whole number." Each player of a
  pair receives the pair's points times the deals they played over the deals the pair
  played (a session's deals for its points; the event's for the overall placings), rounded
  to the whole point; C Points and B Points are apportioned alike (NOTES.md).
- Teams: every member receives the team's placing award, but "a Player must have
  participated in the play of at least one-quarter of the deals played by his/her Team".
  Match (and session) points: with the deals each member played in each session, the
  team's points of that session times the member's deals over the session's, to the
  hundredth; without them, "all Players of a five-member Team shall receive four-fifths of
  the full award ... a six-member Team four-sixths" (rule 2(b)(ii)).

`Player.deals` gives the deals played in each session of the event, in order (None where
the player played every deal of the contestant's); left out, every deal of every session.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scheme.core.errors import RulesError
from scheme.core.inputs import count
from scheme.nz.kinds import KIND_CODES

HUNDREDTHS = 100
# The most players a contestant lists: a team of six and its substitutes.
MAX_PLAYERS = 12


@dataclass(frozen=True)
class Player:
    label: str
    deals: tuple[int | None, ...] | None = None

    def __post_init__(self) -> None:
        if self.deals is not None:
            object.__setattr__(self, "deals", tuple(self.deals))


@dataclass(frozen=True)
class PlayerPoints:
    """One player's points, by kind in hundredths, as `ContestantPoints` has them, and why
    a part of the contestant's points is shared or withheld."""

    label: str
    contestant: str
    sessions: tuple[Mapping[str, int] | None, ...]
    matches: Mapping[str, int]
    overall: Mapping[str, int]
    total: Mapping[str, int]
    reasons: tuple[str, ...]


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def _scaled(points: Mapping[str, int], share: Fraction, whole: bool) -> dict[str, int]:
    """`points` (hundredths) times `share`, rounded half up to the whole point (`whole`:
    "fractions being rounded to the nearest whole number") or else to the hundredth."""
    if whole:
        return {
            kind: _half_up(hundredths * share / HUNDREDTHS) * HUNDREDTHS
            for kind, hundredths in points.items()
        }
    return {kind: _half_up(hundredths * share) for kind, hundredths in points.items()}


def checked_players(
    players: Mapping[str, Sequence[Player]], labels: set[str], session_deals: Sequence[int | None]
) -> None:
    """Each listed contestant is one of the event's; each player named once, with a deals
    count for each session, no more than the session's."""
    seen: set[str] = set()
    for contestant, members in players.items():
        path = f"players.{contestant}"
        if contestant not in labels:
            raise RulesError(path, f"{contestant!r} is not a contestant of the event")
        if not members:
            raise RulesError(path, "list the contestant's players")
        if len(members) > MAX_PLAYERS:
            raise RulesError(path, f"at most {MAX_PLAYERS} players a contestant")
        for index, player in enumerate(members):
            where = f"{path}[{index}]"
            if not isinstance(player.label, str) or not player.label.strip():
                raise RulesError(f"{where}.label", "a player label must be a non-empty text")
            if player.label in seen:
                raise RulesError(f"{where}.label", f"player {player.label!r} is listed twice")
            seen.add(player.label)
            if player.deals is None:
                continue
            if len(player.deals) != len(session_deals):
                raise RulesError(
                    f"{where}.deals",
                    f"give the deals played in each of the {len(session_deals)} sessions",
                )
            for number, deals in enumerate(player.deals):
                if deals is None:
                    continue
                count(deals, f"{where}.deals[{number}]", minimum=0)
                if session_deals[number] is None:
                    raise RulesError(
                        f"sessions[{number}].deals",
                        "give the session's deals to share its points by deals played",
                    )
                if deals > session_deals[number]:  # type: ignore[operator]
                    raise RulesError(
                        f"{where}.deals[{number}]",
                        f"more than the session's {session_deals[number]} deals",
                    )


def _played(player: Player, number: int, session_deals: Sequence[int | None]) -> int | None:
    """Deals the player played in session `number` (None: all of them, not counted)."""
    if player.deals is None or player.deals[number] is None:
        return session_deals[number]
    return player.deals[number]


def player_points(
    *,
    contestant: str,
    members: Sequence[Player],
    teams: bool,
    sessions: Sequence[Mapping[str, int] | None],
    matches_by_session: Sequence[Mapping[str, int]],
    overall: Mapping[str, int],
    session_deals: Sequence[int | None],
) -> list[PlayerPoints]:
    recorded = any(player.deals is not None for player in members)
    result = []
    for player in members:
        reasons: list[str] = []
        played_sessions: list[dict[str, int] | None] = []
        # Match points summed exactly over the sessions, rounded once.
        exact_matches = dict.fromkeys(KIND_CODES, Fraction(0))
        played_total, event_total = 0, 0
        for number, points in enumerate(sessions):
            full = session_deals[number]
            played = _played(player, number, session_deals)
            if full is not None and played is not None:
                played_total += played
                event_total += full
            share = Fraction(1) if not full or played is None else Fraction(played, full)
            if teams and not recorded and len(members) in (5, 6):
                share = Fraction(4, len(members))
            whole = not teams
            session_part = None if points is None else _scaled(points, share, whole)
            played_sessions.append(session_part)
            for kind, hundredths in matches_by_session[number].items():
                exact_matches[kind] += hundredths * share
            earned = any((points or {}).values()) or any(matches_by_session[number].values())
            if share != 1 and earned:
                reason = _share_reason(number, played, full, len(members), recorded)
                if reason not in reasons:
                    reasons.append(reason)
        played_matches = {
            kind: _half_up(value / HUNDREDTHS) * HUNDREDTHS if not teams else _half_up(value)
            for kind, value in exact_matches.items()
        }
        played_overall: dict[str, int] = dict(overall)
        if overall and event_total and played_total < event_total:
            if teams:
                if played_total * 4 < event_total:
                    played_overall = {}
                    reasons.append(
                        f"Overall: played {played_total} of the team's {event_total} deals, "
                        "under a quarter: no overall award (A/B Point Tournaments rule 2)."
                    )
            else:
                played_overall = _scaled(overall, Fraction(played_total, event_total), True)
                reasons.append(
                    f"Overall: played {played_total} of {event_total} deals: that share, to "
                    "the whole point (substitutes, A/B Point Tournaments rule 2)."
                )
        total = dict.fromkeys(KIND_CODES, 0)
        for part in (*played_sessions, played_matches, played_overall):
            for kind, hundredths in (part or {}).items():
                total[kind] += hundredths
        result.append(
            PlayerPoints(
                label=player.label,
                contestant=contestant,
                sessions=tuple(played_sessions),
                matches={k: v for k, v in played_matches.items() if v},
                overall=played_overall,
                total=total,
                reasons=tuple(reasons),
            )
        )
    return result


def _share_reason(
    number: int, played: int | None, full: int | None, members: int, recorded: bool
) -> str:
    if not recorded:
        return (
            f"A team of {members} without line-ups: {4}/{members} of its match and session "
            "points (A Point Tournaments rule 2(b)(ii))."
        )
    return f"Session {number + 1}: played {played} of {full} deals: that share of its points."
