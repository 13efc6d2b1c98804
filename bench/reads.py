"""`make bench`'s public reads under load (bench/run.py): the portal served by gunicorn on the
production settings against the scratch database, wrk driving each read for a fixed time, and
the CPU each request takes in the portal's workers and in the database."""

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
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import national  # sets Django up (centre.settings_test) as it is imported
from django.utils import timezone

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
BIN = Path(sys.executable).parent
# The longest a single HTTP figure's load runs, however slow its answers.
MAX_SECONDS = 160
say = national.say


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
    """The portal under gunicorn on the production settings, on the scratch database; with a
    broker (`broker`, a Redis address) its reads queue their tasks there, as in production,
    for no worker: the run reads what they queued."""

    def __init__(
        self, *, database: str, workers: int, folder: Path, broker: str | None = None
    ) -> None:
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
        # /healthz checks the database, the cache when set, and the broker when there is one.
        self.env.pop("CELERY_BROKER_URL", None)
        self.env.pop("CELERY_RESULT_BACKEND", None)
        if broker:
            self.env["CELERY_BROKER_URL"] = broker
        self.workers = workers
        self.process: subprocess.Popen | None = None

    def collect_static(self) -> None:
        """The static files and their manifest, in the run's folder (BENCH_STATIC_ROOT)."""
        subprocess.run(  # noqa: S603
            [BIN / "python", "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=self.env,
            check=True,
        )

    def start(self) -> None:
        self.collect_static()
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
