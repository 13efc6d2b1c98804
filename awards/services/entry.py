"""On-screen entry (App. E): CPAR and Sundry rows, and an event's results with its
players' ABF numbers, each turned into the credit file they stand for and checked as one."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP

from django.utils import timezone

from awards.models import CreditUpload, grade_colour
from awards.services.errors import Problem, UploadRejected
from awards.services.events import EventDetails
from awards.services.uploads import credit_upload_check
from centre.models import User
from centre.schemes import number_name
from players import abf_numbers
from scheme.abf import EventAwards, credit_files
from scheme.abf.grades import ABF_GRADES
from scheme.core.points import points_text


@dataclass
class Entry:
    """One credit typed on screen (CPAR or Sundry): an ABF number and points in hundredths."""

    abf_number: str
    points: int


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


def credit_results_check(
    *,
    by: User,
    event: EventDetails,
    awards: EventAwards,
    players: dict[str, list[str]],
    authorisation_number: str = "",
    intended: bool = False,
    intended_reason: str = "",
) -> CreditUpload:
    """From results to credits: the award engine's awards become an upload (App. E step 1)."""
    by_player, problems = awards_by_player(awards=awards, players=players)
    if event.grade != awards.grade:
        problems.append(
            Problem(0, f"The results are of grade {awards.grade}, not {event.grade}.", "grade")
        )
    if problems:
        raise UploadRejected(problems)
    entries = [Entry(abf_number=number, points=points) for number, points in by_player.items()]
    return credit_entries_check(
        by=by,
        entries=entries,
        event=event,
        source=CreditUpload.Source.RESULTS,
        authorisation_number=authorisation_number,
        intended=intended,
        intended_reason=intended_reason,
    )


def credit_entries_check(
    *,
    by: User,
    entries: list[Entry],
    event: EventDetails,
    source: str,
    authorisation_number: str = "",
    intended: bool = False,
    intended_reason: str = "",
) -> CreditUpload:
    """App. E: CPAR and Sundry entry go through the same checks as a file.

    The entries become the credit file the secretary would have uploaded, so that the same
    parser, the same checks and the same ledger apply; each entry's line is its row. An
    event already credited from a file (or typed before) is refused as a file would be.
    """
    problems: list[Problem] = []
    rows: list[tuple[str, int]] = []
    for index, entry in enumerate(entries, start=1):
        number = abf_numbers.normalise(entry.abf_number)
        if not (number.isascii() and number.isdigit() and len(number) == 7):
            problems.append(Problem(index, f"{entry.abf_number!r} is not an {number_name()}."))
            continue
        if not 0 < entry.points <= credit_files.MAX_POINTS:
            problems.append(Problem(index, f"{number}: points must be between 0.01 and 9999.99."))
            continue
        rows.append((number, entry.points))
    if not rows and not problems:
        problems.append(Problem(0, "Enter points for at least one player."))
    if problems:
        raise UploadRejected(problems)
    colour_extension = {"green": ".grn", "red": ".red", "gold": ".gld"}
    # Under another scheme the file only carries the rows: its lines are of the grade's kind.
    extension = colour_extension.get(
        grade_colour(event.grade) if event.grade in ABF_GRADES else "green", ".grn"
    )
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
    return credit_upload_check(
        by=by,
        filename=f"{source}-{stamp}{extension}",
        content=credit_files.write(rows),
        event=event,
        authorisation_number=authorisation_number,
        intended=intended,
        intended_reason=intended_reason,
        source=source,
    )
