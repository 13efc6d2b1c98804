"""Figures of `make bench` measured again on the register a run kept (`bench/run.py --keep`),
without building it again (about 20 minutes at 400,000 players): before and after a change,
in the same sitting, on the same data.

- `--reads`: the public reads under wrk beside /healthz, as bench/run.py measures them
  (bench/reads.py), on players picked with `--seed` (give each run its own, so that its
  players' records are not already in the cache from an earlier run);
- `--close`: a 20,000-line credit file checked and credited into the next open month, and
  that month closed, with its steps (bench/national.py's measure());
- `--rank-all`: every player ranked from an unranked register, then again with nothing to
  do (bench/national.py's measure_promotions()).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/masterpoints REDIS_URL=redis://... \\
        .venv/bin/python bench/again.py --reads --close --rank-all --seed 2

DATABASE_URL names the database the run was given: the register is its `bench_` scratch
database, which must exist (this never builds one, and touches no other).
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import tempfile
from pathlib import Path

import national  # sets Django up (centre.settings_test) as it is imported
from django.conf import settings
from django.db import connection
from reads import Portal, measure_reads, read_paths, wrk_command
from run import settle_writes

say = national.say


def scratch_database() -> str:
    """Point the connection at the kept scratch database, before it is first opened."""
    database = settings.DATABASES["default"]
    name = f"bench_{database['NAME']}"
    database["NAME"] = name
    connection.settings_dict["NAME"] = name
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM pg_database WHERE datname = %s", [name])
        if not cursor.fetchone()[0]:
            sys.exit(f"No database {name}: keep one with bench/run.py --keep first")
    return name


def kept_world() -> dict:
    """What bench/national.py's build() returned, read back from the register."""
    from centre.models import User
    from players.models import Player

    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE relname = 'awards_credit'")
        credits = cursor.fetchone()[0]
    return {
        "staff": User.objects.get(username="bench-staff"),
        "secretary": User.objects.get(username="bench-club"),
        "numbers": list(Player.objects.order_by("id").values_list("abf_number", flat=True)),
        "credits": credits,
    }


def close_again(world: dict, seed: int) -> int:
    """bench/national.py's measure(), its file's event another session of the day than any
    earlier run's (the same event's awards sent again are refused as already credited)."""
    from awards.ledger.services import events

    details = events.EventDetails
    events.EventDetails = functools.partial(details, session=2 + seed % 50)
    try:
        lines = national.measure(world, random.Random(seed))["file_lines"]
    finally:
        events.EventDetails = details
    steps = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in national.STEP_SECONDS.items())
    say(f"  the close's steps: {steps}")
    return lines


def reads_again(name: str, world: dict, args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    paths = read_paths(world, rng)
    if args.only:
        paths = {key: value for key, value in paths.items() if key in {"healthz", *args.only}}
    say(settle_writes())
    connection.close()
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        portal = Portal(database=name, workers=args.workers, folder=Path(folder))
        portal.start()
        try:
            reads, problems = measure_reads(portal, wrk_command(), paths, args, Path(folder))
        finally:
            portal.stop()
    health = reads["healthz"]
    for key, result in reads.items():
        say(
            f"  {key:<20} p95 {result['p95_us'] / 1000:7.1f} ms "
            f"({result['p95_us'] / health['p95_us']:.2f}x /healthz), "
            f"CPU worker {result.get('worker_cpu_ms', 0):.2f} + database "
            f"{result.get('database_cpu_ms', 0):.2f} ms"
        )
    for problem in problems:
        say(f"  {problem}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", action="store_true")
    parser.add_argument("--close", action="store_true")
    parser.add_argument("--rank-all", action="store_true")
    parser.add_argument("--only", nargs="*", help="the read figures to measure (and /healthz)")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("bench/again.py runs on PostgreSQL: set DATABASE_URL=postgres://...")
    name = scratch_database()
    world = kept_world()
    say(f"{name}: {len(world['numbers']):,} players, about {world['credits']:,} credits")
    if args.close or args.rank_all:
        queued = national.hold_report_emails()
        lines = national.FILE_LINES
        if args.close:
            national.unranked()
            lines = close_again(world, args.seed)
        if args.rank_all:
            national.measure_promotions(queued, lines)
    if args.reads:
        reads_again(name, world, args)


if __name__ == "__main__":
    main()
