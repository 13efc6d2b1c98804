"""The register import as a queued job: the staff's page keeps the files a run was sent, queues
the import (a Celery task, as the month close is queued) and follows it.

A run is a folder of the media folder (`register-in/<run>/`): the files as sent, and in its
`result/` folder the run's state as the worker writes it (`status.json`: queued, running with
the file being read and its bytes, done or failed), then what the page shows of the result
(`result.json`) beside the report and the reconciliation the import keeps. The web and the
workers share the media folder (docker-compose.yml), as they must for the files anyway.

One import runs at a time (on PostgreSQL a lock the database holds for the worker's
session, let go if the worker is lost): a second one queued waits for it and tries again.
A task handed out twice (a worker lost, acks late) finds its run done and does nothing, or
runs it again, which changes nothing (the import is idempotent by number).
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from pathlib import Path

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from centre.errors import DomainError
from centre.models import User
from centre.schemes import current_scheme
from operations.register_in.lock import import_lock
from operations.register_in.reconcile import Figure
from operations.register_in.report import CHANGED, LISTED, REFUSED
from operations.register_in.services import ImportResult, register_files, register_import

logger = logging.getLogger(__name__)

RUN = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9]{6}")
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
# The entries of the report the page shows; the whole report is a download.
SHOWN = 300
# Seconds between two writes of the progress while a file is read.
PROGRESS_EVERY = 0.5
# Seconds a second import waits for the one under way before it tries again.
WAIT = 30


def runs_dir() -> Path:
    return Path(settings.MEDIA_ROOT) / "register-in"


def run_dir(run: str) -> Path | None:
    """A run's folder, or None for a name that is no run's."""
    if not RUN.fullmatch(run):
        return None
    directory = runs_dir() / run
    return directory if directory.is_dir() else None


def run_new() -> tuple[str, Path]:
    run = timezone.localtime().strftime("%Y%m%d-%H%M%S-%f")
    directory = runs_dir() / run
    (directory / "result").mkdir(parents=True)
    return run, directory


def _write(path: Path, value: dict) -> None:
    # Written beside, then put in place: a reader never sees half a file.
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(value), encoding="utf-8")
    os.replace(partial, path)


def _read(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def status_of(directory: Path) -> dict:
    return _read(directory / "result" / "status.json") or {"state": QUEUED}


def status_write(directory: Path, **values: object) -> dict:
    status = {**status_of(directory), **values, "at": timezone.now().isoformat()}
    _write(directory / "result" / "status.json", status)
    return status


def result_of(directory: Path) -> dict | None:
    """What the page shows of a run done: the report's summaries, its lines that need words
    and the reconciliation's figures (as `Figure`s)."""
    result = _read(directory / "result" / "result.json")
    if result is not None:
        result["figures"] = [Figure(**figure) for figure in result["figures"]]
    return result


def _result_keep(directory: Path, result: ImportResult) -> None:
    entries = [
        {"label": report.label, **vars(entry)}
        for report in result.report.files.values()
        for entry in sorted(report.entries, key=lambda e: e.first)
        if entry.outcome in (REFUSED, CHANGED, LISTED)
    ]
    _write(
        directory / "result" / "result.json",
        {
            "dry_run": result.dry_run,
            "stopped_at": result.stopped_at,
            "agrees": result.agrees,
            "files": [
                {"summary": report.summary(), "notes": report.notes}
                for report in result.report.files.values()
            ],
            "notes": result.report.notes,
            "entries": entries[:SHOWN],
            "more": max(len(entries) - SHOWN, 0),
            "figures": [vars(figure) for figure in result.figures],
        },
    )


class FileProgress:
    """The import's progress, written to the run's status as it goes (twice a second at most):
    the file being read, its bytes read and its size, and the files done of all."""

    def __init__(self, directory: Path, files: int) -> None:
        self.directory, self.files, self.files_done = directory, files, 0
        self.label, self.done, self.total, self._written = "", 0, 0, 0.0
        self.words = ""

    def start(self, label: str, total: int) -> None:
        self.label, self.done, self.total, self.words = label, 0, total, ""
        self._write()

    def phase(self, words: str) -> None:
        """What the file's step does once its lines are read."""
        self.words, self.done = words, self.total
        self._write()

    def advance(self, count: int) -> None:
        self.done += count
        if time.monotonic() - self._written >= PROGRESS_EVERY:
            self._write()

    def finish(self) -> None:
        self.files_done += 1
        self.done = self.total
        self._write()

    def _write(self) -> None:
        self._written = time.monotonic()
        status_write(
            self.directory,
            state=RUNNING,
            label=self.label,
            done=self.done,
            total=self.total,
            files_done=self.files_done,
            files=self.files,
            phase=self.words,
        )


def import_queue(*, directory: Path, by: User, dry_run: bool) -> None:
    """The run queued, once the request's transaction (if any) commits."""
    status_write(directory, state=QUEUED, dry_run=dry_run, by=by.get_username())
    run, by_id = directory.name, by.pk
    transaction.on_commit(lambda: register_import_run.delay(run, by_id, dry_run))


def _files_count(directory: Path) -> int:
    """The files the import reads, as its steps do (NATIONAL.TXT twice: its players, then
    their totals); none when the folder holds no register's file (the import says why)."""
    try:
        return len(register_files(directory, current_scheme())[0])
    except DomainError:
        return 0


@shared_task(bind=True, max_retries=None)
def register_import_run(self, run: str, by_id: int, dry_run: bool) -> str:  # type: ignore[no-untyped-def]
    """Run a queued register import; its state and result kept in its folder."""
    directory = run_dir(run)
    if directory is None:
        return "no such run"
    if status_of(directory).get("state") in (DONE, FAILED):
        return "done before"  # handed out again after it ended
    with import_lock() as held:
        if not held:
            status_write(directory, state=QUEUED, waiting=True)
            raise self.retry(countdown=WAIT)
        status_write(directory, state=RUNNING, waiting=False, started=timezone.now().isoformat())
        try:
            result = register_import(
                directory=directory,
                by=User.objects.get(pk=by_id),
                dry_run=dry_run,
                progress=FileProgress(directory, _files_count(directory)),
                out=directory / "result",
            )
        except DomainError as error:
            status_write(directory, state=FAILED, error=str(error))
            return FAILED
        except Exception as error:
            logger.exception("register import %s failed", run)
            status_write(
                directory,
                state=FAILED,
                error=f"The import stopped on an error, and nothing of the file it was reading "
                f"was written: {error}. Running it again carries on from there.",
            )
            return FAILED
        _result_keep(directory, result)
        status_write(directory, state=DONE)
    return DONE
