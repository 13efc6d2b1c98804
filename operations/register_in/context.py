"""What one run of the import carries from file to file: who runs it, whether it writes,
its report, and what each file said, for the files after it and the reconciliation."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Protocol

from centre.models import User
from operations.national_files import Field, ascii_text
from operations.register_in.report import FileReport, Report
from scheme.base import Scheme

# Lines handled at a time: one query for the chunk's players, one write of its rows.
CHUNK = 5000


class Progress(Protocol):
    """A progress bar: a file begins (its size in bytes), bytes are read, the file ends."""

    def start(self, label: str, total: int) -> None: ...
    def advance(self, count: int) -> None: ...
    def finish(self) -> None: ...


def progress_phase(run: Run, words: str) -> None:
    """Tell a progress bar that can say it what the file's step does now, once its lines are
    read (the history's matching and writing take a while at national size)."""
    phase = getattr(run.progress, "phase", None)
    if phase is not None:
        phase(words)


class NoProgress:
    def start(self, label: str, total: int) -> None:
        pass

    def advance(self, count: int) -> None:
        pass

    def finish(self) -> None:
        pass


@dataclass
class Run:
    scheme: Scheme
    by: User
    dry_run: bool
    # The moment of the run: every credit it writes is stamped with it.
    now: datetime
    report: Report = field(default_factory=Report)
    progress: Progress = field(default_factory=NoProgress)
    # What the files say, for the reconciliation: counts and sums by name.
    in_files: Counter = field(default_factory=Counter)
    # The numbers each file gave, for the files after it and the reconciliation.
    clubs: set[int] = field(default_factory=set)
    affiliated: set[int] | None = None
    clubs_created: set[int] = field(default_factory=set)
    players: dict[str, int] = field(default_factory=dict)  # number -> its line
    players_refused: set[str] = field(default_factory=set)
    lines_refused: set[int] = field(default_factory=set)  # of the players' file
    alternates: set[tuple[str, int]] = field(default_factory=set)
    pre82: set[str] = field(default_factory=set)
    events: set[int] = field(default_factory=set)
    deceased: set[str] = field(default_factory=set)
    # The history's numbers no player of the players' file has: deceased players (App. C 6).
    history_only: set[str] = field(default_factory=set)
    totals_players: set[str] = field(default_factory=set)
    # The point kinds the history gave, by state: (kind, "approved"/"provisional") -> points.
    history_points: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))
    # Whether anything was written (a real run that changed something).
    written: bool = False

    @property
    def writes(self) -> bool:
        """Whether a refused line stops the run (a real run) or the lines after it are still
        looked at as if the good lines were in (a dry run, rolled back at its end)."""
        return not self.dry_run

    def file(self, label: str) -> FileReport:
        return self.report.file(label)


def same_text(kept: str | None, read: str, field: Field, form: str) -> bool:
    """Whether a text the portal keeps is what a file says: a fixed-width file holds it with
    its accents folded and cut to the column (Zoë Ångström is Zoe Angstrom there)."""
    kept = kept or ""
    if form == "txt":
        return ascii_text(kept)[: field.width].strip() == read
    return " ".join(kept.split()) == " ".join(read.split())


def file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
