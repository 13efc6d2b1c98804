"""Tournament grades (1.5.1), their colours, weights and printed tables (3.1.3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from scheme.core.arithmetic import show_number


class Colour(StrEnum):
    """The colour of a masterpoint (1.6)."""

    GREEN = "green"
    RED = "red"
    GOLD = "gold"
    # Older editions: grade F points to unregistered players (NSW guide A1: ended in 2020).
    BLUE = "blue"


class Kind(StrEnum):
    """What competes: pairs, teams or individuals (1.5.1 gives a weight for pairs and teams)."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


# The weights of the printed Tables 1A-3C (3.1.3): "grade weights 1.0, 1.5, and 2.5".
TABLE_WEIGHTS: dict[str, Fraction] = {"A": Fraction(1), "B": Fraction(3, 2), "C": Fraction(5, 2)}


@dataclass(frozen=True)
class PrintedTables:
    """Which printed tables a grade uses and the factor they are multiplied by (3.1.3)."""

    letter: str
    factor: Fraction

    def describe(self, number: int) -> str:
        name = f"Table {number}{self.letter}"
        return name if self.factor == 1 else f"{name} × {show_number(self.factor)}"


@dataclass(frozen=True)
class Grade:
    """One tournament grade of 1.5.1, with its multiplying factors of 3.1.3."""

    code: str
    colour: Colour
    pairs_weight: Fraction
    teams_weight: Fraction
    description: str
    pairs_tables: PrintedTables
    teams_tables: PrintedTables
    # The row of the Master Factors table (4.4.9) this grade reads.
    master_factor_row: str

    def weight(self, kind: Kind) -> Fraction:
        """1.5.1: teams have their own weight; pairs and individuals use the pairs weight."""
        return self.teams_weight if kind is Kind.TEAMS else self.pairs_weight

    def tables(self, kind: Kind) -> PrintedTables:
        return self.teams_tables if kind is Kind.TEAMS else self.pairs_tables

    @property
    def is_green(self) -> bool:
        return self.colour is Colour.GREEN


def _grade(
    code: str,
    colour: Colour,
    pairs: str,
    teams: str,
    description: str,
    pairs_tables: tuple[str, str],
    teams_tables: tuple[str, str],
    master_factor_row: str,
) -> Grade:
    return Grade(
        code=code,
        colour=colour,
        pairs_weight=Fraction(pairs),
        teams_weight=Fraction(teams),
        description=description,
        pairs_tables=PrintedTables(pairs_tables[0], Fraction(pairs_tables[1])),
        teams_tables=PrintedTables(teams_tables[0], Fraction(teams_tables[1])),
        master_factor_row=master_factor_row,
    )


GREEN_ROW = "E, D & C"
CONGRESS_ROW = "B3, B4 & B5"
STATE_ROW = "B & A2"
NATIONAL_ROW = "A"

# 1.5.1 Tournament grades, with the tables and multiplying factors of 3.1.3.
ABF_GRADES: dict[str, Grade] = {
    grade.code: grade
    for grade in (
        _grade("F", Colour.GREEN, "0.75", "0.5", "Supervised play",
               ("B", "0.5"), ("A", "0.5"), GREEN_ROW),
        _grade("E", Colour.GREEN, "1.5", "1.0", "Club events",
               ("B", "1"), ("A", "1"), GREEN_ROW),
        _grade("D", Colour.GREEN, "2.0", "1.5", "Club Championships",
               ("A", "2"), ("B", "1"), GREEN_ROW),
        _grade("C", Colour.GREEN, "2.5", "2.0", "Regional Championships",
               ("C", "1"), ("A", "2"), GREEN_ROW),
        _grade("B4c", Colour.RED, "2.5", "2.5", "Special Club events",
               ("C", "1"), ("C", "1"), CONGRESS_ROW),
        _grade("B5i", Colour.RED, "2.0", "2.0", "Interclub Tournaments",
               ("A", "2"), ("A", "2"), CONGRESS_ROW),
        _grade("B4s", Colour.RED, "2.5", "2.5", "Special State events",
               ("C", "1"), ("C", "1"), CONGRESS_ROW),
        _grade("B5", Colour.RED, "2.0", "2.0", "Congress minor events",
               ("A", "2"), ("A", "2"), CONGRESS_ROW),
        _grade("B4", Colour.RED, "2.5", "2.5", "Congress Championships",
               ("C", "1"), ("C", "1"), CONGRESS_ROW),
        _grade("B3", Colour.RED, "3.75", "3.75", "Super Congress Championships",
               ("C", "1.5"), ("C", "1.5"), CONGRESS_ROW),
        _grade("B", Colour.RED, "5.0", "5.0", "State Championships",
               ("C", "2"), ("C", "2"), STATE_ROW),
        _grade("A2", Colour.GOLD, "5.0", "5.0",
               "ABF Super Congresses and National minor Championships",
               ("C", "2"), ("C", "2"), STATE_ROW),
        _grade("A", Colour.GOLD, "10.0", "10.0", "National Championships",
               ("C", "4"), ("C", "4"), NATIONAL_ROW),
    )
}  # fmt: skip

# The older edition (002) lists a gold grade A3 (0.030 gold point a board, 4.2.3), since
# renamed A2 (7.4: "Grade A2 (previously A3)"); its per-board rate is weight 3.75. Its grade F
# points are blue, and the Master Factors table puts every A grade on the "All A" row and
# grade B alone on its row.
LEGACY_GRADES: dict[str, Grade] = {
    **{
        code: grade
        for code, grade in ABF_GRADES.items()
        if code not in {"F", "A2"}
    },
    "F": _grade("F", Colour.BLUE, "0.75", "0.5", "Supervised play",
                ("B", "0.5"), ("A", "0.5"), GREEN_ROW),
    "B": _grade("B", Colour.RED, "5.0", "5.0", "State Championships",
                ("C", "2"), ("C", "2"), "B"),
    "A3": _grade("A3", Colour.GOLD, "3.75", "3.75", "Gold point congresses",
                 ("C", "1.5"), ("C", "1.5"), NATIONAL_ROW),
    "A2": _grade("A2", Colour.GOLD, "5.0", "5.0", "National minor Championships",
                 ("C", "2"), ("C", "2"), NATIONAL_ROW),
    "A": ABF_GRADES["A"],
}  # fmt: skip
