"""1.7.2, 1.7.3: the McCutcheon standings of a calendar year, and the top lists.

The McCutcheon Trophy goes to the player who won the most masterpoints in the calendar year;
the McCutcheon awards to the player of each master ranking group who won the most, the group
being the rank held at the start of the year, with Gold and Silver Grand Masters combined.
Registered foreign players are excluded: 1.3.3 registers visiting overseas players in the
Foreign Players, NZ Players and English Players clubs, so the home members of all three are.
An immigrant granted an equivalent ranking (1.3.3) wins no award of a group below Life Master
at or below that ranking (1.7.3).

Points of a year are the approved awards of its months (PlayerTotals of the year), so the
standings of the year under way grow as its months are closed. Points brought forward in a
year (a balance from an earlier register, an adjustment for earlier years: events not of the
year) were won before it: never points of the year, they count in the rank at its 1 January.
The rank at 1 January is computed here from the approved totals of the years before and those
brought forward in the year, with the rules of 1.8, so it does not depend on when the
promotions were recorded.

Both are kept per year in `YearStanding` (`ranks.kept_standings`), marked with the versions
of the approved totals and the pre-1982 allowances they were kept from. A month close changes
the approved totals of the players it credited only, so its last step rewrites their rows
alone (`standings_refresh_at_close`). A public read never keeps a year itself: it shows the
rows as last kept and, when their versions have moved on, queues a refresh to a worker, once
for any number of readers (`standings_served`). The positions are counted as the rows are
read, so ties share a place within any top list. A list read from the rows is kept in the
cache under the versions they were kept from and the players' details' (`_kept_rows`): a page
dropped while the rows are unchanged, stale or not, is built again without reading them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef, QuerySet

from awards.grants.models import Grant
from awards.ledger.models import Credit
from awards.ledger.services.positions import (
    KEPT_KEY,
    QUEUED_TIMEOUT,
    positions_refresh,
    positions_update,
)
from centre.models import Period
from centre.schemes import has_feature
from centre.versions import APPROVED, PLAYERS, PRE_1982, data_changed, data_version, public_cached
from clubs.models import Club
from ranks.kept_standings import (
    COLOURS,
    _kept_key,
    _kept_with,
    _summed_table,
    queued_key,
    standings_kept,
    standings_refresh,
    standings_update,
)
from ranks.models import YearStanding
from ranks.tasks import standings_refresh_stale
from scheme.abf.grants import mccutcheon_excluded
from scheme.abf.ranks import RANKS, Rank
from scheme.base import STANDINGS

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


def standings_refresh_at_close(*, period: Period) -> None:
    """The month close's step: the standings of the month's year and of every later year
    (their ranks at 1 January rest on this year's points), and the national positions.

    Only the players credited in the month have new approved totals, so each kept year has
    their rows updated, and the positions their totals moved (`standings_update`,
    `positions_update`), unless the year, or the positions, were never kept or were kept with
    other pre-1982 allowances: then they are kept again in full.

    It runs after the promotions, so the pages cached before them (showing the ranks held
    before) are dropped too. The approved totals did not change here: their version stays,
    so the tables just kept are the current ones.
    """
    version = data_version(APPROVED, PRE_1982)
    credited = list(
        Credit.objects.filter(period=period)
        .order_by("player_id")
        .values_list("player_id", flat=True)
        .distinct()
    )
    kept = cache.get(KEPT_KEY)
    positions_kept = kept is not None and _kept_with(kept["version"], version)
    # The month's players' approved totals, summed once for the standings of the month's year
    # and the positions both: in one transaction, so that their table never outlives it.
    sums = None
    with transaction.atomic():
        if has_feature(STANDINGS):
            # A scheme without the McCutcheon standings keeps the national positions only.
            # A later year has totals only once a month of it has taken credits: its periods
            # say which years to look at, without reading the totals.
            later = Period.objects.filter(year__gt=period.year).values_list("year", flat=True)
            for year in [period.year, *sorted(set(later))]:
                if _kept_with(cache.get(_kept_key(year)), version):
                    keep_sums = positions_kept and year == period.year
                    standings_update(
                        year=year, player_ids=credited, version=version, keep_sums=keep_sums
                    )
                    sums = _summed_table(year) if keep_sums else sums
                else:
                    standings_refresh(year=year, version=version)
        if positions_kept:
            positions_update(player_ids=credited, version=version, summed=sums)
        else:
            positions_refresh(version=version)
        if sums is not None:
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE {sums}")
    data_changed(PLAYERS)


def standings_served(*, year: int) -> str | None:
    """For a public read of a year's standings: the rows as last kept, whether or not they
    are current, so that no request keeps a year (10 s at 400,000 players). When the approved
    totals or the pre-1982 allowances have moved on since, a refresh is queued to a worker
    once the request's work is committed, once for every reader until it is done (a key added
    to the cache; the refresh forgets it, or it lapses after `QUEUED_TIMEOUT` should the task
    be lost), and the pages built meanwhile are dropped when it ends.

    Returns the versions the rows were kept from, which name them until they are kept again
    (their mark, read before them), or None when the cache has no mark of them.

    A register whose standings were never kept (no row of any year: a new database) has the
    year kept now, once, rather than shown empty until a worker has kept it.
    """
    version = data_version(APPROVED, PRE_1982)
    kept = cache.get(_kept_key(year))
    if kept == version:
        return kept
    if not YearStanding.objects.exists():
        standings_kept(year=year)
        return None

    def queue() -> None:
        if cache.add(queued_key(year), version, timeout=QUEUED_TIMEOUT):
            standings_refresh_stale.delay(year)

    transaction.on_commit(queue)
    return kept


def _orders_of(group: str) -> list[int]:
    return [0] if group == NIL_GROUP else [r.order for r in RANKS if rank_group(r) == group]


def _group_of(order: int) -> str:
    return rank_group(RANKS[order - 1] if order else None)


_FIELDS = (
    "won",
    "green",
    "red",
    "gold",
    "start_order",
    "player__abf_number",
    "player__given_names",
    "player__family_name",
    "player__home_club__number",
    "player__home_club__state__code",
)


def _first_rows(rows: QuerySet, limit: int | None) -> list[dict]:
    """The rows down to place `limit`, most first: the first `limit`, and any tied with the
    last of them (they share its place)."""
    ordered = rows.values(*_FIELDS).order_by(
        "-won", "player__family_name", "player__given_names", "player__abf_number"
    )
    if limit is None:
        return list(ordered)
    first = list(ordered[:limit])
    if len(first) < limit:
        return first
    last = first[-1]["won"]
    return [row for row in first if row["won"] != last] + list(ordered.filter(won=last))


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
    one ranking group at 1 January (1.7.3). Equal points share a position; `limit` is the
    last position shown.
    """
    standings_served(year=year)
    return _standings(year=year, colour=colour, state=state, group=group, limit=limit)


def _standings(
    *, year: int, colour: str | None, state: str | None, group: str | None, limit: int | None
) -> list[Standing]:
    if colour is not None and colour not in COLOURS:
        raise ValueError(f"A colour is green, red or gold, not {colour!r}.")
    if group is not None and group not in GROUPS:
        raise ValueError(f"No ranking group {group!r}.")
    rows = (
        YearStanding.objects.filter(year=year)
        .exclude(player__home_club__kind__in=OVERSEAS_CLUBS)
        .annotate(won=F(colour) if colour else F("total"))
        .filter(won__gt=0)
    )
    if state:
        rows = rows.filter(player__home_club__state__code=state.upper())
    if group is not None:
        orders = _orders_of(group)
        rows = rows.filter(start_order__in=orders)
        lowest = min(orders)
        if mccutcheon_excluded(group_order=lowest, overseas_order=lowest):
            # 1.7.3: an immigrant who achieved this ranking or a higher one in their former
            # country (the equivalent ranking they were granted, 1.3.3) cannot win it here.
            rows = rows.exclude(
                Exists(
                    Grant.objects.filter(
                        player=OuterRef("player"),
                        basis=Grant.Basis.RESIDENT,
                        rank_order__gte=lowest,
                    )
                )
            )
    standings: list[Standing] = []
    previous_points, position = None, 0
    for row in _first_rows(rows, limit):
        count = len(standings) + 1
        if row["won"] != previous_points:
            position, previous_points = count, row["won"]
        standings.append(
            Standing(
                position=position,
                abf_number=row["player__abf_number"],
                given_names=row["player__given_names"],
                family_name=row["player__family_name"],
                home_club=row["player__home_club__number"],
                state=row["player__home_club__state__code"] or "",
                group=_group_of(row["start_order"]),
                green=row["green"],
                red=row["red"],
                gold=row["gold"],
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
    standings_served(year=year)
    return _mccutcheon(year=year, places=places)


def _mccutcheon(*, year: int, places: int) -> tuple[list[Standing], list[GroupLeaders]]:
    overall = _standings(year=year, colour=None, state=None, group=None, limit=places)
    groups = []
    for name in GROUPS:
        leaders = _standings(year=year, colour=None, state=None, group=name, limit=places)
        if leaders:
            groups.append(GroupLeaders(group=name, leaders=leaders))
    return overall, groups


# The data the standings pages and API show: the kept rows above, the players' details.
SHOWN = (APPROVED, PRE_1982, PLAYERS)


def _kept_rows(year: int) -> tuple[str, tuple[str, ...]]:
    """What names the kept rows of a year a list is read from, for its key in the cache: the
    versions the rows were kept from (until they are kept again, the same rows, stale or not)
    and the players' details' version; the versions of all the data shown when the cache has
    no mark of them. A stale year's lists are read once, not again by each page built
    before its refresh; reading it queues the refresh (`standings_served`)."""
    kept = standings_served(year=year)
    return (f"kept {kept}", (PLAYERS,)) if kept else ("", SHOWN)


def standings_cached(
    *,
    year: int,
    colour: str | None = None,
    state: str | None = None,
    group: str | None = None,
    limit: int | None = None,
) -> list[Standing]:
    """`year_standings`, kept in the cache while the rows and players it reads are unchanged."""
    kept, versions = _kept_rows(year)
    return public_cached(
        f"standings:{year}:{colour}:{state}:{group}:{limit}:{kept}",
        lambda: _standings(year=year, colour=colour, state=state, group=group, limit=limit),
        versions=versions,
    )


def mccutcheon_cached(*, year: int, places: int = 3) -> tuple[list[Standing], list[GroupLeaders]]:
    """`mccutcheon`, kept in the cache while the rows and players it reads are unchanged."""
    kept, versions = _kept_rows(year)
    return public_cached(
        f"mccutcheon:{year}:{places}:{kept}",
        lambda: _mccutcheon(year=year, places=places),
        versions=versions,
    )
