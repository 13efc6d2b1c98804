"""Club Sessions, Basic C Point Tables 1: the Basic Table of C Point Awards (Duplicate
Pairs), its expanded version (pages E40, E41), the minimum number of tables and of deals,
and ties; with its factoring by the status of the event (A Point Tournaments rule 3, B
Point Tournaments rule 3; the factors are in `statuses.py`).

"C Points are awarded to contestants who finish in the top third of the placings (highest
to lowest) for each section of all sessions of an event. The winners of each section
receive 40 C Points. The other place getters in the top third receive reduced numbers of C
Points in descending arithmetic progression according to their placings, the lowest award
being not less than 6 C Points. Any fractions are rounded to the nearest whole number."

The printed table is that rule, with these departures (each printed value is the award):
- rows of up to 6 places step down by 40 / places (3 places: 40, 27, 13) and rows of 7 to
  34 places run from 40 down to 6 in equal steps, halves rounded up;
- but 8 printed cells differ from that arithmetic (`PRINTED_DEPARTURES`);
- from 35 places (104 contestants) a step would be under one point: the printed rows go
  down one point a place and then give each award twice, down to 6 (n places: 70 - n
  single awards 40, 39, ..., then pairs), and the expanded table ends at 143-145 contestants
  (48 places). The scan lost the right-hand cells of the rows from 83 contestants on; the
  readable ones all fit this rule (NOTES.md).

Individual and teams contestants use the same table as pairs (a contestant is a player, a
pair or a team: Definitions), by the number of contestants in the group.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

WINNER = 40
LOWEST = 6
# Minimum Number of Tables: "at least two complete tables in the section concerned".
MINIMUM_TABLES = 2
# Minimum Number of Deals: 40 C Points need 20 deals in circulation; 11-19 deals give half
# the Basic Table, fractions rounded upwards.
FULL_TABLE_DEALS = 20
HALF_TABLE_DEALS = 11
# Page E41: the expanded table's last row, 143-145 contestants.
MOST_CONTESTANTS = 145

# (places, place) -> the printed award, where it departs from the arithmetic above.
PRINTED_DEPARTURES: dict[tuple[int, int], int] = {
    (7, 3): 28,  # arithmetic 28.67 -> 29
    (7, 4): 22,  # arithmetic 23
    (13, 4): 31,  # arithmetic 31.5 -> 32
    (13, 10): 14,  # arithmetic 14.5 -> 15
    (25, 7): 31,  # arithmetic 31.5 -> 32
    (25, 19): 14,  # arithmetic 14.5 -> 15
    (29, 8): 31,  # arithmetic 31.5 -> 32
    (29, 22): 14,  # arithmetic 14.5 -> 15
}
# From this many places the rows step down by one point, then in pairs.
PAIRED_FROM = 35


def places_awarded(contestants: int) -> int:
    """The top third: 3-4 contestants 1 place, 5-7 two, 8-10 three ... 143-145 forty-eight
    (the rows of the table: a third, rounded to the nearest whole)."""
    if contestants < 3:
        return 0
    return (contestants + 1) // 3


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


@lru_cache(maxsize=64)
def basic_row(places: int) -> tuple[int, ...]:
    """The Basic Table's awards for 1st to `places`-th place (1 to 48 places)."""
    if not 1 <= places <= places_awarded(MOST_CONTESTANTS):
        raise ValueError(f"the Basic Table has rows of 1 to 48 places, not {places}")
    if places * LOWEST <= WINNER:
        row = [_half_up(Fraction(WINNER * (places - p), places)) for p in range(places)]
    elif places < PAIRED_FROM:
        step = Fraction(WINNER - LOWEST, places - 1)
        row = [_half_up(WINNER - step * p) for p in range(places)]
    else:
        singles = 2 * (WINNER - LOWEST + 1) - places
        row = list(range(WINNER, WINNER - singles, -1))
        for award in range(WINNER - singles, LOWEST - 1, -1):
            row += [award, award]
    for (row_places, place), printed in PRINTED_DEPARTURES.items():
        if row_places == places:
            row[place - 1] = printed
    return tuple(row)


def basic_awards(contestants: int) -> tuple[int, ...]:
    """The Basic Table's row for a group of `contestants` (empty under 3)."""
    places = places_awarded(contestants)
    return basic_row(places) if places else ()


def deals_factor(deals: int | None) -> Fraction:
    """Minimum Number of Deals: the whole table from 20 deals (or when not given), half from
    11 to 19, nothing under 11 (the book awards nothing below its half table: NOTES.md)."""
    if deals is None or deals >= FULL_TABLE_DEALS:
        return Fraction(1)
    if deals >= HALF_TABLE_DEALS:
        return Fraction(1, 2)
    return Fraction(0)


def factored_row(contestants: int, factor: Fraction, deals: int | None) -> tuple[int, ...]:
    """The Basic Table row times the status's factor; halved, fractions rounded upwards, in
    a session of 11-19 deals."""
    short = deals_factor(deals)
    if not short:
        return ()
    return tuple(math.ceil(award * factor * short) for award in basic_awards(contestants))


def lowest_award(factor: Fraction, deals: int | None) -> int:
    """Ties: the floor of a tied share, 6 C Points on the Basic Table, factored as the
    table is (NOTES.md)."""
    return math.ceil(LOWEST * factor * deals_factor(deals))


def tied_share(awards: tuple[int, ...], first: int, members: int, floor: int) -> int:
    """Ties: "an equal portion of the aggregate of the awards for the placings in
    contention, with any fraction rounded upwards, or 6 C Points, whichever is higher"
    (places beyond the top third add nothing to the aggregate)."""
    aggregate = sum(awards[first - 1 : first - 1 + members])
    return max(math.ceil(Fraction(aggregate, members)), floor)
