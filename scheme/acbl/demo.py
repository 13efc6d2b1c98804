"""The demo data under the ACBL plan (operations.demo): a club's weekly session is the open
club game, its two sections ranked at random and awarded by the club game table."""

from __future__ import annotations

from random import Random

from scheme.base import Demo, Scheme


def club_session_awards(
    scheme: Scheme, grade: str, kind: str, tables: int, rng: Random
) -> dict[str, dict[str, int]]:
    """One open club game of two sections (N-S, E-W), each ranked at random."""
    ranking = {d: [f"{d}{i + 1}" for i in range(tables)] for d in ("N", "E")}
    for order in ranking.values():
        rng.shuffle(order)
    return scheme.calculator_points(
        {
            "rules": scheme.default_edition,
            "event": "club_open",
            "boards": 24,
            "groups": [
                {"name": name, "size": tables, "ranking": [[label] for label in ranking[d]]}
                for d, name in (("N", "N-S"), ("E", "E-W"))
            ],
        }
    )


ACBL_DEMO = Demo(club_grade="CO", session_awards=club_session_awards)
