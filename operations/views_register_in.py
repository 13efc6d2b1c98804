"""The staff's register import page: the register's files (the same files as
`manage.py import_register` reads), a dry run or the import, queued for a worker; the run's
page follows its progress and shows its report and reconciliation when it is done."""

from __future__ import annotations

from pathlib import Path

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from centre.permissions import staff_required
from centre.responses import file_response
from centre.schemes import current_scheme
from operations.register_in.forms import RegisterInForm
from operations.register_in.layouts import sources
from operations.register_in.queued import (
    DONE,
    FAILED,
    import_queue,
    result_of,
    run_dir,
    run_new,
    status_of,
)

DOCUMENTS = {
    "report": "report.txt",
    "reconciliation": "reconciliation.txt",
    "reconciliation_pdf": "reconciliation.pdf",
}


@staff_required
def register_in(request: HttpRequest) -> HttpResponse:
    """The register's files in: kept in the media folder, and the import queued."""
    form = RegisterInForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        run, directory = run_new()
        for upload in form.cleaned_data["files"]:
            name = Path(upload.name).name
            if name in ("", ".", "..") or name.lower() == "result":
                continue  # no register's file, and the run's own folder bears the name
            with (directory / name).open("wb") as out:
                for chunk in upload.chunks():
                    out.write(chunk)
        import_queue(directory=directory, by=request.user, dry_run=form.cleaned_data["dry_run"])
        return redirect("operations:register_in_run", run=run)
    return render(
        request,
        "operations/register_in.html",
        {"form": form, "sources": sources(current_scheme())},
    )


def _run_context(run: str) -> dict[str, object]:
    directory = run_dir(run)
    if directory is None:
        raise Http404("No such import.")
    status = status_of(directory)
    total = status.get("total") or 0
    context: dict[str, object] = {
        "run": run,
        "status": status,
        "percent": int(100 * (status.get("done") or 0) / total) if total else 0,
        "following": status.get("state") not in (DONE, FAILED),
    }
    if status.get("state") == DONE:
        context["result"] = result_of(directory)
    return context


@staff_required
def register_in_run(request: HttpRequest, run: str) -> HttpResponse:
    """One import: its progress while a worker runs it, then its report and reconciliation."""
    return render(request, "operations/register_in_run.html", _run_context(run))


@staff_required
def register_in_progress(request: HttpRequest, run: str) -> HttpResponse:
    """The import's progress alone: the run's page asks for it (htmx) until it is done."""
    return render(request, "operations/_register_in_progress.html", _run_context(run))


@staff_required
def register_in_document(request: HttpRequest, run: str, name: str) -> HttpResponse:
    """A run's report or reconciliation, as kept."""
    directory = run_dir(run)
    if directory is None or name not in DOCUMENTS:
        raise Http404("No such document.")
    path = directory / "result" / DOCUMENTS[name]
    if not path.is_file():
        raise Http404("No such document.")
    return file_response(path.read_bytes(), f"register-import-{run}-{DOCUMENTS[name]}")
