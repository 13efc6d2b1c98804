"""The staff's register import page: the register's files (the same files as
`manage.py import_register` reads), a dry run or the import, and its report."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from centre.errors import DomainError, form_add_error
from centre.permissions import staff_required
from centre.responses import file_response
from centre.schemes import current_scheme
from operations.register_in.forms import RegisterInForm
from operations.register_in.layouts import sources
from operations.register_in.report import CHANGED, LISTED, REFUSED
from operations.register_in.services import register_import

# The entries of the report the page shows; the whole report is a download.
SHOWN = 300
DOCUMENTS = {
    "report": "report.txt",
    "reconciliation": "reconciliation.txt",
    "reconciliation_pdf": "reconciliation.pdf",
}
RUN = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9]{6}")


def _runs() -> Path:
    return Path(settings.MEDIA_ROOT) / "register-in"


@staff_required
def register_in(request: HttpRequest) -> HttpResponse:
    """The register's files in, by the same import as the command; its report and
    reconciliation shown, and kept (with the files) in the media folder."""
    form = RegisterInForm(request.POST or None, request.FILES or None)
    context: dict[str, object] = {"form": form, "sources": sources(current_scheme())}
    if request.method == "POST" and form.is_valid():
        run = timezone.localtime().strftime("%Y%m%d-%H%M%S-%f")
        directory = _runs() / run
        directory.mkdir(parents=True)
        for upload in form.cleaned_data["files"]:
            name = Path(upload.name).name
            with (directory / name).open("wb") as out:
                for chunk in upload.chunks():
                    out.write(chunk)
        try:
            result = register_import(
                directory=directory,
                by=request.user,
                dry_run=form.cleaned_data["dry_run"],
                out=directory / "result",
            )
        except DomainError as error:
            form_add_error(form, error)
        else:
            entries = [
                (report.label, entry)
                for report in result.report.files.values()
                for entry in sorted(report.entries, key=lambda e: e.first)
                if entry.outcome in (REFUSED, CHANGED, LISTED)
            ]
            context.update(
                result=result, run=run, entries=entries[:SHOWN], more=len(entries) - SHOWN
            )
    return render(request, "operations/register_in.html", context)


@staff_required
def register_in_document(request: HttpRequest, run: str, name: str) -> HttpResponse:
    """A run's report or reconciliation, as kept."""
    if not RUN.fullmatch(run) or name not in DOCUMENTS:
        raise Http404("No such document.")
    path = _runs() / run / "result" / DOCUMENTS[name]
    if not path.is_file():
        raise Http404("No such document.")
    return file_response(path.read_bytes(), f"register-import-{run}-{DOCUMENTS[name]}")
