"""Awards typed on screen (CPAR, Sundry) or computed from results, checked as an upload."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.utils import timezone

from awards.entries.services.eligibility import entries_withheld
from awards.errors import Problem, UploadRejected
from awards.intake.credit_files import entries_credit_file
from awards.intake.lines import MAX_LINE_POINTS
from awards.intake.models import CreditUpload
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.services.events import EventDetails
from centre.models import User
from centre.schemes import current_scheme, number_name
from players import abf_numbers
from scheme.base import CREDIT_FILES


@dataclass
class Entry:
    """One credit typed on screen (CPAR or Sundry): an ABF number and points in hundredths."""

    abf_number: str
    points: int


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

    The entries are checked as a file's lines would be, each entry's line its row, and go to
    the same ledger. Under a scheme with credit files they are kept as the credit file the
    secretary would have uploaded (App. D); under another, as their rows. An event already
    credited from a file (or typed before) is refused as a file would be.
    """
    problems: list[Problem] = []
    rows: list[tuple[str, int]] = []
    lines: list[tuple[int, str]] = []
    for index, entry in enumerate(entries, start=1):
        number = abf_numbers.normalise(entry.abf_number)
        if not (number.isascii() and number.isdigit() and len(number) == 7):
            problems.append(Problem(index, f"{entry.abf_number!r} is not an {number_name()}."))
            continue
        if not 0 < entry.points <= MAX_LINE_POINTS:
            problems.append(Problem(index, f"{number}: points must be between 0.01 and 9999.99."))
            continue
        rows.append((number, entry.points))
        lines.append((index, number))
    # NZ, Issue of Master Points 6: a player above the Tournament's grade, or declared
    # ineligible by a club, receives no points; refused on their line (under a scheme that
    # grades its players).
    for line, message in entries_withheld(rows=lines, grade=event.grade, on=event.starts_on):
        problems.append(Problem(line, message))
    if not rows and not problems:
        problems.append(Problem(0, "Enter points for at least one player."))
    if problems:
        raise UploadRejected(problems)
    stem = f"{source}-{timezone.localtime().strftime('%Y%m%d-%H%M%S')}"
    if current_scheme().has(CREDIT_FILES):
        filename, content = entries_credit_file(rows, stem=stem, grade=event.grade)
    else:
        filename, content = f"{stem}.json", json.dumps(rows).encode()
    return credit_upload_check(
        by=by,
        filename=filename,
        content=content,
        event=event,
        authorisation_number=authorisation_number,
        intended=intended,
        intended_reason=intended_reason,
        source=source,
        entries=rows,
    )
