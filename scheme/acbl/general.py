"""Events awarded by the General Formula: club special games ("Special Club Games and the
General Formula") and sectional, regional and NABC events ("Sectional/Regional Tournament
Events", "Calculating the Awards"): overall awards with their depth, session awards, match
awards, strats, the caps and board counts of club championships; their colours are
`scheme.acbl.general_colours`.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from scheme.acbl.club import OPEN_RATE, OPEN_SECTION_CAP, section_depth, section_fraction
from scheme.acbl.colours import BLACK, GOLD, Split, split_hundredths as split
from scheme.acbl.events import GeneralFormulaEvent, Group, SpecialGame, Strat, Tournament
from scheme.acbl.formula import (
    COMBINED_SCORING_FROM,
    EventType,
    Rating,
    Standing,
    b_factor,
    combined_place_fraction,
    combined_scoring_tables,
    d_factor,
    first_overall,
    l_factor,
    m_for,
    match_award,
    overall_depth,
    p_factor,
    place_fraction,
    r_factor,
    s_factor,
    session_depth,
    t_factor,
)
from scheme.acbl.general_colours import (
    GOLD_LIMIT,
    match_colour,
    nap_gnt_stage,
    overall_split,
    session_split,
)
from scheme.acbl.placings import (
    cents,
    cents_text,
    check_ranking,
    check_strats,
    eligible_ranking,
    share_places,
)
from scheme.acbl.tournaments import (
    Modifier,
    TableRule,
    credited_tables,
    modifier_shares,
    sectional_credited_tables,
)
from scheme.acbl.working import Working
from scheme.core.arithmetic import as_fraction, show, show_number
from scheme.core.errors import RulesError

# "Number of boards": shortened club championships (12-17 boards) at 60%, capped at 4.50;
# regular club championships (18+) and Special Fund games capped at 6.00; every other
# special club game needs 18 boards.
SHORT_CHAMPIONSHIP_SHARE = Fraction(60, 100)
SHORT_CHAMPIONSHIP_CAP = Fraction(450, 100)
CHAMPIONSHIP_CAP = Fraction(6)
# "For the lowest strat ... at least three tables to be eligible for overall awards and at
# least three competitors in direct comparison to be eligible for session awards".
LOWEST_STRAT_TABLES = 3
LOWEST_STRAT_COMPETITORS = 3
# "Club Appreciation Game: Teams — Awards 5% Gold masterpoints, up to maximum of 0.25".
APPRECIATION_GOLD = Fraction(5, 100)
APPRECIATION_GOLD_CAP = 25  # hundredths
# "ACBL Instant Matchpoint Game — Section tops include 1.00 gold masterpoints".
IMP_TOP_GOLD = 100  # hundredths
MAX_TABLES = Decimal(2000)

CLUB_RATINGS = (Rating.CSG7, Rating.CSG9, Rating.STAC)


def _check(event: GeneralFormulaEvent) -> Fraction:
    if event.rating is Rating.CLUB:
        raise RulesError("rating", "a regular club game is not awarded by the General Formula")
    tables = as_fraction(event.tables)
    if tables <= 0 or tables > MAX_TABLES:
        raise RulesError("tables", f"tables are from 0.5 to {MAX_TABLES}")
    if not 1 <= event.sessions <= 6:
        raise RulesError("sessions", "the S factor is for 1 to 6 sessions")
    if not 0 <= event.restrictions <= 10:
        raise RulesError("restrictions", "restrictions are counted from 0 to 10")
    check_ranking(event.overall, "overall")
    check_strats(event.strats)
    for i, group in enumerate(event.session_groups):
        check_ranking(group.ranking, f"session_groups[{i}].ranking")
        if not 1 <= group.session <= event.sessions:
            raise RulesError(
                f"session_groups[{i}].session", f"sessions are numbered 1 to {event.sessions}"
            )
    if event.strats:
        for strat in event.strats:
            if strat.name not in event.strat_tables:
                raise RulesError(
                    f"strat_tables.{strat.name}", "give the tables in play in every strat"
                )
            if as_fraction(event.strat_tables[strat.name]) < 0:
                raise RulesError(f"strat_tables.{strat.name}", "tables cannot be negative")
        if event.strats[0].upper_limit != event.upper_limit and event.upper_limit is not None:
            raise RulesError("strats[0].upper_limit", "the top strat has the event's limit")
    if event.boards is not None:
        _check_boards(event)
    if event.concurrent_tables or event.nlm_regional_tables:
        if event.tournament is not Tournament.SECTIONAL or event.upper_limit is not None:
            raise RulesError(
                "concurrent_tables",
                "only an unrestricted sectional event is credited with concurrent tables",
            )
        for name in ("concurrent_tables", "nlm_regional_tables"):
            if as_fraction(getattr(event, name)) < 0:
                raise RulesError(name, "tables cannot be negative")
    if not 0 <= event.combined_sections <= 20:
        raise RulesError("combined_sections", "from 0 to 20 sections")
    if event.special_award and event.special_award not in ("BR", "CA", "IMP"):
        raise RulesError("special_award", "special awards are BR, CA or IMP")
    if event.series_one_session and Modifier.SERIES_SESSION not in event.modifiers:
        raise RulesError(
            "series_one_session", "only a side game series session (series_session) names them"
        )
    return tables


def _check_boards(event: GeneralFormulaEvent) -> None:
    boards = event.boards or 0
    if event.rating not in CLUB_RATINGS:
        return
    least = 12 if event.special is SpecialGame.CLUB_CHAMPIONSHIP else 18
    if boards < least:
        raise RulesError(
            "boards",
            "a club championship needs 12 boards (18 for full awards)"
            if least == 12
            else "a special club game needs 18 boards at least",
        )


def _share_and_cap(event: GeneralFormulaEvent) -> tuple[Fraction, Fraction | None, str]:
    if event.rating not in CLUB_RATINGS:
        return Fraction(1), None, ""
    if event.special is SpecialGame.CLUB_CHAMPIONSHIP:
        if event.boards is not None and event.boards < 18:
            return (
                SHORT_CHAMPIONSHIP_SHARE,
                SHORT_CHAMPIONSHIP_CAP,
                "shortened club championship (12-17 boards): 60%, at most 4.50",
            )
        return Fraction(1), CHAMPIONSHIP_CAP, "club championship: at most 6.00"
    if event.special is SpecialGame.FUND:
        return Fraction(1), CHAMPIONSHIP_CAP, "Special Fund game: at most 6.00"
    return Fraction(1), None, ""


def _limit(event: GeneralFormulaEvent, strat: Strat | None) -> int | None:
    return strat.upper_limit if strat is not None else event.upper_limit


def _strat_list(event: GeneralFormulaEvent) -> list[Strat | None]:
    return list(event.strats) if event.strats else [None]


def strat_tables(event: GeneralFormulaEvent, index: int) -> Fraction:
    """ "The actual number of tables in each strat plus all tables in lower strats"."""
    if not event.strats:
        return as_fraction(event.tables)
    return sum((as_fraction(event.strat_tables[s.name]) for s in event.strats[index:]), Fraction(0))


def overall_tables(event: GeneralFormulaEvent, index: int, working: Working) -> Fraction:
    """The tables of a strat's overall award, with the top strat's credits: concurrent
    tables at an unrestricted sectional event, and the regional flights' table rules."""
    tables = strat_tables(event, index)
    if index > 0:
        return tables
    concurrent = as_fraction(event.concurrent_tables)
    nlm = as_fraction(event.nlm_regional_tables)
    if concurrent or nlm:
        credited = sectional_credited_tables(tables, concurrent, nlm)
        working.note(
            f"Concurrent tables: {show_number(tables)} + {show_number(concurrent)}"
            + (f" + 65% of {show_number(nlm)} (NLM regional)" if nlm else "")
            + f", at most 3 x {show_number(tables)}: {show_number(credited)} tables."
        )
        tables = credited
    if event.table_rule is not TableRule.NONE:
        credited = credited_tables(tables, event.table_rule)
        working.note(
            f"Top flight tables ({event.table_rule.value.replace('_', ' ')}): "
            f"{show_number(tables)} count as {show_number(credited)}."
        )
        tables = credited
    return tables


def compute_general(event: GeneralFormulaEvent, working: Working) -> None:
    tables = _check(event)
    share, cap, why = _share_and_cap(event)
    overall_share, session_share, match_share = modifier_shares(event.modifiers)
    stage = nap_gnt_stage(event)
    if stage is not None:
        working.note(f"{stage.why}: {show_number(stage.share)} of the award.")
        overall_share *= stage.share
        session_share *= stage.share
    working.note(
        f"General Formula event: {event.event_type.value}, {event.sessions} session(s), "
        f"{show_number(tables)} tables, rating {event.rating.value} "
        f"(R {show_number(r_factor(event.rating))}), {event.standing.value.replace('_', '-')}."
    )
    if why:
        working.note(why[0].upper() + why[1:] + ".")
    strats = _strat_list(event)
    lowest = len(strats) - 1
    if event.overall:
        for index, strat in enumerate(strats):
            counted = overall_tables(event, index, working)
            if strat is not None and index == lowest and index > 0 and counted < 3:
                working.note(
                    f"Strat {strat.name}: {show_number(counted)} tables, fewer than "
                    f"{LOWEST_STRAT_TABLES}: no overall awards."
                )
                continue
            _overall(event, strat, index, counted, share * overall_share, cap, working)
    for g, group in enumerate(event.session_groups):
        for index, strat in enumerate(strats):
            _session(event, group, g, strat, index, tables, share * session_share, working)
    if event.matches:
        _matches(event, match_share, working)
    if event.modifiers:
        working.note(
            "Modifiers: "
            + ", ".join(m.value.replace("_", " ") for m in event.modifiers)
            + f" (overall x {show_number(overall_share)}, session x "
            f"{show_number(session_share)}, match x {show_number(match_share)})."
        )


def _overall(
    event: GeneralFormulaEvent,
    strat: Strat | None,
    index: int,
    tables: Fraction,
    share: Fraction,
    cap: Fraction | None,
    working: Working,
) -> None:
    limit = _limit(event, strat)
    m = m_for(limit, event.standing)
    exact = first_overall(
        tables=tables,
        rating=event.rating,
        sessions=event.sessions,
        upper_limit=limit,
        restrictions=event.restrictions,
        event_type=event.event_type,
        standing=event.standing,
    )
    value = exact * share
    if cap is not None:
        value = min(value, cap)
    first = cents(value)
    depth = overall_depth(tables, event.event_type, Fraction(first, 100), event.sessions)
    ranking = (
        eligible_ranking(event.overall, event.strats, event.strat_of, index)
        if event.strats
        else event.overall
    )
    splits, colour_text = overall_split(event, limit)
    where = f"Strat {strat.name}" if strat is not None else "Overall"
    working.note(
        f"{where}: B({show_number(tables)} tables) {show(b_factor(tables))} x R "
        f"{show_number(r_factor(event.rating))} x S {show_number(s_factor(event.sessions))} "
        f"x M {show(m)}{' (limit ' + str(limit) + ')' if limit is not None else ''} x P "
        f"{show_number(p_factor(event.restrictions))} x T {show_number(t_factor(event.event_type))}"
        f" = {show(exact)}"
        + (f" x {show_number(share)}" if share != 1 else "")
        + (f", at most {cents_text(cents(cap))}" if cap is not None and exact * share > cap else "")
        + f"; first {cents_text(first)}, {depth} places, {colour_text}."
    )

    def award_of(place: int) -> int:
        return (
            first
            if place == 1
            else cents(Fraction(first, 100) * place_fraction(place, event.sessions))
        )

    for award in share_places(ranking, award_of, depth):
        if not award.each:
            continue
        points = _overall_points(event, award.each, splits)
        for label in award.labels:
            working.set_overall(label, award.each, points)
        tie = f" (tied {award.first}-{award.last})" if award.last > award.first else ""
        working.note(f"  {', '.join(award.labels)}: {award.first}{tie}: {cents_text(award.each)}")


def _overall_points(
    event: GeneralFormulaEvent, hundredths: int, splits: Split
) -> Mapping[str, int]:
    if event.special_award == "CA":
        gold = min(APPRECIATION_GOLD_CAP, cents(APPRECIATION_GOLD * Fraction(hundredths, 100)))
        return _points({GOLD: gold, BLACK: hundredths - gold})
    return split(hundredths, splits)


def _points(parts: dict[str, int]) -> Mapping[str, int]:
    return {colour: amount for colour, amount in parts.items() if amount}


def _session(
    event: GeneralFormulaEvent,
    group: Group,
    g: int,
    strat: Strat | None,
    index: int,
    tables: Fraction,
    share: Fraction,
    working: Working,
) -> None:
    ranking = (
        eligible_ranking(group.ranking, event.strats, event.strat_of, index)
        if event.strats
        else group.ranking
    )
    counted = group.contestants if index == 0 else sum(len(p) for p in ranking)
    where = (group.name or f"session {group.session} group {g + 1}") + (
        f", strat {strat.name}" if strat is not None else ""
    )
    if index > 0 and counted < LOWEST_STRAT_COMPETITORS:
        working.note(f"{where}: {counted} competitors, fewer than 3: no session awards.")
        return
    limit = _limit(event, strat)
    field_tables = as_fraction(group.tables) if group.tables is not None else tables
    if index > 0 and group.contestants:
        field_tables = field_tables * Fraction(counted, group.contestants)
    combined = (
        event.combined_sections >= 2
        and event.event_type is EventType.PAIRS
        and field_tables > COMBINED_SCORING_FROM
    )
    if combined:
        working.note(
            f"{where}: {event.combined_sections} sections scored across the field: B from "
            f"2 x sqrt(13 x ({show_number(field_tables)} - 13)) = "
            f"{show(combined_scoring_tables(field_tables))} tables."
        )
        field_tables = combined_scoring_tables(field_tables)
    if event.special is SpecialGame.CLUB_CHAMPIONSHIP and event.rating is Rating.CSG7:
        # "Except for regular club championship games (which use the section awards as if a
        # regular club masterpoint game)".
        uncapped = OPEN_RATE * counted
        first = cents(min(uncapped, OPEN_SECTION_CAP) * share)
        how = f"club championship: section award as a club game, 0.10 x {counted}"
    else:
        exact = (
            Fraction(1, 2)
            * b_factor(field_tables)
            * r_factor(event.rating)
            * m_for(limit, event.standing)
            * p_factor(event.restrictions)
            * t_factor(event.event_type)
        )
        first = cents(exact * share)
        how = f"0.50 x B({show_number(field_tables)} tables) x R x M x P x T = {show(exact)}" + (
            f" x {show_number(share)}" if share != 1 else ""
        )
    depth = section_depth(counted) if event.rating in CLUB_RATINGS else session_depth(counted)
    working.note(f"{where}: {how}; first {cents_text(first)}; depth 40% of {counted} = {depth}.")

    def award_of(place: int) -> int:
        if place == 1:
            return first
        fraction = combined_place_fraction(place) if combined else section_fraction(place)
        return cents(Fraction(first, 100) * fraction)

    for award in share_places(ranking, award_of, depth):
        if not award.each:
            continue
        # "The places paying Gold session awards are equal to the number of sections
        # combined" (sections of 9 tables at least).
        top = 1 if award.first <= (event.combined_sections if combined else 1) else 2
        splits, _ = session_split(event, limit, top)
        if (
            event.special_award == "IMP"
            and award.first == 1
            and (limit is None or limit >= GOLD_LIMIT)
        ):
            gold = min(IMP_TOP_GOLD, award.each)
            rest = split(award.each - gold, splits)
            points = _points({GOLD: gold, **rest})
        elif event.special_award == "CA":
            points = _overall_points(event, award.each, splits)
        else:
            points = split(award.each, splits)
        for label in award.labels:
            own = points
            if label in event.series_one_session:
                # A session top of a side game series is gold only to those who compete in
                # at least two sessions of the series.
                own = split(award.each, session_split(event, limit, top, label)[0])
            working.set_session(label, group.session, award.each, own)
        working.note(f"  {', '.join(award.labels)}: place {award.first}: {cents_text(award.each)}")


def _matches(event: GeneralFormulaEvent, share: Fraction, working: Working) -> None:
    """ "Match Award = D x L x M x P" for each match won (half for a tie). M is the event's:
    a non-championship event's at most 0.800 and a consolation's at most 0.650 ("Awards for
    consolation events are computed in the same manner as non-championship events")."""
    colour = match_colour(event)
    m = m_for(event.upper_limit, event.standing)
    for i, match in enumerate(event.matches):
        if match.boards < 1:
            raise RulesError(f"matches[{i}].boards", "a match has at least one board")
        award = share * match_award(
            rating=event.rating,
            boards=match.boards,
            upper_limit=event.upper_limit,
            restrictions=event.restrictions,
            standing=event.standing,
        )
        for label, portion in match.shares():
            tally = working.tally(label)
            tally.matches += award * portion
            tally.match_colour = colour
    boards = sorted({match.boards for match in event.matches})
    working.note(
        f"Match awards: D {show_number(d_factor(event.rating))} x L x M "
        f"{show(m)}{_standing_text(event)} x P {show_number(p_factor(event.restrictions))}"
        f" (matches of {', '.join(map(str, boards))} boards: L "
        f"{', '.join(show(l_factor(b)) for b in boards)}), half for a tie; {colour}."
    )


def _standing_text(event: GeneralFormulaEvent) -> str:
    if event.standing is Standing.NON_CHAMPIONSHIP:
        return " (non-championship: at most 0.800)"
    if event.standing is Standing.CONSOLATION:
        return " (consolation: at most 0.650)"
    return ""
