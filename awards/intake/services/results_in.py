"""Results in (App. E step 1): a scoring program's file (USEBIO XML or CSV) read, its awards
computed by the award engine, and checked as an upload; alone, or beside the club's own
credit file, which is then checked line by line against what the rules give.

The upload page and `POST /api/v1/results/check` both call `results_upload_check`."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction

from awards.calculator.sessions.by_player import awards_by_player
from awards.calculator.sessions.serializers import CalculatorRequestSerializer
from awards.errors import Problem, UploadRejected
from awards.intake.models import CreditUpload
from awards.intake.services.entry import credit_results_check
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.services.events import EventDetails
from awards.results import csv_results, usebio
from awards.results.common import ReadResults, ResultsFileError
from centre.errors import rules_error_path
from centre.models import User
from centre.schemes import current_scheme, number_name
from clubs.models import Club, CongressOrganiser
from players import abf_numbers
from players.models import Player
from scheme.abf import EventAwards, RulesError, compute_awards

RESULTS_EXTENSIONS = (".xml", ".csv")


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


def results_file_read(*, filename: str, content: bytes, kind: str = "") -> ReadResults:
    """USEBIO XML (.xml) or the README's CSV (.csv); every problem names its element or
    line, under `file` (or `kind` for a CSV that does not say)."""
    try:
        if filename.lower().endswith(".xml"):
            return usebio.read(content, max_bytes=settings.MAX_UPLOAD_FILE_BYTES)
        if not kind:
            raise UploadRejected(
                [Problem(0, "A CSV does not say: give pairs, teams or individual.", "kind")]
            )
        return csv_results.read(content, kind=kind, max_bytes=settings.MAX_UPLOAD_FILE_BYTES)
    except ResultsFileError as error:
        raise UploadRejected([Problem(0, problem, "file") for problem in error.problems]) from None


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
        return compute_awards(given.to_event())
    except RulesError as error:
        raise UploadRejected(
            [Problem(0, error.message, f"results.{rules_error_path(error)}")]
        ) from None


def _unregistered(read: ReadResults) -> None:
    """Every ABF number of the file must be a registered player's; named by its element."""
    numbers = {n for numbers in read.players.values() for n in numbers}
    known = set(Player.objects.filter(abf_number__in=numbers).values_list("abf_number", flat=True))
    missing = sorted(numbers - known, key=lambda n: read.where.get(n, ""))
    if missing:
        raise UploadRejected(
            [
                Problem(
                    0,
                    f"{read.where.get(n, 'file')}: {read.who(n)} is not a registered "
                    f"{number_name()}" + ("" if n in read.who(n) else f" ({n})"),
                    "file",
                )
                for n in missing
            ]
        )


# The fields a scheme's results request reads beside the file, named as the forms name them.
SCHEME_FIELDS = ("event", "grade")


def scheme_answer(request: Mapping[str, Any]) -> dict[str, Any]:
    """A scheme's calculator request computed by its engine and answered in its terms; a
    refusal names the request's field under `results.`."""
    scheme = current_scheme()
    if scheme.calculator_event is None or scheme.calculator_answer is None:
        raise UploadRejected(
            [Problem(0, f"The portal cannot work out the {scheme.name}'s awards.", "results")]
        )
    try:
        return scheme.calculator_answer(scheme.compute(scheme.calculator_event(request)))
    except RulesError as error:
        raise UploadRejected(
            [Problem(0, error.message, f"results.{rules_error_path(error)}")]
        ) from None


def scheme_player_awards(
    *, answer: Mapping[str, Any], players: Mapping[str, list[str]]
) -> list[dict[str, Any]]:
    """Each player's points of each kind the answer gives their contestant (in hundredths,
    none of nought), with the contestant that won them."""
    awarded = []
    for contestant in answer["contestants"]:
        for number in players.get(contestant["label"], []):
            for code, points in contestant["points"].items():
                hundredths = int(Decimal(str(points)) * 100)
                if hundredths > 0:
                    awarded.append(
                        {
                            "abf_number": abf_numbers.normalise(str(number)),
                            "contestant": contestant["label"],
                            "kind": code,
                            "points": hundredths,
                        }
                    )
    return awarded


def scheme_results_upload_check(
    *,
    by: User,
    filename: str,
    content: bytes,
    grade: str,
    scheme_event: str = "",
    kind: str = "",
    name: str = "",
    starts_on: date | None = None,
    ends_on: date | None = None,
    organiser: str = "",
    club: Club | None = None,
    session: int = 1,
) -> CreditUpload:
    """Results in under a scheme other than the ABF's: the file read as for the ABF, made
    the scheme's calculator request (`Scheme.results_request`, at the grade and the kind of
    event `scheme_event` names where the scheme asks for one: the ACBL's club games), its
    event computed by the scheme's own engine, and each player's points of every kind the
    event awards (NZ: a tournament's A or B points and its sessions' C points) kept as an
    upload for confirmation. Raises UploadRejected naming each problem; then nothing is
    stored."""
    scheme = current_scheme()
    if scheme.results_request is None:
        raise UploadRejected(
            [
                Problem(
                    0,
                    f"The portal cannot yet work out the {scheme.name}'s awards from a "
                    "results file: enter the event's awards on screen.",
                    "results",
                )
            ]
        )
    read = results_file_read(filename=filename, content=content, kind=kind)
    name = name or read.name
    starts_on = starts_on or read.date
    if not name or starts_on is None:
        raise UploadRejected(
            [Problem(0, "Give the event's name and the day it was played.", "name")]
        )
    try:
        request = scheme.results_request(
            read.request(grade=grade, kind=kind), grade=grade, event=scheme_event
        )
    except RulesError as error:
        # What the scheme asks beside the file (the ACBL's kind of club game) is its field.
        path = rules_error_path(error)
        raise UploadRejected(
            [Problem(0, error.message, path if path in SCHEME_FIELDS else f"results.{path}")]
        ) from None
    answer = scheme_answer(request)
    _unregistered(read)
    awarded = scheme_player_awards(answer=answer, players=read.players)
    rows = [(award["abf_number"], award["kind"], award["points"]) for award in awarded]
    if not rows:
        raise UploadRejected([Problem(0, "Nobody wins points in these results.", "results")])
    event = EventDetails(
        name=name[:160],
        starts_on=starts_on,
        ends_on=ends_on,
        grade=grade,
        kind=answer.get("kind") or kind or "pairs",
        sessions=max(1, len(request.get("sessions", []))),
        session=session,
        organiser=organiser,
        club=club,
    )
    with transaction.atomic():
        upload = credit_upload_check(
            by=by,
            filename=f"{filename.rsplit('.', 1)[0]}.results.json",
            content=json.dumps(rows).encode(),
            event=event,
            source=CreditUpload.Source.RESULTS,
            rows=rows,
        )
        upload.preview["results"] = {
            "format": read.format,
            "program": read.program,
            "awards": awarded,
            "working": list(answer.get("working", [])),
            "request": request,
        }
        upload.save(update_fields=["preview"])
    return upload


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
    _unregistered(read)
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


def scheme_event_upload_check(
    *,
    by: User,
    request: Mapping[str, Any],
    players: Mapping[str, list[str]],
    name: str,
    starts_on: date,
    ends_on: date | None = None,
    organiser: str = "",
    club: Club | None = None,
) -> CreditUpload:
    """From results to credits under a scheme other than the ABF's: an event as the scheme's
    calculator takes it (its own `rules`, grade or status, kind of event) and each
    contestant's players; each player's points of every kind, kept as an upload for
    confirmation through the same checks as a results file's."""
    scheme = current_scheme()
    answer = scheme_answer(request)
    grade = str(answer.get("grade") or "")
    if grade not in {known.code for known in scheme.grades}:
        raise UploadRejected(
            [Problem(0, f"{grade!r} is not a grade of the {scheme.name}.", "results.grade")]
        )
    awarded = scheme_player_awards(answer=answer, players=players)
    rows = [(award["abf_number"], award["kind"], award["points"]) for award in awarded]
    if not rows:
        raise UploadRejected([Problem(0, "Nobody wins points in these results.", "results")])
    kind = str(request.get("kind") or answer.get("kind") or "pairs")
    sessions = request.get("sessions")
    event = EventDetails(
        name=name[:160],
        starts_on=starts_on,
        ends_on=ends_on,
        grade=grade,
        kind=kind if kind in ("pairs", "teams", "individual") else "pairs",
        sessions=max(1, len(sessions) if isinstance(sessions, list) else 1),
        organiser=organiser,
        club=club,
    )
    with transaction.atomic():
        upload = credit_upload_check(
            by=by,
            filename="results.json",
            content=json.dumps(rows).encode(),
            event=event,
            source=CreditUpload.Source.RESULTS,
            rows=rows,
        )
        upload.preview["results"] = {
            "format": "JSON",
            "program": "",
            "awards": awarded,
            "working": list(answer.get("working", [])),
            "request": dict(request),
        }
        upload.save(update_fields=["preview"])
    return upload
