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
- the public reads under load (bench/reads.py): wrk, 20 connections for a fixed time,
  against gunicorn with 4 workers on the production settings (DEBUG off, the Redis cache when
  REDIS_URL is set, the API throttles raised), each next to /healthz measured the same way;
- with REDIS_URL, a read of each kind right after the positions and standings went stale,
  one request at a time, on the portal started again with the broker at REDIS_URL and no
  worker (`stale_read_ms`, the slowest, next to the slowest /healthz): what the reads queued
  is read off the broker, and the refreshes are run and timed as a worker would run them.

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
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import award_engine
import national  # sets Django up (centre.settings_test) as it is imported
from django.conf import settings
from django.db import DatabaseError, connection
from django.test.utils import setup_databases, teardown_databases
from reads import Portal, measure_reads, read_paths, wrk_command
from stale_reads import measure_stale_reads

BENCH = Path(__file__).resolve().parent
say = national.say

# The targets, printed beside each figure: each HTTP figure as a ratio to /healthz measured
# the same way in the same run, the operations in seconds (docs/scaling.md).
TARGETS = {
    "player_api_p95_ms": "<= 2x /healthz",
    "player_page_p95_ms": "<= 3x /healthz",
    "lookup_p95_ms": "<= 2.5x /healthz",
    "standings_ms": "<= 2x /healthz",
    "engine_ms": "< 6 ms",
    "intake_vs_copy": ">= 0.60",
    "month_close_s": "< 2 s",
    "rank_all_s": "< 5 s",
    # No public read counts positions or standings: it serves the last figures kept.
    "stale_read_ms": "< 200 ms, no count in the request",
}


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


def settle_writes() -> str:
    """What the operations above wrote settled as a running database settles it long before
    the next readers. Vacuumed, as autovacuum would have (a machine may run with it off): the
    close rewrites the counts of the positions, which every public record reads, and the
    ranking every player's row, so that a read of an index's columns alone visits the table
    again until the pages are known visible (at 400,000 players the player page 3.4x
    /healthz vacuumed, 4.4x not). Then its pages flushed, as the checkpointer would have:
    otherwise a read that misses the buffer cache first writes out the dirty page it evicts
    (at 400,000 players the player page's statement read 130-160 pages and wrote as many).
    Says the buffer cache's size, which decides how many of the reads' pages are found in
    it."""
    with connection.cursor() as cursor:
        cursor.execute("SHOW shared_buffers")
        buffers = cursor.fetchone()[0]
        cursor.execute("VACUUM (ANALYZE)")
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
        try:
            cursor.execute("CHECKPOINT")
        except DatabaseError:
            return (
                f"the database {size}, shared_buffers {buffers}, vacuumed "
                "(no CHECKPOINT: not allowed)"
            )
    return f"the database {size}, shared_buffers {buffers}, vacuumed and checkpointed"


# --- the run -------------------------------------------------------------------------------


def figures(engine: dict, operations: dict, reads: dict, stale: dict | None) -> dict[str, dict]:
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
        if out[name]["value"] is not None and out[name]["baseline"]:
            out[name]["ratio"] = round(out[name]["value"] / out[name]["baseline"], 2)
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
    if stale is not None:
        out["stale_read_ms"] = {
            "value": round(stale["value"], 2),
            "unit": "ms, slowest public read, the positions and standings stale "
            "(baseline: slowest /healthz)",
            "baseline": round(stale["baseline"], 2),
            "ratio": round(stale["value"] / stale["baseline"], 1),
            "by_read_ms": {name: round(ms, 2) for name, ms in stale["by_read"].items()},
            "current_by_read_ms": {
                name: round(ms, 2) for name, ms in stale["current_by_read"].items()
            },
            "reads_ms": {
                name: [round(ms, 2) for ms in times] for name, times in stale["reads_ms"].items()
            },
            "healthz_ms": [round(ms, 2) for ms in stale["healthz_ms"]],
            "queued": stale["queued"],
            "refresh_s": {name: round(s, 3) for name, s in stale["refresh_s"].items()},
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
    parser.add_argument(
        "--stale-rounds",
        type=int,
        default=5,
        help="rounds of reads right after the positions and standings went stale",
    )
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
        settled = settle_writes()
        connection.close()
        with tempfile.TemporaryDirectory(prefix="bench-") as folder:
            portal = Portal(database=scratch, workers=args.workers, folder=Path(folder))
            say("")
            say(
                f"Public reads: wrk, {args.connections} connections, {args.duration} s each "
                f"(after {args.warmup} s unmeasured), gunicorn with {args.workers} workers; "
                f"{settled}"
            )
            portal.start()
            reads, problems = measure_reads(portal, wrk, paths, args, Path(folder))
            portal.stop()
            stale = None
            if settings.REDIS_URL:
                # Again with a broker, as in production: a stale read queues its refresh.
                say("")
                say(
                    f"A read right after the positions and standings went stale: "
                    f"{args.stale_rounds} rounds, one request at a time, the broker at "
                    f"REDIS_URL and no worker"
                )
                portal = Portal(
                    database=scratch,
                    workers=args.workers,
                    folder=Path(folder),
                    broker=settings.REDIS_URL,
                )
                portal.start()
                try:
                    stale, stale_problems = measure_stale_reads(
                        portal, wrk, paths, args, Path(folder), broker=settings.REDIS_URL, rng=rng
                    )
                finally:
                    portal.stop()  # before its folder goes
                problems += stale_problems
            else:
                say("stale_read_ms needs REDIS_URL: the marks are read from a shared cache")
    finally:
        if portal is not None:
            portal.stop()
        if not args.keep:
            connection.close()
            teardown_databases(old, verbosity=0)

    results = figures(engine, operations, reads, stale)
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
        if "ratio" in figure:
            say(f"  {'':<20} {figure['ratio']:>11,}x of the baseline")
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
