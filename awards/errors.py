"""The ledger's refusals: one domain error, and the upload's list of problems by line."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from centre.errors import DomainError, field_label


class AwardsError(DomainError):
    """A request the rules refuse; the message says why, for the person who asked."""


@dataclass(frozen=True)
class Problem:
    """One reason an upload cannot be credited: its line (0 for the whole file) and why."""

    line: int
    message: str
    field: str = ""
    # The earlier upload this one repeats (awards.intake.upload_keys), for a link to it.
    upload: int | None = None

    @property
    def where(self) -> str:
        """Where it is, in words for a message: "Line 12", "File", or the field's name in
        words ("Authorisation"); a page with the form names it by the form's label."""
        if self.field:
            return field_label(None, self.field)
        return f"Line {self.line}" if self.line else "File"

    @property
    def key(self) -> str:
        """Where the API files it: the field it concerns, `lines.12`, or `file`."""
        if self.field:
            return self.field
        return f"lines.{self.line}" if self.line else "file"


class UploadRejected(AwardsError):
    """The upload has errors; nothing was stored or credited."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        fields: dict[str, list[str]] = {}
        for problem in problems:
            fields.setdefault(problem.key, []).append(problem.message)
        super().__init__(
            f"The upload has {len(problems)} error(s); nothing was credited.",
            fields=fields,
            # The API's error shape links each earlier upload repeated to its address.
            links={
                problem.key: reverse("upload-detail", kwargs={"pk": problem.upload})
                for problem in problems
                if problem.upload is not None
            },
        )
