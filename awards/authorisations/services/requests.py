"""A club's request for a B4c or B5i authorisation number (2.6, 2.7; NSW guide B3, C3.3, D2).

The club sends its state secretary the event's results (the scoring program's USEBIO or CSV
file) and its credit file; the portal computes the awards the rules give for those results
and sets them beside the club's, line by line. The state secretary issues the number, with
the amount approved, through `authorisation_issue` (so its checks and the B4c warning all
apply), or refuses it with a reason. A request is decided once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from awards.authorisations import emails
from awards.authorisations.approvals.services import authorisation_allowance_check
from awards.authorisations.models import Authorisation, AuthorisationRequest
from awards.authorisations.services.numbers import authorisation_issue
from awards.calculator.sessions.by_player import awards_by_player
from awards.calculator.sessions.serializers import CalculatorRequestSerializer
from awards.errors import AwardsError, Problem, UploadRejected
from awards.results import csv_results, usebio
from awards.results.common import ReadResults, ResultsFileError
from centre.errors import rules_error_path
from centre.mail import email_after_commit
from centre.models import User
from players import abf_numbers
from players.models import Player
from scheme.abf import RulesError, compute_awards, credit_files

GRADES = AuthorisationRequest.GRADES
KINDS = ("pairs", "teams", "individual")


class RequestDecided(AwardsError):
    """The request has been decided already: a second decision is refused."""

    code = "conflict"
    status = 409


@dataclass
class RequestedEvent:
    """What the club says about the event; the name and date default to the file's."""

    grade: str
    name: str = ""
    starts_on: date | None = None
    ends_on: date | None = None
    sessions: int | None = None
    details: str = ""
    kind: str = ""  # needed for a CSV; a USEBIO file says it
    # 2.6: a B4c session at other times than the club's regular sessions.
    out_of_hours: bool = False


def authorisation_requests_for(*, user: User) -> QuerySet[AuthorisationRequest]:
    """The requests a login sees: a club secretary the club's, a state secretary the
    state's, staff all, anyone else none."""
    requests = AuthorisationRequest.objects.select_related(
        "club", "state", "authorisation", "requested_by", "decided_by"
    )
    if not user.is_authenticated:
        return requests.none()
    if user.is_centre_staff:
        return requests
    if user.is_club_secretary:
        return requests.filter(club_id=user.club_id)
    if user.is_state_secretary:
        return requests.filter(state_id=user.state_id)
    return requests.none()


def authorisation_request_for(*, user: User, pk: int) -> AuthorisationRequest:
    """One request the login may see; 404 otherwise, whether or not it exists."""
    found = authorisation_requests_for(user=user).filter(pk=pk).first()
    if found is None:
        raise Http404("No such request.")
    return found


def _read_results(*, filename: str, content: bytes, kind: str) -> ReadResults:
    limit = settings.MAX_UPLOAD_FILE_BYTES
    if len(content) > limit:
        raise AwardsError(
            "The results file is too large.",
            fields={"results_file": [f"A results file has at most {limit:,} bytes."]},
        )
    lower = filename.lower()
    try:
        if lower.endswith(".xml"):
            return usebio.read(content, max_bytes=limit)
        if lower.endswith(".csv"):
            if kind not in KINDS:
                raise AwardsError(
                    "A CSV does not say the kind of event.",
                    fields={"kind": ["Give pairs, teams or individual for a CSV."]},
                )
            return csv_results.read(content, kind=kind, max_bytes=limit)
    except ResultsFileError as error:
        raise UploadRejected([Problem(0, p, "results_file") for p in error.problems]) from None
    raise AwardsError(
        "Send the results as USEBIO XML (.xml) or CSV (.csv).",
        fields={"results_file": ["Send USEBIO XML (.xml) or CSV (.csv) results."]},
    )


def _club_points(*, filename: str, content: bytes) -> dict[str, int]:
    """The red points of each player in the club's credit file (App. D)."""
    if len(content) > settings.MAX_UPLOAD_FILE_BYTES:
        raise AwardsError(
            "The credit file is too large.",
            fields={
                "credit_file": [
                    f"A credit file has at most {settings.MAX_UPLOAD_FILE_BYTES:,} bytes."
                ]
            },
        )
    parsed = credit_files.parse(filename, content)
    problems = [
        Problem(0, f"line {e.line}: {e.message}" if e.line else e.message, "credit_file")
        for e in parsed.errors
    ]
    points: dict[str, int] = {}
    for line in parsed.credits:
        if line.colour != "red":
            problems.append(
                Problem(
                    0,
                    f"line {line.line}: {line.abf_number} is given {line.colour} points; "
                    f"B4c and B5i points are red.",
                    "credit_file",
                )
            )
            continue
        points[line.abf_number] = points.get(line.abf_number, 0) + line.points
    if problems:
        raise UploadRejected(problems)
    return points


def _compute(*, read: ReadResults, grade: str, kind: str) -> tuple[dict, list[str]]:
    """Each contestant's award by the rules, as the calculator gives it."""
    request = read.request(grade=grade, kind=kind)
    given = CalculatorRequestSerializer(data=request)
    if not given.is_valid():
        raise AwardsError(
            "The results cannot be worked out.",
            fields={"results_file": [f"{name}: {errors}" for name, errors in given.errors.items()]},
        )
    try:
        awards = compute_awards(given.to_event())
    except RulesError as error:
        raise AwardsError(
            error.message,
            fields={"results_file": [f"{rules_error_path(error)}: {error.message}"]},
        ) from None
    by_player, problems = awards_by_player(awards=awards, players=read.players)
    if problems:
        raise UploadRejected([Problem(0, p.message, "results_file") for p in problems])
    return by_player, list(awards.working)


def authorisation_request_compute(
    *, read: ReadResults, grade: str, kind: str, club_points: dict[str, int]
) -> dict:
    """The awards beside the club's file: one line a player, with the club's points, the
    rules' points and the difference; the totals; the working."""
    rules, working = _compute(read=read, grade=grade, kind=kind)
    contestant_of: dict[str, str] = {}
    for label, numbers in read.players.items():
        for raw in numbers:
            contestant_of.setdefault(abf_numbers.normalise(str(raw)), label)
    ordered = list(contestant_of) + [n for n in club_points if n not in contestant_of]
    known = {
        p.abf_number: p
        for p in Player.objects.filter(abf_number__in=ordered).only(
            "abf_number", "given_names", "family_name"
        )
    }
    unknown = [n for n in contestant_of if n not in known]
    if unknown:
        raise UploadRejected(
            [
                Problem(
                    0,
                    f"{read.where.get(n, 'file')}: {n} is not a registered ABF number",
                    "results_file",
                )
                for n in unknown
            ]
        )
    lines = []
    for number in ordered:
        player = known.get(number)
        by_rules = rules.get(number, 0)
        by_club = club_points.get(number, 0)
        if not by_rules and not by_club:
            continue
        lines.append(
            {
                "abf_number": number,
                "name": f"{player.given_names} {player.family_name}" if player else "",
                "contestant": contestant_of.get(number, ""),
                "club": by_club,
                "rules": by_rules,
                "difference": by_club - by_rules,
            }
        )
    return {
        "format": read.format,
        "program": read.program,
        "lines": lines,
        "club_total": sum(club_points.values()),
        "rules_total": sum(rules.values()),
        "differences": sum(1 for line in lines if line["difference"]),
        "working": working,
    }


def authorisation_request_create(
    *,
    by: User,
    event: RequestedEvent,
    results_filename: str,
    results_content: bytes,
    credit_filename: str,
    credit_content: bytes,
) -> AuthorisationRequest:
    """2.6, 2.7: a club secretary sends the state secretary the event's results and the
    club's credit file, asking for an authorisation number. Nothing is stored when the files
    or the details are wrong; the state secretary is emailed once it is stored."""
    if not by.is_club_secretary:
        raise AwardsError("Authorisation numbers are requested by a club's masterpoint secretary.")
    club = by.club
    if event.grade not in GRADES:
        raise AwardsError(
            f"Authorisation numbers are requested for grades B4c and B5i, not {event.grade}.",
            fields={"grade": ["Choose B4c or B5i."]},
        )
    if not club.state.requires_authorisation:
        raise AwardsError(
            f"{club.state.name} does not take part in the authorisation system (2.6): upload "
            "the credit file directly."
        )
    read = _read_results(filename=results_filename, content=results_content, kind=event.kind)
    club_points = _club_points(filename=credit_filename, content=credit_content)
    computed = authorisation_request_compute(
        read=read, grade=event.grade, kind=event.kind, club_points=club_points
    )
    name = (event.name or read.name or "").strip()[:160]
    starts_on = event.starts_on or read.date
    missing = {}
    if not name:
        missing["event_name"] = ["The file has no event name: give it."]
    if starts_on is None:
        missing["starts_on"] = ["The file has no date: give the day the event was played."]
    if missing:
        raise AwardsError("The event's details are missing.", fields=missing)
    ends_on = event.ends_on or starts_on
    if ends_on < starts_on:
        raise AwardsError(
            "The event cannot end before it starts.",
            fields={"ends_on": ["The last day is before the first."]},
        )
    sessions = event.sessions or max(1, len(read.sessions))
    # 2.7: a B5i event has one to four sessions.
    if event.grade == "B5i" and not 1 <= sessions <= 4:
        raise AwardsError(
            "A B5i event has one to four sessions (2.7).",
            fields={"sessions": ["A B5i event has one to four sessions (2.7)."]},
        )
    if event.out_of_hours and event.grade != "B4c":
        raise AwardsError(
            "Only B4c sessions are held at other times with the state's approval (2.6).",
            fields={"out_of_hours": ["Only a B4c session is held at other times (2.6)."]},
        )
    # 2.6, 2.7: the event's approval in the state's register, within the allowances.
    authorisation_allowance_check(
        club=club,
        grade=event.grade,
        starts_on=starts_on,
        sessions=sessions,
        out_of_hours=event.out_of_hours,
    )
    with transaction.atomic():
        request = AuthorisationRequest.objects.create(
            club=club,
            state=club.state,
            grade=event.grade,
            event_name=name,
            starts_on=starts_on,
            ends_on=ends_on,
            sessions=sessions,
            out_of_hours=event.out_of_hours,
            details=event.details.strip(),
            results_filename=_safe_name(results_filename),
            results_content=results_content,
            credit_filename=_safe_name(credit_filename),
            credit_content=credit_content,
            computed=computed,
            requested_by=by,
        )
        email_after_commit(emails.authorisation_request_email, request.pk)
    return request


def _safe_name(filename: str) -> str:
    """The file's name as it can be handed back in a download's header."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1]
    return re.sub(r"[^A-Za-z0-9._-]+", "_", base)[-100:] or "file"


def _decide(*, by: User, pk: int) -> AuthorisationRequest:
    """The request locked for its decision: only the state's secretary (or staff) decides,
    and only once."""
    if not (by.is_state_secretary or by.is_centre_staff):
        raise Http404("No such request.")
    request = authorisation_request_for(user=by, pk=pk)
    locked = AuthorisationRequest.objects.select_for_update().get(pk=request.pk)
    if locked.status != AuthorisationRequest.Status.REQUESTED:
        raise RequestDecided(
            f"This request was {locked.get_status_display().lower()} already; it is decided once."
        )
    return locked


def authorisation_request_issue(
    *, by: User, pk: int, amount: int
) -> tuple[AuthorisationRequest, Authorisation]:
    """2.6: issue the request's authorisation number with the amount approved, in hundredths
    of a red point. The club is emailed once it is committed."""
    with transaction.atomic():
        request = _decide(by=by, pk=pk)
        authorisation = authorisation_issue(
            by=by,
            club=request.club,
            event_name=request.event_name,
            grade=request.grade,
            amount=amount,
            starts_on=request.starts_on,
            sessions=request.sessions,
            out_of_hours=request.out_of_hours,
        )
        request.status = AuthorisationRequest.Status.ISSUED
        request.authorisation = authorisation
        request.decided_by = by
        request.decided_at = timezone.now()
        request.save(update_fields=["status", "authorisation", "decided_by", "decided_at"])
        email_after_commit(emails.authorisation_request_decided_email, request.pk)
    return request, authorisation


def authorisation_request_refuse(*, by: User, pk: int, reason: str) -> AuthorisationRequest:
    """Refuse the request, saying why; the club is emailed once it is committed."""
    reason = reason.strip()
    if not reason:
        raise AwardsError(
            "Say why the request is refused.",
            fields={"reason": ["Say why the request is refused."]},
        )
    with transaction.atomic():
        request = _decide(by=by, pk=pk)
        request.status = AuthorisationRequest.Status.REFUSED
        request.reason = reason
        request.decided_by = by
        request.decided_at = timezone.now()
        request.save(update_fields=["status", "reason", "decided_by", "decided_at"])
        email_after_commit(emails.authorisation_request_decided_email, request.pk)
    return request
