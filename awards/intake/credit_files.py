"""Credit files (App. D), for a scheme with the CREDIT_FILES feature (the ABF's .grn, .red,
.gld, .rag and .mp? files; scheme.abf.credit_files): a file read into an upload's lines, rows
typed on screen kept as the credit file the secretary would have sent, and a results
upload's awards written as one (awards.intake.api.credit_files).

The whole module is the feature's: the upload check reads a file here only under a scheme
that has it (`credit_upload_check` asks `Scheme.has(CREDIT_FILES)` once), typed rows are
kept as a file only there, and the operations that check or write one are named in
centre.features.FEATURE_URLS ("upload-check", "upload-credit-file")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from awards.errors import AwardsError, Problem
from awards.intake.lines import CreditLine
from awards.intake.models import CreditUpload
from awards.ledger.models import grade_colour
from centre.schemes import current_scheme
from scheme.abf import credit_files


@dataclass
class CreditFileRead:
    """A credit file's lines, what is wrong with them (each naming its line), its extension
    and the one kind of point its name says (None: the event's, or red and green)."""

    credits: list[CreditLine]
    problems: list[Problem] = field(default_factory=list)
    extension: str = ""
    kind: str | None = None

    def kind_refusal(self, *, grade: str, kind: str) -> Problem | None:
        """A file whose name says another kind of point than the grade's is refused whole."""
        if self.kind is None or self.kind == kind:
            return None
        return Problem(
            0,
            f"This is a {self.kind} points file ({self.extension}), but grade {grade} earns "
            f"{kind} points.",
        )


def credit_file_read(filename: str, content: bytes) -> CreditFileRead:
    """The file as App. D reads it: every line that is not as App. D describes is a problem
    naming its line; the others are its credits."""
    parsed = credit_files.parse(filename, content)
    found = credit_files.line_format(filename)
    kinds = found[1] if found else ()
    return CreditFileRead(
        credits=[
            CreditLine(credit.line, credit.abf_number, credit.colour, credit.points)
            for credit in parsed.credits
        ],
        problems=[Problem(error.line, error.message) for error in parsed.errors],
        extension=parsed.extension,
        kind=kinds[0] if len(kinds) == 1 else None,
    )


def _grades() -> set[str]:
    return {grade.code for grade in current_scheme().grades}


def _extension(kind: str) -> str:
    """The extension of the credit file of one kind of point (App. D: .grn, .red, .gld)."""
    for fmt in current_scheme().credit_file_formats:
        if fmt.point_kinds == (kind,):
            return fmt.extension
    return ".grn"


def entries_credit_file(rows: list[tuple[str, int]], *, stem: str, grade: str) -> tuple[str, bytes]:
    """Rows typed on screen (App. E) as the credit file the secretary would have uploaded,
    of the grade's colour, and its name."""
    colour = grade_colour(grade) if grade in _grades() else "green"
    return f"{stem}{_extension(colour)}", credit_files.write(rows)


def awards_credit_file(upload: CreditUpload) -> tuple[bytes, str]:
    """The awards the rules give for an upload's results, as a credit file (App. D) and its
    name: `.grn`, `.red` or `.gld` by the event's colour, `.rag` for red with green."""
    if upload.source == CreditUpload.Source.RESULTS:
        lines = upload.preview.get("lines", [])
        awards = [(line["abf_number"], line["colour"], line["points"]) for line in lines]
    elif upload.preview.get("checked_against_results"):
        # The club's file was checked against the results: each player's points by the
        # rules are the file's, except where the preview lists a difference.
        given: dict[str, int] = {}
        for line in upload.preview.get("lines", []):
            given[line["abf_number"]] = given.get(line["abf_number"], 0) + line["points"]
        for difference in upload.preview.get("differences", []):
            given[difference["abf_number"]] = difference["expected"]
        grade = upload.event_details.get("grade", "")
        colour = grade_colour(grade) if grade in _grades() else "green"
        awards = [(number, colour, points) for number, points in given.items() if points]
    else:
        raise AwardsError("This upload is a credit file, not results: there are no awards to give.")
    colours = {colour for _, colour, _ in awards}
    stem = re.sub(r"[^A-Za-z0-9]+", "-", upload.event_details.get("name", "")).strip("-")
    stem = f"{stem[:40] or 'awards'}-{upload.pk}"
    if colours == {"red", "green"}:
        red: dict[str, int] = {}
        green: dict[str, int] = {}
        for number, colour, points in awards:
            target = red if colour == "red" else green
            target[number] = target.get(number, 0) + points
        content = "".join(
            f"{number}{red.get(number, 0):06d}{green.get(number, 0):06d}\r\n"
            for number in sorted({*red, *green})
        ).encode("ascii")
        return content, f"{stem}.rag"
    colour = colours.pop() if colours else "green"
    totals: dict[str, int] = {}
    for number, _, points in awards:
        totals[number] = totals.get(number, 0) + points
    return credit_files.write(sorted(totals.items())), f"{stem}{_extension(colour)}"
