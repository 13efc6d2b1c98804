"""The instructions each public read takes in a portal worker, beside /healthz's: a figure
that is the same within 1% from run to run whatever else the machine is doing, for comparing
a change with the code before it where the p95 latencies of `make bench` move by a fifth
between runs of the same code.

On the register a run kept (`bench/run.py --keep`), as bench/again.py reads it:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/masterpoints REDIS_URL=redis://... \\
        .venv/bin/python bench/instructions.py [--requests 40] [--only player_page_p95_ms]

Each read is served in one process on the production settings (bench/settings.py) by
Django's WSGI handler, without gunicorn, under valgrind's cachegrind counting instructions:
once with a warm-up alone and once with the warm-up and then the requests counted, the
difference divided by their number. The paths are bench/reads.py's, picked with `--seed`; the
players counted are not read in the warm-up and the cache is empty (a key prefix of the run's
own), so each page is built as its first reader builds it. The database's work is another
process's, not counted here; nor is the kernel's.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
WARM_UP = 60


def _serve(paths_file: str, count: int) -> None:
    """In the child, under valgrind: the warm-up, then `count` requests of the paths after it."""
    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler
    from django.test import RequestFactory

    paths = Path(paths_file).read_text().split("\n")
    handler, factory = WSGIHandler(), RequestFactory()
    statuses: list[str] = []

    def start_response(status: str, headers: list, *_: object) -> None:
        statuses.append(status)

    def get(path: str) -> None:
        environ = factory.get(path).environ
        environ["HTTP_HOST"] = "127.0.0.1"
        b"".join(handler(environ, start_response))
        if not statuses[-1].startswith("200"):
            sys.exit(f"GET {path} answered {statuses[-1]}")

    for path in paths[:WARM_UP]:
        get(path)
    # What the warm-up left is kept out of the collector's passes, so that they find the same
    # objects whether requests follow or not.
    gc.collect()
    gc.freeze()
    for path in paths[WARM_UP : WARM_UP + count]:
        get(path)


def _instructions(env: dict, paths_file: Path, count: int) -> int:
    """The instructions the child ran in all, as cachegrind counts them."""
    completed = subprocess.run(  # noqa: S603
        [
            shutil.which("valgrind") or "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--branch-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--child",
            str(paths_file),
            str(count),
        ],
        # An empty cache for each run (its keys under a prefix of their own), and the same
        # hashes of strings in each (a dict's layout, and so its work, follows them).
        env={**env, "BENCH_CACHE_PREFIX": secrets.token_hex(8), "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", completed.stderr)
    if completed.returncode or not found:
        raise RuntimeError(f"the counted run failed:\n{completed.stdout}\n{completed.stderr}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=40, help="requests counted for each read")
    parser.add_argument("--only", nargs="*", help="the read figures to count (and /healthz)")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _serve(args.child[0], int(args.child[1]))
        return
    if not shutil.which("valgrind"):
        sys.exit(
            "bench/instructions.py counts with valgrind. Install it and run again:\n"
            "  sudo apt-get install -y valgrind     (Debian, Ubuntu)"
        )
    # Django set up for the bench's tools, on the kept register (bench/again.py).
    import again
    from django.db import connection
    from reads import Portal, read_paths

    if connection.vendor != "postgresql":
        sys.exit("bench/instructions.py runs on PostgreSQL: set DATABASE_URL=postgres://...")
    name = again.scratch_database()
    world = again.kept_world()
    paths = read_paths(world, random.Random(args.seed))
    if args.only:
        paths = {key: value for key, value in paths.items() if key in {"healthz", *args.only}}
    connection.close()
    again.say(
        f"{name}: {len(world['numbers']):,} players; instructions a request in a worker "
        f"(valgrind), {args.requests} requests each after {WARM_UP} unmeasured"
    )
    counted: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        portal = Portal(database=name, workers=1, folder=Path(folder))
        portal.collect_static()
        for key, choices in paths.items():
            # Each player once (20,000 to pick from), so that no counted page is in the cache
            # already; fewer paths than requests (/healthz, the standings, the lookup's names)
            # are asked again and again, as their readers ask them.
            needed, rng = WARM_UP + args.requests, random.Random(args.seed)
            if len(choices) >= needed:
                picked = rng.sample(choices, needed)
            else:
                picked = rng.choices(choices, k=needed)
            paths_file = Path(folder) / f"{key}.txt"
            paths_file.write_text("\n".join(picked))
            warm_up = _instructions(portal.env, paths_file, 0)
            both = _instructions(portal.env, paths_file, args.requests)
            counted[key] = (both - warm_up) // args.requests
            ratio = counted[key] / counted["healthz"]
            again.say(
                f"  {key:<20} {counted[key] / 1e6:7.2f}M instructions ({ratio:.2f}x /healthz)"
            )


if __name__ == "__main__":
    if "--child" in sys.argv:
        sys.path.insert(0, str(BENCH.parent))
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
    main()
