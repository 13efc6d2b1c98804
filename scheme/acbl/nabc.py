"""NABC+ events ("NABC+ Events"): the arbitrary first place awards of the pair, Swiss and
board-a-match and knockout events, their colours, the minimum table reductions, the 10K
events, and the assigned place awards of the Vanderbilt, Spingold and Soloway knockouts.

"Masterpoints for all other events played at NABCs are computed using the General Formula
with a R factor of 16" (`Rating.REGIONAL_AT_NABC`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType

from scheme.acbl.colours import GOLD, PLATINUM, Split, split_hundredths as split, whole
from scheme.acbl.events import DEFAULT_RULES, _ranking
from scheme.acbl.formula import (
    EventType,
    Rating,
    first_overall,
    overall_depth,
    place_fraction,
)
from scheme.acbl.placings import cents, cents_text, check_ranking, share_places
from scheme.acbl.working import Working
from scheme.core.arithmetic import as_fraction, show, show_number
from scheme.core.errors import RulesError
from scheme.core.placings import Ranking

F = Fraction
TEN_K: Split = ((PLATINUM, F(10, 100)), (GOLD, F(90, 100)))


class Minimum:
    """The minimum table reductions: pairs 2% a table below 48, at least 50% under 24;
    teams 3% a table below 32, at least 50% under 16."""

    PAIRS = (48, F(2, 100))
    TEAMS = (32, F(3, 100))


def minimum_table_share(tables: Fraction, event_type: EventType) -> Fraction:
    full, step = Minimum.PAIRS if event_type is EventType.PAIRS else Minimum.TEAMS
    if tables >= full:
        return F(1)
    # Whole tables below the minimum: a half table short counts as a table (NOTES.md).
    short = full - int(tables)
    return max(F(1, 2), 1 - step * short)


@dataclass(frozen=True)
class NabcPlusEvent:
    name: str
    sessions: int
    first: Fraction | None  # None: by formula, up to `maximum`
    split: Split
    event_type: EventType
    glm_eligible: bool
    minimum_tables: bool
    maximum: Fraction | None = None
    upper_limit: int | None = None
    match_award: Fraction | None = None
    # Knockouts with assigned place awards, by the last rank of each band.
    assigned: tuple[tuple[int, Fraction], ...] = ()
    knockout: bool = False


def _e(
    name: str,
    sessions: int,
    first: str | None,
    split_: Split,
    event_type: EventType,
    glm: bool,
    minimum: bool,
    **more: object,
) -> NabcPlusEvent:
    return NabcPlusEvent(
        name,
        sessions,
        F(first) if first is not None else None,
        split_,
        event_type,
        glm,
        minimum,
        **more,  # type: ignore[arg-type]
    )


P, T, S, B = EventType.PAIRS, EventType.SWISS, EventType.SWISS, EventType.BAM
PLAT, GLD = whole(PLATINUM), whole(GOLD)
ASSIGNED_KO = ((1, F(250)), (2, F(180)), (4, F(125)), (8, F(80)), (16, F(50)), (32, F(25)))

# "A. Pair events", "B. Team events — Swiss & BAM", "C. Team events — Knockouts". Where a
# row shows one X the column is read from the event (NOTES.md).
NABC_PLUS_EVENTS: MappingProxyType[str, NabcPlusEvent] = MappingProxyType(
    {
        e.name: e
        for e in (
            _e("Kay Platinum Pairs", 6, "200", PLAT, P, True, False),
            _e("Blue Ribbon Pairs", 6, "190", PLAT, P, True, False),
            _e("Von Zedtwitz LM Pairs", 6, "190", PLAT, P, True, False),
            _e("Mini-Blue Ribbon Pairs", 6, None, GLD, P, False, False, maximum=F(75)),
            _e("Bruce 6K LM Pairs", 6, None, GLD, P, False, False, maximum=F(75), upper_limit=6000),
            _e(
                "Young 0-2500 Pairs", 6, None, GLD, P, False, False, maximum=F(50), upper_limit=2500
            ),
            _e("Wernher/Silodor Open Pairs", 4, "125", PLAT, P, True, True),
            _e("Nail LM Open Pairs", 4, "125", PLAT, P, True, True),
            _e("Lebhar IMP Pairs", 4, "100", PLAT, P, True, True),
            _e("NABC+ Fast Pairs", 4, "100", PLAT, P, True, True),
            _e("Smith Life Master Women's Pairs", 4, "100", PLAT, P, True, True),
            _e("Whitehead Women's Pairs", 4, "100", PLAT, P, True, True),
            _e("Wagar Women's Pairs", 4, "100", PLAT, P, True, True),
            _e("Rockwell Mixed Pairs", 4, "100", PLAT, P, True, True),
            _e("Silver Ribbon Pairs", 4, "100", PLAT, P, True, True),
            _e("10K Pairs", 4, "80", TEN_K, P, False, True),
            _e("Senior Mixed Pairs", 4, "80", PLAT, P, True, True),
            _e("Super Senior Pairs", 4, "60", PLAT, P, False, True),
            _e("Red Ribbon Pairs", 4, "60", GLD, P, False, True),
            _e("Reisinger B-A-M", 6, "200", PLAT, B, True, False),
            _e("North American Swiss", 6, "160", PLAT, T, True, False),
            _e("Roth Open Swiss", 6, "160", PLAT, T, True, False),
            _e("Mitchell Open B-A-M", 4, "140", PLAT, B, True, True),
            _e("Jacoby Open Swiss", 4, "125", PLAT, T, True, True),
            _e("Freeman Mixed B-A-M", 4, "110", PLAT, B, True, True),
            _e("NABC+ Mixed Swiss", 4, "100", PLAT, T, True, True),
            _e("Truscott Senior Swiss", 4, "100", PLAT, T, True, True),
            _e("10K Swiss", 4, "70", TEN_K, T, False, True),
            _e("10K Mixed Swiss", 4, "60", TEN_K, T, False, True),
            _e(
                "Vanderbilt KO",
                6,
                "250",
                PLAT,
                S,
                True,
                False,
                match_award=F(10),
                assigned=ASSIGNED_KO,
                knockout=True,
            ),
            _e(
                "Spingold KO",
                6,
                "250",
                PLAT,
                S,
                True,
                False,
                match_award=F(10),
                assigned=ASSIGNED_KO,
                knockout=True,
            ),
            _e(
                "Soloway KO",
                6,
                "250",
                PLAT,
                S,
                True,
                False,
                match_award=F(10),
                assigned=ASSIGNED_KO,
                knockout=True,
            ),
            _e("10K KO Teams", 6, "100", TEN_K, S, False, True, knockout=True),
            _e("Mini-Spingold 6K", 6, "80", GLD, S, False, True, match_award=F(3), knockout=True),
            _e(
                "Mini-Spingold 2500",
                6,
                "60",
                GLD,
                S,
                False,
                True,
                match_award=F(5, 2),
                knockout=True,
            ),
        )
    }
)
# "The first overall award for all 10K Pairs events will [be] 100.00 masterpoints if there
# are 100+ tables entered."
TEN_K_PAIRS_FULL_TABLES = 100
TEN_K_PAIRS_FULL = F(100)


@dataclass(frozen=True)
class NabcEvent:
    """An NABC+ event by name, its tables and its overall ranking."""

    name: str
    tables: Decimal
    ranking: Ranking
    # The formula events (Mini-Blue Ribbon) give their upper limit when the table has none.
    upper_limit: int | None = None
    # Knockouts: matches won by each team (the full day's match award a win).
    wins: dict[str, Decimal] = field(default_factory=dict)
    rules: str = DEFAULT_RULES

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", _ranking(self.ranking))
        object.__setattr__(self, "wins", MappingProxyType(dict(self.wins)))


def nabc_first(event: NabcPlusEvent, tables: Fraction, upper_limit: int | None) -> Fraction:
    """The first overall award, before the minimum table reduction."""
    if event.first is None:
        limit = event.upper_limit if event.upper_limit is not None else upper_limit
        value = first_overall(
            tables=tables,
            rating=Rating.NATIONAL,
            sessions=event.sessions,
            upper_limit=limit,
            restrictions=0,
            event_type=event.event_type,
        )
        return min(value, event.maximum) if event.maximum is not None else value
    if event.name == "10K Pairs" and tables >= TEN_K_PAIRS_FULL_TABLES:
        return TEN_K_PAIRS_FULL
    return event.first


def compute_nabc(event: NabcEvent, working: Working) -> NabcPlusEvent:
    known = NABC_PLUS_EVENTS.get(event.name)
    if known is None:
        raise RulesError("name", f"{event.name!r} is not an NABC+ event of the plan")
    tables = as_fraction(event.tables)
    if not 0 < tables <= 2000:
        raise RulesError("tables", "tables are from 0.5 to 2000")
    check_ranking(event.ranking, "ranking")
    base = nabc_first(known, tables, event.upper_limit)
    share = minimum_table_share(tables, known.event_type) if known.minimum_tables else F(1)
    first = cents(base * share)
    working.note(
        f"{known.name}: {known.sessions} sessions, first "
        + (
            f"{show(base)} by the General Formula (R 22.50)"
            if known.first is None
            else f"{cents_text(cents(base))} (arbitrary)"
        )
        + (
            f" x {show_number(share)} for {show_number(tables)} tables (minimum tables)"
            if share != 1
            else ""
        )
        + f" = {cents_text(first)}."
    )
    if known.assigned:
        bands = known.assigned

        def award_of(place: int) -> int:
            for last, amount in bands:
                if place <= last:
                    return cents(amount * share)
            return 0

        depth = bands[-1][0]
        working.note("Assigned place awards: 1, 2, 3-4, 5-8, 9-16, 17-32.")
    else:

        def award_of(place: int) -> int:
            if place == 1:
                return first
            return cents(F(first, 100) * place_fraction(place, known.sessions))

        depth = overall_depth(tables, known.event_type, F(first, 100), known.sessions)
        working.note(f"Places below first by the {known.sessions}-session percentages.")
    for award in share_places(event.ranking, award_of, depth):
        if not award.each:
            continue
        for label in award.labels:
            working.set_overall(label, award.each, split(award.each, known.split))
        working.note(f"  {', '.join(award.labels)}: {award.first}: {cents_text(award.each)}")
    if known.match_award is not None and event.wins:
        for label, wins in event.wins.items():
            won = as_fraction(wins)
            if not 0 <= won <= 20:
                raise RulesError(f"wins.{label}", "matches won are from 0 to 20")
            tally = working.tally(label)
            tally.matches += known.match_award * share * won
            tally.match_colour = known.split[0][0]
        working.note(f"Match awards: {cents_text(cents(known.match_award))} a full day's win.")
    return known
