"""How fast the award rules compute a large event, against a bare loop measured beside it.

A 200 table, 10 session pairs event: each session a 200 table Mitchell (two fields of 200
pairs, random ties), then the outright placings of the 400 pairs: 4,400 placings.

The machine is shared, so a time alone says little. Each round times the engine and, beside
it, a baseline: a bare Python loop over the same 4,400 placings doing the least an engine
must do with each (store an integer under the contestant's label). Both are timed in CPU
time of this process (`time.process_time`), which waiting for a busy core does not inflate;
the figures are the best of the rounds, and the ratio of the two is what compares across
machines and loads. The wall-clock best is printed beside them.

    .venv/bin/python bench/award_engine.py [rounds]

Another benchmark imports `measure(rounds)`, which gives `engine_ms` and `baseline_ms`.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scheme.abf import Event, Field, Outright, Session, compute_awards
from scheme.core.arithmetic import exp
from scheme.core.placings import exact_placing_awards

TABLES = 200
SESSIONS = 10
ROUNDS = 30


def _ranking(labels: list[str], rng: random.Random) -> list[list[str]]:
    shuffled = labels[:]
    rng.shuffle(shuffled)
    ranking: list[list[str]] = []
    for label in shuffled:
        if ranking and rng.random() < 0.1:
            ranking[-1].append(label)  # a tie with the place above
        else:
            ranking.append([label])
    return ranking


def build_event(seed: int = 1) -> Event:
    rng = random.Random(seed)
    north = [f"N{n}" for n in range(1, TABLES + 1)]
    east = [f"E{n}" for n in range(1, TABLES + 1)]
    sessions = [
        Session(
            boards=27,
            fields=[
                Field("mitchell", TABLES, _ranking(north, rng), name="N-S"),
                Field("mitchell", TABLES, _ranking(east, rng), name="E-W"),
            ],
        )
        for _ in range(SESSIONS)
    ]
    outright = Outright(ranking=_ranking(north + east, rng), sessions=SESSIONS)
    return Event(grade="B4", kind="pairs", sessions=sessions, outright=outright)


def _rankings(event: Event) -> list[tuple[tuple[str, ...], ...]]:
    rankings = [field.ranking for session in event.sessions for field in session.fields]
    if event.outright is not None:
        rankings.append(event.outright.ranking)
    return rankings


def _baseline(
    rankings: list[tuple[tuple[str, ...], ...]], clock: Callable[[], float] = time.process_time
) -> float:
    """Seconds for the bare loop: each placing's place stored as an int under its label."""
    start = clock()
    for ranking in rankings:
        stored: dict[str, int] = {}
        place = 1
        for group in ranking:
            for label in group:
                stored[label] = place * 100 // len(group)
            place += len(group)
    return clock() - start


def _engine(
    event: Event, *, working: bool = False, clock: Callable[[], float] = time.process_time
) -> float:
    start = clock()
    compute_awards(event, working=working)
    return clock() - start


def _forget_cached_awards() -> None:
    exp.cache_clear()
    exact_placing_awards.cache_clear()


def measure(
    rounds: int = ROUNDS, clock: Callable[[], float] = time.process_time
) -> dict[str, float]:
    """The best of `rounds` of the engine on the bench event (no working lines, as results
    uploads compute) and of the baseline loop beside it, in milliseconds of `clock`."""
    event = build_event()
    rankings = _rankings(event)
    compute_awards(event, working=False)  # the exponentials and placings of a warm process
    engine, baseline = [], []
    for _ in range(max(rounds, 1)):
        baseline.append(_baseline(rankings, clock))
        engine.append(_engine(event, clock=clock))
    return {"engine_ms": min(engine) * 1000, "baseline_ms": min(baseline) * 1000}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    event = build_event()
    placings = sum(len(group) for ranking in _rankings(event) for group in ranking)
    figures = measure(rounds)
    engine, baseline = figures["engine_ms"], figures["baseline_ms"]
    wall = measure(rounds, clock=time.perf_counter)
    cold = []
    for _ in range(max(rounds // 3, 1)):
        _forget_cached_awards()
        cold.append(_engine(event))
    explained = min(_engine(event, working=True) for _ in range(max(rounds // 3, 1)))
    print(
        f"{TABLES} tables x {SESSIONS} sessions, {placings:,} placings, "
        f"CPU time, best of {rounds} rounds:\n"
        f"  engine   {engine:6.2f} ms per event, {1000 / engine:.0f} events per second\n"
        f"  baseline {baseline:6.2f} ms (a bare loop over the same placings)\n"
        f"  ratio    {engine / baseline:6.1f} x the baseline\n"
        f"  wall clock: engine {wall['engine_ms']:.2f} ms, baseline {wall['baseline_ms']:.2f} ms\n"
        f"  engine with no cached exponentials or placings: {min(cold) * 1000:.2f} ms\n"
        f"  engine writing the working lines (the calculator): {explained * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
