"""How fast the award rules compute a large event.

A 200 table, 10 session pairs event: each session a 200 table Mitchell (two fields of 200
pairs, random ties), then the outright placings of the 400 pairs.

    .venv/bin/python bench/award_engine.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scheme.abf import Event, Field, Outright, Session, compute_awards

TABLES = 200
SESSIONS = 10
ROUNDS = 5


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


def main() -> None:
    event = build_event()
    compute_awards(event)  # warm the caches of the exponentials
    timings = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        awards = compute_awards(event)
        timings.append(time.perf_counter() - start)
    best = min(timings)
    print(
        f"{TABLES} tables x {SESSIONS} sessions ({len(awards.contestants)} contestants, "
        f"{len(awards.working)} lines of working): "
        f"{best * 1000:.1f} ms per event, {1 / best:.1f} events per second "
        f"(best of {ROUNDS})"
    )


if __name__ == "__main__":
    main()
