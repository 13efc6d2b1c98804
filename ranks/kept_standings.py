"""1.7.2, 1.7.3: the McCutcheon standings kept per year (`YearStanding`), and how they are
brought up to date.

Each year's rows are marked with the versions of the approved totals and the pre-1982
allowances they were kept from (`centre.versions`). A month close updates the rows of the
players it credited (`standings_update`, from `ranks.standings.standings_refresh_at_close`);
a change the close did not make (an emptied cache, a pre-1982 allowance changed, a reader
between a close's chunks) leaves the year to be kept again in one statement
(`standings_refresh`). A public read never does that in its request: it shows the rows as
they were last kept and queues `ranks.tasks.standings_refresh_stale`, which runs
`standings_refresh_stale` here. This module queues nothing.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import connection, transaction

from awards.ledger.models import PlayerTotals
from awards.ledger.services.positions import player_ids_parameter, player_in_sql
from centre.versions import APPROVED, PLAYERS, PRE_1982, data_changed, data_version
from players.models import Player
from ranks.ladder import rank_order_sql
from ranks.models import YearStanding

COLOURS = ("green", "red", "gold")


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


def _kept_with(kept: str | None, version: str) -> bool:
    """Whether a table kept at the versions `kept` can be brought up to `version` by the
    close's update: it was kept, with the same pre-1982 allowances."""
    return kept is not None and _pre_1982_part(kept) == _pre_1982_part(version)


def queued_key(year: int) -> str:
    """The cache key a reader adds when it queues a refresh of the year (one for every reader
    until the refresh is done, `ranks.standings.standings_served`)."""
    return f"queued:standings:{year}"


def standings_refresh_stale(*, year: int) -> bool:
    """The queued refresh: the year kept again if the approved totals or the pre-1982
    allowances have moved on since it was kept; True when it was.

    The pages and answers built from the older rows are dropped once it is done (the
    players' details' version moves on, as after a close), and the next reader that finds the
    year stale may queue another refresh.
    """
    version = data_version(APPROVED, PRE_1982)
    stale = cache.get(_kept_key(year)) != version
    if stale:
        standings_refresh(year=year, version=version)
        data_changed(PLAYERS)
    transaction.on_commit(lambda: cache.delete(queued_key(year)))
    return stale
