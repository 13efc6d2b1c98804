"""The import's report: what became (or would become) of each line of each file.

Every line is created, changed, unchanged or refused; a refused line says why, a changed one
what changed. Lines that are simply created or found unchanged are written as runs ("lines
1-39,812: created"), so the report of a register of 400,000 players stays readable; a line
that needs words has its own. A player whose lifetime totals already reach a rank above the
one the files give is listed apart (`LISTED`): the rank is kept, not promoted.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

CREATED = "created"
CHANGED = "changed"
UNCHANGED = "unchanged"
REFUSED = "refused"
LISTED = "listed"
OUTCOMES = (CREATED, CHANGED, UNCHANGED, REFUSED)

# The lines a file's report gives words to, at most; the rest are counted.
MOST_DETAILED = 20_000


@dataclass
class Entry:
    first: int
    last: int
    outcome: str
    detail: str = ""

    def text(self) -> str:
        where = (
            f"line {self.first:,}"
            if self.first == self.last
            else (f"lines {self.first:,}-{self.last:,}")
        )
        return f"{where}: {self.outcome}" + (f": {self.detail}" if self.detail else "")


@dataclass
class FileReport:
    label: str
    counts: Counter = field(default_factory=Counter)
    entries: list[Entry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    left_out: Counter = field(default_factory=Counter)
    # The file's writes were undone: it had refused lines and the run was a real one.
    rolled_back: bool = False

    def add(self, line: int, outcome: str, detail: str = "") -> None:
        """One line's outcome (LISTED is said of a line besides its outcome)."""
        if outcome != LISTED:
            self.counts[outcome] += 1
        self._entry(line, line, outcome, detail)

    def add_run(self, first: int, last: int, outcome: str, count: int) -> None:
        """Lines first to last (those of them in the file: `count`) with one outcome."""
        self.counts[outcome] += count
        self._entry(first, last, outcome, "")

    def _entry(self, first: int, last: int, outcome: str, detail: str) -> None:
        previous = self.entries[-1] if self.entries else None
        if (
            not detail
            and previous is not None
            and not previous.detail
            and previous.outcome == outcome
            and previous.last + 1 >= first
        ):
            previous.last = max(previous.last, last)
            return
        if detail and len(self.entries) >= MOST_DETAILED:
            self.left_out[outcome] += 1
            return
        self.entries.append(Entry(first, last, outcome, detail))

    @property
    def refused(self) -> int:
        return self.counts[REFUSED]

    @property
    def lines(self) -> int:
        return sum(self.counts[outcome] for outcome in OUTCOMES)

    def summary(self) -> str:
        parts = [f"{self.counts[o]:,} {o}" for o in OUTCOMES if self.counts[o]]
        if self.counts[LISTED]:
            parts.append(f"{self.counts[LISTED]:,} listed")
        return f"{self.label}: {self.lines:,} lines: {', '.join(parts) or 'none'}"

    def text_lines(self) -> list[str]:
        lines = [self.summary()]
        lines += [f"  {note}" for note in self.notes]
        lines += [f"  {entry.text()}" for entry in sorted(self.entries, key=lambda e: e.first)]
        for outcome, count in self.left_out.items():
            lines.append(f"  ... and {count:,} more lines {outcome}, not listed one by one")
        if self.rolled_back:
            lines.append(
                f"  Nothing of {self.label} was written: a file goes in whole or not at all. "
                "Correct the refused lines and run again."
            )
        return lines


@dataclass
class Report:
    heading: list[str] = field(default_factory=list)
    files: dict[str, FileReport] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def file(self, label: str) -> FileReport:
        if label not in self.files:
            self.files[label] = FileReport(label)
        return self.files[label]

    @property
    def refused(self) -> int:
        return sum(report.refused for report in self.files.values())

    def count(self, outcome: str) -> int:
        return sum(report.counts[outcome] for report in self.files.values())

    def summary_lines(self) -> list[str]:
        return [report.summary() for report in self.files.values()]

    def text(self) -> str:
        lines = list(self.heading)
        for report in self.files.values():
            lines += ["", *report.text_lines()]
        if self.notes:
            lines += ["", *self.notes]
        return "\n".join(lines) + "\n"
