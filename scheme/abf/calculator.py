"""The ABF's answers for the portal's calculators: example events for the award calculator,
and the rank calculator of 1.8 (master rankings) and 1.9 (the One Thousand Club).

The award calculator reads ABF events with its own serializer (the API's documented
request), so the ABF sets no `calculator_event`; its examples are here so that every scheme's
are found in one place. The rank calculator takes lifetime points by colour as typed in a
query ("123.45"), exact to the hundredth.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scheme.abf.ranks import ONE_THOUSAND_CLUB, Rank, Totals, next_rank, rank_for
from scheme.core.errors import RulesError
from scheme.core.points import PointsError, parse_points, points_text

# Named example requests of POST /api/v1/calculator/awards (the OpenAPI schema's examples).
CALCULATOR_EXAMPLES: dict[str, dict[str, Any]] = {
    "A club pairs event": {
        "rules": "ABF-2025",
        "grade": "E",
        "kind": "pairs",
        "sessions": [
            {
                "boards": 24,
                "fields": [
                    {
                        "movement": "mitchell",
                        "tables": 7.5,
                        "ranking": [["N1"], ["N2", "N3"], ["N4"]],
                    },
                    {"movement": "mitchell", "tables": 7.5, "ranking": [["E1"], ["E2"], ["E3"]]},
                ],
            },
            {
                "matches": [
                    {"boards": 14, "home": "T1", "away": "T2", "home_imps": 12, "away_imps": 9}
                ]
            },
        ],
        "outright": {"tables": 7, "sessions": 2, "ranking": [["N1"], ["E2"], ["N3"]]},
    },
    "A red-point teams event (B4c)": {
        "rules": "ABF-2025",
        "grade": "B4c",
        "kind": "teams",
        "sessions": [
            {
                "boards": 14,
                "matches": [
                    {
                        "boards": 14,
                        "home": "Ash",
                        "away": "Birch",
                        "home_vps": 14.2,
                        "away_vps": 5.8,
                    },
                    {
                        "boards": 14,
                        "home": "Cedar",
                        "away": "Elm",
                        "home_vps": 9.1,
                        "away_vps": 10.9,
                    },
                ],
            },
            {
                "boards": 14,
                "matches": [
                    {"boards": 14, "home": "Ash", "away": "Elm", "home_vps": 11.5, "away_vps": 8.5},
                    {"boards": 14, "home": "Birch", "away": "Cedar", "home_vps": 16, "away_vps": 4},
                ],
            },
        ],
        "outright": {
            "tables": 4,
            "sessions": 2,
            "ranking": [["Ash"], ["Birch"], ["Elm"], ["Cedar"]],
        },
    },
}

GREEN, RED, GOLD, PRE_1982_RED = "green", "red", "gold", "pre_1982_red"

# (name, description) of the rank calculator's query parameters.
RANK_PARAMETERS: tuple[tuple[str, str], ...] = (
    (GREEN, "Lifetime green points, e.g. 123.45 (0 if none)."),
    (RED, "Lifetime red points as the player's record shows them (0 if none)."),
    (GOLD, "Lifetime gold points (0 if none)."),
    (
        PRE_1982_RED,
        "Red points won before 1982, shown apart on the player's record (1.8 notes): they are "
        "added to the red points, and also lower the red-and-gold and gold minimums of the "
        "Life and Grand ranks. Optional, 0 if left out.",
    ),
)

# More points than any player holds: a million points, as the registry's amounts are bounded.
MAX_POINTS = 100_000_000


def _points(query: Mapping[str, str], name: str, *, required: bool) -> int:
    text = query.get(name)
    if text is None or not str(text).strip():
        if required:
            raise RulesError(name, f"give the {_words(name)} (0 if none)")
        return 0
    try:
        hundredths = parse_points(str(text))
    except PointsError as error:
        raise RulesError(name, f"{_words(name)}: {error}") from None
    if hundredths > MAX_POINTS:
        raise RulesError(name, f"{_words(name)}: more than any player holds")
    return hundredths


def _words(name: str) -> str:
    return "pre-1982 red points" if name == PRE_1982_RED else f"{name} points"


def rank_calculator(query: Mapping[str, str]) -> dict[str, Any]:
    """A player's 1.8 rank, One Thousand Club membership (1.9) and what the next rank needs,
    from lifetime points by colour; a `RulesError` naming the parameter on bad input."""
    pre_1982 = _points(query, PRE_1982_RED, required=False)
    # 1.8 notes: the red points won before 1982 are kept apart from the ledger's red points
    # and shown apart on the player's record; they are red points all the same (NOTES.md).
    totals = Totals(
        green=_points(query, GREEN, required=True),
        red=_points(query, RED, required=True) + pre_1982,
        gold=_points(query, GOLD, required=True),
    )
    rank = rank_for(totals, pre_1982)
    following = next_rank(rank)
    return {
        "scheme": "abf",
        "points": {
            GREEN: points_text(totals.green),
            RED: points_text(totals.red - pre_1982),
            GOLD: points_text(totals.gold),
            "red_and_gold": points_text(totals.red_and_gold),
            "total": points_text(totals.total),
            PRE_1982_RED: points_text(pre_1982),
        },
        "rank": rank.name if rank else None,
        "rank_order": rank.order if rank else 0,
        "one_thousand_club": totals.total >= ONE_THOUSAND_CLUB,
        "one_thousand_club_needs": points_text(max(0, ONE_THOUSAND_CLUB - totals.total)),
        "next_rank": _next(following, totals, pre_1982) if following else None,
        "working": _working(rank, following, totals, pre_1982),
    }


def _minimums(rank: Rank) -> dict[str, str]:
    return {
        "total": points_text(rank.total),
        "red_and_gold": points_text(rank.red_and_gold),
        "gold": points_text(rank.gold),
    }


def _next(rank: Rank, totals: Totals, pre_1982: int) -> dict[str, Any]:
    # Rank.shortfall carries the total still needed in `green`, the red-and-gold in `red`.
    short = rank.shortfall(totals, pre_1982)
    return {
        "name": rank.name,
        "order": rank.order,
        "minimums": _minimums(rank),
        "needs": {
            "total": points_text(short.green),
            "red_and_gold": points_text(short.red),
            "gold": points_text(short.gold),
        },
    }


def _working(rank: Rank | None, following: Rank | None, totals: Totals, pre_1982: int) -> list:
    lines = [
        f"Lifetime points: {points_text(totals.total)} in all"
        + (f" (with {points_text(pre_1982)} red won before 1982)" if pre_1982 else "")
        + ", "
        f"{points_text(totals.red_and_gold)} red and gold, {points_text(totals.gold)} gold."
    ]
    if rank is None:
        lines.append("Below the 2 points of Graduate Master, the first rank (1.8).")
    else:
        lines.append(f"The highest rank whose every minimum is met is {rank.name} (1.8).")
    for step in (rank, following):
        if step is not None and pre_1982 and step.pre_1982_allowance:
            share = step.pre_1982_allowance * 100
            lines.append(
                f"For {step.name} the red-and-gold and gold minimums are lowered by "
                f"{share}% of the {points_text(pre_1982)} pre-1982 red points "
                "(never the total) (1.8 note)."
            )
    if following is not None:
        short = following.shortfall(totals, pre_1982)
        lines.append(
            f"Next: {following.name} needs {points_text(short.green)} more in all, "
            f"{points_text(short.red)} more red and gold, {points_text(short.gold)} more gold."
        )
    member = "a member" if totals.total >= ONE_THOUSAND_CLUB else "not yet a member"
    lines.append(f"1,000 points in all make the One Thousand Club; {member} (1.9).")
    return lines
