"""Factors applied to standard awards: master (4.4.9), restriction (4.4.10), the 75% State
championships (6.2.2) and team members (4.1.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from scheme.core.arithmetic import show
from scheme.core.errors import RulesError

# The columns of the Master Factors table (4.4.9), lowest rank first.
MASTER_FACTOR_COLUMNS: tuple[str, ...] = (
    "Graduate",
    "Club",
    "Local",
    "State",
    "Bronze State",
    "National",
    "Bronze National",
    "Life",
    "Grand",
)


def _row(*values: str) -> dict[str, Fraction]:
    return dict(zip(MASTER_FACTOR_COLUMNS, (Fraction(v) for v in values), strict=True))


# 4.4.9 MASTER FACTORS, one row per group of grades.
MASTER_FACTORS_2025: dict[str, dict[str, Fraction]] = {
    "E, D & C": _row("1.00", "1.00", "1.00", "1.00", "1.00", "1.00", "1.25", "1.50", "1.50"),
    "B3, B4 & B5": _row("0.40", "0.50", "0.65", "0.80", "0.90", "1.00", "1.125", "1.25", "1.50"),
    "B & A2": _row("0.40", "0.50", "0.65", "0.80", "0.80", "0.90", "0.90", "1.00", "1.00"),
    "A": _row("0.33", "0.40", "0.50", "0.65", "0.725", "0.80", "0.80", "0.90", "1.00"),
}

# The older edition: the same values, but grade B has its row alone and every A grade reads
# the "All A" row.
MASTER_FACTORS_LEGACY: dict[str, dict[str, Fraction]] = {
    "E, D & C": MASTER_FACTORS_2025["E, D & C"],
    "B3, B4 & B5": MASTER_FACTORS_2025["B3, B4 & B5"],
    "B": MASTER_FACTORS_2025["B & A2"],
    "A": MASTER_FACTORS_2025["A"],
}

# The 21 ranks of 1.8, each read in the column of the Master Factors table at or below it.
# "When players of below Graduate rank are allowed to participate they are considered as
# Graduate masters" (4.4.9).
RANK_COLUMN: dict[str, str] = {
    "nil": "Graduate",
    "below graduate": "Graduate",
    "graduate": "Graduate",
    "club": "Club",
    "local": "Local",
    "bronze local": "Local",
    "silver local": "Local",
    "regional": "Local",
    "bronze regional": "Local",
    "state": "State",
    "bronze state": "Bronze State",
    "national": "National",
    "bronze national": "Bronze National",
    "silver national": "Bronze National",
    "life": "Life",
    "bronze life": "Life",
    "silver life": "Life",
    "gold life": "Life",
    "grand": "Grand",
    "silver grand": "Grand",
    "gold grand": "Grand",
    "emerald grand": "Grand",
    "diamond grand": "Grand",
}


def rank_column(rank: str, field: str) -> str:
    """The Master Factors column for a rank name ("Silver Life" reads "Life")."""
    key = " ".join(rank.lower().replace("master", "").split())
    try:
        return RANK_COLUMN[key]
    except KeyError:
        raise RulesError(field, f"Unknown master rank {rank!r} (4.4.9)") from None


class MasterFactorMethod(StrEnum):
    """4.4.9: the median ranking of the entrant field, or the average of the factors."""

    MEDIAN = "median"
    AVERAGE = "average"


@dataclass(frozen=True)
class MasterFactor:
    """The ranks of a master event's entrants (one per player, or one per rank represented
    for the average method), and how they give one factor (4.4.9)."""

    ranks: tuple[str, ...]
    method: MasterFactorMethod = MasterFactorMethod.MEDIAN

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", tuple(self.ranks))
        object.__setattr__(self, "method", MasterFactorMethod(self.method))


def master_factor(
    master: MasterFactor, row: Mapping[str, Fraction], row_name: str, field: str
) -> tuple[Fraction, str]:
    """The master factor and a sentence saying how it was found (4.4.9)."""
    if not master.ranks:
        raise RulesError(f"{field}.ranks", "Give the rank of at least one entrant (4.4.9)")
    columns = [rank_column(rank, f"{field}.ranks[{i}]") for i, rank in enumerate(master.ranks)]
    if master.method is MasterFactorMethod.MEDIAN:
        # "the factor for the player ranking that has as many players of equal or greater
        # ranking above as there are of equal or lesser ranking below"
        ordered = sorted(columns, key=MASTER_FACTOR_COLUMNS.index, reverse=True)
        median = ordered[(len(ordered) - 1) // 2]
        factor = row[median]
        how = (
            f"median ranking of {len(columns)} entrants is {median}: "
            f"master factor {show(factor)} (4.4.9, grades {row_name})"
        )
        return factor, how
    represented = sorted(set(columns), key=MASTER_FACTOR_COLUMNS.index)
    factor = sum((row[c] for c in represented), Fraction(0)) / len(represented)
    how = (
        f"average of the factors of {', '.join(represented)}: "
        f"master factor {show(factor)} (4.4.9, grades {row_name})"
    )
    return factor, how


def team_member_factor(members: int, field: str) -> Fraction:
    """4.1.2: a team of 5 gets 4/5 of the standard award each, a team of 6 gets 2/3."""
    if members < 3 or members > 6:
        raise RulesError(field, "A team has 3 to 6 members (4.1.2)")
    return {5: Fraction(4, 5), 6: Fraction(2, 3)}.get(members, Fraction(1))
