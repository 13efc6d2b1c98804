"""`make bench`'s stale reads (bench/run.py): the slowest public read right after the
positions' and standings' marks are made stale, beside /healthz read the same way, and the
refreshes the reads queued (issue 28: no public request recounts)."""

from __future__ import annotations

import argparse
import random
import threading
import time
from pathlib import Path

import national  # sets Django up (centre.settings_test) as it is imported
from django.utils import timezone
from reads import Portal, wrk_run

say = national.say

# The reads that show a place or the standings, and the lookup, each made once a round.
STALE_READS = ("player_page_p95_ms", "player_api_p95_ms", "lookup_p95_ms", "standings_ms")


def _timed_get(portal: Portal, path: str) -> tuple[float, int]:
    started = time.perf_counter()
    status = portal.get(path)
    return (time.perf_counter() - started) * 1000, status


def _queued_tasks(broker: str) -> dict[str, int]:
    """The tasks waiting in the broker's default queue, by name, taken off it (no worker
    serves the run's broker)."""
    from kombu import Connection

    taken: dict[str, int] = {}
    with Connection(broker) as conn:
        queue = conn.SimpleQueue("celery")
        try:
            while True:
                try:
                    message = queue.get_nowait()
                except queue.Empty:
                    break
                name = message.headers.get("task", "?")
                taken[name] = taken.get(name, 0) + 1
                message.ack()
        finally:
            queue.close()
    return taken


def measure_stale_reads(
    portal: Portal,
    wrk: str,
    paths: dict[str, list[str]],
    args: argparse.Namespace,
    folder: Path,
    *,
    broker: str,
    rng: random.Random,
) -> tuple[dict, list[str]]:
    """After every worker has served each kind of read (the warm-up's load, not measured),
    each round: the approved totals' and pre-1982 allowances' versions moved on (as a change
    the month close did not make moves them, and with them every page kept in the cache),
    then one read of each kind and as many of /healthz, one at a time. The figure is the
    slowest read of all, beside the slowest /healthz; the same reads are made each round
    with the tables current and only the pages dropped (the lifetime totals' and players'
    versions moved on), for comparison. No worker serves the broker: after each round the
    tasks its reads queued are taken off it (one refresh of the positions and one of the
    year's standings, however many reads) and run here, as a worker would, and timed, so
    that the next round starts from current tables.

    Before the rounds, each worker queues a task once, unmeasured (`_each_worker_queues`), as
    the warm-up's load serves each kind of read once a worker first: the rounds measure a
    stale mark, not a process's first task (its broker connection is opened as it starts,
    centre.celery.producer_warm; the step's slowest read says what is left of it)."""
    from django.core.cache import cache

    from awards.ledger.services.positions import (
        QUEUED_KEY,
        positions_mark,
        positions_refresh_stale,
    )
    from centre.versions import APPROVED, LIFETIME, PLAYERS, PRE_1982, data_changed
    from ranks.kept_standings import queued_key, standings_refresh_stale

    rounds = args.stale_rounds
    every = [path for choices in paths.values() for path in choices]
    wrk_run(
        wrk,
        portal.url,
        every,
        seconds=max(args.warmup, 2),
        connections=args.connections,
        folder=folder,
    )
    year = timezone.localdate().year
    # None queued from an earlier run or the warm-up, nor their readers' keys.
    _queued_tasks(broker)
    cache.delete_many([QUEUED_KEY, queued_key(year)])
    first = _each_worker_queues(portal, wrk, every, args, folder, broker=broker, year=year)
    problems: list[str] = []
    reads: dict[str, list[float]] = {name: [] for name in STALE_READS}
    # The same reads with the tables current and only the pages dropped, for comparison.
    current: dict[str, list[float]] = {name: [] for name in STALE_READS}
    health: list[float] = []

    def read_each(into: dict[str, list[float]]) -> None:
        for name in STALE_READS:
            # The standings' page and API both; one player, one name of the others.
            for path in paths[name] if name == "standings_ms" else [rng.choice(paths[name])]:
                taken, status = _timed_get(portal, path)
                if status != 200:
                    problems.append(f"stale_read_ms: GET {path} answered {status or 'nothing'}")
                into[name].append(taken)

    once = {
        "awards.ledger.tasks.positions_refresh_stale": 1,
        "ranks.tasks.standings_refresh_stale": 1,
    }
    queued: dict[str, int] = {}
    refresh_s = {"positions": 0.0, "standings": 0.0}
    for _ in range(rounds):
        data_changed(LIFETIME, PLAYERS)
        read_each(current)
        data_changed(APPROVED, PRE_1982)
        read_each(reads)
        for _ in range(len(STALE_READS) + 1):
            taken, status = _timed_get(portal, "/healthz")
            if status != 200:
                problems.append(f"stale_read_ms: GET /healthz answered {status or 'nothing'}")
            health.append(taken)
        # What the round's reads queued, then the refreshes run as the worker would run them:
        # the next round starts from current tables.
        taken_off = _queued_tasks(broker)
        if taken_off != once:
            problems.append(f"stale_read_ms: a round queued {taken_off or 'nothing'}, not {once}")
        for name, count in taken_off.items():
            queued[name] = queued.get(name, 0) + count
        started = time.perf_counter()
        positions_refresh_stale()
        refresh_s["positions"] = max(refresh_s["positions"], time.perf_counter() - started)
        started = time.perf_counter()
        standings_refresh_stale(year=year)
        refresh_s["standings"] = max(refresh_s["standings"], time.perf_counter() - started)
        version, kept = positions_mark()
        if kept is None or kept["version"] != version:
            problems.append("stale_read_ms: the positions were not current after their refresh")
    slowest = {name: max(times) for name, times in reads.items()}

    def each(times: dict[str, float]) -> str:
        return ", ".join(
            f"{name.split('_p95')[0].removesuffix('_ms')} {ms:.1f}" for name, ms in times.items()
        )

    say(
        f"  stale_read_ms        slowest {max(slowest.values()):8.1f} ms  "
        f"(/healthz {max(health):.1f} ms), {rounds} rounds, the slowest of each: " + each(slowest)
    )
    say(
        f"  {'':<20} the same reads, the tables current and the pages dropped: "
        + each({name: max(times) for name, times in current.items()})
    )
    say(
        f"  {'':<20} before the rounds, each worker's first queued task (unmeasured): "
        f"{first['queued']:,} queued under {args.connections} connections for "
        f"{first['seconds']} s, the slowest read {first['slowest_ms']:.1f} ms"
    )
    say(
        f"  {'':<20} queued: "
        + (", ".join(f"{name} x{count}" for name, count in sorted(queued.items())) or "nothing")
        + f"; each run after its round: positions {refresh_s['positions']:.2f} s, "
        f"standings of {year} {refresh_s['standings']:.2f} s (the slowest)"
    )
    return {
        "value": max(slowest.values()),
        "baseline": max(health),
        "by_read": slowest,
        "current_by_read": {name: max(times) for name, times in current.items()},
        "reads_ms": reads,
        "healthz_ms": health,
        "queued": queued,
        "refresh_s": refresh_s,
        "rounds": rounds,
        "first_queued": first,
    }, problems


def _each_worker_queues(
    portal: Portal,
    wrk: str,
    every: list[str],
    args: argparse.Namespace,
    folder: Path,
    *,
    broker: str,
    year: int,
) -> dict:
    """Every worker's first queued task, before the rounds (what is left of a process's first
    task once its broker connection was opened at its start, centre.celery.producer_warm:
    0.2-0.4 s on a busy machine without it). The marks
    go stale and the reads run under load while the readers' keys are forgotten, so that
    each worker queues refreshes; what they queued is taken off the broker and the refreshes
    run, so that the rounds start from current tables."""
    from django.core.cache import cache

    from awards.ledger.services.positions import QUEUED_KEY, positions_refresh_stale
    from centre.versions import APPROVED, PRE_1982, data_changed
    from ranks.kept_standings import queued_key, standings_refresh_stale

    seconds = max(args.warmup, 2)
    done = threading.Event()

    def forget() -> None:
        while not done.wait(0.02):
            cache.delete_many([QUEUED_KEY, queued_key(year)])

    data_changed(APPROVED, PRE_1982)
    forgetting = threading.Thread(target=forget)
    forgetting.start()
    try:
        result = wrk_run(
            wrk, portal.url, every, seconds=seconds, connections=args.connections, folder=folder
        )
    finally:
        done.set()
        forgetting.join()
    taken = _queued_tasks(broker)
    # A read wrk left in flight still queues its refresh when it ends: taken off too, until
    # the broker has stayed empty for two seconds, so that none lands in the first round.
    quiet = 0
    while quiet < 2:
        time.sleep(1)
        late = _queued_tasks(broker)
        quiet = 0 if late else quiet + 1
        for name, count in late.items():
            taken[name] = taken.get(name, 0) + count
    positions_refresh_stale()
    standings_refresh_stale(year=year)
    cache.delete_many([QUEUED_KEY, queued_key(year)])
    return {
        "queued": sum(taken.values()),
        "seconds": seconds,
        "slowest_ms": result["max_us"] / 1000,
    }
