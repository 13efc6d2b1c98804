"""The players' national positions (1.4.4), kept in one table so the lookup reads one row.

A position is the place in the country by approved points, every colour, with the red points
won before 1982 (1.8 notes; kept on the player, not in the ledger: scheme/abf/NOTES.md): one
more than the number of players with more. Approved totals change when a month is approved
and closed (App. E), and rarely between (a staff adjustment, points released or converted),
so the table is refreshed in one statement (a window over every player's summed totals) by
the month close's last step, and marked with the versions of the approved totals and of the
pre-1982 red points it was kept from (`centre.versions.APPROVED`, `PRE_1982`, bumped after
every commit that changes them). An upload's provisional points leave it as it is. The
lookup uses it only while those versions are current; otherwise the first reader refreshes
it, under a lock so that two readers never refresh it at once.
"""

from __future__ import annotations

from typing import TypedDict

from django.core.cache import cache
from django.db import connection, transaction

from awards.models import PlayerPosition, PlayerTotals
from centre.versions import APPROVED, PRE_1982, data_version
from players.models import Player

KEPT_KEY = "kept:positions"
# Any constant of the project's own: the lock taken by a refresh of the positions.
_LOCK = 7_140_001


class Kept(TypedDict):
    version: str
    # The place of a player with no points at all (no totals row).
    zero: int


def positions_kept() -> Kept:
    """The mark of the kept positions, refreshed first if the totals have changed since."""
    version = data_version(APPROVED, PRE_1982)
    kept = cache.get(KEPT_KEY)
    if kept is not None and kept["version"] == version:
        return kept
    return positions_refresh(version=version)


def positions_refresh(*, version: str | None = None) -> Kept:
    """Every player's approved total and position, in one statement.

    `version` is the version of the approved totals read before the refresh began: a change
    committed while it runs bumps the version past it, so that table is never taken for
    newer than it is.
    """
    if version is None:
        version = data_version(APPROVED, PRE_1982)
    table = connection.ops.quote_name(PlayerPosition._meta.db_table)
    totals = connection.ops.quote_name(PlayerTotals._meta.db_table)
    players = connection.ops.quote_name(Player._meta.db_table)
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK])
            kept = cache.get(KEPT_KEY)
            if kept is not None and kept["version"] == version:
                return kept
        # Every player with totals or pre-1982 red points has a row, and a row once written
        # stays (totals are never deleted), so rows are only added or changed; only those
        # whose total or place moved are written.
        cursor.execute(
            f"INSERT INTO {table} (player_id, total, position) "  # noqa: S608
            f"SELECT player_id, total, RANK() OVER (ORDER BY total DESC) FROM ("
            f"SELECT p.id AS player_id, COALESCE(s.total, 0) + p.pre_1982_red AS total "
            f"FROM {players} AS p LEFT JOIN (SELECT player_id, SUM(approved) AS total "
            f"FROM {totals} GROUP BY player_id) AS s ON s.player_id = p.id "
            f"WHERE s.player_id IS NOT NULL OR p.pre_1982_red > 0 "
            f"OR p.id IN (SELECT player_id FROM {table})) AS summed WHERE true "
            f"ON CONFLICT (player_id) DO UPDATE "
            f"SET total = excluded.total, position = excluded.position "
            f"WHERE {table}.total <> excluded.total OR {table}.position <> excluded.position"
        )
        cursor.execute(f"SELECT COUNT(*) FROM {table} WHERE total > 0")  # noqa: S608
        above_zero = cursor.fetchone()[0]
    kept: Kept = {"version": version, "zero": above_zero + 1}
    transaction.on_commit(lambda: cache.set(KEPT_KEY, kept, timeout=None))
    return kept
