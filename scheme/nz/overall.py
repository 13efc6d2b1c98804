"""Tables of Tournament and Session Awards (pages E42-E55): the overall (top placings) A and
B Points of each status, for pairs and for teams, and their ties (A Point Tournaments rule
2, B Point Tournaments rule 2).

"In all events, the scales refer to the number of contestants (i.e. the number of Pairs in
a Pairs event, or the number of Teams in a Teams event)"; "For Individual events, use the
Pairs scale" (Tables, Instructions 1(b), (d)). The tables are printed to 60 Pairs (62 for
10A and 15A, 80 for 3B): "For scales above 60 Pairs, contact NZ Bridge" (1(f)).

Each line below is a printed row's award of each place, the contestants it covers being the
row of its scale (`PAIRS`, `TEAMS`, ...) at that line.
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


# The contestants each printed row covers: the A tables of 15 and 10 points by fours of pairs
# and threes of teams to 62 pairs and 45 teams; the others by tens of pairs to 40 then fours,
# and by threes of teams (3B's rows going on to 80 pairs and 44 teams).
LARGE_PAIRS = ((3, 10), *((low, low + 3) for low in range(11, 60, 4)))
LARGE_TEAMS = ((3, 6), *((low, low + 2) for low in range(7, 44, 3)))
PAIRS = ((3, 10), (11, 20), (21, 30), (31, 40), *((low, low + 3) for low in range(41, 78, 4)))
TEAMS = tuple((low, low + 2) for low in range(3, 43, 3))


def _rows(spans: tuple[tuple[int, int], ...], text: str) -> tuple[Row, ...]:
    lines = text.strip().splitlines()
    if len(lines) > len(spans):
        raise ValueError(f"{len(lines)} rows printed, the scale has {len(spans)}")
    return tuple(
        (low, high, tuple(None if cell == "?" else int(cell) for cell in line.split()))
        for (low, high), line in zip(spans, lines, strict=False)
    )


def _table(
    status: str, kind: str, page: str, spans: tuple[tuple[int, int], ...], text: str
) -> OverallTable:
    return OverallTable(status, kind, page, _rows(spans, text))


TABLES: dict[tuple[str, str], OverallTable] = {
    (table.status, table.kind): table
    for table in (
        _table(
            "15A",
            "pairs",
            "E42",
            LARGE_PAIRS,
            """
            15 8 4
            15 11 8 4
            15 12 9 6 3
            15 13 10 8 5 3
            15 13 11 9 6 4 2
            15 13 11 9 8 6 4 2 1
            15 13 12 10 8 7 5 3 2 1 1
            15 14 12 12 9 8 6 5 3 2 1 1 1
            15 14 12 11 10 8 7 5 4 3 1 1 1 1 1
            15 14 13 11 10 9 8 6 5 4 3 1 1 1 1 1 1
            15 14 13 12 10 9 8 7 6 5 3 2 1 1 1 1 1 1 1
            15 14 13 12 11 10 9 8 6 5 4 3 2 1 1 1 1 1 1 1 1
            15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1 1 1 1 1 1 1 1
            15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1 1 1 1 1 1 1 1 1 1
        """,
        ),
        _table(
            "15A",
            "teams",
            "E44",
            LARGE_TEAMS,
            """
            15 8 4
            15 11 8 4
            15 12 9 6 3
            15 13 10 8 5 3
            15 13 11 9 6 4 2
            15 13 11 9 8 6 4 2
            15 13 12 10 8 7 5 3 2
            15 14 12 11 9 8 6 5 3 2
            15 14 12 11 10 8 7 5 4 3 1
            15 14 13 11 10 9 8 6 5 4 3 1
            15 14 13 12 10 9 8 7 6 5 3 2 1
            15 14 13 12 11 10 9 8 6 5 4 3 2 1
            15 14 13 12 11 10 9 8 7 6 5 4 3 2 1
            15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1
        """,
        ),
        _table(
            "10A",
            "pairs",
            "E45",
            LARGE_PAIRS,
            """
            10 5 3
            10 7 5 3
            10 8 6 4 2
            10 8 7 5 3 2
            10 9 7 6 4 3 1
            10 9 8 6 5 4 3 1
            10 9 8 7 6 4 3 2 1
            10 9 8 7 6 5 4 3 2 1
            10 9 8 7 6 5 4 3 2 1 1
            10 9 8 7 6 5 4 3 2 2 1 1
            10 9 8 7 6 5 4 3 3 2 2 1 1
            10 9 8 7 6 5 4 4 3 3 2 2 1 1
            10 9 8 7 6 5 5 4 4 3 3 2 2 1 1
            10 9 8 7 6 6 5 5 4 4 3 3 2 2 1 1
        """,
        ),
        _table(
            "10A",
            "teams",
            "E47",
            LARGE_TEAMS,
            """
            10 5 3
            10 7 5 3
            10 8 6 4 2
            10 8 7 5 3 2
            10 9 7 6 4 3 1
            10 9 8 6 5 4 3 1
            10 9 8 7 6 4 3 2 1
            10 9 8 7 6 5 4 3 2 1
            10 9 8 7 6 5 4 3 2 1 1
            10 9 8 7 6 5 4 3 2 2 1 1
            10 9 8 7 6 5 4 3 3 2 2 1 1
            10 9 8 7 6 5 4 4 3 3 2 2 1 1
            10 9 8 7 6 5 5 4 4 3 3 2 2 1 1
            10 9 8 7 6 6 5 5 4 4 3 3 2 2 1 1
        """,
        ),
        _table(
            "5A",
            "pairs",
            "E49",
            PAIRS,
            """
            5 1
            5 3 1 1
            5 3 1 1 1 1
            5 4 2 1 1 1 1 1
            5 4 3 2 1 1 1 1 1
            5 4 3 2 1 1 1 1 1 1
            5 4 3 2 2 1 1 1 1 1 1 1
            5 4 3 3 2 2 1 1 1 1 1 1 1
            5 4 4 3 3 2 2 1 1 1 1 1 1 1
        """,
        ),
        _table(
            "5A",
            "teams",
            "E49",
            TEAMS,
            """
            5 1
            5 3 1
            5 3 1 1
            5 4 2 1 ?
            5 4 3 2 1 1
            5 4 3 2 1 1 1
            5 4 3 2 2 1 1 ?
            5 4 3 3 2 2 1 1 ? ?
            5 4 4 3 3 2 2 1 1 1 ? ?
        """,
        ),
        _table(
            "3A",
            "pairs",
            "E50",
            PAIRS,
            """
            3 1
            3 2 1 1
            3 2 1 1 1 1
            3 2 1 1 1 1 1 1
            3 2 2 1 1 1 1 1 1
            3 2 2 1 1 1 1 1 1 1
            3 2 2 2 1 1 1 1 1 1 1 1
            3 3 2 2 2 1 1 1 1 1 1 1 1
            3 3 2 2 2 1 1 1 1 1 1 1 1 1
        """,
        ),
        _table(
            "3A",
            "teams",
            "E50",
            TEAMS,
            """
            3
            3 2
            3 2 1
            3 2 1 1
            3 2 2 1 1
            3 2 2 1 1 1
            3 2 2 2 1 1 1
            3 2 2 2 1 1 1 1
            3 2 2 2 2 1 1 1 1
        """,
        ),
        _table(
            "8B",
            "pairs",
            "E53",
            PAIRS,
            """
            8 4
            8 5 2 1
            8 6 4 2 1 1
            8 7 5 3 2 1 1 1
            8 7 5 4 3 1 1 1 1
            8 7 6 5 4 3 1 1 1 1
            8 7 6 5 4 3 2 1 1 1 1 1
            8 7 6 5 4 3 2 1 1 1 1 1 1
            8 7 6 5 4 3 2 2 1 1 1 1 1 1
        """,
        ),
        _table(
            "5B",
            "pairs",
            "E54",
            PAIRS,
            """
            5 3
            5 3 1 1
            5 4 2 1 1 1
            5 4 3 2 1 1 1 1
            5 4 3 2 1 1 1 1 1
            5 4 3 2 2 1 1 1 1 1
            5 4 3 3 2 2 1 1 1 1 1 1
            5 4 4 3 3 2 2 1 1 1 1 1 1
            5 4 4 3 3 2 2 1 1 1 1 1 1 1
        """,
        ),
        _table(
            "5B",
            "teams",
            "E54",
            TEAMS,
            """
            5
            5 3
            5 3 1
            5 4 2 1
            5 4 3 2 1
            5 4 3 2 1 1
            5 4 3 2 2 1 1
            5 4 3 3 2 2 1 1
            5 4 4 3 3 2 2 1 1
        """,
        ),
        _table(
            "3B",
            "pairs",
            "E55",
            PAIRS,
            """
            3
            3 2
            3 2 1
            3 2 1 1
            3 2 2 1 1
            3 2 2 1 1 1
            3 2 2 2 1 1 1
            3 2 2 2 1 1 1 1
            3 2 2 2 2 1 1 1 1
            3 3 2 2 2 2 1 1 1 1
            3 3 2 2 2 2 1 1 1 1 1
            3 3 2 2 2 2 2 1 1 1 1 1
            3 3 3 2 2 2 2 2 1 1 1 1 1
            3 3 3 2 2 2 2 2 1 1 1 1 1 1
        """,
        ),
        _table(
            "3B",
            "teams",
            "E55",
            TEAMS,
            """
            3
            3 2
            3 2 1
            3 2 1 1
            3 2 2 1 1
            3 2 2 1 1 1
            3 2 2 2 1 1 1
            3 2 2 2 1 1 1 1
            3 2 2 2 2 1 1 1 1
            3 3 2 2 2 2 1 1 1 1
            3 3 2 2 2 2 1 1 1 1 1
            3 3 2 2 2 2 2 1 1 1 1 1
            3 3 3 2 2 2 2 2 1 1 1 1 1
            3 3 3 2 2 2 2 2 1 1 1 1 1 1
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
