"""Who receives the points entered, under a scheme that grades its players (NZ Bridge:
`Scheme.player_grading`; under any other scheme nothing here applies):

- Issue of Master Points 6: "No Player, Pair or Team who plays in a grade of Tournament lower
  than any Player's official status ... will receive Master Points", with 7(c): "The Player's
  partner must also be excluded";
- Issue of Master Points 6: "A Club has the right to declare a member ineligible to receive
  Master Points";
- Issue of Master Points 9: "The eligible Players must be awarded the same number of Master
  Points they would have received if all the place getters had been eligible."

Awards typed player by player (CPAR, Sundry, the API's entries) are refused on the line of
each such player, naming the player, the grade and the rule: the secretary leaves out their
lines, and their partner's or team mates' under rule 6. Awards worked out from results know
each contestant's players: a contestant with a player above the event's grade loses all its
points, a player declared ineligible their own; each is said on the upload (`withheld`),
and every other contestant keeps what the engine gave it (rule 9)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from centre.dates import day_text
from centre.schemes import current_scheme
from players.abf_numbers import normalise
from players.models import Player
from players.selectors.status import GradeInForce, grades_in_force, ineligible_in_force


@dataclass(frozen=True)
class Withheld:
    """Why a player receives nothing: the sentence, naming the player, grade and rule."""

    number: str
    message: str
    # The whole contestant loses its points (the grade restriction), not only the player.
    contestant: bool


def _grade_words(grade: GradeInForce) -> str:
    if grade.decision is not None:
        return f"graded {grade.grade} by decision of {current_scheme().body_name}"
    return f"graded {grade.grade} from 1 February {grade.year}"


def withheld_of(*, numbers: Iterable[str], grade: str, on: date) -> dict[str, Withheld]:
    """Each of the players numbered who receives no points at an event of `grade` played
    on `on`, with why; empty under a scheme without grades or for an event nobody is barred
    from."""
    grading = current_scheme().player_grading
    numbers = set(numbers)
    if grading is None or not numbers:
        return {}
    players = {p.abf_number: p for p in Player.objects.filter(abf_number__in=numbers)}
    by_pk = {p.pk: p for p in players.values()}
    grades = grades_in_force(players=by_pk, on=on)
    declared = ineligible_in_force(players=by_pk)
    withheld: dict[str, Withheld] = {}
    for number, player in players.items():
        in_force = grades.get(player.pk)
        why = grading.event_refusal(grade, in_force.grade) if in_force is not None else None
        if why is not None and in_force is not None:
            withheld[number] = Withheld(
                number,
                f"{number} {player.full_name} is {_grade_words(in_force)}: {why}.",
                contestant=True,
            )
            continue
        rows = declared.get(player.pk)
        if rows:
            row = rows[0]
            withheld[number] = Withheld(
                number,
                f"{number} {player.full_name} was declared ineligible to receive Master Points "
                f"by {row.club.name} on {day_text(row.at.date())}: enter no points for them "
                f"until the club withdraws it ({grading.ineligible_rule}).",
                contestant=False,
            )
    return withheld


def entries_withheld(
    *, rows: Sequence[tuple[int, str]], grade: str, on: date
) -> list[tuple[int, str]]:
    """Awards typed player by player: (line, message) of each line whose player receives no
    points, its rule named. `rows` are (line, number)."""
    withheld = withheld_of(numbers=[number for _, number in rows], grade=grade, on=on)
    return [(line, withheld[number].message) for line, number in rows if number in withheld]


def results_withheld(
    *, awarded: list[dict[str, Any]], players: Mapping[str, list[str]], grade: str, on: date
) -> tuple[list[dict[str, Any]], list[str]]:
    """Awards worked out from results (each with its number and contestant): those issued,
    and a sentence for each contestant or player who receives none. A contestant with a
    player barred by grade loses all its points (rule 6, 7(c)); a player declared ineligible
    their own; the others' are as the engine gave them (rule 9)."""
    numbers = {normalise(str(number)) for members in players.values() for number in members}
    numbers |= {award["abf_number"] for award in awarded}
    withheld = withheld_of(numbers=numbers, grade=grade, on=on)
    if not withheld:
        return awarded, []
    barred_contestants: dict[str, list[str]] = {}
    for label, members in players.items():
        for number in members:
            found = withheld.get(normalise(str(number)))
            if found is not None and found.contestant:
                barred_contestants.setdefault(label, []).append(found.message)
    barred_players = {number for number, found in withheld.items() if not found.contestant}
    kept = [
        award
        for award in awarded
        if award["contestant"] not in barred_contestants
        and award["abf_number"] not in barred_players
    ]
    messages = [
        f"{label}: no Master Points. {' '.join(reasons)}"
        for label, reasons in barred_contestants.items()
    ]
    messages += [
        withheld[number].message
        for number in sorted(barred_players)
        if any(award["abf_number"] == number for award in awarded)
    ]
    return kept, messages
