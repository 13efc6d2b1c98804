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

Both are kept per year in `YearStanding`, marked with the versions of the approved totals and
the pre-1982 allowances they were kept from (`centre.versions`); a read whose versions have
moved on refreshes the year in one statement first. A month close changes the approved
totals of the players it credited only, so its last step rewrites their rows alone
(`standings_update`). The positions are counted as the rows are read, so ties share a place
within any top list.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef, QuerySet

from awards.grants.models import Grant
from awards.ledger.models import Credit, PlayerTotals
from awards.ledger.services.positions import (
    KEPT_KEY,
    player_ids_parameter,
    player_in_sql,
    positions_refresh,
    positions_update,
)
from centre.models import Period
from centre.schemes import has_feature
from centre.versions import APPROVED, PLAYERS, PRE_1982, data_changed, data_version, public_cached
from clubs.models import Club
from players.models import Player
from ranks.ladder import rank_order_sql
from ranks.models import YearStanding
from scheme.abf.grants import mccutcheon_excluded
from scheme.abf.ranks import RANKS, Rank
from scheme.base import STANDINGS

COLOURS = ("green", "red", "gold")

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


def _kept_key(year: int) -> str:
    return f"kept:standings:{year}"


def _summed_table(year: int) -> str:
    """The temporary table of the month's players' sums for a year's update: dropped at its
    end, or by the close's step once the positions have read their approved totals from it."""
    return f"standings_summed_{year}"


# Any constant of the project's own: the lock taken by a refresh of a year's standings.
_LOCK = 7_140_002


def _start_order_of(source: str) -> str:
    """SQL for the rank at 1 January of a player `p` whose earlier years are summed in
    `source` (columns green, red, gold; none for a player with no earlier points)."""
    return rank_order_sql(
        green=f"COALESCE({source}.green, 0)",
        red=f"COALESCE({source}.red, 0)",
        gold=f"COALESCE({source}.gold, 0)",
        pre_1982_red="p.pre_1982_red",
    )


def _tables() -> tuple[str, str, str]:
    quote = connection.ops.quote_name
    # The kept totals with the ABF's colours side by side: one row per player, year and
    # brought forward, as the standings read them.
    totals = ", ".join(
        f"SUM(CASE WHEN kind = '{colour}' THEN approved ELSE 0 END) AS {colour}_approved"
        for colour in COLOURS
    )
    return (
        quote(YearStanding._meta.db_table),
        f"(SELECT player_id, year, brought_forward, {totals} "  # noqa: S608
        f"FROM {quote(PlayerTotals._meta.db_table)} GROUP BY player_id, year, brought_forward)",
        quote(Player._meta.db_table),
    )


# A year's totals that put a player in its standings: some approved awards of the year.
_WON = (
    "(NOT t.brought_forward AND "
    "(t.green_approved > 0 OR t.red_approved > 0 OR t.gold_approved > 0))"
)
# The totals held at 1 January of the year %s (twice): the years before, and the points
# brought forward in the year itself.
_BEFORE = "(b.year < %s OR (b.year = %s AND b.brought_forward))"


def standings_refresh(*, year: int, version: str | None = None) -> str:
    """Keep a year's standings: every player's approved points of the year and rank at its
    1 January, in one statement. Returns the versions they were kept from.

    `version` is that of the approved totals and pre-1982 allowances read before the
    refresh began, so a change committed meanwhile leaves the rows marked as older.
    """
    if version is None:
        version = data_version(APPROVED, PRE_1982)
    table, totals, players = _tables()
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK, year])
            if cache.get(_kept_key(year)) == version:
                return version
        cursor.execute(f"DELETE FROM {table} WHERE year = %s", [year])  # noqa: S608
        cursor.execute(
            f"INSERT INTO {table} (year, player_id, green, red, gold, total, start_order) "  # noqa: S608
            f"SELECT t.year, t.player_id, t.green_approved, t.red_approved, t.gold_approved, "
            f"t.green_approved + t.red_approved + t.gold_approved, {_start_order_of('b')} "
            f"FROM {totals} AS t JOIN {players} AS p ON p.id = t.player_id "
            f"LEFT JOIN (SELECT player_id, SUM(green_approved) AS green, "
            f"SUM(red_approved) AS red, SUM(gold_approved) AS gold FROM {totals} AS b "
            f"WHERE {_BEFORE} GROUP BY player_id) AS b ON b.player_id = t.player_id "
            f"WHERE t.year = %s AND {_WON}",
            [year, year, year],
        )
    transaction.on_commit(lambda: cache.set(_kept_key(year), version, timeout=None))
    return version


def standings_update(
    *, year: int, player_ids: list[int], version: str | None = None, keep_sums: bool = False
) -> str:
    """Bring a year's kept standings up to date after a month close: the rows of the players
    it credited (`player_ids`), their points of the year and their rank at 1 January summed
    again from their own totals, written where they differ; a player the month left with no
    points of the year loses the row. Returns the versions they were kept from.

    `keep_sums` leaves the players' sums, with each one's approved total of every year
    (`approved`), in the temporary table `_summed_table(year)` for the caller to read and drop.

    The same rows as `standings_refresh` as long as the year was kept before the month's
    credits were approved, with the same pre-1982 allowances (`standings_refresh_at_close`
    sees to that): approving credits is the only way approved totals change, and the month's
    players' rows are the only ones that rest on theirs. It serves the month's year and the
    later ones, whose ranks at 1 January rest on it. Run again, it writes nothing.
    """
    if version is None:
        version = data_version(APPROVED, PRE_1982)
    table, players = _tables()[0], connection.ops.quote_name(Player._meta.db_table)
    totals = connection.ops.quote_name(PlayerTotals._meta.db_table)

    def summed(colour: str, when: str) -> str:
        # In whole hundredths (bigint), not the numeric a sum of bigints gives: the rank at
        # 1 January below adds and compares them some sixty times a player.
        return (
            f"CAST(SUM(CASE WHEN x.kind = '{colour}' AND {when} THEN x.approved ELSE 0 END) "
            "AS BIGINT)"
        )

    of_the_year = "x.year = %s AND NOT x.brought_forward"
    # The totals held at 1 January: the years before, and the points brought forward in it.
    before = "(x.year < %s OR (x.year = %s AND x.brought_forward))"
    columns = ", ".join(
        f"{summed(colour, of_the_year)} AS {colour}, {summed(colour, before)} AS {colour}_before"
        for colour in COLOURS
    )
    sums = _summed_table(year)
    start_order = rank_order_sql(
        green="s.green_before",
        red="s.red_before",
        gold="s.gold_before",
        pre_1982_red="p.pre_1982_red",
    )
    won = "(s.green > 0 OR s.red > 0 OR s.gold > 0)"
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK, year])
        # Each player's row as it should be kept, whether they won points of the year, and
        # their approved total of every year (for the positions, `standings_refresh_at_close`).
        cursor.execute(
            f"CREATE TEMPORARY TABLE {sums} AS SELECT s.player_id, s.green, s.red, "  # noqa: S608
            f"s.gold, s.green + s.red + s.gold AS total, {start_order} AS start_order, "
            f"{won} AS won, s.approved FROM (SELECT x.player_id, {columns}, "
            f"CAST(SUM(x.approved) AS BIGINT) AS approved FROM {totals} AS x "
            f"WHERE {player_in_sql('x.player_id')} GROUP BY x.player_id) AS s "
            f"JOIN {players} AS p ON p.id = s.player_id",
            [*([year, year, year] * len(COLOURS)), player_ids_parameter(player_ids)],
        )
        # The rows kept are updated where they differ, and the players new to the year's
        # standings added: under the year's lock no one else writes them, so no upsert (which
        # tries an insert and locks each row, a record in the log, before updating it).
        cursor.execute(
            f"UPDATE {table} SET green = s.green, red = s.red, gold = s.gold, "  # noqa: S608
            f"total = s.total, start_order = s.start_order FROM {sums} AS s "
            f"WHERE {table}.year = %s AND {table}.player_id = s.player_id AND s.won "
            f"AND ({table}.green <> s.green OR {table}.red <> s.red "
            f"OR {table}.gold <> s.gold OR {table}.start_order <> s.start_order)",
            [year],
        )
        cursor.execute(
            f"INSERT INTO {table} (year, player_id, green, red, gold, total, start_order) "  # noqa: S608
            f"SELECT %s, s.player_id, s.green, s.red, s.gold, s.total, s.start_order "
            f"FROM {sums} AS s WHERE s.won AND NOT EXISTS "
            f"(SELECT 1 FROM {table} AS kept WHERE kept.year = %s "
            f"AND kept.player_id = s.player_id)",
            [year, year],
        )
        # A negative adjustment may leave a player with no points of the year.
        cursor.execute(
            f"DELETE FROM {table} WHERE year = %s AND player_id IN "  # noqa: S608
            f"(SELECT s.player_id FROM {sums} AS s WHERE NOT s.won)",
            [year],
        )
        if not keep_sums:
            cursor.execute(f"DROP TABLE {sums}")
    transaction.on_commit(lambda: cache.set(_kept_key(year), version, timeout=None))
    return version


def standings_kept(*, year: int) -> None:
    """Make sure the year's kept standings are those of the current approved totals."""
    version = data_version(APPROVED, PRE_1982)
    if cache.get(_kept_key(year)) != version:
        standings_refresh(year=year, version=version)


def _pre_1982_part(version: str) -> str:
    # data_version(APPROVED, PRE_1982) is "<approved>-<pre_1982>", two whole numbers.
    return version.rsplit("-", 1)[-1]


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


def _kept_with(kept: str | None, version: str) -> bool:
    """Whether a table kept at the versions `kept` can be brought up to `version` by the
    close's update: it was kept, with the same pre-1982 allowances."""
    return kept is not None and _pre_1982_part(kept) == _pre_1982_part(version)


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
    if colour is not None and colour not in COLOURS:
        raise ValueError(f"A colour is green, red or gold, not {colour!r}.")
    if group is not None and group not in GROUPS:
        raise ValueError(f"No ranking group {group!r}.")
    standings_kept(year=year)
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
    overall = year_standings(year=year, limit=places)
    groups = []
    for name in GROUPS:
        leaders = year_standings(year=year, group=name, limit=places)
        if leaders:
            groups.append(GroupLeaders(group=name, leaders=leaders))
    return overall, groups


# The data the standings pages and API show: the kept rows above, the players' details.
SHOWN = (APPROVED, PRE_1982, PLAYERS)


def standings_cached(
    *,
    year: int,
    colour: str | None = None,
    state: str | None = None,
    group: str | None = None,
    limit: int | None = None,
) -> list[Standing]:
    """`year_standings`, kept in the cache while the data it reads is unchanged."""
    return public_cached(
        f"standings:{year}:{colour}:{state}:{group}:{limit}",
        lambda: year_standings(year=year, colour=colour, state=state, group=group, limit=limit),
        versions=SHOWN,
    )


def mccutcheon_cached(*, year: int, places: int = 3) -> tuple[list[Standing], list[GroupLeaders]]:
    """`mccutcheon`, kept in the cache while the data it reads is unchanged."""
    return public_cached(
        f"mccutcheon:{year}:{places}",
        lambda: mccutcheon(year=year, places=places),
        versions=SHOWN,
    )
