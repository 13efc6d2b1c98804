"""Switch-over day at national size (issue 29): the bench's register out in its national
files, into an empty portal, and out again.

In a scratch PostgreSQL database of its own (`bench_` and the name of DATABASE_URL's
database; created and dropped here, the named database is never touched) it builds the
national register with bench/national.py (40,000 players and 2,000,000 credits unless told),
writes its national files (App. F), empties every table, then times through the portal's own
`register_import`:

- the import of each file into the empty portal (lines per second), and all of them;
- the same import again, which finds every line in place and writes nothing;
- the national files written again, compared byte for byte with the first (the round trip).

It prints each figure, with the issue's target for 400,000 players ("minutes, not hours"),
and the reconciliation the import kept.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/masterpoints \\
        .venv/bin/python bench/register_in.py [--players 40000] [--credits 2000000] [--keep]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import national  # sets Django up (centre.settings_test) as it is imported
from django.core.management import call_command
from django.db import connection
from django.test.utils import setup_databases, teardown_databases

say = national.say
TARGET = "400,000 players in minutes, not hours"


class Timing:
    """The import's progress, kept as the seconds and bytes each file took."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.bytes: dict[str, int] = {}
        self._label = ""
        self._started = 0.0

    def start(self, label: str, total: int) -> None:
        self._label, self._started = label, time.perf_counter()
        self.bytes[label] = total

    def advance(self, count: int) -> None:
        pass

    def finish(self) -> None:
        self.seconds[self._label] = time.perf_counter() - self._started


def _lines(directory: Path) -> dict[str, int]:
    return {
        path.name: path.read_bytes().count(b"\n") for path in directory.iterdir() if path.is_file()
    }


def write_files(directory: Path) -> float:
    from centre.schemes import current_scheme
    from operations.register_in.layouts import register_write

    directory.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    register_write(directory, current_scheme())
    return time.perf_counter() - started


def empty_portal():
    """Every table emptied, as a new portal's on switch-over day, and its first staff login."""
    from centre.models import Role, User

    call_command("flush", interactive=False, verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return User.objects.create(username="switchover", role=Role.STAFF, is_staff=True)


PHASES: dict[str, float] = {}


def time_history_phases() -> None:
    """The history's phases timed as they run: the lines read and staged, checked and
    matched with the ledger, the credits and totals written (kept in PHASES, summed)."""
    from operations.register_in import history

    for name in (
        "_history_read",
        "_deceased_create",
        "_months_prepare",
        "_match",
        "_report_refusals",
        "_report_runs",
        "_credits_create",
    ):
        step = getattr(history, name)

        def timed(*args, _step=step, _name=name, **kwargs):
            started = time.perf_counter()
            try:
                return _step(*args, **kwargs)
            finally:
                PHASES[_name] = PHASES.get(_name, 0.0) + time.perf_counter() - started

        setattr(history, name, timed)


def measure(directory: Path, scratch: Path) -> dict:
    from operations.register_in.services import register_import

    lines = _lines(directory)
    staff = empty_portal()
    timing = Timing()
    started = time.perf_counter()
    result = register_import(
        directory=directory, by=staff, dry_run=False, progress=timing, out=scratch / "first"
    )
    total = time.perf_counter() - started
    first_phases = dict(PHASES)
    PHASES.clear()
    again_timing = Timing()
    started = time.perf_counter()
    again = register_import(
        directory=directory, by=staff, dry_run=False, progress=again_timing, out=scratch / "again"
    )
    again_s = time.perf_counter() - started
    out_s = write_files(scratch / "out-again")
    same = {
        name: (scratch / "out-again" / name).read_bytes() == (directory / name).read_bytes()
        for name in lines
    }

    say("")
    players = lines.get("NATIONAL.TXT", 0)
    say(f"Import of the register's national files into an empty portal ({players:,} players):")
    for label, seconds in timing.seconds.items():
        name = label.removesuffix(" totals")
        count = lines.get(name, 0)
        rate = f"{count / seconds:>10,.0f} lines/s" if seconds else ""
        say(f"  {label:<22} {count:>12,} lines {seconds:8.2f} s  {rate}")
    say(
        "    HISTORY.TXT by phase: "
        + ", ".join(f"{name.strip('_')} {seconds:.1f} s" for name, seconds in first_phases.items())
    )
    say(f"  all files, with the reconciliation   {total:8.2f} s  ({TARGET})")
    if players:
        minutes = total * 400_000 / players / 60
        say(f"  at this pace 400,000 players with their history take {minutes:.1f} min")
    say(
        f"  refused lines: {result.report.refused:,}; reconciliation: "
        f"{'every figure agrees' if result.agrees else 'FIGURES DIFFER'}"
    )
    say(
        f"  the same import again (nothing to write) {again_s:8.2f} s: "
        f"{again.report.count('created'):,} created, {again.report.count('changed'):,} changed"
    )
    say(
        f"  national files written again in {out_s:.2f} s: "
        + (
            "identical bytes, every file"
            if all(same.values())
            else "DIFFERENT: " + ", ".join(n for n, s in same.items() if not s)
        )
    )
    say("")
    say(result.reconciliation_text.rstrip())
    return {
        "import_s": total,
        "again_s": again_s,
        "per_file_s": timing.seconds,
        "players": players,
        "identical": all(same.values()),
        "agrees": result.agrees,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40_000)
    parser.add_argument("--credits", type=int, default=2_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("bench/register_in.py runs on PostgreSQL: set DATABASE_URL=postgres://...")
    from django.conf import settings

    database = settings.DATABASES["default"]
    database["TEST"]["NAME"] = f"bench_{database['NAME']}"
    say(f"Building a national database in {database['TEST']['NAME']}...")
    old = setup_databases(verbosity=0, interactive=False)
    try:
        national.build(args.players, args.credits, random.Random(args.seed))
        time_history_phases()
        with tempfile.TemporaryDirectory(prefix="register-in-") as scratch:
            files = Path(scratch) / "files"
            seconds = write_files(files)
            size = sum(path.stat().st_size for path in files.iterdir())
            say(f"  national files written in {seconds:.2f} s ({size / 1e6:,.1f} MB)")
            measure(files, Path(scratch))
    finally:
        if not args.keep:
            teardown_databases(old, verbosity=0)


if __name__ == "__main__":
    main()
