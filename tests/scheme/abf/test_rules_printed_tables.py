"""Every printed cell of Tables 1A-3C, regenerated from the formulae of 3.1.1 and 3.1.2.

The tables were computed before the 2025 edition changed rounding to "0.005 to even"
(4.4.2): with the older edition's half-up rounding every printed cell comes out exactly;
with the 2025 rule every cell does too, except the cells whose exact value is half a cent.
"""

import csv
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from scheme.abf import ABF_2025, ABF_LEGACY
from scheme.abf.formulas import one_winner_session_award, two_winner_session_award
from scheme.abf.grades import TABLE_WEIGHTS
from scheme.core.placings import placing_fraction

DATA = Path(__file__).parent / "data" / "abf_award_tables.csv"

# The cells whose exact value is half a cent: the printed tables round them up, the 2025
# rule rounds them to even. Each was checked by hand against the formula (3.1.1, 4.1.1):
# Tables 1x give 0.02WT to the winner, Tables 2x 0.04WT; 2nd place is 70%, place p the
# winner's award / (p - 1).
HALF_CENT_CELLS_2025: dict[tuple[str, int, int], str] = {
    ("1A", 13, 5): "0.06",  # 0.26 / 4 = 0.065
    ("1A", 17, 5): "0.08",  # 0.34 / 4 = 0.085
    ("1A", 18, 9): "0.04",  # 0.36 / 8 = 0.045
    ("1B", 5, 2): "0.10",  # 0.15 x 0.7 = 0.105
    ("1B", 7, 3): "0.10",  # 0.21 / 2 = 0.105
    ("1B", 11, 3): "0.16",  # 0.33 / 2 = 0.165
    ("1B", 14, 5): "0.10",  # 0.42 / 4 = 0.105
    ("1B", 15, 3): "0.22",  # 0.45 / 2 = 0.225
    ("1B", 17, 7): "0.08",  # 0.51 / 6 = 0.085
    ("1B", 19, 3): "0.28",  # 0.57 / 2 = 0.285
    ("1C", 7, 2): "0.24",  # 0.35 x 0.7 = 0.245
    ("1C", 9, 3): "0.22",  # 0.45 / 2 = 0.225
    ("1C", 10, 5): "0.12",  # 0.50 / 4 = 0.125
    ("1C", 11, 2): "0.38",  # 0.55 x 0.7 = 0.385
    ("1C", 13, 3): "0.32",  # 0.65 / 2 = 0.325
    ("1C", 15, 2): "0.52",  # 0.75 x 0.7 = 0.525
    ("1C", 15, 7): "0.12",  # 0.75 / 6 = 0.125
    ("1C", 17, 3): "0.42",  # 0.85 / 2 = 0.425
    ("1C", 18, 5): "0.22",  # 0.90 / 4 = 0.225
    ("1C", 19, 2): "0.66",  # 0.95 x 0.7 = 0.665
    ("1C", 20, 9): "0.12",  # 1.00 / 8 = 0.125
    ("1C", 21, 3): "0.52",  # 1.05 / 2 = 0.525
    ("1C", 23, 2): "0.80",  # 1.15 x 0.7 = 0.805
    ("1C", 25, 3): "0.62",  # 1.25 / 2 = 0.625
    ("1C", 26, 5): "0.32",  # 1.30 / 4 = 0.325
    ("1C", 27, 2): "0.94",  # 1.35 x 0.7 = 0.945
    ("1C", 27, 7): "0.22",  # 1.35 / 6 = 0.225
    ("1C", 29, 3): "0.72",  # 1.45 / 2 = 0.725
    ("2A", 9, 9): "0.04",  # 0.36 / 8 = 0.045
    ("2A", 13, 9): "0.06",  # 0.52 / 8 = 0.065
    ("2B", 7, 5): "0.10",  # 0.42 / 4 = 0.105
    ("2B", 11, 5): "0.16",  # 0.66 / 4 = 0.165
    ("2C", 5, 5): "0.12",  # 0.50 / 4 = 0.125
    ("2C", 9, 5): "0.22",  # 0.90 / 4 = 0.225
    ("2C", 10, 9): "0.12",  # 1.00 / 8 = 0.125
    ("2C", 13, 5): "0.32",  # 1.30 / 4 = 0.325
}


def _cells():
    with DATA.open(newline="") as handle:
        for row in csv.DictReader(handle):
            key = (row["table"], int(row["T"]), int(row["col"]))
            marks = ()
            if not row["value"]:
                marks = pytest.mark.skip(reason=f"no printed value: {row['note']}")
            yield pytest.param(*key, row["value"], id="{}-T{}-{}".format(*key), marks=marks)


CELLS = list(_cells())


def test_the_reference_holds_every_cell_of_the_nine_tables():
    assert len(CELLS) == 2142
    assert sum(1 for cell in CELLS if cell.marks) == 8  # Table 3B, T=2, S=2..9


@pytest.mark.parametrize(("table", "tables", "column", "printed"), CELLS)
def test_legacy_rules_reproduce_the_printed_cell(table, tables, column, printed):
    assert ABF_LEGACY.table_cell(table, tables, column) == Decimal(printed)


@pytest.mark.parametrize(("table", "tables", "column", "printed"), CELLS)
def test_2025_rules_reproduce_the_printed_cell_unless_it_is_half_a_cent(
    table, tables, column, printed
):
    expected = HALF_CENT_CELLS_2025.get((table, tables, column), printed)
    assert ABF_2025.table_cell(table, tables, column) == Decimal(expected)


@pytest.mark.parametrize(("table", "tables", "column"), sorted(HALF_CENT_CELLS_2025))
def test_each_listed_cell_is_exactly_half_a_cent_rounded_to_even_in_2025(table, tables, column):
    formula = two_winner_session_award if table[0] == "1" else one_winner_session_award
    exact = formula(tables, TABLE_WEIGHTS[table[1]]) * placing_fraction(column)
    assert (exact * 100) % 1 == Fraction(1, 2)
    down, up = Decimal(int(exact * 100)) / 100, Decimal(int(exact * 100) + 1) / 100
    even = down if int(exact * 100) % 2 == 0 else up
    assert ABF_2025.table_cell(table, tables, column) == even
    assert ABF_LEGACY.table_cell(table, tables, column) == up
