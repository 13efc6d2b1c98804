"""On-screen entry (App. E): CPAR and Sundry rows, checked as a credit file would be."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html

from awards.entries.forms import CparForm, EntryRowsForm, SundryForm
from awards.entries.services.entries import credit_entries_check
from awards.errors import UploadRejected
from awards.intake.forms import EventDetailsForm
from awards.intake.models import CreditUpload
from awards.intake.selectors import cpar_players
from awards.intake.views.uploads import event_form, uploader_required
from centre.errors import DomainError, form_add_error
from centre.permissions import club_secretary_required


def _problems_show(
    rejected: UploadRejected, *, form: EventDetailsForm, rows: EntryRowsForm
) -> None:
    """Each refusal where the page shows what it concerns: a row's on its row, an event's
    on its field, the rest above the rows."""
    about_event: dict[str, list[str]] = {}
    for problem in rejected.problems:
        if problem.line:
            rows.add_entry_error(problem.line, problem.message)
        elif problem.upload is not None:
            # An event already uploaded: the message, with a link to the first upload.
            rows.add_error(
                None,
                format_html(
                    '{} <a href="{}" data-first-upload>See upload {}</a>',
                    problem.message,
                    reverse("awards:upload", kwargs={"pk": problem.upload}),
                    problem.upload,
                ),
            )
        elif problem.field:
            about_event.setdefault(problem.field, []).append(problem.message)
        else:
            rows.add_error(None, problem.message)
    if about_event:
        form_add_error(form, DomainError(rejected.message, fields=about_event))


def _entry_page(
    request: HttpRequest, *, source: str, template: str, rows: EntryRowsForm, context: dict
) -> HttpResponse:
    """CPAR and Sundry: the event's details and typed rows, checked as a file would be."""
    form = event_form(request, EventDetailsForm)
    if request.method == "POST":
        event_valid, rows_valid = form.is_valid(), rows.is_valid()
        if event_valid and rows_valid:
            try:
                upload = credit_entries_check(
                    by=request.user,
                    entries=rows.entries(),
                    event=form.event_details(),
                    source=source,
                    authorisation_number=form.cleaned_data.get("authorisation_number", ""),
                )
            except UploadRejected as rejected:
                _problems_show(rejected, form=form, rows=rows)
            else:
                return redirect("awards:upload", pk=upload.pk)
    refused = bool(form.errors or rows.errors)
    return render(
        request,
        template,
        {"form": form, "rows": rows, "refused": refused, **context},
        status=400 if refused else 200,
    )


@club_secretary_required
@uploader_required
def cpar(request: HttpRequest) -> HttpResponse:
    """App. E: the club's home members and alternates, each with a points box."""
    members = list(cpar_players(club=request.user.club))
    data = request.POST if request.method == "POST" else None
    return _entry_page(
        request,
        source=CreditUpload.Source.CPAR,
        template="awards/cpar.html",
        rows=CparForm(data, members=members),
        context={"members": members},
    )


@uploader_required
def sundry(request: HttpRequest) -> HttpResponse:
    """App. E: ABF numbers and points for anyone not on the CPAR page."""
    data = request.POST if request.method == "POST" else None
    return _entry_page(
        request,
        source=CreditUpload.Source.SUNDRY,
        template="awards/sundry.html",
        rows=SundryForm(data),
        context={},
    )
