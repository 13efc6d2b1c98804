"""On-screen entry (App. E): CPAR and Sundry rows, checked as a credit file would be."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from awards import selectors
from awards.forms import EventDetailsForm
from awards.models import CreditUpload
from awards.services.entry import Entry, credit_entries_check
from awards.services.errors import Problem, UploadRejected
from awards.views.uploads import event_form, uploader_required
from centre.permissions import club_secretary_required
from scheme.core.points import PointsError, parse_points

SUNDRY_ROWS = 15


def _entries_check(
    request: HttpRequest, form: EventDetailsForm, rows: list[tuple[str, str]], source: str
) -> CreditUpload:
    """Turn typed rows into entries and run them through the checks of a file."""
    entries: list[Entry] = []
    problems: list[Problem] = []
    for index, (number, typed) in enumerate(rows, start=1):
        try:
            points = parse_points(typed)
        except PointsError:
            problems.append(Problem(index, f"{number}: {typed!r} is not a number of points."))
            continue
        entries.append(Entry(abf_number=number, points=points))
    if problems:
        raise UploadRejected(problems)
    return credit_entries_check(
        by=request.user,
        entries=entries,
        event=form.event_details(),
        source=source,
        authorisation_number=form.cleaned_data["authorisation_number"],
    )


def _entry_page(
    request: HttpRequest,
    *,
    source: str,
    template: str,
    typed_rows: Callable[[], list[tuple[str, str]]],
    context: dict,
) -> HttpResponse:
    """CPAR and Sundry: the event's details and typed rows, checked as a file would be."""
    problems: list[Problem] = []
    form = event_form(request, EventDetailsForm)
    if request.method == "POST" and form.is_valid():
        try:
            upload = _entries_check(request, form, typed_rows(), source)
        except UploadRejected as rejected:
            problems = rejected.problems
        else:
            return redirect("awards:upload", pk=upload.pk)
    return render(
        request,
        template,
        {"form": form, "problems": problems, "typed": request.POST, **context},
        status=400 if problems else 200,
    )


@club_secretary_required
def cpar(request: HttpRequest) -> HttpResponse:
    """App. E: the club's home members and alternates, each with a points box."""
    members = list(selectors.cpar_players(club=request.user.club))

    def typed_rows() -> list[tuple[str, str]]:
        rows = [(p.abf_number, request.POST.get(f"points-{p.abf_number}", "")) for p in members]
        return [(number, typed.strip()) for number, typed in rows if typed.strip()]

    return _entry_page(
        request,
        source=CreditUpload.Source.CPAR,
        template="awards/cpar.html",
        typed_rows=typed_rows,
        context={"members": members},
    )


@uploader_required
def sundry(request: HttpRequest) -> HttpResponse:
    """App. E: ABF numbers and points for anyone not on the CPAR page."""

    def typed_rows() -> list[tuple[str, str]]:
        rows = [
            (
                request.POST.get(f"abf-{i}", "").strip(),
                request.POST.get(f"points-{i}", "").strip(),
            )
            for i in range(1, SUNDRY_ROWS + 1)
        ]
        return [(number, typed) for number, typed in rows if number or typed]

    return _entry_page(
        request,
        source=CreditUpload.Source.SUNDRY,
        template="awards/sundry.html",
        typed_rows=typed_rows,
        context={"rows": range(1, SUNDRY_ROWS + 1)},
    )
