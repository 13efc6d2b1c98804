"""Results in for a scheme whose events are typed session by session (`Scheme.calculator_sessions`,
the ABF's): a scoring program's file read into the calculator's request, computed by the award
engine with its working, each player's award given from their contestant's (4.4.4, 4.4.5), and
kept as an upload, alone or beside the club's own credit file, which is then checked line by
line against what the rules give; and an event's awards from the calculator as an upload.

Everything here is that scheme's: the upload page and the API ask the scheme once
(`calculator_sessions`) and come here only under it; another scheme's results are read by
awards.entries.services.results_in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from django.db import transaction

from awards.calculator.sessions.by_player import awards_by_player
from awards.calculator.sessions.serializers import CalculatorRequestSerializer
from awards.entries.services.entries import Entry, credit_entries_check
from awards.entries.services.results_in import results_file_read, unregistered_check
from awards.errors import Problem, UploadRejected
from awards.intake.models import CreditUpload
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.services.events import EventDetails
from awards.results.common import ReadResults
from centre.errors import rules_error_path
from centre.models import User
from centre.schemes import current_scheme
from clubs.models import Club, CongressOrganiser
from scheme.abf import EventAwards, RulesError


@dataclass
class ResultsChecked:
    """What a results file gave: the file read, the calculator's request, the awards by
    contestant and by player, the event, and the upload kept for confirmation."""

    read: ReadResults
    results: dict
    awards: EventAwards
    by_player: dict[str, int]
    event: EventDetails
    upload: CreditUpload

    def player_awards(self) -> list[dict]:
        """Each player's award by the rules, with the contestant that won it."""
        return [
            {
                "abf_number": number,
                "name": self.read.who(number),
                "contestant": label,
                "points": self.by_player.get(number, 0),
                "in_file": self.read.file_awards.get(label),
            }
            for label, numbers in self.read.players.items()
            for number in numbers
        ]


def _flattened(errors: object, path: str) -> list[Problem]:
    """A serializer's nested errors, one problem per message, named by its dotted path."""
    if isinstance(errors, dict):
        return [p for key, value in errors.items() for p in _flattened(value, f"{path}.{key}")]
    if isinstance(errors, list) and errors and all(isinstance(e, str) for e in errors):
        return [Problem(0, str(message), path) for message in errors]
    if isinstance(errors, list):
        return [
            p for index, value in enumerate(errors) for p in _flattened(value, f"{path}.{index}")
        ]
    return [Problem(0, str(errors), path)]


def results_awards(results: dict) -> EventAwards:
    """The calculator's request, computed by the award engine with its working."""
    given = CalculatorRequestSerializer(data=results)
    if not given.is_valid():
        raise UploadRejected(_flattened(given.errors, "results"))
    try:
        return current_scheme().compute_awards(given.to_event())
    except RulesError as error:
        raise UploadRejected(
            [Problem(0, error.message, f"results.{rules_error_path(error)}")]
        ) from None


def results_upload_check(
    *,
    by: User,
    filename: str,
    content: bytes,
    grade: str,
    kind: str = "",
    name: str = "",
    starts_on: date | None = None,
    ends_on: date | None = None,
    organiser: str = "",
    club: Club | None = None,
    congress_organiser: CongressOrganiser | None = None,
    congress_details: Mapping[str, Any] | None = None,
    authorisation_number: str = "",
    credit_filename: str = "",
    credit_content: bytes | None = None,
    intended: bool = False,
    intended_reason: str = "",
    session: int = 1,
    percentages: bool = False,
) -> ResultsChecked:
    """Read the results, compute every player's award and keep the upload (App. E step 1).

    Without `credit_content` the awards become the upload; with it, the upload is the
    club's file and its preview lists every line that differs from the awards. The
    preview keeps each player's award and the engine's working, and warns of what the
    reading passed over (a DIRECTOR placeholder) and of a file whose kind of point is not
    the grade's. `kind` is the CSV's (and overrides a USEBIO file's); `name` and
    `starts_on` default to the file's. With `percentages` the session awards follow each
    pair's score (4.2.2: the file's PERCENTAGE, a CSV's score).

    Raises UploadRejected naming each problem (the file's by its element or line); then
    nothing is stored.
    """
    read = results_file_read(filename=filename, content=content, kind=kind)
    name = name or read.name
    starts_on = starts_on or read.date
    missing = []
    if not name:
        missing.append(
            Problem(0, "The file has no EVENT_DESCRIPTION: give the event's name.", "name")
        )
    if starts_on is None:
        missing.append(
            Problem(0, "The file has no DATE: give the day the event was played.", "starts_on")
        )
    if missing:
        raise UploadRejected(missing)
    results = read.request(grade=grade, kind=kind, percentages=percentages)
    awards = results_awards(results)
    unregistered_check(read)
    credited = _credited(awards, read)
    event = EventDetails(
        name=name[:160],
        starts_on=starts_on,
        ends_on=ends_on,
        grade=awards.grade,
        kind=awards.kind.value,
        sessions=max(1, len(results["sessions"])),
        session=session,
        organiser=organiser,
        club=club,
        congress_organiser=congress_organiser,
        # 5.3: what the event was at its congress, checked as a credit file's.
        **(congress_details or {}),
    )
    by_player, problems = awards_by_player(awards=credited, players=read.players)
    if problems:
        raise UploadRejected(problems)
    with transaction.atomic():
        if credit_content is not None:
            upload = credit_upload_check(
                by=by,
                filename=credit_filename,
                content=credit_content,
                event=event,
                authorisation_number=authorisation_number,
                intended=intended,
                intended_reason=intended_reason,
                expected=by_player,
            )
        else:
            upload = credit_results_check(
                by=by,
                event=event,
                awards=credited,
                players=read.players,
                authorisation_number=authorisation_number,
                intended=intended,
                intended_reason=intended_reason,
            )
        checked = ResultsChecked(
            read=read,
            results=results,
            awards=awards,
            by_player=by_player,
            event=event,
            upload=upload,
        )
        # The preview shows each player's award by the rules and how it was worked out.
        upload.preview["results"] = {
            "format": read.format,
            "program": read.program,
            "awards": checked.player_awards(),
            "working": list(awards.working),
            "skipped": list(read.skipped),
        }
        upload.preview["warnings"] = [
            *upload.preview.get("warnings", []),
            *_reading_warnings(read, awards),
        ]
        upload.save(update_fields=["preview"])
    return checked


def _credited(awards: EventAwards, read: ReadResults) -> EventAwards:
    """The awards to credit: a contestant whose players were all placeholders (the director
    sitting in an individual) holds its place in the results, but has nobody to credit."""
    if not read.uncredited:
        return awards
    return replace(
        awards, contestants=tuple(c for c in awards.contestants if c.label not in read.uncredited)
    )


def _reading_warnings(read: ReadResults, awards: EventAwards) -> list[str]:
    """What the preview warns of the file: what was skipped, and a kind of point that is
    not the grade's (a RED file uploaded at grade E)."""
    warnings = [f"Skipped: {line}." for line in read.skipped]
    if read.point_type and read.point_type != awards.colour.value:
        warnings.append(
            f"The file says its points are {read.point_type.upper()} (MASTER_POINT_TYPE), but "
            f"grade {awards.grade} awards {awards.colour.value} points: check the grade."
        )
    return warnings


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
