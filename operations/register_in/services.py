"""`register_import`: a register's files into the portal, file by file, or a dry run of it.

The files are found in one directory by name (any case): App. F's national files under the
ABF (the fixed-width file, or its CSV alternative), the CSV layouts of `layouts` under another
scheme. They are read in the order of `layouts.STEPS`, each by its step.

A real run writes each file in one transaction: a file with a refused line is written not at
all, and the run stops there (what comes after depends on it); the files before it stay in,
and running again finds them unchanged and carries on. A dry run does all of it in one
transaction that is rolled back at the end, so it reports what every line would become,
each file read as if the good lines of the files before it were in, and writes nothing.

Once every file is in, the One Thousand Club gains the players whose totals reach it
(`thousand`, under a scheme with the club). At the end the reconciliation compares the files
with the portal, and the report and the reconciliation are kept as documents in the output
directory.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from awards.ledger.services.positions import positions_refresh
from centre.dates import moment_text
from centre.errors import DomainError
from centre.models import User
from centre.schemes import current_scheme
from operations.register_in.balances import totals_import
from operations.register_in.clubs import affiliated_import, clubs_import, clubs_numbers_affiliated
from operations.register_in.context import NoProgress, Progress, Run, file_size
from operations.register_in.events import events_import
from operations.register_in.history import history_import
from operations.register_in.layouts import (
    AFFILIATED,
    ALTERNATES,
    CLUBS,
    EVENTS,
    HISTORY,
    PLAYERS,
    PRE82,
    TOTALS,
    Source,
    sources,
)
from operations.register_in.lock import import_lock
from operations.register_in.players import alternates_import, players_import, pre82_import
from operations.register_in.reconcile import (
    Figure,
    reconciliation,
    reconciliation_pdf,
    reconciliation_text,
)
from operations.register_in.report import Report
from operations.register_in.thousand import one_thousand_club_fill
from scheme.base import Scheme

STEP_IMPORTS = {
    CLUBS: clubs_import,
    AFFILIATED: affiliated_import,
    PLAYERS: players_import,
    ALTERNATES: alternates_import,
    PRE82: pre82_import,
    EVENTS: events_import,
    HISTORY: history_import,
    TOTALS: totals_import,
}


@dataclass(frozen=True)
class Found:
    source: Source
    path: Path
    form: str


@dataclass
class ImportResult:
    dry_run: bool
    report: Report
    figures: list[Figure]
    # The file whose refused lines stopped a real run; empty when none did.
    stopped_at: str = ""
    documents: dict[str, Path] = field(default_factory=dict)

    @property
    def report_text(self) -> str:
        return self.report.text()

    @property
    def agrees(self) -> bool:
        return all(figure.agrees for figure in self.figures)

    @property
    def reconciliation_text(self) -> str:
        return reconciliation_text(self.figures, self.reconciliation_heading)

    @property
    def reconciliation_heading(self) -> str:
        return "Reconciliation" + (
            " (dry run: as the portal would hold them)" if self.dry_run else ""
        )


def register_files(directory: Path, scheme: Scheme) -> tuple[list[Found], list[str]]:
    """The files of the register in `directory` for each step, and what is passed over."""
    if not directory.is_dir():
        raise DomainError(f"{directory} is not a directory.")
    names = {path.name.lower(): path for path in directory.iterdir() if path.is_file()}
    found, used = [], set()
    for source in sources(scheme):
        candidates = [(source.name, source.form), *source.alternatives]
        present = [
            (names[name.lower()], form) for name, form in candidates if name.lower() in names
        ]
        if present:
            path, form = present[0]
            if path.name != source.name:
                # The report names the file read: national.csv, national.csv totals.
                label = source.label.replace(source.name, path.name)
                source = replace(source, name=path.name, label=label)
            found.append(Found(source, path, form))
            used.add(path.name.lower())
    notes = [
        f"{path.name} was not read: it is not a file of the register, or its other form "
        "was read instead"
        for name, path in sorted(names.items())
        if name not in used
    ]
    if not found:
        expected = ", ".join(dict.fromkeys(source.name for source in sources(scheme)))
        raise DomainError(f"There is no file of a register in {directory}: expected {expected}.")
    return found, notes


def register_import(
    *,
    directory: Path,
    by: User,
    dry_run: bool,
    progress: Progress | None = None,
    out: Path | None = None,
) -> ImportResult:
    """Import the register's files in `directory` (or, with `dry_run`, say what it would do
    and write nothing); the report and the reconciliation are kept in `out` (by default a
    folder of the directory named for the run)."""
    with import_lock() as held:
        if not held:
            raise DomainError(
                "Another register import is under way, from the page or the command: run this "
                "one once it is done."
            )
        return _register_import(
            directory=directory, by=by, dry_run=dry_run, progress=progress, out=out
        )


def _register_import(
    *, directory: Path, by: User, dry_run: bool, progress: Progress | None, out: Path | None
) -> ImportResult:
    scheme = current_scheme()
    found, notes = register_files(directory, scheme)
    run = Run(scheme=scheme, by=by, dry_run=dry_run, now=timezone.now())
    run.progress = progress or NoProgress()
    run.report.heading = [
        f"Register import{' (dry run: nothing was written)' if dry_run else ''} of {directory}",
        f"{scheme.name}; by {by.username}; {moment_text(run.now)}",
    ]
    run.report.notes += notes
    ahead = next((f for f in found if f.source.step == AFFILIATED), None)
    if ahead is not None:
        run.affiliated = clubs_numbers_affiliated(ahead.path, ahead.source, ahead.form)
    labels = {f.source.step: f.source.label for f in found}
    if dry_run:
        with transaction.atomic():
            stopped = _steps(run, found)
            if not stopped:
                one_thousand_club_fill(run)
            figures = reconciliation(run, labels)
            transaction.set_rollback(True)
    else:
        stopped = _steps(run, found)
        if not stopped:
            with transaction.atomic():
                one_thousand_club_fill(run)
        if run.written:
            # The national positions counted again now, not by the first reader (1.4.4).
            positions_refresh()
        figures = reconciliation(run, labels)
    result = ImportResult(dry_run=dry_run, report=run.report, figures=figures, stopped_at=stopped)
    if stopped:
        after = [
            f.source.label for f in found[[f.source.label for f in found].index(stopped) + 1 :]
        ]
        run.report.notes.append(
            f"The import stopped at {stopped}, which has refused lines. The files before it "
            "are in, and running the import again finds them unchanged"
            + (f"; not read: {', '.join(after)}." if after else ".")
        )
    result.documents = _documents_keep(result, out or _out_dir(directory, run))
    return result


def _steps(run: Run, found: list[Found]) -> str:
    """Each file in its own transaction; the label of the file that stopped a real run."""
    for item in found:
        report = run.file(item.source.label)
        run.progress.start(item.source.label, file_size(item.path))
        try:
            with transaction.atomic():
                STEP_IMPORTS[item.source.step](run, item.path, item.source, item.form)
                if run.writes and report.refused:
                    report.rolled_back = True
                    transaction.set_rollback(True)
        finally:
            run.progress.finish()
        if report.rolled_back:
            return item.source.label
    return ""


def _out_dir(directory: Path, run: Run) -> Path:
    stamp = timezone.localtime(run.now).strftime("%Y%m%d-%H%M%S")
    return directory / f"import-{stamp}{'-dry-run' if run.dry_run else ''}"


def _documents_keep(result: ImportResult, out: Path) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    documents = {
        "report": out / "report.txt",
        "reconciliation": out / "reconciliation.txt",
        "reconciliation_pdf": out / "reconciliation.pdf",
    }
    documents["report"].write_text(result.report_text, encoding="utf-8")
    heading = "\n".join(result.report.heading)
    documents["reconciliation"].write_text(
        f"{heading}\n\n{result.reconciliation_text}", encoding="utf-8"
    )
    documents["reconciliation_pdf"].write_bytes(
        reconciliation_pdf(result.figures, result.reconciliation_heading, result.report.heading)
    )
    return documents
