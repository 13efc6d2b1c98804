"""The ACBL plan's rank calculator (GET /api/v1/ranks?scheme=acbl): the honor title a
player's lifetime points by colour reach, and what the next title still needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scheme.acbl.ranks import LADDER, Need, Title
from scheme.core.errors import RulesError
from scheme.core.points import PointsError, parse_points, points_text

RANK_COLOURS = ("black", "silver", "red", "gold", "platinum", "unpigmented")
ELIGIBLE_WIN = "eligible_win"
RANK_PARAMETERS: tuple[tuple[str, str], ...] = (
    *(
        (colour, f"Lifetime {colour} points, e.g. 123.45 (0 if left out).")
        for colour in RANK_COLOURS
    ),
    (
        ELIGIBLE_WIN,
        "Grand Life Master: 1 (or true) if the player has won an eligible event; 0 if not "
        "or left out.",
    ),
)
MAX_POINTS = 100_000_000
TRUE, FALSE = ("1", "true", "yes"), ("0", "false", "no", "")


def _points(query: Mapping[str, str], name: str) -> int:
    text = query.get(name)
    if text is None or not str(text).strip():
        return 0
    try:
        hundredths = parse_points(str(text))
    except PointsError as error:
        raise RulesError(name, f"{name} points: {error}") from None
    if hundredths > MAX_POINTS:
        raise RulesError(name, f"{name} points: more than any player holds")
    return hundredths


def _won(query: Mapping[str, str]) -> bool:
    text = str(query.get(ELIGIBLE_WIN, "")).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise RulesError(ELIGIBLE_WIN, "give 1 (true) or 0 (false)")


def _title_answer(title: Title, totals: Mapping[str, int], won: bool) -> dict[str, Any]:
    needs = LADDER.needs(title, totals, eligible_win=won)
    return {
        "name": title.name,
        "order": title.order,
        "total": points_text(title.total),
        "needs": {
            need.requirement: (
                points_text(need.hundredths)
                if need.requirement != "eligible win"
                else "a victory in an eligible event"
            )
            for need in needs
        },
    }


def _need_text(need: Need) -> str:
    if need.requirement == "eligible win":
        return "a victory in an eligible event"
    if need.requirement == "total":
        return f"{points_text(need.hundredths)} more in all"
    return f"{points_text(need.hundredths)} more {need.requirement} points"


def rank_calculator(query: Mapping[str, str]) -> dict[str, Any]:
    """The honor title the points reach and what the next title needs."""
    totals = {colour: _points(query, colour) for colour in RANK_COLOURS}
    won = _won(query)
    title = LADDER.rank_for(totals, eligible_win=won)
    following = LADDER.next_title(title)
    lines = [
        "Points: "
        + ", ".join(f"{points_text(totals[c])} {c}" for c in RANK_COLOURS if totals[c])
        + f"; {points_text(sum(totals.values()))} in all."
        if any(totals.values())
        else "No points yet.",
        f"Requirements: {LADDER.name}, as the ACBL publishes them ({LADDER.source}).",
    ]
    if title is not None:
        lines.append(f"The highest title whose every requirement is met: {title.name}.")
    if following is not None:
        needs = LADDER.needs(following, totals, eligible_win=won)
        lines.append(f"Next: {following.name} needs {'; '.join(map(_need_text, needs))}.")
    return {
        "scheme": "acbl",
        "points": {
            **{c: points_text(totals[c]) for c in RANK_COLOURS},
            "total": points_text(sum(totals.values())),
        },
        "rank": title.name if title else None,
        "rank_order": title.order if title else 0,
        "next_rank": _title_answer(following, totals, won) if following else None,
        "working": lines,
    }


__all__ = ["RANK_PARAMETERS", "rank_calculator"]
