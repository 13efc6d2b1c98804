"""`make bench`: every figure of the national benchmark in one run, each with its baseline.

In a scratch PostgreSQL database of its own (`bench_` and the name of DATABASE_URL's
database; created and dropped here, the named database is never touched) it builds the
national register with bench/national.py (40,000 players and 2,000,000 credits unless told),
then measures:

- the award engine on a 200 table x 10 session event (bench/award_engine.py), next to a
  bare loop over the same event;
- the check and credit of a 20,000-line credit file next to PostgreSQL's COPY of the same
  rows, the month close of those 20,000 credits with its promotions, and the ranking of every
  player (bench/national.py), next to COPY and to one SQL pass over every player's totals;
- the public reads under load: wrk, 20 connections for a fixed time, against gunicorn with 4
  workers on the production settings (DEBUG off, the Redis cache when REDIS_URL is set, the
  API throttles raised), each next to /healthz measured the same way.

It prints each figure beside its baseline and writes them to bench/results.json as
`{"name": {"value": ..., "unit": ..., "baseline": ...}}` (the HTTP figures also carry
`requests_per_s` and `baseline_requests_per_s`).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/masterpoints make bench
    BENCH_PLAYERS=400000 BENCH_CREDITS=20000000 make bench
    .venv/bin/python bench/run.py --players 40000 --credits 2000000 --duration 10
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import award_engine
import national  # sets Django up (centre.settings_test) as it is imported
from django.conf import settings
from django.db import connection
from django.test.utils import setup_databases, teardown_databases
from django.utils import timezone

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
BIN = Path(sys.executable).parent
# The longest a single HTTP figure's load runs, however slow its answers.
MAX_SECONDS = 160
say = national.say

# The targets, printed beside each figure.
TARGETS = {
    "player_api_p95_ms": "< 50 ms, > 300 req/s",
    "player_page_p95_ms": "< 80 ms",
    "lookup_p95_ms": "< 50 ms",
    "standings_ms": "< 100 ms",
    "engine_ms": "< 6 ms",
    "intake_vs_copy": ">= 0.60",
    "month_close_s": "< 2 s",
    "rank_all_s": "< 2 s",
}


def wrk_command() -> str:
    """wrk, installed from Debian's package when it is missing and we may."""
    found = shutil.which("wrk")
    if found:
        return found
    apt_get = shutil.which("apt-get")
    if apt_get and os.geteuid() == 0:
        say("wrk (the HTTP load generator) is missing: apt-get install -y wrk ...")
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        if subprocess.run([apt_get, "install", "-y", "wrk"], **quiet).returncode:  # noqa: S603
            subprocess.run([apt_get, "update"], **quiet)  # noqa: S603
            subprocess.run([apt_get, "install", "-y", "wrk"], **quiet)  # noqa: S603
        found = shutil.which("wrk")
        if found:
            return found
    sys.exit(
        "make bench needs wrk, the HTTP load generator. Install it and run again:\n"
        "  sudo apt-get install -y wrk     (Debian, Ubuntu)\n"
        "  brew install wrk                (macOS)"
    )


# --- the award engine ----------------------------------------------------------------------


def measure_engine(rounds: int) -> dict[str, float]:
    """bench/award_engine.py's measure(rounds), or the same event timed here when it has none."""
    measure = getattr(award_engine, "measure", None)
    if measure is not None:
        return measure(rounds)
    event = award_engine.build_event()
    award_engine.compute_awards(event)  # warm the caches of the exponentials
    best = baseline = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        award_engine.compute_awards(event)
        best = min(best, time.perf_counter() - started)
        # The bare loop: every place of every field and of the outright, touched once.
        started = time.perf_counter()
        count = 0
        for session in event.sessions:
            for field in session.fields:
                for place in field.ranking:
                    for _label in place:
                        count += 1
        for place in event.outright.ranking:
            for _label in place:
                count += 1
        baseline = min(baseline, time.perf_counter() - started)
    return {"engine_ms": best * 1000, "baseline_ms": baseline * 1000}


# --- the data set --------------------------------------------------------------------------


@contextmanager
def foreign_key_checks_skipped() -> Iterator[None]:
    """While the data set is built: no foreign key triggers on the COPY of the ledger (its rows
    are consistent by construction), when the database role may skip them; each checked row
    would otherwise take a share lock on its player, event, period and uploader."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('is_superuser') = 'on'")
        may = cursor.fetchone()[0]
        if may:
            cursor.execute("SET session_replication_role = replica")
    try:
        yield
    finally:
        if may:
            with connection.cursor() as cursor:
                cursor.execute("SET session_replication_role = DEFAULT")


# --- the ledger's operations (bench/national.py) -------------------------------------------


def measure_operations(world: dict, rng: random.Random) -> dict:
    queued = national.hold_report_emails()
    upload = national.measure(world, rng)
    ranking = national.measure_promotions(queued, upload["file_lines"])
    # The floor of any ranking: one SQL pass reading every player's approved totals.
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT player_id, kind, SUM(approved) FROM awards_playertotals "
            "GROUP BY player_id, kind"
        )
        cursor.fetchall()
    totals_pass = time.perf_counter() - started
    return {**upload, **ranking, "totals_pass_s": totals_pass}


# --- the public reads under load -----------------------------------------------------------


def scratch_database_url(name: str) -> str:
    parts = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def read_paths(world: dict, rng: random.Random) -> dict[str, list[str]]:
    """The paths each HTTP figure picks from at random."""
    from players.models import Player

    numbers = rng.sample(world["numbers"], min(len(world["numbers"]), 20_000))
    # Names that sort early and late in the name index: whole family names and their first
    # letters, alone and after the first letters of a given name.
    families = sorted(set(Player.objects.values_list("family_name", flat=True)))
    tail = max(1, len(families) // 20)
    chosen = families[:tail][:50] + families[-tail:][-50:]
    given = dict(
        Player.objects.filter(family_name__in=chosen)
        .order_by("family_name", "id")
        .values_list("family_name", "given_names")
    )
    fragments: list[str] = []
    for family in chosen:
        fragments += [family, family[: max(3, len(family) - 2)]]
        if given.get(family):
            fragments.append(f"{given[family][:3]} {family}")
    year = timezone.localdate().year
    return {
        "healthz": ["/healthz"],
        "player_api_p95_ms": [f"/api/v1/masterpoints/{number}" for number in numbers],
        "player_page_p95_ms": [f"/awards/players/{number}/" for number in numbers],
        "lookup_p95_ms": [
            f"/api/v1/masterpoints/lookup?q={urllib.parse.quote(fragment)}"
            for fragment in fragments
        ],
        "standings_ms": [f"/awards/standings/{year}/", f"/api/v1/standings/{year}"],
    }


class Portal:
    """The portal under gunicorn on the production settings, on the scratch database."""

    def __init__(self, *, database: str, workers: int, folder: Path) -> None:
        self.database = database
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / "gunicorn.log"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.settings",
            "BENCH_STATIC_ROOT": str(folder / "static"),
            "DATABASE_URL": scratch_database_url(database),
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DEBUG": "false",
            # Plain HTTP on the loopback, as behind the TLS proxy.
            "SECURE_SSL_REDIRECT": "false",
            # Throttling raised for the run: every request of the load must be served. Per
            # second: a throttle keeps the time of every request of its period and reads and
            # writes them all at each request, so a rate per minute would have each request
            # carry a minute of the load's history (thousands of entries, a millisecond of
            # CPU), where production's rates (120 a minute) keep a few dozen.
            "API_ANON_RATE": "100000000/s",
            "API_USER_RATE": "100000000/s",
            "API_CALCULATOR_RATE": "100000000/s",
            "LOG_LEVEL": "WARNING",
        }
        # The reads queue no task; /healthz checks the database, and the cache when set.
        self.env.pop("CELERY_BROKER_URL", None)
        self.env.pop("CELERY_RESULT_BACKEND", None)
        self.workers = workers
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        subprocess.run(  # noqa: S603
            [BIN / "python", "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=self.env,
            check=True,
        )
        self.process = subprocess.Popen(  # noqa: S603
            [
                BIN / "gunicorn",
                "centre.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--chdir",
                str(ROOT),
                "--error-logfile",
                str(self.log),
            ],
            cwd=ROOT,
            env=self.env,
            start_new_session=True,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            if self.get("/healthz") == 200:
                return
            time.sleep(0.5)
        self.stop()
        sys.stderr.write(self.log.read_text() if self.log.exists() else "")
        raise RuntimeError(f"gunicorn did not answer /healthz at {self.url}")

    def get(self, path: str) -> int:
        try:
            # The portal's own http:// address on the loopback.
            with urllib.request.urlopen(self.url + path, timeout=120) as response:  # noqa: S310
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            return 0

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def _cpu_ms(pids: list[int]) -> dict[int, float]:
    """The CPU time (user and system) each process has taken, in milliseconds; a process gone
    meanwhile is left out."""
    taken = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        taken[pid] = (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
    return taken


def _cpu_since(before: dict[int, float], after: dict[int, float]) -> float:
    """The CPU the processes took between the two readings: a process started meanwhile (a
    connection opened again once CONN_MAX_AGE has passed) counts all of its own; one that ended
    meanwhile (the connection it replaced) is not counted, so the figure may fall short of the
    CPU taken by that connection's part of the run, never below none."""
    return sum(taken - before.get(pid, 0.0) for pid, taken in after.items())


def _serving(portal: Portal) -> tuple[list[int], list[int]]:
    """The portal's gunicorn workers, and the database's server processes of the scratch
    database (its connections): whose CPU a request costs, apart from the load generator's and
    any other work on the machine. Linux only (/proc); elsewhere, none."""
    if portal.process is None or not Path("/proc").is_dir():
        return [], []
    workers, backends = [], []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(status[1]) == portal.process.pid:
            workers.append(int(entry.name))
        elif command.startswith("postgres") and f" {portal.database} " in command:
            backends.append(int(entry.name))
    return workers, backends


def wrk_run(
    wrk: str, url: str, paths: list[str], *, seconds: int, connections: int, folder: Path
) -> dict:
    listing = folder / "paths.txt"
    listing.write_text("\n".join(paths) + "\n")
    completed = subprocess.run(  # noqa: S603
        [
            wrk,
            "-t2",
            f"-c{connections}",
            f"-d{seconds}s",
            # Slow answers are measured, not dropped as timeouts (wrk's default is 2 s).
            "--timeout",
            "120s",
            "-s",
            str(BENCH / "wrk_paths.lua"),
            url,
            "--",
            str(listing),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in completed.stdout.splitlines():
        if line.startswith("WRK_JSON "):
            result = json.loads(line.removeprefix("WRK_JSON "))
            result["requests_per_s"] = result["requests"] / (result["duration_us"] / 1e6)
            result["errors"] = sum(
                result[key]
                for key in (
                    "status_errors",
                    "connect_errors",
                    "read_errors",
                    "write_errors",
                    "timeouts",
                )
            )
            return result
    raise RuntimeError(f"wrk printed no result:\n{completed.stdout}\n{completed.stderr}")


def measure_reads(
    portal: Portal, wrk: str, paths: dict[str, list[str]], args: argparse.Namespace, folder: Path
) -> tuple[dict[str, dict], list[str]]:
    results: dict[str, dict] = {}
    problems: list[str] = []
    for name, choices in paths.items():
        # Each kind of request must answer 200 before it is timed.
        for path in choices[:3]:
            status = portal.get(path)
            if status != 200:
                problems.append(f"{name}: GET {path} answered {status or 'nothing'}")
        if args.warmup:
            wrk_run(
                wrk,
                portal.url,
                choices,
                seconds=args.warmup,
                connections=args.connections,
                folder=folder,
            )
        seconds = args.duration
        while True:
            # Connections are kept: the warm-up opened every worker's.
            workers, backends = _serving(portal)
            before = (_cpu_ms(workers), _cpu_ms(backends))
            result = wrk_run(
                wrk,
                portal.url,
                choices,
                seconds=seconds,
                connections=args.connections,
                folder=folder,
            )
            if result["requests"] and workers:
                workers, backends = _serving(portal)
                taken = (
                    _cpu_since(before[0], _cpu_ms(workers)),
                    _cpu_since(before[1], _cpu_ms(backends)),
                )
                result["worker_cpu_ms"] = taken[0] / result["requests"]
                result["database_cpu_ms"] = taken[1] / result["requests"]
            # Answers slower than the run is long never complete inside it: run longer until
            # each connection has had two answers, so the percentiles count them.
            if result["requests"] >= 2 * args.connections or seconds >= MAX_SECONDS:
                break
            seconds = min(MAX_SECONDS, seconds * 4)
            say(f"  {name:<20} {result['requests']} answers: again for {seconds} s")
        result["seconds"] = seconds
        if not result["requests"]:
            problems.append(f"{name}: no answer within {seconds} s")
        if result["errors"]:
            problems.append(
                f"{name}: {result['errors']:,} of {result['requests']:,} requests failed "
                f"({result['status_errors']:,} answered 4xx/5xx, {result['timeouts']:,} "
                "timed out)"
            )
        results[name] = result
        cpu = ""
        if "worker_cpu_ms" in result:
            cpu = (
                f"  CPU a request: worker {result['worker_cpu_ms']:.2f} ms, "
                f"database {result['database_cpu_ms']:.2f} ms"
            )
        say(
            f"  {name:<20} p95 {result['p95_us'] / 1000:9.1f} ms  p50 "
            f"{result['p50_us'] / 1000:8.1f} ms  {result['requests_per_s']:8.1f} req/s  "
            f"({result['requests']:,} requests in {seconds} s){cpu}"
        )
    return results, problems


# --- the run -------------------------------------------------------------------------------


def figures(engine: dict, operations: dict, reads: dict) -> dict[str, dict]:
    lines = operations["file_lines"]
    copy_rate = lines / operations["copy_s"]
    intake_rate = lines / (operations["check_s"] + operations["credit_s"])
    health = reads["healthz"]
    out: dict[str, dict] = {}
    for name in ("player_api_p95_ms", "player_page_p95_ms", "lookup_p95_ms", "standings_ms"):
        out[name] = {
            # No answer at all within the longest run: no figure rather than 0 ms.
            "value": round(reads[name]["p95_us"] / 1000, 2) if reads[name]["requests"] else None,
            "unit": "ms, p95 latency",
            "baseline": round(health["p95_us"] / 1000, 2),
            "requests_per_s": round(reads[name]["requests_per_s"], 1),
            "baseline_requests_per_s": round(health["requests_per_s"], 1),
        }
        # What a request cost the portal's workers and the database, apart from the machine's
        # other load, beside /healthz's.
        for key in ("worker_cpu_ms", "database_cpu_ms"):
            if key in reads[name] and key in health:
                out[name][key] = round(reads[name][key], 3)
                out[name][f"baseline_{key}"] = round(health[key], 3)
    out["engine_ms"] = {
        "value": round(engine["engine_ms"], 3),
        "unit": "ms per event, 200 tables x 10 sessions",
        "baseline": round(engine["baseline_ms"], 3),
    }
    out["intake_vs_copy"] = {
        "value": round(intake_rate / copy_rate, 3),
        "unit": "ratio of check+credit rows/s to COPY rows/s (baseline: COPY rows/s)",
        "baseline": round(copy_rate),
    }
    out["month_close_s"] = {
        "value": round(operations["close_s"], 3),
        "unit": f"s, close of {lines:,} credits with promotions (baseline: COPY of them)",
        "baseline": round(operations["copy_s"], 3),
        # The close's own steps, timed as they ran (the positions within the standings').
        "steps_s": {
            name: round(seconds, 3) for name, seconds in operations["close_steps_s"].items()
        },
    }
    out["rank_all_s"] = {
        "value": round(operations["rank_all_s"], 3),
        "unit": "s, every player ranked (baseline: one SQL pass over every player's totals)",
        "baseline": round(operations["totals_pass_s"], 3),
    }
    return out


def shown(value: float | None) -> str:
    return "none" if value is None else f"{value:,}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    number = os.environ.get
    parser.add_argument("--players", type=int, default=int(number("BENCH_PLAYERS", 40_000)))
    parser.add_argument("--credits", type=int, default=int(number("BENCH_CREDITS", 2_000_000)))
    parser.add_argument(
        "--duration",
        type=int,
        default=int(number("BENCH_DURATION", 10)),
        help="seconds of load for each HTTP figure",
    )
    parser.add_argument(
        "--warmup",
        type=int,
        default=int(number("BENCH_WARMUP", 2)),
        help="seconds of load before each HTTP figure, not counted",
    )
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--engine-rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--output", type=Path, default=BENCH / "results.json")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("make bench runs on PostgreSQL: set DATABASE_URL=postgres://...")
    wrk = wrk_command()
    started = time.perf_counter()

    say(f"Award engine, best of {args.engine_rounds}...")
    engine = measure_engine(args.engine_rounds)
    say(f"  {engine['engine_ms']:.1f} ms per event (bare loop {engine['baseline_ms']:.3f} ms)")

    database = settings.DATABASES["default"]
    scratch = f"bench_{database['NAME']}"
    database["TEST"]["NAME"] = scratch
    rng = random.Random(args.seed)
    say(f"Building {args.players:,} players and {args.credits:,} credits in {scratch}...")
    # No serialized copy of the empty database: nothing here rolls back to it.
    old = setup_databases(verbosity=0, interactive=False, serialized_aliases=[])
    portal = None
    try:
        building = time.perf_counter()
        with foreign_key_checks_skipped():
            world = national.build(args.players, args.credits, rng)
        built = time.perf_counter() - building
        operations = measure_operations(world, rng)
        paths = read_paths(world, rng)
        connection.close()
        with tempfile.TemporaryDirectory(prefix="bench-") as folder:
            portal = Portal(database=scratch, workers=args.workers, folder=Path(folder))
            say("")
            say(
                f"Public reads: wrk, {args.connections} connections, {args.duration} s each "
                f"(after {args.warmup} s unmeasured), gunicorn with {args.workers} workers"
            )
            portal.start()
            reads, problems = measure_reads(portal, wrk, paths, args, Path(folder))
            portal.stop()
    finally:
        if portal is not None:
            portal.stop()
        if not args.keep:
            connection.close()
            teardown_databases(old, verbosity=0)

    results = figures(engine, operations, reads)
    args.output.write_text(json.dumps(results, indent=2) + "\n")
    say("")
    say(f"{args.players:,} players, {world['credits']:,} credits:")
    say(f"  {'figure':<20} {'value':>12} {'baseline':>12}  unit; target")
    for name, figure in results.items():
        say(
            f"  {name:<20} {shown(figure['value']):>12} {shown(figure['baseline']):>12}  "
            f"{figure['unit']}; target {TARGETS[name]}"
        )
        if "requests_per_s" in figure:
            say(
                f"  {'':<20} {figure['requests_per_s']:>8,} req/s "
                f"{figure['baseline_requests_per_s']:>8,} req/s"
            )
    total = time.perf_counter() - started
    say(f"Written to {args.output}; data set built in {built:.0f} s, all in {total:.0f} s")
    if problems:
        say("")
        say("Some requests did not answer 200; their figures are not to be trusted:")
        for problem in problems:
            say(f"  {problem}")
        sys.exit(1)


if __name__ == "__main__":
    main()
