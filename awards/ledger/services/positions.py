"""The players' national positions (1.4.4), kept so that a place is read from a few hundred
rows at most, whatever the size of the register.

A position is the place in the country by approved points, every colour, with the red points
won before 1982 (1.8 notes; kept on the player, not in the ledger: scheme/abf/NOTES.md): one
more than the number of players with more, so equal totals share a place. Two tables keep it:

- `PlayerPosition`, each player's approved total as at the last month close;
- `PositionCount`, how many players have each total, counted at three widths
  (`COUNT_WIDTHS`): by the total itself (hundredths), by whole point and by hundred points.

A place is then one more than the players of the hundred-point ranges above the player's, of
the whole-point ranges above it within its hundred, and of the totals above it within its
whole point: a hundred rows or so of each width, at 40,000 players as at 1,000,000.

Approved totals change when a month is closed (App. E: the close approves the month's
credits), so the close's last step moves the players it credited (`positions_update`): their
totals summed again, each count taken from the old total's ranges and given to the new one's.
That writes a row per player of the month, not per player of the register. Both tables are
marked with the versions of the approved totals and the pre-1982 red points they were kept
from (`centre.versions.APPROVED`, `PRE_1982`). A change the close did not make (an emptied
cache, a pre-1982 allowance changed, a reader between a close's chunks) leaves them to be
counted again from every player's totals (`positions_refresh`, under a lock so that two never
do at once): not by a public read, which shows the places as last counted and queues
`awards.ledger.tasks.positions_refresh_stale` (`awards.ledger.selectors.positions_served`),
whose work is `positions_refresh_stale` here. This module queues nothing. An upload's
provisional points leave them as they are.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypedDict, cast

from django.core.cache import cache
from django.db import connection, transaction

from awards.ledger.models import PlayerPosition, PlayerTotals, PositionCount
from centre.versions import (
    APPROVED,
    LIFETIME,
    PRE_1982,
    data_changed,
    data_version,
    data_version_and_mark,
    forget,
    read_along,
)
from players.models import Player

KEPT_KEY = "kept:positions:counted"
# A reader of a place compares this mark with the versions: both in one read of the cache.
read_along(KEPT_KEY)
# Added by the reader that queues a refresh, so that other readers do not, and forgotten once
# it is done; should the task be lost, it lapses and the next reader queues another. Long
# enough for a refresh to wait behind a close in the worker, short enough to be seen again.
QUEUED_KEY = "queued:positions"
QUEUED_TIMEOUT = 5 * 60
# Any constant of the project's own: the lock taken by a refresh of the positions.
_LOCK = 7_140_001
# The widths of the counts, in hundredths, each a hundred times the one before: a total, a
# whole point, a hundred points. Every count row is a range of one width.
COUNT_WIDTHS = (1, 100, 10_000)
# The players of an update and their approved totals, when its caller has not summed them;
# dropped at its end.
_SUMMED = "positions_summed"
# The players moved by an update, for the statements that follow; dropped at its end.
_MOVED = "positions_moved"
# The ranges their totals leave and join, with the players each gains or loses (0 for a range
# left and joined alike); dropped at its end too.
_MOVES = "positions_moves"


class Kept(TypedDict):
    version: str


def player_in_sql(column: str) -> str:
    """SQL testing that `column` is one of a list of player ids given as one parameter
    (`player_ids_parameter`) whatever its length: `= ANY` of an array on PostgreSQL, whose
    planner then knows how many there are and reads their rows by an index or, when they
    are many, in one pass testing each row against the list hashed; a JSON list on SQLite."""
    if connection.vendor == "postgresql":
        return f"{column} = ANY(CAST(%s AS bigint[]))"
    return f"{column} IN (SELECT value FROM json_each(%s))"  # noqa: S608


def player_ids_parameter(player_ids: list[int]) -> str:
    """The list for `player_in_sql`, as one text: an array's text on PostgreSQL ("{1,2,3}"), a
    JSON list on SQLite. One short string to quote, where a list is quoted id by id (the
    month close's 20,000 players, six times: 56 ms of the close's own processor time, now 9 ms)."""
    if connection.vendor == "postgresql":
        return "{" + ",".join(map(str, player_ids)) + "}"
    return json.dumps(list(player_ids))


def ids_table_sql() -> str:
    """SQL for a table of one column `id`, the ids of a list given as one parameter
    (`player_ids_parameter`)."""
    if connection.vendor == "postgresql":
        return "unnest(CAST(%s AS bigint[])) AS listed(id)"
    return "(SELECT value AS id FROM json_each(%s)) AS listed"


@contextmanager
def uncompiled(cursor) -> Iterator[None]:
    """The statements run within are not compiled by PostgreSQL's JIT: the planner's estimate
    of a sum over some players' totals and their rank at 1 January, some sixty comparisons a
    player, passes its thresholds, and compiling took 25-80 ms a statement at 400,000 players
    (with inlining 1.4 s) for one that then ran in 100-600 ms, no faster for it. Nothing to
    do on SQLite."""
    with _set(cursor, {"jit": "off"}):
        yield


@contextmanager
def _set(cursor, settings: dict[str, str]) -> Iterator[None]:
    """PostgreSQL's settings for the caller's transaction (`set_config(..., true)`), put back
    as they were after the statements run within; should one fail, the transaction or the
    savepoint rolled back puts them back too."""
    if connection.vendor != "postgresql":
        yield
        return
    names = list(settings)
    cursor.execute(f"SELECT {', '.join(['current_setting(%s)'] * len(names))}", names)
    before = dict(zip(names, cursor.fetchone(), strict=True))
    _put(cursor, settings)
    yield
    _put(cursor, before)


def _put(cursor, settings: dict[str, str]) -> None:
    cursor.execute(
        f"SELECT {', '.join(['set_config(%s, %s, true)'] * len(settings))}",
        [value for pair in settings.items() for value in pair],
    )


def _quoted(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _range_of(total: str, width: int) -> str:
    """SQL for the range of `width` that holds the total `total`: the total divided by the
    width and rounded down, below zero too (both databases round a division towards zero)."""
    if width == 1:
        return total
    return (
        f"(CASE WHEN ({total}) >= 0 THEN ({total}) / {width} "
        f"ELSE -((-({total}) - 1) / {width}) - 1 END)"
    )


def _counted(source: str) -> str:
    """SQL for the rows (level, bucket, players) counting the totals of `source` (a table or
    query with a `total` column and a `players` column saying how many players each row is
    worth: 1, or -1 for a total given up), at every width."""
    return " UNION ALL ".join(
        f"SELECT {level} AS level, {_range_of('total', width)} AS bucket, players "  # noqa: S608
        f"FROM {source}"
        for level, width in enumerate(COUNT_WIDTHS)
    )


def positions_mark() -> tuple[str, Kept | None]:
    """The versions of the approved totals and pre-1982 red points now, and the kept
    positions' mark (None when the cache has none), in one read of the cache."""
    version, kept = data_version_and_mark((APPROVED, PRE_1982), KEPT_KEY)
    return version, cast("Kept | None", kept)


def positions_kept() -> Kept:
    """The mark of the kept positions, counted again first if the totals have changed since:
    for the close, staff and the queued refresh, never a public request
    (`awards.ledger.selectors.positions_served`)."""
    version, kept = positions_mark()
    if kept is not None and kept["version"] == version:
        return kept
    return positions_refresh(version=version)


def positions_counted() -> bool:
    """Whether the positions were ever counted: a new register's were not."""
    return PositionCount.objects.exists()


def positions_refresh_stale() -> bool:
    """The queued refresh: the positions counted again if the totals have moved on since they
    were kept; True when they were.

    The player's pages and answers built from the older count are dropped once it is done
    (the lifetime totals' version moves on, which only they read), and the next reader that
    finds the positions stale may queue another refresh.
    """
    version, kept = positions_mark()
    stale = kept is None or kept["version"] != version
    if stale:
        positions_refresh(version=version)
        data_changed(LIFETIME)
    transaction.on_commit(lambda: cache.delete(QUEUED_KEY))
    return stale


def _lock(cursor) -> None:
    if connection.vendor == "postgresql":
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK])


def _mark(version: str) -> Kept:
    kept: Kept = {"version": version}

    def keep() -> None:
        cache.set(KEPT_KEY, kept, timeout=None)
        forget()  # a later read of this request sees the new mark

    transaction.on_commit(keep)
    return kept


def positions_refresh(*, version: str | None = None) -> Kept:
    """Every player's approved total, and the counts of the totals, from every player's
    totals: for a first reader, or after a change the month close did not make.

    `version` is the version of the approved totals read before the refresh began: a change
    committed while it runs bumps the version past it, so the tables are never taken for
    newer than they are.
    """
    if version is None:
        version = data_version(APPROVED, PRE_1982)
    table, counts = _quoted(PlayerPosition), _quoted(PositionCount)
    totals, players = _quoted(PlayerTotals), _quoted(Player)
    with transaction.atomic(), connection.cursor() as cursor:
        _lock(cursor)
        if connection.vendor == "postgresql":
            kept = cache.get(KEPT_KEY)
            if kept is not None and kept["version"] == version:
                return kept
        # Every player with totals or pre-1982 red points has a row, and a row once written
        # stays (totals are never deleted), so rows are only added or changed; only those
        # whose total moved are written.
        cursor.execute(
            f"INSERT INTO {table} (player_id, total) "  # noqa: S608
            f"SELECT p.id, COALESCE(s.total, 0) + p.pre_1982_red "
            f"FROM {players} AS p LEFT JOIN (SELECT player_id, SUM(approved) AS total "
            f"FROM {totals} GROUP BY player_id) AS s ON s.player_id = p.id "
            f"WHERE s.player_id IS NOT NULL OR p.pre_1982_red > 0 "
            f"OR p.id IN (SELECT player_id FROM {table}) "
            f"ON CONFLICT (player_id) DO UPDATE SET total = excluded.total "
            f"WHERE {table}.total <> excluded.total"
        )
        cursor.execute(f"DELETE FROM {counts}")  # noqa: S608
        every = f"(SELECT total, 1 AS players FROM {table}) AS kept"  # noqa: S608
        cursor.execute(
            f"INSERT INTO {counts} (level, bucket, players) "  # noqa: S608
            f"SELECT level, bucket, SUM(players) FROM ({_counted(every)}) AS counted "
            f"GROUP BY level, bucket"
        )
    return _mark(version)


def positions_update(
    *, player_ids: list[int], version: str | None = None, summed: str | None = None
) -> Kept:
    """The month close's update: the players it credited (`player_ids`), whose approved
    totals it changed, with their totals summed again and the counts moved from each old
    total to the new one. Rows are written for those players and the ranges they leave or
    join only.

    `summed` names a temporary table of these players' approved totals of every year and
    pre-1982 red points (`player_id`, `approved`, `pre_1982_red`), a row for each of them with
    totals, when the caller has summed them already (the close's step sums them for the
    standings of the month's year); without it they are summed here.

    The same tables as `positions_refresh` as long as they were current before the month's
    credits were approved (the caller sees to that, `ranks.standings.standings_refresh_at_close`):
    approving credits is the only way approved totals change. Run again, it finds the
    players' totals already kept and writes nothing.
    """
    if version is None:
        version = data_version(APPROVED, PRE_1982)
    table, counts = _quoted(PlayerPosition), _quoted(PositionCount)
    totals, players = _quoted(PlayerTotals), _quoted(Player)
    with transaction.atomic(), connection.cursor() as cursor:
        _lock(cursor)
        ids = player_ids_parameter(player_ids)
        own = summed is None
        sums = connection.ops.quote_name(_SUMMED if own else summed)
        with uncompiled(cursor):
            if own:
                # Their totals read by the list given once; each one's pre-1982 red points
                # looked up by the key (a join hashes the whole registry).
                cursor.execute(
                    f"CREATE TEMPORARY TABLE {sums} AS "  # noqa: S608
                    f"SELECT t.player_id, CAST(SUM(t.approved) AS BIGINT) AS approved, "
                    f"(SELECT p.pre_1982_red FROM {players} AS p WHERE p.id = t.player_id) "
                    f"AS pre_1982_red FROM {totals} AS t WHERE {player_in_sql('t.player_id')} "
                    f"GROUP BY t.player_id",
                    [ids],
                )
            # Each player's total now and as kept (none for a player with no row), the kept
            # one looked up by the key: a join hashes every player's row.
            cursor.execute(
                f"CREATE TEMPORARY TABLE {_MOVED} AS "  # noqa: S608
                f"SELECT s.player_id, (SELECT o.total FROM {table} AS o "
                f"WHERE o.player_id = s.player_id) AS old_total, "
                f"CAST(s.approved + s.pre_1982_red AS BIGINT) AS new_total FROM {sums} AS s"
            )
        # A player listed with no totals at all (the month's credits cancelled out, and none
        # before) has a total of the pre-1982 red points alone: seldom anyone.
        cursor.execute(
            f"SELECT listed.id FROM {ids_table_sql()} "  # noqa: S608
            f"WHERE listed.id NOT IN (SELECT player_id FROM {sums})",
            [ids],
        )
        without = [player_id for (player_id,) in cursor.fetchall()]
        if without:
            cursor.execute(
                f"INSERT INTO {_MOVED} (player_id, old_total, new_total) "  # noqa: S608
                f"SELECT p.id, o.total, p.pre_1982_red FROM {players} AS p "
                f"LEFT JOIN {table} AS o ON o.player_id = p.id WHERE {player_in_sql('p.id')}",
                [player_ids_parameter(without)],
            )
        # Only the players whose total moved are written.
        cursor.execute(f"DELETE FROM {_MOVED} WHERE old_total = new_total")  # noqa: S608
        # The kept totals updated in place, each row's update staying in its page, and a row
        # added for a player who had none; not one upsert for all, which tries an insert and
        # locks each row (a record in the log) before updating it. The rows are read for the
        # listed players only, not every player's to be hashed.
        cursor.execute(
            f"UPDATE {table} SET total = m.new_total FROM {_MOVED} AS m "  # noqa: S608
            f"WHERE m.player_id = {table}.player_id AND m.old_total IS NOT NULL "
            f"AND {player_in_sql(f'{table}.player_id')}",
            [ids],
        )
        cursor.execute(
            f"INSERT INTO {table} (player_id, total) "  # noqa: S608
            f"SELECT player_id, new_total FROM {_MOVED} WHERE old_total IS NULL "
            f"ON CONFLICT (player_id) DO UPDATE SET total = excluded.total"
        )
        moves = (
            f"(SELECT new_total AS total, 1 AS players FROM {_MOVED} "  # noqa: S608
            f"UNION ALL SELECT old_total, -1 FROM {_MOVED} WHERE old_total IS NOT NULL) AS moves"
        )
        # Counted once, for the counts' update and for the rows it empties.
        cursor.execute(
            f"CREATE TEMPORARY TABLE {_MOVES} AS "  # noqa: S608
            f"SELECT level, bucket, SUM(players) AS players FROM ({_counted(moves)}) AS moved "
            f"GROUP BY level, bucket"
        )
        cursor.execute(
            f"INSERT INTO {counts} (level, bucket, players) "  # noqa: S608
            f"SELECT level, bucket, players FROM {_MOVES} WHERE players <> 0 "
            f"ON CONFLICT (level, bucket) DO UPDATE "
            f"SET players = {counts}.players + excluded.players"
        )
        # A range the month's players all left counts no one: its row goes. (A range only
        # joined counts at least the players who joined it.)
        cursor.execute(
            f"DELETE FROM {counts} WHERE players = 0 AND (level, bucket) IN "  # noqa: S608
            f"(SELECT level, bucket FROM {_MOVES})"
        )
        cursor.execute(f"DROP TABLE {_MOVES}")
        cursor.execute(f"DROP TABLE {_MOVED}")
        if own:
            cursor.execute(f"DROP TABLE {sums}")
    return _mark(version)


def position_sql(player: str = "%s") -> str:
    """SQL for the place of the player whose id is `player` (an expression; by default the
    statement's one parameter): one more than the players counted above the player's kept
    total (a total of nothing for a player with no row), read at each width within the range
    of the next, so that each sum reads a hundred rows or so. Ranges of the widest width have
    no range around them: all those above count. The kept total is read once (the LIMIT
    keeps PostgreSQL from writing its read into each of the nine places it is used).
    """
    table, counts = _quoted(PlayerPosition), _quoted(PositionCount)
    sums = []
    for level, width in enumerate(COUNT_WIDTHS):
        within = ""
        if level + 1 < len(COUNT_WIDTHS):
            wider = COUNT_WIDTHS[level + 1]
            within = f" AND c.bucket < ({_range_of('t.total', wider)} + 1) * {wider // width}"
        sums.append(
            f"COALESCE((SELECT SUM(c.players) FROM {counts} AS c WHERE c.level = {level} "  # noqa: S608
            f"AND c.bucket > {_range_of('t.total', width)}{within}), 0)"
        )
    return (
        f"SELECT 1 + {' + '.join(sums)} FROM (SELECT COALESCE((SELECT total FROM {table} "  # noqa: S608
        f"WHERE player_id = {player}), 0) AS total LIMIT 1) AS t"
    )
