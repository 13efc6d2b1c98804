"""Regular club games ("Masterpoints for Regular Club Games"): open, invitational,
restricted and newcomer section awards, the margin and depth of awards, the number of
boards, the large game adjustments, overall awards, stratified and flighted games, cruise
and online clubs, and club match awards.
"""

from __future__ import annotations

from fractions import Fraction

from scheme.acbl.colours import BLACK, UNPIGMENTED, split_hundredths as split, whole
from scheme.acbl.events import ClubGame, ClubGameType, Group, Strat, Venue
from scheme.acbl.formula import EventType, Rating, half_up, match_award
from scheme.acbl.placings import (
    cents,
    cents_text,
    check_ranking,
    check_strats,
    eligible_ranking,
    share_places,
)
from scheme.acbl.working import Working
from scheme.core.arithmetic import show_number
from scheme.core.errors import RulesError

# "Open games award .10 MP per table for first place in each group"; "The maximum section
# award is 1.50". Invitational: ".08 ... The maximum award is 1.20".
OPEN_RATE = Fraction(10, 100)
INVITATIONAL_RATE = Fraction(8, 100)
OPEN_SECTION_CAP = Fraction(150, 100)
INVITATIONAL_SECTION_CAP = Fraction(120, 100)

# "The scale values per masterpoint limitation": (upper limit, multiplier), lowest first.
# A limit between two values takes the lower one's multiplier; below 5 the 5 point value
# is the lowest there is (NOTES.md). The multiplier applies to the open game's .10 a pair.
RESTRICTED_SCALE: tuple[tuple[int, Fraction], ...] = (
    (5, Fraction(3, 10)),
    (10, Fraction(4, 10)),
    (20, Fraction(5, 10)),
    (50, Fraction(6, 10)),
    (200, Fraction(7, 10)),
    (300, Fraction(8, 10)),
)

# "Overall awards for large club games": "Awards may not exceed 4.00 for Open clubs, 3.20
# for Invitational clubs and 3.00 for Newcomer clubs. Second place would be 75% of first,
# third 75% of second, etc. through a maximum of six places."
OVERALL_CAPS = {
    ClubGameType.OPEN: Fraction(4),
    ClubGameType.INVITATIONAL: Fraction(320, 100),
    ClubGameType.NEWCOMER: Fraction(3),
}
OVERALL_PLACES = 6

# "Margin for ranking finishers": scores are rounded to two places; .01 separates.
# "Number of boards": open games 18 boards for full awards, 12-17 at 60%.
FULL_BOARDS = 18
SHORT_BOARDS = 12
SHORT_SHARE = Fraction(60, 100)
# Newcomer games: at least six boards; under twelve, the 5 point game's value.
NEWCOMER_MIN_BOARDS = 6
# "Cruise clubs": 12-17 boards at 50% of an open game, 18 or more at 80%.
CRUISE_SHORT_SHARE = Fraction(50, 100)
CRUISE_SHARE = Fraction(80, 100)
# "Adjustments to section awards": 16 to 59 pairs in the group.
LARGE_GROUP = 16
# "An open pair game must have a minimum of two and a half tables"; a newcomer pair game too.
PAIR_GAME_LEAST_TABLES = Fraction(5, 2)


def restricted_multiplier(upper_limit: int) -> Fraction:
    """The scale value of a masterpoint limit: the defined limit at or below it."""
    multiplier = RESTRICTED_SCALE[0][1]
    for limit, value in RESTRICTED_SCALE:
        if upper_limit >= limit:
            multiplier = value
    return multiplier


def section_fraction(place: int) -> Fraction:
    """ "The second place award is 70% of 1st, third is 50% of 1st, fourth is 35%, fifth is
    1/5 and sixth is 1/6, etc." """
    return {1: Fraction(1), 2: Fraction(7, 10), 3: Fraction(1, 2), 4: Fraction(35, 100)}.get(
        place, Fraction(1, place)
    )


def large_game_fraction(place: int) -> Fraction:
    """The four-session overall scale: 75% of the place above for 2nd and 3rd, then
    A1 x 4 / (p + 5)."""
    if place <= 3:
        return Fraction(3, 4) ** (place - 1)
    return Fraction(4, place + 5)


def section_depth(contestants: int) -> int:
    """ "Depth of awards is 40% times the number of pairs in the comparison group, rounded
    to the nearest whole number with .5 rounded up." """
    return half_up(Fraction(contestants * 4, 10))


def game_rate(game: ClubGame, strat: Strat | None, boards: int) -> tuple[Fraction, Fraction, str]:
    """The first place award a contestant of the group, the section cap, and which rule."""
    limit = strat.upper_limit if strat is not None else game.upper_limit
    top = strat is None or strat.upper_limit is None
    if game.game is ClubGameType.NEWCOMER:
        if boards < SHORT_BOARDS:
            multiplier = restricted_multiplier(5)
            why = f"newcomer game under {SHORT_BOARDS} boards: the 5 point game's value"
        else:
            multiplier = restricted_multiplier(limit if limit is not None else 19)
            why = f"newcomer game limited to {limit if limit is not None else 'under 20'}"
        rate = OPEN_RATE * multiplier
        return rate, OPEN_SECTION_CAP * multiplier, f"{why}, scale {multiplier_text(multiplier)}"
    if top and game.game is ClubGameType.OPEN:
        return OPEN_RATE, OPEN_SECTION_CAP, "open game"
    if top and game.game is ClubGameType.INVITATIONAL:
        return INVITATIONAL_RATE, INVITATIONAL_SECTION_CAP, "invitational game"
    if limit is None:
        raise RulesError("upper_limit", "a restricted game or strat needs its upper limit")
    multiplier = restricted_multiplier(limit)
    return (
        OPEN_RATE * multiplier,
        OPEN_SECTION_CAP * multiplier,
        f"restricted to {limit} masterpoints, scale {multiplier_text(multiplier)}",
    )


def multiplier_text(value: Fraction) -> str:
    return show_number(value)


def boards_share(game: ClubGame) -> tuple[Fraction, str]:
    """The share of the full award the number of boards (and the venue) allows."""
    boards = game.boards
    if game.venue is Venue.CRUISE:
        if boards < SHORT_BOARDS:
            raise RulesError("boards", "a cruise game awards masterpoints from 12 boards")
        if boards < FULL_BOARDS:
            return CRUISE_SHORT_SHARE, "cruise club, 12-17 boards: 50% of an open game"
        return CRUISE_SHARE, "cruise club, 18 or more boards: 80% of an open game"
    if game.game is ClubGameType.NEWCOMER:
        if boards < NEWCOMER_MIN_BOARDS:
            raise RulesError("boards", "a newcomer game is of six boards at least")
        return Fraction(1), ""
    if boards < SHORT_BOARDS:
        raise RulesError("boards", "a club game awards masterpoints from 12 boards")
    if boards < FULL_BOARDS:
        return SHORT_SHARE, "shortened game of 12-17 boards: 60% of the award"
    return Fraction(1), ""


def _check(game: ClubGame) -> None:
    if not game.groups:
        raise RulesError("groups", "a club game has at least one comparison group")
    check_strats(game.strats)
    if (
        game.strats
        and game.strats[0].upper_limit is not None
        and game.game
        in (
            ClubGameType.OPEN,
            ClubGameType.INVITATIONAL,
        )
    ):
        raise RulesError("strats[0].upper_limit", "the top strat of an open game has no limit")
    if game.restricted_tables and game.game is not ClubGameType.OPEN:
        raise RulesError(
            "restricted_tables", "only open games add the tables of a concurrent restricted game"
        )
    if game.newcomer_tables and (
        game.game is ClubGameType.NEWCOMER
        or (
            game.game is ClubGameType.RESTRICTED
            and (game.upper_limit is None or game.upper_limit <= 20)
        )
    ):
        raise RulesError(
            "newcomer_tables",
            "newcomer tables count only for open, invitational and restricted games over 20",
        )
    for name, value in (
        ("restricted_tables", game.restricted_tables),
        ("newcomer_tables", game.newcomer_tables),
    ):
        if value < 0:
            raise RulesError(name, "a number of tables cannot be negative")
    if game.game in (ClubGameType.RESTRICTED,) and game.upper_limit is None and not game.strats:
        raise RulesError("upper_limit", "a restricted game needs its upper limit")
    if game.invitational_club and game.game is not ClubGameType.RESTRICTED:
        raise RulesError(
            "invitational_club",
            "only a restricted game says its club: an open, invitational or newcomer game's "
            "overall cap is its own",
        )
    if (
        game.game is ClubGameType.NEWCOMER
        and game.upper_limit is not None
        and (game.upper_limit >= 20)
    ):
        raise RulesError("upper_limit", "a newcomer game is for players under 20 masterpoints")
    for i, group in enumerate(game.groups):
        check_ranking(group.ranking, f"groups[{i}].ranking")
    for i, group in enumerate(game.overall):
        check_ranking(group.ranking, f"overall[{i}].ranking")


def _strats(game: ClubGame) -> list[Strat | None]:
    return list(game.strats) if game.strats else [None]


def _colour(game: ClubGame) -> str:
    return UNPIGMENTED if game.venue is Venue.ONLINE else BLACK


def game_tables(game: ClubGame) -> Fraction:
    """The tables of a pair game: its pairs, every comparison group's, two a table (a
    Mitchell's half table is counted in both directions, as each group's size counts it)."""
    return Fraction(sum(group.contestants for group in game.groups), 2)


def _check_tables(game: ClubGame) -> None:
    """ "An open pair game must have a minimum of two and a half tables"; "A newcomer pair
    game must consist of at least two and a half tables". Individuals and team games of two
    tables are allowed."""
    if game.event_type is not EventType.PAIRS:
        return
    if game.game not in (ClubGameType.OPEN, ClubGameType.NEWCOMER):
        return
    tables = game_tables(game)
    if tables < PAIR_GAME_LEAST_TABLES:
        raise RulesError(
            "groups",
            f"{'an open' if game.game is ClubGameType.OPEN else 'a newcomer'} pair game "
            "awards masterpoints from two and a half tables (5 pairs); its groups count "
            f"{show_number(tables * 2)} pairs",
        )


def compute_club_game(game: ClubGame, working: Working) -> None:
    _check(game)
    share, share_why = boards_share(game)
    _check_tables(game)
    colour = _colour(game)
    kind = "online club game: unpigmented points" if colour == UNPIGMENTED else "black points"
    working.note(f"Regular club game ({game.game.value}), {game.boards} boards; {kind}.")
    if share_why:
        working.note(share_why + ".")
    strats = _strats(game)
    for g, group in enumerate(game.groups):
        for index, strat in enumerate(strats):
            _section(game, group, g, index, strat, share, colour, working)
    for o, group in enumerate(game.overall):
        for index, strat in enumerate(strats):
            _overall(game, group, o, index, strat, share, colour, working)
    if game.matches:
        _club_matches(game, working)


def _eligible(game: ClubGame, group: Group, index: int) -> tuple[tuple[tuple[str, ...], ...], int]:
    if not game.strats:
        return group.ranking, group.contestants
    ranking = eligible_ranking(group.ranking, game.strats, game.strat_of, index)
    counted = sum(len(place) for place in ranking)
    if index == 0:
        counted = group.contestants
    return ranking, counted


def _extra(game: ClubGame, index: int) -> int:
    extra = game.newcomer_tables
    if index == 0:
        extra += game.restricted_tables
    return extra


def _section(
    game: ClubGame,
    group: Group,
    g: int,
    index: int,
    strat: Strat | None,
    share: Fraction,
    colour: str,
    working: Working,
) -> None:
    ranking, counted = _eligible(game, group, index)
    name = group.name or f"group {g + 1}"
    where = f"{name}" + (f", strat {strat.name}" if strat is not None else "")
    # "For section awards, the lowest strat must have at least three pairs."
    if strat is not None and index > 0 and counted < 3:
        working.note(f"{where}: {counted} contestants, fewer than 3: no strat awards.")
        return
    rate, cap, why = game_rate(game, strat, game.boards)
    sized = counted + _extra(game, index)
    uncapped = rate * sized
    depth = section_depth(counted)
    large = sized >= LARGE_GROUP
    first = cents(min(uncapped, cap) * share)
    working.note(
        f"{where}: {counted} contestants"
        + (f" (+{sized - counted} tables of concurrent games)" if sized != counted else "")
        + f"; {why}: first = {show_number(rate)} x {sized} = {cents_text(cents(uncapped))}"
        + (f", capped at {cents_text(cents(cap))}" if uncapped > cap else "")
        + (f", x {show_number(share)} = {cents_text(first)}" if share != 1 else "")
        + f"; depth 40% of {counted} = {depth} places."
    )

    def award_of(place: int) -> int:
        if place == 1:
            return first
        standard = cents(uncapped * share * section_fraction(place))
        if not large:
            return cents(Fraction(first, 100) * section_fraction(place))
        # "Adjustments to section awards": the lower of the four-session scale from the
        # capped first award and the club scale without the cap.
        scaled = cents(Fraction(cents(cap * share), 100) * large_game_fraction(place))
        return min(scaled, standard)

    if large:
        working.note(
            f"{where}: {sized} pairs (16 or more): each place the lower of A1 x 4 / (p + 5) "
            "(2nd and 3rd at 75%) and the uncapped club scale."
        )
    for award in share_places(ranking, award_of, depth):
        if not award.each:
            continue
        for label in award.labels:
            working.set_session(label, group.session, award.each, split(award.each, whole(colour)))
        tie = f" (tied {award.first}-{award.last})" if award.last > award.first else ""
        working.note(
            f"  {', '.join(award.labels)}: place {award.first}{tie}: {cents_text(award.each)}"
        )


def _overall(
    game: ClubGame,
    group: Group,
    o: int,
    index: int,
    strat: Strat | None,
    share: Fraction,
    colour: str,
    working: Working,
) -> None:
    ranking, counted = _eligible(game, group, index)
    name = group.name or f"overall {o + 1}"
    where = f"{name}" + (f", strat {strat.name}" if strat is not None else "")
    # "For overall awards, the lowest strat must have five pairs, regardless of movement."
    if strat is not None and index > 0 and counted < 5:
        working.note(f"{where}: {counted} contestants, fewer than 5: no overall strat awards.")
        return
    rate, _, why = game_rate(game, strat, game.boards)
    cap = overall_cap(game)
    sized = counted + _extra(game, index)
    uncapped = rate * sized
    first = cents(min(uncapped, cap) * share)
    depth = min(OVERALL_PLACES, section_depth(counted))
    working.note(
        f"{where} (overall): {counted} contestants; {why}: first = {show_number(rate)} x {sized} = "
        f"{cents_text(cents(uncapped))}"
        + (f", capped at {cents_text(cents(cap))}" if uncapped > cap else "")
        + (f", x {show_number(share)}" if share != 1 else "")
        + f" = {cents_text(first)}; each lower place 75% of the one above; {depth} places."
    )

    def award_of(place: int) -> int:
        return cents(Fraction(first, 100) * Fraction(3, 4) ** (place - 1))

    for award in share_places(ranking, award_of, depth):
        if not award.each:
            continue
        for label in award.labels:
            working.set_overall(label, award.each, split(award.each, whole(colour)))
        working.note(
            f"  {', '.join(award.labels)}: overall {award.first}: {cents_text(award.each)}"
        )


def overall_cap(game: ClubGame) -> Fraction:
    """ "Awards may not exceed 4.00 for Open clubs, 3.20 for Invitational clubs and 3.00 for
    Newcomer clubs": the cap is the club's. A restricted game is held at an Open club, or at
    an Invitational club when it says so (NOTES.md)."""
    if game.game is ClubGameType.RESTRICTED:
        club = ClubGameType.INVITATIONAL if game.invitational_club else ClubGameType.OPEN
        return OVERALL_CAPS[club]
    return OVERALL_CAPS[game.game]


def _club_matches(game: ClubGame, working: Working) -> None:
    """Match awards at a club team game: D (club masterpoint, 0.360) x L x M x P."""
    colour = _colour(game)
    for i, match in enumerate(game.matches):
        if match.boards < 1:
            raise RulesError(f"matches[{i}].boards", "a match has at least one board")
        award = match_award(
            rating=Rating.CLUB, boards=match.boards, upper_limit=game.upper_limit, restrictions=0
        )
        for label, share in match.shares():
            tally = working.tally(label)
            tally.matches += award * share
            tally.match_colour = colour
    working.note(
        f"Match awards: D 0.360 x L x M x P for each match won, half for a tie "
        f"({len(game.matches)} matches)."
    )
