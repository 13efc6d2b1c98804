"""Uploads: App. E's two steps, kept until confirmed or cancelled."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize

from awards.errors import AwardsError, UploadRejected
from awards.intake.forms import CreditFileForm, EventDetailsForm
from awards.intake.limits import MAX_ERRORS_LISTED
from awards.intake.selectors import uploads_for, uploads_visible_to
from awards.intake.services.crediting import credit_upload_cancel, credit_upload_confirm
from awards.intake.titles import upload_title
from awards.ledger.services.events import grades_for, organisers_for
from centre.permissions import UPLOADERS, role_required
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
