"""An event's computed awards as each player's award, from the contestants' players."""

from __future__ import annotations

from decimal import ROUND_HALF_UP

from awards.errors import Problem
from centre.schemes import number_name
from players import abf_numbers
from scheme.abf import EventAwards
from scheme.core.points import points_text


def awards_by_player(
    *, awards: EventAwards, players: dict[str, list[str]]
) -> tuple[dict[str, int], list[Problem]]:
    """Each player's award in hundredths, from each contestant's award and ABF numbers.

    Every member of a pair or team receives the contestant's award (the calculator gives it
    per player), unless the results gave the boards each played: then each player receives
    what the rules give that player (4.4.4, 4.4.5; `EventAwards.players`). A player listed
    for two contestants receives both.
    """
    problems: list[Problem] = []
    by_player: dict[str, int] = {}
    labels = set(awards.labels)
    own: dict[str, dict[str, int]] = {}
    for player in awards.players:
        hundredths = int((player.total * 100).to_integral_value(rounding=ROUND_HALF_UP))
        own.setdefault(player.contestant, {})[abf_numbers.normalise(player.label)] = hundredths
    for label in sorted(set(players) - labels):
        problems.append(
            Problem(0, f"{label} is not a contestant of the results.", f"players.{label}")
        )
    for contestant in awards.contestants:
        hundredths = int((contestant.total * 100).to_integral_value(rounding=ROUND_HALF_UP))
        numbers = players.get(contestant.label)
        if not numbers:
            if hundredths:
                problems.append(
                    Problem(
                        0,
                        f"{contestant.label} wins {points_text(hundredths)} points: give the "
                        f"{number_name()}s of its players.",
                        f"players.{contestant.label}",
                    )
                )
            continue
        for raw in numbers:
            number = abf_numbers.normalise(str(raw))
            points = own[contestant.label].get(number, 0) if contestant.label in own else hundredths
            if points:
                by_player[number] = by_player.get(number, 0) + points
    return by_player, problems
