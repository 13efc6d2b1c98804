"""The demo data under the ABF (operations.demo): a club's weekly session is graded E and
computed by the rules themselves; the balances brought forward are green, red and gold; and
the Goldpoint Coordinator (1.6, 7.5.1) has a login."""

from __future__ import annotations

from decimal import Decimal
from random import Random

from scheme.abf.editions import compute_awards
from scheme.abf.events import Event, Field, Session
from scheme.abf.grades import Kind
from scheme.abf.issuers import Role
from scheme.base import Demo, DemoLogin, Scheme


def club_session_awards(
    scheme: Scheme, grade: str, kind: str, tables: int, rng: Random
) -> dict[str, dict[str, int]]:
    """One Mitchell session by the ABF's engine: the pairs ranked in the order of their
    seats, which are drawn at random."""
    fields = [
        Field("mitchell", Decimal(tables), [[f"{d}{i + 1}"] for i in range(tables)])
        for d in ("N", "E")
    ]
    awards = compute_awards(
        Event(grade=grade, kind=Kind.PAIRS, sessions=[Session(fields=fields)]), working=False
    )
    return {c.label: {kind: int(c.total * 100)} for c in awards.contestants}


ABF_DEMO = Demo(
    club_grade="E",
    balances=(("green", "E"), ("red", "B4"), ("gold", "A")),
    session_awards=club_session_awards,
    logins=(
        DemoLogin(
            "gold",
            "the Goldpoint Coordinator (1.6, 7.5.1): uploads gold points",
            Role.GOLD_COORDINATOR.value,
            "goldpoints@centre.example.org",
        ),
    ),
)
