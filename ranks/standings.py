"""1.7.2, 1.7.3: the McCutcheon standings of a calendar year, and the top lists.

The McCutcheon Trophy goes to the player who won the most masterpoints in the calendar year;
the McCutcheon awards to the player of each master ranking group who won the most, the group
being the rank held at the start of the year, with Gold and Silver Grand Masters combined.
Registered foreign players are excluded: 1.3.3 registers visiting overseas players in the
Foreign Players, NZ Players and English Players clubs, so the home members of all three are.

Points of a year are the approved points of its months (PlayerTotals of the year), so the
standings of the year under way grow as its months are closed. The rank at 1 January is
computed here from the approved totals of the years before, with the rules of 1.8, so it does
not depend on when the promotions were recorded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db.models import F, Sum

from awards.models import PlayerTotals
from clubs.models import Club
from scheme.abf.ranks import RANKS, Rank, Totals, rank_for

COLOURS = ("green", "red", "gold")
CHUNK = 2000

# 1.3.3: the clubs of visiting overseas players, "registered foreign players" in 1.7.3.
OVERSEAS_CLUBS = (Club.Kind.FOREIGN, Club.Kind.NZ, Club.Kind.ENGLISH)

NIL_GROUP = "Nil"
COMBINED_GRAND = "Silver and Gold Grand Master"
# 1.7.3: "Gold and Silver Grand Masters are combined into a single category".
_COMBINED = {"Silver Grand Master", "Gold Grand Master"}


def rank_group(rank: Rank | None) -> str:
    if rank is None:
        return NIL_GROUP
    return COMBINED_GRAND if rank.name in _COMBINED else rank.name


def _groups() -> list[str]:
    groups = [NIL_GROUP]
    for rank in RANKS:
        group = rank_group(rank)
        if group not in groups:
            groups.append(group)
    return groups


# The ranking groups of 1.7.3, lowest first: Nil, the 21 ranks with two of them combined.
GROUPS: tuple[str, ...] = tuple(_groups())


@dataclass(frozen=True)
class Standing:
    position: int
    abf_number: str
    given_names: str
    family_name: str
    home_club: int | None
    state: str
    group: str
    green: int
    red: int
    gold: int
    points: int  # of the colour asked for, or all colours

    @property
    def name(self) -> str:
        return f"{self.given_names} {self.family_name}"


def _chunks(ids: list[int]) -> Iterable[list[int]]:
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


def ranks_at_start_of(*, year: int, players: dict[int, int]) -> dict[int, str]:
    """The ranking group of each player on 1 January of `year`: the rank their approved
    totals of the years before reach (1.8), with their pre-1982 allowance.

    `players` maps player ids to their pre-1982 red points.
    """
    before: dict[int, Totals] = {}
    ids = sorted(players)
    for chunk in _chunks(ids):
        for row in (
            PlayerTotals.objects.filter(player_id__in=chunk, year__lt=year)
            .values("player_id")
            .annotate(
                green=Sum("green_approved"), red=Sum("red_approved"), gold=Sum("gold_approved")
            )
        ):
            before[row["player_id"]] = Totals(
                green=row["green"] or 0, red=row["red"] or 0, gold=row["gold"] or 0
            )
    return {pid: rank_group(rank_for(before.get(pid, Totals()), players[pid])) for pid in ids}


def year_standings(
    *,
    year: int,
    colour: str | None = None,
    state: str | None = None,
    group: str | None = None,
    limit: int | None = None,
) -> list[Standing]:
    """The players who won approved points in a calendar year, most first (1.7.2).

    `colour` restricts to one colour, `state` to home members of a state's clubs, `group` to
    one ranking group at 1 January (1.7.3). Equal points share a position.
    """
    if colour is not None and colour not in COLOURS:
        raise ValueError(f"A colour is green, red or gold, not {colour!r}.")
    if group is not None and group not in GROUPS:
        raise ValueError(f"No ranking group {group!r}.")
    rows = (
        PlayerTotals.objects.filter(year=year)
        .exclude(player__home_club__kind__in=OVERSEAS_CLUBS)
        .annotate(
            won=(
                F(f"{colour}_approved")
                if colour
                else F("green_approved") + F("red_approved") + F("gold_approved")
            )
        )
        .filter(won__gt=0)
    )
    if state:
        rows = rows.filter(player__home_club__state__code=state.upper())
    values = list(
        rows.values(
            "player_id",
            "won",
            "green_approved",
            "red_approved",
            "gold_approved",
            "player__abf_number",
            "player__given_names",
            "player__family_name",
            "player__pre_1982_red",
            "player__home_club__number",
            "player__home_club__state__code",
        ).order_by("-won", "player__family_name", "player__given_names", "player__abf_number")
    )
    groups = ranks_at_start_of(
        year=year, players={row["player_id"]: row["player__pre_1982_red"] for row in values}
    )
    standings: list[Standing] = []
    previous_points, position = None, 0
    for row in values:
        player_group = groups[row["player_id"]]
        if group is not None and player_group != group:
            continue
        count = len(standings) + 1
        if row["won"] != previous_points:
            position, previous_points = count, row["won"]
        if limit is not None and position > limit:
            break
        standings.append(
            Standing(
                position=position,
                abf_number=row["player__abf_number"],
                given_names=row["player__given_names"],
                family_name=row["player__family_name"],
                home_club=row["player__home_club__number"],
                state=row["player__home_club__state__code"] or "",
                group=player_group,
                green=row["green_approved"],
                red=row["red_approved"],
                gold=row["gold_approved"],
                points=row["won"],
            )
        )
    return standings


@dataclass(frozen=True)
class GroupLeaders:
    group: str
    leaders: list[Standing]  # the first places, more than one when tied


def mccutcheon(*, year: int, places: int = 3) -> tuple[list[Standing], list[GroupLeaders]]:
    """1.7.2 and 1.7.3: the year's overall leaders, and the leaders of each ranking group.

    The first `places` positions of each (ties share a position and are all shown).
    """
    overall = year_standings(year=year)
    by_group: dict[str, list[Standing]] = {g: [] for g in GROUPS}
    for standing in overall:
        by_group[standing.group].append(standing)
    groups = []
    for name in GROUPS:
        ranked: list[Standing] = []
        previous, position = None, 0
        for index, standing in enumerate(by_group[name], start=1):
            if standing.points != previous:
                position, previous = index, standing.points
            if position > places:
                break
            ranked.append(_with_position(standing, position))
        if ranked:
            groups.append(GroupLeaders(group=name, leaders=ranked))
    return [s for s in overall if s.position <= places], groups


def _with_position(standing: Standing, position: int) -> Standing:
    return replace(standing, position=position)
