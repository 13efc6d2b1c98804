"""Seed 003, Outline rule 7: an NZ club's invoice lines from the events it ran in a period.

"(a) 30 cents per competing Player per Club session. (b) 50 cents per competing Player per
Tournament session. (c) $1 per A Point. A 10% discount is offered on Tournament sessions
provided that the full results ... is received ... no later than one calendar month from the
date of the Tournament."
"""

from datetime import date
from decimal import Decimal

from scheme.core.fees import FeeEvent
from scheme.nz.fees import invoice_lines


def _event(grade: str, players: int, *, sessions=1, a=0, received=None, sign=1) -> FeeEvent:
    return FeeEvent(
        name="Pairs",
        grade=grade,
        starts_on=date(2026, 3, 1),
        ends_on=date(2026, 3, 1),
        sessions=sessions,
        players=Decimal(players),
        players_from="tables",
        points={"A": a} if a else {},
        received_on=received,
        sign=sign,
    )


def _amounts(lines) -> list[Decimal]:
    return [(line.quantity * line.rate).quantize(Decimal("0.01")) for line in lines]


def test_club_and_tournament_sessions_and_a_points_are_charged_at_the_book_s_rates():
    lines = invoice_lines(
        [
            _event("club", 28),
            # Results on 1 April, a calendar month after 1 March: the discount.
            _event("3A", 40, sessions=2, a=5_00, received=date(2026, 4, 1)),
        ]
    )

    assert _amounts(lines) == [
        Decimal("8.40"),
        Decimal("40.00"),
        Decimal("-4.00"),
        Decimal("5.00"),
    ]


def test_a_day_late_loses_the_discount_and_a_reversal_takes_the_sessions_back():
    late = invoice_lines([_event("5A", 20, received=date(2026, 4, 2))])
    reversed_ = invoice_lines([_event("club", 28, sign=-1, a=0)])

    assert _amounts(late) == [Decimal("10.00")]
    assert _amounts(reversed_) == [Decimal("-8.40")]
