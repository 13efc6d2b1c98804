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
from awards.ledger.services.positions import (
    player_ids_parameter,
    player_in_sql,
    uncompiled,
)
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


def _quoted() -> tuple[str, str, str]:
    quote = connection.ops.quote_name
    return (
        quote(YearStanding._meta.db_table),
        quote(PlayerTotals._meta.db_table),
        quote(Player._meta.db_table),
    )


def _rows_sql(*, players_of: str, few: bool = False) -> str:
    """SQL for the year's rows of some players as they should be kept, from their totals:
    one row a player with totals, of `player_id`, `green`, `red`, `gold` and `total` (their
    approved points of the year), `start_order` (their rank at its 1 January), `won` (whether
    they have a row: some approved points of the year), `approved` (their approved total of
    every year) and `pre_1982_red`.

    The players are those whose totals `x` meet `players_of` (SQL on `x.player_id`), and
    each one's totals are read once, every year at a time, summed by colour for the year
    (`year = %s AND NOT brought_forward`) and for 1 January (the years before, and the
    points brought forward in the year).

    `few`: the players are a month's (some 20,000), not a year's (up to every player): each
    one's pre-1982 red points are looked up by the key, a lookup a player, not joined (a join
    hashes the whole registry).

    Its parameters: the year nine times, then those of `players_of`.
    """
    _, totals, players = _quoted()

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
    pre_1982_red = "s.pre_1982_red" if few else "p.pre_1982_red"
    start_order = rank_order_sql(
        green="s.green_before", red="s.red_before", gold="s.gold_before", pre_1982_red=pre_1982_red
    )
    won = "(s.green > 0 OR s.red > 0 OR s.gold > 0)"
    looked_up, joined = "", f" JOIN {players} AS p ON p.id = s.player_id"
    if few:
        looked_up = (
            f", (SELECT p.pre_1982_red FROM {players} AS p WHERE p.id = x.player_id) "  # noqa: S608
            "AS pre_1982_red"
        )
        joined = ""
    return (
        f"SELECT s.player_id, s.green, s.red, s.gold, s.green + s.red + s.gold AS total, "  # noqa: S608
        f"{start_order} AS start_order, {won} AS won, s.approved, {pre_1982_red} "
        f"FROM (SELECT x.player_id, {columns}, CAST(SUM(x.approved) AS BIGINT) AS approved"
        f"{looked_up} FROM {totals} AS x WHERE {players_of} GROUP BY x.player_id) AS s{joined}"
    )


def standings_refresh(*, year: int, version: str | None = None) -> str:
    """Keep a year's standings: every player's approved points of the year and rank at its
    1 January, in one statement. Returns the versions they were kept from.

    `version` is that of the approved totals and pre-1982 allowances read before the
    refresh began, so a change committed meanwhile leaves the rows marked as older.

    The totals read are those of the year's players alone, every year of each summed in one
    pass (`_rows_sql`): at the first close of a year, 20,000 players of the 400,000 (0.4-0.6 s
    where summing every player's earlier years and joining them to the year's took 2.3-3.1 s).
    """
    if version is None:
        version = data_version(APPROVED, PRE_1982)
    table, totals, _ = _quoted()
    # The players with totals of the year's own awards (those with a row are among them).
    of_the_year = (
        f"x.player_id IN (SELECT y.player_id FROM {totals} AS y "  # noqa: S608
        "WHERE y.year = %s AND NOT y.brought_forward)"
    )
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK, year])
            if cache.get(_kept_key(year)) == version:
                return version
        cursor.execute(f"DELETE FROM {table} WHERE year = %s", [year])  # noqa: S608
        with uncompiled(cursor):
            cursor.execute(
                f"INSERT INTO {table} (year, player_id, green, red, gold, total, start_order) "  # noqa: S608
                f"SELECT %s, r.player_id, r.green, r.red, r.gold, r.total, r.start_order "
                f"FROM ({_rows_sql(players_of=of_the_year)}) AS r WHERE r.won",
                [year, *([year, year, year] * len(COLOURS)), year],
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

    `keep_sums` leaves the players' sums (`_rows_sql`: with each one's approved total of every
    year, `approved`, and pre-1982 red points, `pre_1982_red`) in the temporary table
    `_summed_table(year)` for the caller to read and drop.

    The same rows as `standings_refresh` as long as the year was kept before the month's
    credits were approved, with the same pre-1982 allowances (`standings_refresh_at_close`
    sees to that): approving credits is the only way approved totals change, and the month's
    players' rows are the only ones that rest on theirs. It serves the month's year and the
    later ones, whose ranks at 1 January rest on it. Run again, it writes nothing.
    """
    if version is None:
        version = data_version(APPROVED, PRE_1982)
    table = _quoted()[0]
    sums = _summed_table(year)
    ids = player_ids_parameter(player_ids)
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK, year])
        with uncompiled(cursor):
            # Each player's row as it should be kept, and their approved total of every year
            # and pre-1982 red points (for the positions, `standings_refresh_at_close`). Their
            # totals are read by the list given once.
            cursor.execute(
                f"CREATE TEMPORARY TABLE {sums} AS "
                + _rows_sql(players_of=player_in_sql("x.player_id"), few=True),
                [*([year, year, year] * len(COLOURS)), ids],
            )
            # The rows kept are updated where they differ, and the players new to the year's
            # standings added: under the year's lock no one else writes them, so no upsert
            # (which tries an insert and locks each row, a record in the log, before updating
            # it). The year's rows are read for the listed players alone: joined to the sums
            # as they are, the planner has read and hashed all 400,000 of them.
            cursor.execute(
                f"UPDATE {table} SET green = s.green, red = s.red, gold = s.gold, "  # noqa: S608
                f"total = s.total, start_order = s.start_order FROM {sums} AS s "
                f"WHERE {table}.year = %s AND {player_in_sql(f'{table}.player_id')} "
                f"AND {table}.player_id = s.player_id AND s.won "
                f"AND ({table}.green <> s.green OR {table}.red <> s.red "
                f"OR {table}.gold <> s.gold OR {table}.start_order <> s.start_order)",
                [year, ids],
            )
            # Each player's row is tried by the unique key, in the pages the update has just
            # read, and a row there already is left as it is: where the insert of those not
            # there joined the sums to the year's rows, the planner read and hashed all
            # 400,000 of them (290 ms, for none).
            cursor.execute(
                f"INSERT INTO {table} (year, player_id, green, red, gold, total, start_order) "  # noqa: S608
                f"SELECT %s, s.player_id, s.green, s.red, s.gold, s.total, s.start_order "
                f"FROM {sums} AS s WHERE s.won ON CONFLICT (year, player_id) DO NOTHING",
                [year],
            )
        # A negative adjustment may leave a player with no points of the year: seldom anyone,
        # their rows found by the list.
        cursor.execute(f"SELECT player_id FROM {sums} WHERE NOT won")  # noqa: S608
        emptied = [player_id for (player_id,) in cursor.fetchall()]
        if emptied:
            cursor.execute(
                f"DELETE FROM {table} WHERE year = %s AND {player_in_sql('player_id')}",  # noqa: S608
                [year, player_ids_parameter(emptied)],
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
