"""A federation's own fees on the points it issues, as the registry asks them of a `Scheme`
(`Scheme.fees`, with the FEES feature): the schedule a page shows, how often its clubs are
invoiced, and an invoice's lines from the events a club ran in the period.

Plain Python: billing gathers the events (`FeeEvent`) from the ledger and turns the lines
(`FeeLine`: a description, a quantity and a rate in dollars) into an invoice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal


@dataclass(frozen=True)
class FeeRate:
    """One row of the schedule: what is charged, at how many dollars, for what."""

    what: str
    dollars: Decimal
    unit: str


@dataclass(frozen=True)
class FeeEvent:
    """An event whose awards were credited (or, with `sign` -1, taken back by an upload's
    reversal) in the period invoiced."""

    name: str
    grade: str
    starts_on: date
    ends_on: date
    sessions: int
    # Competing players a session, and where the number came from: "tables" (four a table,
    # a team of four a table's worth) or "credited" (the players the event credited).
    players: Decimal
    players_from: str
    # The points of the event credited in the period, by kind, in hundredths, with their sign.
    points: Mapping[str, int] = field(default_factory=dict)
    # When the results reached the registry (the upload's day).
    received_on: date | None = None
    sign: int = 1


@dataclass(frozen=True)
class FeeLine:
    description: str
    quantity: Decimal
    rate: Decimal


@dataclass(frozen=True)
class SchemeFees:
    """What a federation charges for the points its clubs issue."""

    # The heading and the opening sentence of the fee schedule page, in the scheme's words.
    title: str
    summary: str
    rates: tuple[FeeRate, ...]
    # Further conditions, one sentence each (discounts, notice of changes).
    notes: tuple[str, ...]
    # Months an invoice covers (3: a quarter), and the sentence that says so.
    period_months: int
    period_words: str
    # The lines of a club's invoice for the events it ran in the period.
    lines: Callable[[Sequence[FeeEvent]], tuple[FeeLine, ...]] = field(repr=False)
