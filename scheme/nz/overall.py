"""Tables of Tournament and Session Awards (pages E42-E55): the overall (top placings) A and
B Points of each status, for pairs and for teams, and their ties (A Point Tournaments rule
2, B Point Tournaments rule 2).

"In all events, the scales refer to the number of contestants (i.e. the number of Pairs in
a Pairs event, or the number of Teams in a Teams event)"; "For Individual events, use the
Pairs scale" (Tables, Instructions 1(b), (d)). The tables are printed to 60 Pairs (62 for
10A and 15A, 80 for 3B): "For scales above 60 Pairs, contact NZ Bridge" (1(f)).

Each row below is the printed row: the contestants it covers, then the award of each place.
A `None` is a cell the scan lost (the row's printed number of places is more than the cells
that can be read); the engine gives it 1 point, the smallest award of every table, and says
so in the working (NOTES.md). Tables the book does not print (20A, 25A: National events,
"available on request"), or whose cells the scan lost entirely (8B Teams), are refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

Row = tuple[int, int, tuple[int | None, ...]]
LOST_CELL_AWARD = 1


@dataclass(frozen=True)
class OverallTable:
    status: str
    kind: str  # "pairs" (also individual) or "teams"
    page: str
    rows: tuple[Row, ...]

    @property
    def most(self) -> int:
        return self.rows[-1][1]

    def row(self, contestants: int) -> Row | None:
        for row in self.rows:
            if row[0] <= contestants <= row[1]:
                return row
        return None


def _rows(text: str) -> tuple[Row, ...]:
    rows = []
    for line in text.strip().splitlines():
        span, _, cells = line.partition(":")
        low, _, high = span.strip().partition("-")
        awards = tuple(None if cell == "?" else int(cell) for cell in cells.split())
        rows.append((int(low), int(high), awards))
    return tuple(rows)


def _table(status: str, kind: str, page: str, text: str) -> OverallTable:
    return OverallTable(status, kind, page, _rows(text))


TABLES: dict[tuple[str, str], OverallTable] = {
    (table.status, table.kind): table
    for table in (
        _table(
            "15A",
            "pairs",
            "E42",
            """
            3-10: 15 8 4
            11-14: 15 11 8 4
            15-18: 15 12 9 6 3
            19-22: 15 13 10 8 5 3
            23-26: 15 13 11 9 6 4 2
            27-30: 15 13 11 9 8 6 4 2 1
            31-34: 15 13 12 10 8 7 5 3 2 1 1
            35-38: 15 14 12 12 9 8 6 5 3 2 1 1 1
            39-42: 15 14 12 11 10 8 7 5 4 3 1 1 1 1 1
            43-46: 15 14 13 11 10 9 8 6 5 4 3 1 1 1 1 1 1
            47-50: 15 14 13 12 10 9 8 7 6 5 3 2 1 1 1 1 1 1 1
            51-54: 15 14 13 12 11 10 9 8 6 5 4 3 2 1 1 1 1 1 1 1 1
            55-58: 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1 1 1 1 1 1 1 1
            59-62: 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1 1 1 1 1 1 1 1 1 1
        """,
        ),
        _table(
            "15A",
            "teams",
            "E44",
            """
            3-6: 15 8 4
            7-9: 15 11 8 4
            10-12: 15 12 9 6 3
            13-15: 15 13 10 8 5 3
            16-18: 15 13 11 9 6 4 2
            19-21: 15 13 11 9 8 6 4 2
            22-24: 15 13 12 10 8 7 5 3 2
            25-27: 15 14 12 11 9 8 6 5 3 2
            28-30: 15 14 12 11 10 8 7 5 4 3 1
            31-33: 15 14 13 11 10 9 8 6 5 4 3 1
            34-36: 15 14 13 12 10 9 8 7 6 5 3 2 1
            37-39: 15 14 13 12 11 10 9 8 6 5 4 3 2 1
            40-42: 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1
            43-45: 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1
        """,
        ),
        _table(
            "10A",
            "pairs",
            "E45",
            """
            3-10: 10 5 3
            11-14: 10 7 5 3
            15-18: 10 8 6 4 2
            19-22: 10 8 7 5 3 2
            23-26: 10 9 7 6 4 3 1
            27-30: 10 9 8 6 5 4 3 1
            31-34: 10 9 8 7 6 4 3 2 1
            35-38: 10 9 8 7 6 5 4 3 2 1
            39-42: 10 9 8 7 6 5 4 3 2 1 1
            43-46: 10 9 8 7 6 5 4 3 2 2 1 1
            47-50: 10 9 8 7 6 5 4 3 3 2 2 1 1
            51-54: 10 9 8 7 6 5 4 4 3 3 2 2 1 1
            55-58: 10 9 8 7 6 5 5 4 4 3 3 2 2 1 1
            59-62: 10 9 8 7 6 6 5 5 4 4 3 3 2 2 1 1
        """,
        ),
        _table(
            "10A",
            "teams",
            "E47",
            """
            3-6: 10 5 3
            7-9: 10 7 5 3
            10-12: 10 8 6 4 2
            13-15: 10 8 7 5 3 2
            16-18: 10 9 7 6 4 3 1
            19-21: 10 9 8 6 5 4 3 1
            22-24: 10 9 8 7 6 4 3 2 1
            25-27: 10 9 8 7 6 5 4 3 2 1
            28-30: 10 9 8 7 6 5 4 3 2 1 1
            31-33: 10 9 8 7 6 5 4 3 2 2 1 1
            34-36: 10 9 8 7 6 5 4 3 3 2 2 1 1
            37-39: 10 9 8 7 6 5 4 4 3 3 2 2 1 1
            40-42: 10 9 8 7 6 5 5 4 4 3 3 2 2 1 1
            43-45: 10 9 8 7 6 6 5 5 4 4 3 3 2 2 1 1
        """,
        ),
        _table(
            "5A",
            "pairs",
            "E49",
            """
            3-10: 5 1
            11-20: 5 3 1 1
            21-30: 5 3 1 1 1 1
            31-40: 5 4 2 1 1 1 1 1
            41-44: 5 4 3 2 1 1 1 1 1
            45-48: 5 4 3 2 1 1 1 1 1 1
            49-52: 5 4 3 2 2 1 1 1 1 1 1 1
            53-56: 5 4 3 3 2 2 1 1 1 1 1 1 1
            57-60: 5 4 4 3 3 2 2 1 1 1 1 1 1 1
        """,
        ),
        _table(
            "5A",
            "teams",
            "E49",
            """
            3-5: 5 1
            6-8: 5 3 1
            9-11: 5 3 1 1
            12-14: 5 4 2 1 ?
            15-17: 5 4 3 2 1 1
            18-20: 5 4 3 2 1 1 1
            21-23: 5 4 3 2 2 1 1 ?
            24-26: 5 4 3 3 2 2 1 1 ? ?
            27-29: 5 4 4 3 3 2 2 1 1 1 ? ?
        """,
        ),
        _table(
            "3A",
            "pairs",
            "E50",
            """
            3-10: 3 1
            11-20: 3 2 1 1
            21-30: 3 2 1 1 1 1
            31-40: 3 2 1 1 1 1 1 1
            41-44: 3 2 2 1 1 1 1 1 1
            45-48: 3 2 2 1 1 1 1 1 1 1
            49-52: 3 2 2 2 1 1 1 1 1 1 1 1
            53-56: 3 3 2 2 2 1 1 1 1 1 1 1 1
            57-60: 3 3 2 2 2 1 1 1 1 1 1 1 1 1
        """,
        ),
        _table(
            "3A",
            "teams",
            "E50",
            """
            3-5: 3
            6-8: 3 2
            9-11: 3 2 1
            12-14: 3 2 1 1
            15-17: 3 2 2 1 1
            18-20: 3 2 2 1 1 1
            21-23: 3 2 2 2 1 1 1
            24-26: 3 2 2 2 1 1 1 1
            27-29: 3 2 2 2 2 1 1 1 1
        """,
        ),
        _table(
            "8B",
            "pairs",
            "E53",
            """
            3-10: 8 4
            11-20: 8 5 2 1
            21-30: 8 6 4 2 1 1
            31-40: 8 7 5 3 2 1 1 1
            41-44: 8 7 5 4 3 1 1 1 1
            45-48: 8 7 6 5 4 3 1 1 1 1
            49-52: 8 7 6 5 4 3 2 1 1 1 1 1
            53-56: 8 7 6 5 4 3 2 1 1 1 1 1 1
            57-60: 8 7 6 5 4 3 2 2 1 1 1 1 1 1
        """,
        ),
        _table(
            "5B",
            "pairs",
            "E54",
            """
            3-10: 5 3
            11-20: 5 3 1 1
            21-30: 5 4 2 1 1 1
            31-40: 5 4 3 2 1 1 1 1
            41-44: 5 4 3 2 1 1 1 1 1
            45-48: 5 4 3 2 2 1 1 1 1 1
            49-52: 5 4 3 3 2 2 1 1 1 1 1 1
            53-56: 5 4 4 3 3 2 2 1 1 1 1 1 1
            57-60: 5 4 4 3 3 2 2 1 1 1 1 1 1 1
        """,
        ),
        _table(
            "5B",
            "teams",
            "E54",
            """
            3-5: 5
            6-8: 5 3
            9-11: 5 3 1
            12-14: 5 4 2 1
            15-17: 5 4 3 2 1
            18-20: 5 4 3 2 1 1
            21-23: 5 4 3 2 2 1 1
            24-26: 5 4 3 3 2 2 1 1
            27-29: 5 4 4 3 3 2 2 1 1
        """,
        ),
        _table(
            "3B",
            "pairs",
            "E55",
            """
            3-10: 3
            11-20: 3 2
            21-30: 3 2 1
            31-40: 3 2 1 1
            41-44: 3 2 2 1 1
            45-48: 3 2 2 1 1 1
            49-52: 3 2 2 2 1 1 1
            53-56: 3 2 2 2 1 1 1 1
            57-60: 3 2 2 2 2 1 1 1 1
            61-64: 3 3 2 2 2 2 1 1 1 1
            65-68: 3 3 2 2 2 2 1 1 1 1 1
            69-72: 3 3 2 2 2 2 2 1 1 1 1 1
            73-76: 3 3 3 2 2 2 2 2 1 1 1 1 1
            77-80: 3 3 3 2 2 2 2 2 1 1 1 1 1 1
        """,
        ),
        _table(
            "3B",
            "teams",
            "E55",
            """
            3-5: 3
            6-8: 3 2
            9-11: 3 2 1
            12-14: 3 2 1 1
            15-17: 3 2 2 1 1
            18-20: 3 2 2 1 1 1
            21-23: 3 2 2 2 1 1 1
            24-26: 3 2 2 2 1 1 1 1
            27-29: 3 2 2 2 2 1 1 1 1
            30-32: 3 3 2 2 2 2 1 1 1 1
            33-35: 3 3 2 2 2 2 1 1 1 1 1
            36-38: 3 3 2 2 2 2 2 1 1 1 1 1
            39-41: 3 3 3 2 2 2 2 2 1 1 1 1 1
            42-44: 3 3 3 2 2 2 2 2 1 1 1 1 1 1
        """,
        ),
    )
}

# Statuses whose overall table the book does not give, and why.
NO_TABLE: dict[tuple[str, str], str] = {
    ("8B", "teams"): "the 8B Teams table on page E53 is lost in the scan (only its rows "
    "of teams are printed)",
    **{
        (status, kind): f'the book prints no {status} table (National events: "National '
        'Congress Master Point Awards (available on request)")'
        for status in ("20A", "25A")
        for kind in ("pairs", "teams")
    },
}


@dataclass(frozen=True)
class TopThree:
    """Page E48: the Interprovincial Trials and Championships award 1st, 2nd and 3rd only;
    the Trials' awards are "Proportional on field if less than six Pairs or Teams"."""

    status: str
    awards: tuple[int, int, int]
    proportional_below: int | None = None

    def scale(self, contestants: int) -> Fraction:
        if self.proportional_below is None or contestants >= self.proportional_below:
            return Fraction(1)
        return Fraction(contestants, self.proportional_below)


TOP_THREE: dict[str, TopThree] = {
    top.status: top
    for top in (
        TopThree("IPT-OPEN", (5, 3, 1), 6),
        TopThree("IPT-YTH", (3, 2, 1), 6),
        TopThree("IPT-INT", (5, 3, 1), 6),
        TopThree("IPC-OPEN", (15, 8, 4)),
        TopThree("IPC-WS", (10, 5, 3)),
        TopThree("IPC-YTH", (5, 3, 1)),
        TopThree("IPC-INT", (5, 3, 1)),
    )
}


def table_for(status: str, kind: str) -> OverallTable | None:
    """The overall table of a status; individual events read the Pairs scale."""
    return TABLES.get((status, "teams" if kind == "teams" else "pairs"))


def place_awards(row: Row) -> tuple[int, ...]:
    """A row's awards in whole points, a lost cell given `LOST_CELL_AWARD`."""
    return tuple(LOST_CELL_AWARD if cell is None else cell for cell in row[2])


def tied_average(awards: tuple[int, ...], first: int, members: int) -> Fraction:
    """Rule 2, Ties: "an average of the awards for the placings in contention" (places
    beyond the table add nothing)."""
    return Fraction(sum(awards[first - 1 : first - 1 + members]), members)
