"""Results in (App. E step 1): a scoring program's file (USEBIO XML or CSV) read, its awards
computed by the scheme's own engine (`Scheme.results_request`, `calculator_event`,
`calculator_answer`: NZ's, the ACBL's), each player's points of every kind kept as an upload
for confirmation; and an event as the scheme's calculator takes it, the same way.

The upload page and `POST /api/v1/results/check` call `scheme_results_upload_check`, and
`POST /api/v1/uploads/results` `scheme_event_upload_check`, under a scheme that reads its own
requests; a scheme whose events are typed session by session has its results read by
awards.entries.services.sessions. Both read the file here (`results_file_read`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction

from awards.entries.services.eligibility import results_withheld
from awards.errors import Problem, UploadRejected
from awards.intake.models import CreditUpload
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.services.events import EventDetails
from awards.results import csv_results, usebio
from awards.results.common import ReadResults, ResultsFileError
from centre.errors import rules_error_path
from centre.models import User
from centre.schemes import current_scheme, number_name
from clubs.models import Club
from players import abf_numbers
from players.models import Player
from scheme.core.errors import RulesError

RESULTS_EXTENSIONS = (".xml", ".csv")


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


def unregistered_check(read: ReadResults) -> None:
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
    unregistered_check(read)
    awarded = scheme_player_awards(answer=answer, players=read.players)
    # NZ, Issue of Master Points 6, 9: a pair or team with a player above the grade, or a
    # player declared ineligible, receives nothing; the others what the engine gave them.
    awarded, withheld = results_withheld(
        awarded=awarded, players=read.players, grade=grade, on=starts_on
    )
    rows = [(award["abf_number"], award["kind"], award["points"]) for award in awarded]
    if not rows:
        raise UploadRejected(
            [Problem(0, "Nobody wins points in these results.", "results")]
            + [Problem(0, message, "results") for message in withheld]
        )
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
            "withheld": withheld,
            "working": list(answer.get("working", [])),
            "request": request,
        }
        upload.preview["warnings"] = withheld + list(upload.preview.get("warnings", []))
        upload.save(update_fields=["preview"])
    return upload


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
    awarded, withheld = results_withheld(
        awarded=awarded, players=players, grade=grade, on=starts_on
    )
    rows = [(award["abf_number"], award["kind"], award["points"]) for award in awarded]
    if not rows:
        raise UploadRejected(
            [Problem(0, "Nobody wins points in these results.", "results")]
            + [Problem(0, message, "results") for message in withheld]
        )
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
            "withheld": withheld,
            "working": list(answer.get("working", [])),
            "request": dict(request),
        }
        upload.preview["warnings"] = withheld + list(upload.preview.get("warnings", []))
        upload.save(update_fields=["preview"])
    return upload
