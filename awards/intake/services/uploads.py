"""Checking an upload (App. E, step 1): every line of a credit file, the event it is for and
its authorisation, before anything is credited."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from django.db import IntegrityError, connection, transaction
from django.db.models import BooleanField, Model
from django.db.models.expressions import RawSQL
from django.utils import timezone

from awards.authorisations.approvals.services import event_allowance_problems
from awards.errors import AwardsError, Problem, UploadRejected
from awards.intake import upload_keys
from awards.intake.credit_files import credit_file_read
from awards.intake.lines import CreditLine, typed_lines
from awards.intake.models import CreditUpload
from awards.intake.services.authorisation_check import authorisation_problems
from awards.intake.services.award_checks import award_lines_check
from awards.intake.services.repeats import intended_problems, repeat_problems, same_day_warnings
from awards.ledger.models import grade_colour
from awards.ledger.services.events import (
    EventDetails,
    event_organiser_resolve,
    event_problems,
    event_warnings,
)
from centre.dates import day_text
from centre.models import User
from centre.schemes import current_scheme, number_name, point_kind_codes, with_clause
from players import abf_numbers
from players.models import Player
from players.selectors.merges import kept_numbers_of
from scheme.base import AUTHORISATIONS, CREDIT_FILES
from scheme.core.points import points_text

# ABF numbers per query: well under SQLite's 32,766 parameters.
CHUNK = 5000


@dataclass
class _Checked:
    problems: list[Problem] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=lambda: dict.fromkeys(point_kind_codes(), 0))


def sha256_of(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def one_of_one_parameter(
    model: type[Model], field: str, values: list[str] | list[int], cast: str
) -> RawSQL:
    """PostgreSQL: the condition that `field` of `model` is one of `values`, for `filter()`,
    the values sent as one comma-separated text parameter: one short string to quote, however
    long the list, where an IN list of parameters or an array is quoted value by value. For
    ABF numbers as read from a credit file (digits only) and ids.

    `= ANY(array)` rather than `IN (SELECT unnest(...))`: the planner then knows how many
    values there are, and reads a file's 20,000 players in one pass of the table with the
    values hashed, instead of guessing 200 and probing an index 20,000 times (a tenth of the
    time on the benchmark's register); for a few values it still probes the index."""
    quote = connection.ops.quote_name
    column = f"{quote(model._meta.db_table)}.{quote(model._meta.get_field(field).column)}"
    return RawSQL(  # noqa: S611 (the values are a parameter; the column and `cast` are names)
        f"{column} = ANY(CAST(string_to_array(%s, ',') AS {cast}[]))",
        (",".join(map(str, values)),),
        output_field=BooleanField(),
    )


class _Found(NamedTuple):
    """What the check needs of a player named in the file."""

    pk: int
    abf_number: str
    given_names: str
    family_name: str
    status: str
    home_club: int | None  # the home club's number


def _players_by_number(numbers: Iterable[str]) -> dict[str, _Found]:
    """The players of these ABF numbers, with their home club's number, read as plain rows.

    On PostgreSQL one query whatever the number of lines (the numbers go as one array);
    elsewhere one query per CHUNK numbers.
    """
    numbers = list(numbers)
    players = Player.objects.values_list(
        "id", "abf_number", "given_names", "family_name", "status", "home_club__number"
    ).order_by()
    if connection.vendor == "postgresql":
        batches = [players.filter(one_of_one_parameter(Player, "abf_number", numbers, "varchar"))]
    else:
        batches = [
            players.filter(abf_number__in=numbers[start : start + CHUNK])
            for start in range(0, len(numbers), CHUNK)
        ]
    return {row[1]: _Found(*row) for batch in batches for row in batch}


def _check_lines(
    *,
    credits: list[CreditLine],
    event_colour: str,
    filename: str,
    kinds: frozenset[str] = frozenset(),
) -> _Checked:
    """Each line's player and points; a line's kind must be the event's, or one of `kinds`
    when given (another scheme's results: a tournament's places and sessions may award
    different kinds)."""
    checked = _Checked()
    players = _players_by_number({c.abf_number for c in credits})
    deceased, inactive = str(Player.Status.DECEASED), str(Player.Status.INACTIVE)
    # Issue 25: a number retired by a merge is refused, pointing to the number kept.
    retired = kept_numbers_of(
        player_ids=[player.pk for player in players.values() if player.status == inactive]
    )
    bad_lines: set[int] = set()
    for credit in credits:
        colour = credit.colour or event_colour
        if colour != event_colour and colour not in kinds:
            checked.problems.append(
                Problem(
                    credit.line,
                    f"{credit.abf_number} is given {points_text(credit.points)} {colour} "
                    f"points, but this event's grade earns {event_colour} points; this "
                    f"upload may not issue {colour} points.",
                )
            )
            bad_lines.add(credit.line)
            continue
        player = players.get(credit.abf_number)
        if player is None:
            reason = abf_numbers.validation_error(credit.abf_number)
            name = number_name()
            message = (
                reason.replace(f" is not an {name}", f" is not a valid {name}")
                if reason
                else f"{credit.abf_number} is not a registered {name}."
            )
            checked.problems.append(Problem(credit.line, message))
            bad_lines.add(credit.line)
            continue
        if player.status == deceased:
            checked.problems.append(
                Problem(
                    credit.line,
                    f"{credit.abf_number} {player.given_names} {player.family_name} is "
                    f"recorded as deceased.",
                )
            )
            bad_lines.add(credit.line)
            continue
        if player.pk in retired:
            checked.problems.append(
                Problem(
                    credit.line,
                    f"{credit.abf_number} was merged into {retired[player.pk]}: give "
                    f"{retired[player.pk]}, the player's number now.",
                )
            )
            bad_lines.add(credit.line)
            continue
        warning = ""
        held = player.status == inactive
        if held:
            # 1.3.2: held, credited only if the player renews in time.
            warning = "inactive: held until the player is reactivated (1.3.2)"
            checked.warnings.append(
                f"Line {credit.line}: {credit.abf_number} {player.given_names} "
                f"{player.family_name} is inactive; the points are held (1.3.2)."
            )
        checked.totals[colour] = checked.totals.get(colour, 0) + credit.points
        checked.lines.append(
            {
                "line": credit.line,
                "player_id": player.pk,
                "abf_number": player.abf_number,
                "name": f"{player.given_names} {player.family_name}",
                "home_club": player.home_club,
                "colour": colour,
                "points": credit.points,
                "held": held,
                "warning": warning,
            }
        )
    return checked


def credit_upload_check(
    *,
    by: User,
    filename: str,
    content: bytes,
    event: EventDetails,
    authorisation_number: str = "",
    intended: bool = False,
    intended_reason: str = "",
    source: str = CreditUpload.Source.FILE,
    expected: dict[str, int] | None = None,
    rows: list[tuple[str, str, int]] | None = None,
    entries: list[tuple[str, int]] | None = None,
) -> CreditUpload:
    """App. E step 1: check every line and keep the upload, ready for confirmation.

    The lines are a credit file's (`content`, App. D, under a scheme with credit files), or
    come ready and `content` only records them: `entries`, rows typed on screen (ABF number,
    hundredths) of the grade's kind, or `rows`, another scheme's awards from results (ABF
    number, kind, hundredths).

    `expected` (ABF number -> hundredths), when the event's results came with the file, is
    what the award rules give; the preview then lists every line that differs from it.

    Credited once: an upload of an event, or of the same awards, already waiting or credited
    is refused with the first one (awards.intake.upload_keys), whatever route either came by; only
    centre staff credit one again on purpose (`intended`, with `intended_reason`), as a
    correction.

    Raises UploadRejected, listing every problem by line, when anything is wrong; then
    nothing is stored.
    """
    problems = event_problems(by=by, event=event)
    event_organiser_resolve(by=by, event=event)
    scheme = current_scheme()
    read = None
    credits: list[CreditLine] | None
    if rows is not None:
        # Another scheme's awards from results by its engine, each of its own kind.
        credits = [
            CreditLine(line, number, kind, points)
            for line, (number, kind, points) in enumerate(rows, start=1)
        ]
    elif entries is not None:
        # Typed on screen (CPAR, Sundry): each row of the grade's kind.
        credits, more = typed_lines(entries)
        problems += more
    elif scheme.has(CREDIT_FILES):
        # A credit file says its lines' colour by its extension (App. D).
        read = credit_file_read(filename, content)
        problems += read.problems
        credits = read.credits
    else:
        credits = None
    grades = {grade.code for grade in scheme.grades}
    event_colour = grade_colour(event.grade) if event.grade in grades else ""
    # 2.3, 2.7, 5.1, 6.2.1: the allowances the event must keep, and its approval.
    problems += event_allowance_problems(by=by, event=event)
    ceiling = None
    refusal = read.kind_refusal(grade=event.grade, kind=event_colour) if read else None
    if not event_colour:
        checked = _Checked()
    elif credits is None:
        problems.append(
            Problem(
                0,
                f"The {scheme.name} has no credit files: enter the event's awards on "
                "screen, or upload its results.",
            )
        )
        checked = _Checked()
    elif refusal is not None:
        problems.append(refusal)
        checked = _Checked()
    elif rows is not None:
        checked = _check_lines(
            credits=credits,
            event_colour=event_colour,
            filename=filename,
            kinds=frozenset(kind.code for kind in scheme.point_kinds),
        )
        problems += checked.problems
    else:
        # A line that does not say its kind is of the grade's; an award entered for a grade
        # paid in parts (ACBL: half black, half red...) is one credit a kind of the same row,
        # adding up to the award (Scheme.credit_parts).
        checked = _check_lines(
            credits=[
                part
                for credit in credits
                for part in (
                    [credit]
                    if credit.colour is not None
                    else [
                        replace(credit, colour=kind, points=points)
                        for kind, points in scheme.credit_parts(event.grade, credit.points).items()
                    ]
                )
            ],
            event_colour=event_colour,
            filename=filename,
            kinds=frozenset(scheme.credit_parts(event.grade, 1_00)),
        )
        problems += checked.problems
        # Each player's award held against the most the event, and any event of its grade,
        # can pay by the scheme's rules.
        more, ceiling = award_lines_check(
            by=by,
            lines=checked.lines,
            warnings=checked.warnings,
            event=event,
            expected=expected,
        )
        problems += more
    checked.warnings[:0] = event_warnings(event=event)
    # 7.5.1: the Centre's gold points wait for the Goldpoint Coordinator's approval.
    coordinator = by.is_centre_staff and scheme.coordinator_approval_needed(event.grade, event.name)
    if coordinator:
        checked.warnings.append(
            "These gold points wait for the Goldpoint Coordinator's approval; their "
            "month does not close until it is given (7.5.1)."
        )
    digest = sha256_of(content)
    details = event.as_json()
    key = upload_keys.event_key(details)
    fingerprint = upload_keys.lines_fingerprint(
        details, ((line["abf_number"], line["colour"], line["points"]) for line in checked.lines)
    )
    refused_intent = intended_problems(by=by, intended=intended, reason=intended_reason)
    if not intended or refused_intent:
        problems += repeat_problems(event=event, event_key=key, fingerprint=fingerprint)
    problems += refused_intent
    checked.warnings += same_day_warnings(event=event, lines=checked.lines)
    authorisation = None
    if scheme.has(AUTHORISATIONS) and event.grade in grades:
        authorisation, more = authorisation_problems(
            by=by, event=event, number=authorisation_number, red_total=checked.totals.get("red", 0)
        )
        problems += more
    if problems:
        raise UploadRejected(sorted(problems, key=lambda p: (p.line, p.field)))
    try:
        with transaction.atomic():
            return CreditUpload.objects.create(
                source=source,
                uploaded_by=by,
                club=event.club,
                state=event.state,
                filename=filename,
                content=content,
                sha256=digest,
                intended=intended,
                intended_reason=intended_reason.strip() if intended else "",
                event_key=key,
                fingerprint=fingerprint,
                event_details=details,
                authorisation=authorisation,
                coordinator_approval_needed=coordinator,
                preview={
                    "lines": checked.lines,
                    "warnings": checked.warnings,
                    "totals": checked.totals,
                    "differences": _differences(checked.lines, expected),
                    "checked_against_results": expected is not None,
                    "most": ceiling,
                },
                line_count=len({line["line"] for line in checked.lines}),
                totals=checked.totals,
            )
    except IntegrityError as exc:  # the same event checked twice at once
        raise UploadRejected(
            [
                Problem(
                    0,
                    "This event, or the same awards, was uploaded just now by another request; "
                    "see your uploads.",
                    "duplicate",
                )
            ]
        ) from exc


def _differences(lines: list[dict], expected: dict[str, int] | None) -> list[dict]:
    """Every line whose points differ from what the rules give, and every player missing."""
    if expected is None:
        return []
    given: dict[str, int] = {}
    for line in lines:
        given[line["abf_number"]] = given.get(line["abf_number"], 0) + line["points"]
    differences = [
        {
            "line": line["line"],
            "abf_number": line["abf_number"],
            "name": line["name"],
            "points": line["points"],
            "expected": expected.get(line["abf_number"], 0),
        }
        for line in lines
        if expected.get(line["abf_number"], 0) != given[line["abf_number"]]
    ]
    differences += [
        {"line": None, "abf_number": number, "name": "", "points": 0, "expected": points}
        for number, points in sorted(expected.items())
        if points and number not in given
    ]
    return differences


def credit_upload_coordinator_approve(*, upload: CreditUpload, by: User) -> CreditUpload:
    """7.5.1: the Goldpoint Coordinator approves the gold points staff credited; the month
    they were credited in may then close. Approved once; an approval is never taken back
    (a correction is an adjusting credit)."""
    if not by.is_gold_coordinator:
        raise AwardsError(
            with_clause("The Goldpoint Coordinator approves the Centre's gold points.", "7.5.1")
        )
    with transaction.atomic():
        upload = CreditUpload.objects.select_for_update().get(pk=upload.pk)
        if not upload.coordinator_approval_needed:
            raise AwardsError("This upload needs no approval of the Goldpoint Coordinator.")
        if upload.status != CreditUpload.Status.CREDITED:
            raise AwardsError(
                f"This upload is {upload.get_status_display().lower()}: approve it once it is "
                "credited."
            )
        if upload.coordinator_approved_at is not None:
            approved = day_text(upload.coordinator_approved_at)
            raise AwardsError(f"This upload was approved on {approved}.")
        upload.coordinator_approved_by = by
        upload.coordinator_approved_at = timezone.now()
        upload.save(update_fields=["coordinator_approved_by", "coordinator_approved_at"])
    return upload
