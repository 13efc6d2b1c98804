"""The new upload page (App. E step 1): a credit file, a scoring program's results file or both,
with the event's details, checked and kept until confirmed."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from awards.entries.services.results_in import scheme_results_upload_check
from awards.entries.services.sessions import results_upload_check
from awards.errors import Problem, UploadRejected
from awards.intake.forms import CreditFileForm
from awards.intake.models import CreditUpload
from awards.intake.selectors import uploads_for
from awards.intake.services.uploads import credit_upload_check
from awards.intake.views.uploads import event_form, uploader_required
from centre.schemes import current_scheme


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
