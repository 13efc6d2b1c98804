"""Uploads: App. E's two steps, kept until confirmed or cancelled."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize

from awards.errors import AwardsError, Problem, UploadRejected
from awards.intake.forms import CreditFileForm, EventDetailsForm
from awards.intake.limits import MAX_ERRORS_LISTED
from awards.intake.models import CreditUpload
from awards.intake.selectors import uploads_for, uploads_visible_to
from awards.intake.services.crediting import credit_upload_cancel, credit_upload_confirm
from awards.intake.services.results_in import results_upload_check, scheme_results_upload_check
from awards.intake.services.uploads import credit_upload_check
from awards.intake.titles import upload_title
from awards.ledger.services.events import grades_for, organisers_for
from centre.permissions import UPLOADERS, role_required
from centre.schemes import current_scheme
from clubs.selectors import congress_organisers_for


def uploader_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page for the logins that issue points: an uploader's role, and some grade to issue
    (1.3.6: the Youth Coordinator's club login issues none)."""

    @role_required(*UPLOADERS)
    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not grades_for(by=request.user):
            raise PermissionDenied("This login issues no masterpoints.")
        return view(request, *args, **kwargs)

    return wrapped


PREVIEW_LINES = 1000


def event_form(request: HttpRequest, form_class: type[EventDetailsForm]) -> EventDetailsForm:
    """The event's details as this login may give them: its grades and its organisers."""
    options = {
        "grades": grades_for(by=request.user),
        "organisers": organisers_for(by=request.user),
        "congress_organisers": congress_organisers_for(user=request.user),
    }
    if issubclass(form_class, CreditFileForm):
        # Only centre staff credit an event again on purpose (a correction).
        options["corrections"] = request.user.is_centre_staff
    if request.method == "POST":
        return form_class(request.POST, request.FILES, **options)
    return form_class(**options)


def _upload_check(request: HttpRequest, form: CreditFileForm) -> CreditUpload:
    """The credit file alone, or the results file (with the credit file if it comes too)."""
    data = form.cleaned_data
    sent, results = data.get("file"), data["results"]
    if results is not None and not current_scheme().calculator_sessions:
        return scheme_results_upload_check(
            by=request.user,
            filename=results.name,
            content=results.read(),
            grade=data["grade"],
            scheme_event=data.get("event") or "",
            kind=data["kind"] if results.name.lower().endswith(".csv") else "",
            name=data["name"],
            starts_on=data["starts_on"],
            ends_on=data["ends_on"],
            organiser=data.get("organiser") or "",
            club=data.get("club_number"),
            session=data.get("session") or 1,
        )
    if results is None:
        return credit_upload_check(
            by=request.user,
            filename=sent.name,
            content=sent.read(),
            event=form.event_details(),
            authorisation_number=data.get("authorisation_number", ""),
            intended=data.get("intended", False),
            intended_reason=data.get("intended_reason", ""),
        )
    return results_upload_check(
        by=request.user,
        filename=results.name,
        content=results.read(),
        grade=data["grade"],
        # A USEBIO file says its kind; a CSV takes the form's.
        kind=data["kind"] if results.name.lower().endswith(".csv") else "",
        name=data["name"],
        starts_on=data["starts_on"],
        ends_on=data["ends_on"],
        organiser=data.get("organiser") or "",
        club=data.get("club_number"),
        congress_organiser=data.get("congress_organiser"),
        congress_details=form.congress_details(),
        authorisation_number=data.get("authorisation_number", ""),
        credit_filename=sent.name if sent else "",
        credit_content=sent.read() if sent else None,
        intended=data.get("intended", False),
        intended_reason=data.get("intended_reason", ""),
        session=data.get("session") or 1,
        percentages=data.get("percentages", False),
    ).upload


# Where a problem of the results on its own field goes on the form: the reader's under
# `file` (the API's name of the results file) are the results field's.
RESULTS_FIELDS = {
    "file": "results",
    "kind": "kind",
    "name": "name",
    "starts_on": "starts_on",
    # What a scheme's engine reads beside the file (results_in.SCHEME_FIELDS).
    "event": "event",
    "grade": "grade",
}


@uploader_required
def upload_new(request: HttpRequest) -> HttpResponse:
    """Step 1: the secretary sends a credit file, a results file or both, and the event's
    details; the portal checks."""
    problems: list[Problem] = []
    rejected_problems = False
    form = event_form(request, CreditFileForm)
    if request.method == "POST" and form.is_valid():
        try:
            upload = _upload_check(request, form)
        except UploadRejected as rejected:
            rejected_problems = True
            with_results = form.cleaned_data["results"] is not None
            # Every problem, by line, above the form (templates/awards/_problems.html); the
            # results file's under its field, naming the element or line.
            for problem in rejected.problems:
                field = RESULTS_FIELDS.get(problem.field) if with_results else None
                if field:
                    form.add_error(field, problem.message)
                elif with_results and problem.field.startswith("results."):
                    # The engine's refusal of what the file holds, named by where it is.
                    where = problem.field.removeprefix("results.")
                    form.add_error("results", f"{where}: {problem.message}")
                else:
                    problems.append(problem)
        else:
            return redirect("awards:upload", pk=upload.pk)
    waiting = uploads_for(user=request.user).filter(status=CreditUpload.Status.CHECKED)
    return render(
        request,
        "awards/upload_new.html",
        {"form": form, "problems": problems, "waiting": waiting},
        status=400 if rejected_problems else 200,
    )


@uploader_required
def uploads(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "awards/uploads.html",
        {"uploads": uploads_visible_to(user=request.user).order_by("-created_at")[:200]},
    )


def _above_most(lines: list[dict], warnings: list[str]) -> tuple[list[dict], list[str]]:
    """The lines above the most the event can pay, each with its short flag, and the
    warnings less their one sentence a line (award_checks: "Line 3: <player> is given ..."),
    which the page sums up in one line instead. A flagged line's own note keeps any other
    warning it has (award_checks adds the long one last)."""
    above = []
    for line in lines:
        if line.get("above"):
            parts = line.get("warning", "").rsplit("; ", 1)
            line["note"] = parts[0] if len(parts) > 1 else ""
            above.append(line)
    numbers = {line["line"] for line in above}
    kept = [
        warning
        for warning in warnings
        if not (
            " is given " in warning
            and warning.startswith("Line ")
            and warning[5:].split(":", 1)[0].isdigit()
            and int(warning[5:].split(":", 1)[0]) in numbers
        )
    ]
    return above, kept


@uploader_required
def upload_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The preview: each line's player, name, home club and points; totals; warnings."""
    upload = get_object_or_404(uploads_visible_to(user=request.user), pk=pk)
    lines = upload.preview.get("lines", [])
    above, warnings = _above_most(lines, upload.preview.get("warnings", []))
    return render(
        request,
        "awards/upload_detail.html",
        {
            "upload": upload,
            "lines": lines[:PREVIEW_LINES],
            "hidden_lines": max(0, len(lines) - PREVIEW_LINES),
            "warnings": warnings,
            "above": above,
            "above_lines": sorted({line["line"] for line in above}),
            "most": upload.preview.get("most"),
            "results": upload.preview.get("results"),
            # A state secretary reads the organisers' uploads; only their maker credits them.
            "can_act": uploads_for(user=request.user).filter(pk=upload.pk).exists(),
        },
    )


@uploader_required
def upload_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 2: credit every line at once, or none."""
    upload = get_object_or_404(uploads_for(user=request.user), pk=pk)
    if request.method != "POST":
        return redirect("awards:upload", pk=upload.pk)
    try:
        upload = credit_upload_confirm(
            upload=upload,
            by=request.user,
            above_most_checked=request.POST.get("above_most_checked") == "on",
        )
    except UploadRejected as rejected:
        for problem in rejected.problems[:MAX_ERRORS_LISTED]:
            messages.error(request, f"{problem.where}: {problem.message}")
        more = len(rejected.problems) - MAX_ERRORS_LISTED
        if more > 0:
            messages.error(request, f"and {more:,} more")
    except AwardsError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            f"Credited {upload.line_count} line{pluralize(upload.line_count)} to "
            f"{upload.period.label}; they are provisional until the month is closed.",
        )
    return redirect("awards:upload", pk=upload.pk)


@uploader_required
def upload_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    upload = get_object_or_404(uploads_for(user=request.user), pk=pk)
    if request.method == "POST":
        try:
            credit_upload_cancel(upload=upload, by=request.user)
        except AwardsError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"{upload_title(upload)} is cancelled; nothing was credited.")
    return redirect("awards:upload", pk=upload.pk)
