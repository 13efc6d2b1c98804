"""ACBL honor titles: Rookie to Grand Life Master, with the Life Master levels, in the order
the plan names them ("The Masterpoint Plan", opening pages).

The plan names the titles but prints no requirements, so the points each title needs are
data: dated requirement sets, each a tuple of titles with their total and their minimums
by colour group, all in hundredths. They come from the ACBL's published requirements:

- `JOINED_BEFORE_2010`: https://www.acbl.org/masterpoints-results/masterpoint-ranks/
  members-who-joined-prior-to-jan-1-2010/ (the ACBL's own page; its titles are the plan's,
  Bronze, Ruby and Sapphire Life Master included). This is the ladder of `ACBL_SCHEME`.
- `JOINED_FROM_2010`: http://unit143.net/NEWCOMERS/NEWMEMBERS/LifeMasterRequirements.php
  (a unit's copy of the ACBL's "Effective January 1, 2010" chart: Life Master at 500, with
  the Advanced NABC Master title the plan does not name; no Bronze, Ruby or Sapphire).

A title is held when every requirement is met; a Life Master level ("a Life Master with
1000") needs the Life Master requirements too. Grand Life Master needs, besides Platinum
Life Master, a victory in an eligible event: a fact of the player's record, not a total,
so it is never reached from totals alone (`rank_for(..., eligible_win=True)`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from scheme.acbl.colours import BLACK, COLOURS, GOLD, PLATINUM, RED, SILVER

# Groups of colours a minimum counts, named as the ACBL's pages name them.
SILVER_ONLY = (SILVER,)
RED_GOLD_PLATINUM = (RED, GOLD, PLATINUM)
GOLD_PLATINUM = (GOLD, PLATINUM)
PIGMENTED = (SILVER, RED, GOLD, PLATINUM)
BLACK_ONLY = (BLACK,)
PLATINUM_ONLY = (PLATINUM,)

GROUP_NAMES: Mapping[tuple[str, ...], str] = {
    SILVER_ONLY: "silver",
    RED_GOLD_PLATINUM: "red/gold/platinum",
    GOLD_PLATINUM: "gold/platinum",
    PIGMENTED: "silver/red/gold/platinum",
    BLACK_ONLY: "black",
    PLATINUM_ONLY: "platinum",
}


def _mp(points: int) -> int:
    return points * 100


@dataclass(frozen=True)
class Minimum:
    """At least `hundredths` points of the colours in `colours`."""

    colours: tuple[str, ...]
    hundredths: int

    @property
    def label(self) -> str:
        return GROUP_NAMES.get(self.colours, "/".join(self.colours))

    def held(self, totals: Mapping[str, int]) -> int:
        return sum(totals.get(colour, 0) for colour in self.colours)


@dataclass(frozen=True)
class Title:
    order: int
    name: str
    total: int
    minimums: tuple[Minimum, ...] = ()
    # A Life Master level: the Life Master requirements of the same set apply too.
    life_master_level: bool = False
    # Grand Life Master: a victory in an eligible event besides the points.
    needs_eligible_win: bool = False


@dataclass(frozen=True)
class Need:
    """What a player still lacks for a title: points of a group (or in all), or a win."""

    requirement: str  # "total", a group's label, or "eligible win"
    hundredths: int


@dataclass(frozen=True)
class RequirementSet:
    """The titles' requirements for the members they apply to, with their source."""

    name: str
    # Members who joined in [joined_from, joined_before); None: no bound.
    joined_from: date | None
    joined_before: date | None
    source: str
    titles: tuple[Title, ...]  # lowest first

    def title(self, name: str) -> Title:
        for title in self.titles:
            if title.name == name:
                return title
        raise KeyError(name)

    def life_master(self) -> Title | None:
        for title in self.titles:
            if title.name == "Life Master":
                return title
        return None

    def requirements(self, title: Title) -> tuple[int, tuple[Minimum, ...]]:
        """The total and the minimums by colour group `title` needs, in hundredths: a Life
        Master level's own with the Life Master ones it does not raise."""
        requirements = list(title.minimums)
        base = self.life_master() if title.life_master_level else None
        if base is not None:
            # A level's own minimum of a group replaces the Life Master one it raises.
            own = {m.colours for m in title.minimums}
            requirements = [m for m in base.minimums if m.colours not in own] + requirements
        return max(title.total, base.total if base else 0), tuple(requirements)

    def needs(
        self, title: Title, totals: Mapping[str, int], *, eligible_win: bool = False
    ) -> tuple[Need, ...]:
        """What `totals` (hundredths by colour) still lack for `title`; empty when held."""
        unknown = set(totals) - set(COLOURS)
        if unknown:
            raise KeyError(f"the ACBL plan has no colour {sorted(unknown)[0]!r}")
        total_needed, requirements = self.requirements(title)
        lacking: list[Need] = []
        held = sum(totals.values())
        if held < total_needed:
            lacking.append(Need("total", total_needed - held))
        for minimum in requirements:
            have = minimum.held(totals)
            if have < minimum.hundredths:
                lacking.append(Need(minimum.label, minimum.hundredths - have))
        if title.needs_eligible_win and not eligible_win:
            lacking.append(Need("eligible win", 0))
        return tuple(lacking)

    def is_met(
        self, title: Title, totals: Mapping[str, int], *, eligible_win: bool = False
    ) -> bool:
        return not self.needs(title, totals, eligible_win=eligible_win)

    def rank_for(self, totals: Mapping[str, int], *, eligible_win: bool = False) -> Title | None:
        """The highest title whose requirements are all met (every title is tried)."""
        for title in reversed(self.titles):
            if self.is_met(title, totals, eligible_win=eligible_win):
                return title
        return None

    def next_title(self, current: Title | None) -> Title | None:
        index = 0 if current is None else self.titles.index(current) + 1
        return self.titles[index] if index < len(self.titles) else None


def _titles(rows: list[tuple[str, int, tuple[Minimum, ...], bool, bool]]) -> tuple[Title, ...]:
    return tuple(
        Title(order, name, _mp(total), minimums, level, win)
        for order, (name, total, minimums, level, win) in enumerate(rows, start=1)
    )


def _at_least(points: int, colours: tuple[str, ...]) -> Minimum:
    return Minimum(colours, _mp(points))


JOINED_BEFORE_2010 = RequirementSet(
    name="Joined before 1 January 2010",
    joined_from=None,
    joined_before=date(2010, 1, 1),
    source="https://www.acbl.org/masterpoints-results/masterpoint-ranks/"
    "members-who-joined-prior-to-jan-1-2010/",
    titles=_titles(
        [
            ("Rookie", 0, (), False, False),
            ("Junior Master", 5, (), False, False),
            ("Club Master", 20, (), False, False),
            ("Sectional Master", 50, (_at_least(5, SILVER_ONLY),), False, False),
            (
                "Regional Master",
                100,
                (_at_least(15, SILVER_ONLY), _at_least(5, RED_GOLD_PLATINUM)),
                False,
                False,
            ),
            (
                "NABC Master",
                200,
                (
                    _at_least(25, SILVER_ONLY),
                    _at_least(20, RED_GOLD_PLATINUM),
                    _at_least(5, GOLD_PLATINUM),
                ),
                False,
                False,
            ),
            (
                "Life Master",
                300,
                (
                    _at_least(50, BLACK_ONLY),
                    _at_least(50, SILVER_ONLY),
                    _at_least(50, RED_GOLD_PLATINUM),
                    _at_least(25, GOLD_PLATINUM),
                ),
                False,
                False,
            ),
            ("Bronze Life Master", 500, (), True, False),
            ("Silver Life Master", 1000, (_at_least(200, PIGMENTED),), True, False),
            ("Ruby Life Master", 1500, (_at_least(300, PIGMENTED),), True, False),
            ("Gold Life Master", 2500, (_at_least(500, PIGMENTED),), True, False),
            (
                "Sapphire Life Master",
                3500,
                (_at_least(700, PIGMENTED), _at_least(350, GOLD_PLATINUM)),
                True,
                False,
            ),
            (
                "Diamond Life Master",
                5000,
                (_at_least(1000, PIGMENTED), _at_least(500, GOLD_PLATINUM)),
                True,
                False,
            ),
            (
                "Emerald Life Master",
                7500,
                (_at_least(1500, PIGMENTED), _at_least(750, GOLD_PLATINUM)),
                True,
                False,
            ),
            (
                "Platinum Life Master",
                10000,
                (
                    _at_least(2000, PIGMENTED),
                    _at_least(1000, GOLD_PLATINUM),
                    _at_least(100, PLATINUM_ONLY),
                ),
                True,
                False,
            ),
            (
                "Grand Life Master",
                10000,
                (
                    _at_least(2000, PIGMENTED),
                    _at_least(1000, GOLD_PLATINUM),
                    _at_least(100, PLATINUM_ONLY),
                ),
                True,
                True,
            ),
        ]
    ),
)

JOINED_FROM_2010 = RequirementSet(
    name="Joined on or after 1 January 2010",
    joined_from=date(2010, 1, 1),
    joined_before=None,
    source="http://unit143.net/NEWCOMERS/NEWMEMBERS/LifeMasterRequirements.php",
    titles=_titles(
        [
            ("Rookie", 0, (), False, False),
            ("Junior Master", 5, (), False, False),
            ("Club Master", 20, (), False, False),
            ("Sectional Master", 50, (_at_least(5, SILVER_ONLY),), False, False),
            (
                "Regional Master",
                100,
                (_at_least(15, SILVER_ONLY), _at_least(5, RED_GOLD_PLATINUM)),
                False,
                False,
            ),
            (
                "NABC Master",
                200,
                (
                    _at_least(25, SILVER_ONLY),
                    _at_least(15, RED_GOLD_PLATINUM),
                    _at_least(5, GOLD_PLATINUM),
                ),
                False,
                False,
            ),
            (
                "Advanced NABC Master",
                300,
                (
                    _at_least(50, BLACK_ONLY),
                    _at_least(50, SILVER_ONLY),
                    _at_least(25, RED_GOLD_PLATINUM),
                    _at_least(25, GOLD_PLATINUM),
                ),
                False,
                False,
            ),
            (
                "Life Master",
                500,
                (
                    _at_least(75, BLACK_ONLY),
                    _at_least(75, SILVER_ONLY),
                    _at_least(50, RED_GOLD_PLATINUM),
                    _at_least(50, GOLD_PLATINUM),
                ),
                False,
                False,
            ),
            ("Silver Life Master", 1000, (), True, False),
            ("Gold Life Master", 2500, (), True, False),
            ("Diamond Life Master", 5000, (), True, False),
            ("Emerald Life Master", 7500, (), True, False),
            ("Platinum Life Master", 10000, (), True, False),
            ("Grand Life Master", 10000, (), True, True),
        ]
    ),
)

# Dated requirement sets, oldest membership first.
REQUIREMENT_SETS: tuple[RequirementSet, ...] = (JOINED_BEFORE_2010, JOINED_FROM_2010)
# The ladder of the scheme: the set whose titles are the plan's, in the plan's order.
LADDER = JOINED_BEFORE_2010

# The plan's own list of titles, in its order: the ladder must name exactly these.
PLAN_TITLES: tuple[str, ...] = (
    "Rookie",
    "Junior Master",
    "Club Master",
    "Sectional Master",
    "Regional Master",
    "NABC Master",
    "Life Master",
    "Bronze Life Master",
    "Silver Life Master",
    "Ruby Life Master",
    "Gold Life Master",
    "Sapphire Life Master",
    "Diamond Life Master",
    "Emerald Life Master",
    "Platinum Life Master",
    "Grand Life Master",
)


def requirements_for(joined: date | None = None) -> RequirementSet:
    """The requirement set for a member who joined on `joined` (the ladder when unknown)."""
    if joined is None:
        return LADDER
    for requirements in REQUIREMENT_SETS:
        after = requirements.joined_from is None or joined >= requirements.joined_from
        before = requirements.joined_before is None or joined < requirements.joined_before
        if after and before:
            return requirements
    return LADDER
