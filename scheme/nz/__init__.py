"""New Zealand Bridge's Master Point Scheme (seed 003), as plain Python.

An `Event` goes in (its status, kind, sessions of ranked fields or matches, the overall
placings), `EventPoints` come out: each contestant's A, B and C Points, per player, in
hundredths, with the working::

    from scheme.nz import Event, Field, Session, compute_awards

    awards = compute_awards(
        Event(status="club", kind="pairs", sessions=[
            Session(deals=24, fields=[Field("mitchell", 8, [["N1"], ["N2"], ["N3"]])]),
        ])
    )
    awards["N1"].total  # {"A": 0, "B": 0, "C": 4000}: 40 C Points, the Basic Table

Modules are found by the rule of the book they carry:

- `kinds.py`: Outline rule 3, A, B and C Points and the conversion of C into B.
- `grading.py`: Outline rules 4 and 6, grades and Rating Points (regrading on 1 February).
- `ranks.py`: Outline rule 5, the ten ranks and their stars.
- `statuses.py`: Tournaments General rule 3, A/B Point Tournaments rules 1, 3, 4, page E48: the
  statuses of events and what each awards.
- `cpoints.py`: Club Sessions, Basic C Point Tables 1 (pages E12, E40, E41).
- `matchplay.py`: Basic C Point Tables 2, A Point Tournaments rule 4, B rule 4.
- `overall.py`: A/B Point Tournaments rule 2, the Tables of Tournament Awards (E42-E55).
- `events.py`, `results.py`: the event that goes in, the points that come out.
- `players.py`: A/B Point Tournaments rule 2, what each listed player receives.
- `calculation.py`: walks an event through the rules above.
- `validation.py`: the largest event the rules take.
- `fees.py`: Outline rule 7, the fees for issuing Master Points.
- `reciprocity.py`: Overseas Master Points, ABF gold and Klinger red points.
- `editions.py`: the editions of the award rules (`NZB-2007`).
- `calculator.py`: the portal's calculator and rank calculator hooks.
- `scheme.py`: `NZ_SCHEME`.
- `NOTES.md`: where the book is silent or garbled, and what the code does.

Nothing here imports Django.
"""

from scheme.nz.editions import NZB_2007, RULE_SETS, compute_awards, get_rule_set
from scheme.nz.events import Event, Field, Kind, Match, Movement, Overall, Session
from scheme.nz.results import ContestantPoints, EventPoints

__all__ = [
    "NZB_2007",
    "RULE_SETS",
    "ContestantPoints",
    "Event",
    "EventPoints",
    "Field",
    "Kind",
    "Match",
    "Movement",
    "Overall",
    "Session",
    "compute_awards",
    "get_rule_set",
]
