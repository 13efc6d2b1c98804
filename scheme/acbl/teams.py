"""Knockout and bracketed Swiss/round robin team events ("Specialized Team Events"): the
computed award by bracket average, the bracket size adjustment factors (the Soloway format's
too), overall awards by rounds, match awards, compact knockouts, and the pigmentation of
regional bracketed events.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from scheme.acbl.colours import BLACK, GOLD, RED, SILVER, Split, split_hundredths as split, whole
from scheme.acbl.events import Bracket, BracketedTeamEvent, TeamFormat, Tournament
from scheme.acbl.formula import (
    EventType,
    d_factor,
    l_factor,
    m_factor,
    p_factor,
    place_fraction,
    r_factor,
    table_depth,
)
from scheme.acbl.placings import cents, cents_text, check_ranking, share_places
from scheme.acbl.working import Working
from scheme.core.arithmetic import as_fraction, show, show_number
from scheme.core.errors import RulesError

F = Fraction
MAX_TEAM_AVERAGE = F(45000)
MAX_TEAMS = 1000


def knockout_computed_award(average: Fraction) -> Fraction:
    """The knockout's Computed Award from the bracket's average masterpoints."""
    a = average
    if a < 500:
        return F(6)
    if a < 1000:
        return 6 + (a - 500) / 100
    if a < 5000:
        return 11 + (a - 1000) / 400
    if a < 10000:
        return 21 + 7 * (a - 5000) / 5000
    if a < 25000:
        return 28 + 3 * (a - 10000) / 2500
    if a < 44000:
        return 46 + (a - 25000) / 1000
    return F(65)


def swiss_computed_award(average: Fraction) -> Fraction:
    """The bracketed Swiss Computed Award. The printed fixed awards (7.33, 18.67, 30.67,
    43.33) are the thirds each segment reaches at its end (22/3, 56/3, 92/3, 130/3): the
    segments are joined exactly (NOTES.md)."""
    a = average
    if a < 500:
        return F(4)
    if a < 1000:
        return 4 + (a - 500) / 150
    if a < 5000:
        return F(22, 3) + (a - 1000) / 600
    if a < 10000:
        return 14 + 7 * (a - 5000) / 7500
    if a < 25000:
        return F(56, 3) + (a - 10000) / 1250
    if a < 44000:
        return F(92, 3) + (a - 25000) / 1500
    return F(130, 3)


def knockout_size_factor(teams: int) -> Fraction:
    """Knockout Bracket Size Adjustment Factor: 16 teams 1.000, 0.04 a team from 9 to 40,
    more than 40 2.000; 5 to 8 teams 0.075 a team (0.600 for 8). Brackets of 3 and 4 teams
    (compact knockouts) continue the 0.075 steps (NOTES.md)."""
    if teams > 40:
        return F(2)
    if teams >= 9:
        return 1 + F(4, 100) * (teams - 16)
    if teams >= 3:
        return F(75, 1000) * teams
    raise RulesError("teams", "a bracket has at least three teams")


def swiss_size_factor(teams: int) -> Fraction:
    """Swiss/Round Robin Bracket Size Adjustment Factor: as the knockout's from 9 teams up,
    and 0.04 a team below (0.680 for 8 down to 0.560 for 5)."""
    if teams > 40:
        return F(2)
    if teams >= 3:
        return 1 + F(4, 100) * (teams - 16)
    raise RulesError("teams", "a bracket has at least three teams")


def soloway_size_factor(teams: int, *, top: bool, rounds: int) -> Fraction:
    """The Soloway format's bracket size factors for the semifinal and final: the top
    bracket of an unlimited KO, 0.03 a team below 16 (four rounds) or 0.06 a team from 0.760
    at 9 (three rounds); second and lower brackets, the knockout's factor (four rounds) or
    0.055 a team from 0.735 at 9 (three rounds)."""
    if not 5 <= teams <= 16:
        raise RulesError("teams", "the Soloway tables are for brackets of 5 to 16 teams")
    if rounds not in (3, 4):
        raise RulesError("rounds", "the Soloway tables are for three- or four-round brackets")
    if rounds == 3 and teams > 9:
        raise RulesError("teams", "a three-round bracket has at most 9 teams")
    if top:
        if rounds == 4:
            return 1 - F(3, 100) * (16 - teams)
        return F(76, 100) - F(6, 100) * (9 - teams)
    if rounds == 4:
        return knockout_size_factor(teams)
    return F(735, 1000) - F(55, 1000) * (9 - teams)


# "Overall awards below first place": the share of first by the knockout's rounds.
KO_PLACES: dict[int, dict[int, Fraction]] = {
    5: {
        2: F(75, 100),
        3: F(55, 100),
        4: F(45, 100),
        5: F(30, 100),
        6: F(25, 100),
        7: F(20, 100),
        8: F(15, 100),
        **{p: F(10, 100) for p in range(9, 17)},
    },
    4: {2: F(70, 100), 3: F(45, 100), 4: F(35, 100), 5: F(30, 100), 6: F(25, 100)},
    3: {2: F(70, 100), 3: F(35, 100)},
}
# Compact knockouts: four places with 9 or more teams, two with 5-8, one with 3-4.
COMPACT_MINIMUM_FIRST = F(8)
MATCH_SHARE = F(10, 100)
MATCH_MINIMUM = F(75, 100)
MATCH_MAXIMUM = F(450, 100)


def ko_place_fraction(place: int, rounds: int, *, playoff: bool = False) -> Fraction:
    if place == 1:
        return F(1)
    column = KO_PLACES[min(max(rounds, 3), 5)]
    if rounds <= 3 and place == 3 and not playoff:
        # "* Playoffs for additional overall awards are permitted only in ... a
        # three-session KO event with exactly seven or eight teams."
        return F(0)
    return column.get(place, F(0))


# "When a Round Robin is played to Qualify four teams to KO finals": (3rd, 4th) and whether
# they are gold, by the round robin's teams and whether the semifinal losers played off.
def round_robin_places(teams: int, playoff: bool) -> tuple[Fraction, Fraction, bool]:
    if teams < 5:
        raise RulesError("round_robin_teams", "the round robin has 5 teams at least")
    if teams >= 9:
        # "Semifinal losers need not play off, both are 3/4": 45% and 35% shared, gold.
        return (F(45, 100), F(35, 100), True) if playoff else (F(40, 100), F(40, 100), True)
    if not playoff:
        return F(20, 100), F(20, 100), False  # "no ranks, both teams get 20%", red
    if teams <= 6:
        return F(35, 100), F(20, 100), True
    return F(45, 100), F(35, 100), True


def team_average(event: BracketedTeamEvent) -> Fraction:
    """AVG MP (Bracket): the mean of each team's 4 x masterpoints / players, each at most
    45,000."""
    if event.bracket_average is not None:
        average = as_fraction(event.bracket_average)
        if average < 0:
            raise RulesError("bracket_average", "an average cannot be negative")
        return min(average, MAX_TEAM_AVERAGE)
    if not event.team_masterpoints:
        raise RulesError("team_masterpoints", "give the teams' masterpoints or the average")
    total = F(0)
    for label, (points, players) in event.team_masterpoints.items():
        if not 4 <= players <= 6:
            raise RulesError(f"team_masterpoints.{label}", "a team has 4 to 6 players")
        held = as_fraction(points)
        if held < 0:
            raise RulesError(f"team_masterpoints.{label}", "masterpoints cannot be negative")
        total += min(MAX_TEAM_AVERAGE, 4 * held / players)
    return total / len(event.team_masterpoints)


# "Pigmentation of awards" for regional bracketed team events, by average masterpoints per
# player: 750+ all gold; 500-749 2/3 gold; 300-499 half; under 300 a third.
# The top bracket's "always 100% gold as long as the average ... is greater than 750" agrees
# with the table's 750+ row.
def regional_overall_split(per_player: Fraction) -> tuple[Split, str]:
    if per_player >= 750:
        return whole(GOLD), "100% gold"
    if per_player >= 500:
        return ((GOLD, F(6667, 10000)), (RED, F(3333, 10000))), "66.67% gold, 33.33% red"
    if per_player >= 300:
        return ((GOLD, F(1, 2)), (RED, F(1, 2))), "50% gold, 50% red"
    return ((GOLD, F(3334, 10000)), (RED, F(6666, 10000))), "33.34% gold, 66.66% red"


def _colours(event: BracketedTeamEvent, per_player: Fraction) -> tuple[Split, str, str]:
    if event.tournament is Tournament.SECTIONAL:
        return whole(SILVER), "silver", SILVER
    if event.tournament in (Tournament.CLUB, Tournament.UNIT):
        return whole(BLACK), "black", BLACK
    if event.tournament is Tournament.INTERMEDIATE_NOVICE:
        return ((GOLD, F(33, 100)), (RED, F(67, 100))), "33% gold, 67% red", RED
    splits, text = regional_overall_split(per_player)
    return splits, text, RED


def compute_bracketed(event: BracketedTeamEvent, working: Working) -> None:
    if not 3 <= event.teams <= MAX_TEAMS:
        raise RulesError("teams", f"a bracket has 3 to {MAX_TEAMS} teams")
    check_ranking(event.ranking, "ranking")
    if not 0 <= event.restrictions <= 10:
        raise RulesError("restrictions", "restrictions are counted from 0 to 10")
    average = team_average(event)
    per_player = average / 4
    r = r_factor(event.rating)
    p = p_factor(event.restrictions)
    swiss = event.format is TeamFormat.BRACKETED_SWISS
    if swiss:
        computed = swiss_computed_award(average)
        size = swiss_size_factor(event.teams)
        length = F(1)
        exact = computed * size * p * r / 14
        formula = "Basic Award x P x R / 14"
    else:
        computed = knockout_computed_award(average)
        if event.bracket is Bracket.ORDINARY:
            size = knockout_size_factor(event.teams)
        else:
            size = soloway_size_factor(
                event.teams, top=event.bracket is Bracket.SOLOWAY_TOP, rounds=event.rounds or 4
            )
        length = l_factor(event.boards_per_match)
        exact = computed * size * length * p * r / 14
        formula = "Basic Award x L x P x R / 14"
        if event.format is TeamFormat.COMPACT_KNOCKOUT:
            exact = max(exact, COMPACT_MINIMUM_FIRST * length * r / 14)
    first = cents(exact)
    splits, colour_text, match_colour = _colours(event, per_player)
    working.note(
        f"{event.format.value.replace('_', ' ').capitalize()} bracket of {event.teams} teams, "
        f"average {show(average)} masterpoints a team ({show(per_player)} a player): "
        f"computed award {show(computed)} x size factor {show(size)}"
        f"{'' if swiss else ' x L ' + show(length)} x P {show_number(p)} x R {show_number(r)} / 14"
        f" = {show(exact)} ({formula}); first {cents_text(first)}; {colour_text}."
    )
    depth, fraction_of = _depth(event)
    working.note(f"Overall awards to {depth} place(s).")

    def award_of(place: int) -> int:
        return first if place == 1 else cents(Fraction(first, 100) * fraction_of(place))

    if event.round_robin_teams is not None:
        _round_robin_overalls(event, first, splits, award_of, working)
        if swiss:
            _swiss_matches(event, match_colour, working)
        else:
            _ko_matches(event, first, length, r, match_colour, working)
        return
    for award in share_places(event.ranking, award_of, depth):
        each = award.each
        if event.broken_bracket and award.first <= 9 <= award.last:
            # "... except ties for ranks including 9th in the tie (e.g. 9/13) will be at
            # least 10%."
            each = max(each, cents(Fraction(first, 100) * MATCH_SHARE))
        if not each:
            continue
        for label in award.labels:
            working.set_overall(label, each, split(each, splits))
        working.note(
            f"  {', '.join(award.labels)}: {award.first}"
            + (f"-{award.last}" if award.last > award.first else "")
            + f": {cents_text(each)}"
        )
    if swiss:
        _swiss_matches(event, match_colour, working)
    else:
        _ko_matches(event, first, length, r, match_colour, working)


def _round_robin_overalls(
    event: BracketedTeamEvent,
    first: int,
    splits: Split,
    award_of: Callable[[int], int],
    working: Working,
) -> None:
    """The Soloway format's places: 1st and 2nd as the knockout's, 3rd and 4th by the round
    robin's size; 3rd and 4th red when they are not ranked."""
    third, fourth, gold = round_robin_places(event.round_robin_teams or 0, event.playoff)
    shares = {1: None, 2: None, 3: third, 4: fourth}
    working.note(
        f"Round robin of {event.round_robin_teams} teams"
        + (" with a playoff" if event.playoff else "")
        + f": 3rd {show_number(third * 100)}%, 4th {show_number(fourth * 100)}% of first, "
        + ("as the overalls' colour." if gold else "red.")
    )
    place = 1
    for group in event.ranking:
        if place > 4:
            break
        total = 0
        for p in range(place, min(place + len(group), 5)):
            share = shares[p]
            total += award_of(p) if share is None else cents(Fraction(first, 100) * share)
        each = math.floor(Fraction(total, len(group)) + Fraction(1, 2))
        colours = splits if gold or place < 3 else whole(RED)
        for label in group:
            working.set_overall(label, each, split(each, colours))
        working.note(f"  {', '.join(group)}: {place}: {cents_text(each)}")
        place += len(group)


def _depth(event: BracketedTeamEvent) -> tuple[int, Callable[[int], Fraction]]:
    if event.format is TeamFormat.BRACKETED_SWISS:
        # A two-session event: the team depth table and the two-session percentages.
        depth = table_depth(F(event.teams), EventType.SWISS)
        return depth, lambda place: place_fraction(place, 2)
    rounds = event.rounds
    if rounds is None or not 1 <= rounds <= 10:
        raise RulesError("rounds", "a knockout bracket is of 1 to 10 rounds")
    if event.format is TeamFormat.COMPACT_KNOCKOUT:
        depth = 4 if event.teams >= 9 else 2 if event.teams >= 5 else 1
        return depth, lambda place: ko_place_fraction(place, rounds)
    if rounds < 2:
        return 1, lambda place: F(1)
    column = KO_PLACES[min(max(rounds, 3), 5)]
    if event.broken_bracket:
        # "Percentages for overall positions below the top 8 positions will be 1/rank".
        return (
            event.teams,
            lambda place: (
                ko_place_fraction(place, rounds, playoff=event.playoff)
                if place <= 8
                else F(1, place)
            ),
        )
    depth = max(column)
    return depth, lambda place: ko_place_fraction(place, rounds, playoff=event.playoff)


def _ko_matches(
    event: BracketedTeamEvent,
    first: int,
    length: Fraction,
    r: Fraction,
    colour: str,
    working: Working,
) -> None:
    """ "Match Awards in Knockout events are equal to 10% of the first overall awards" within
    0.75 x L x R / 14 and 4.50 x L x R / 14."""
    if not event.wins:
        return
    award = min(
        max(MATCH_SHARE * F(first, 100), MATCH_MINIMUM * length * r / 14),
        MATCH_MAXIMUM * length * r / 14,
    )
    for label, wins in event.wins.items():
        won = as_fraction(wins)
        if won < 0 or won > 20:
            raise RulesError(f"wins.{label}", "matches won are from 0 to 20")
        tally = working.tally(label)
        tally.matches += award * won
        tally.match_colour = colour
    working.note(
        f"Match awards: 10% of first, within 0.75 and 4.50 x L x R / 14: {show(award)} a win."
    )


def _swiss_matches(event: BracketedTeamEvent, colour: str, working: Working) -> None:
    """ "Match awards are as per the General Formula for a Swiss Team event": D x L x M x P
    (M 1.00: a bracket has no upper limit)."""
    if not event.matches:
        return
    for i, match in enumerate(event.matches):
        if match.boards < 1:
            raise RulesError(f"matches[{i}].boards", "a match has at least one board")
        award = (
            d_factor(event.rating)
            * l_factor(match.boards)
            * m_factor(None)
            * p_factor(event.restrictions)
        )
        for label, portion in match.shares():
            tally = working.tally(label)
            tally.matches += award * portion
            tally.match_colour = colour
    working.note(
        f"Match awards: D {show_number(d_factor(event.rating))} x L x M x P, half for a tie."
    )
