"""The players' national positions (1.4.4), kept in one table so the lookup reads one row.

A position is the place in the country by approved points, every colour: one more than the
number of players with more. Approved totals change when a month is approved and closed
(App. E), and rarely between (a staff adjustment, points released or converted), so the table
is refreshed in one statement (a window over every player's summed totals) by the month
close's last step, and marked with the version of the approved totals it was kept from
(`centre.versions.APPROVED`, bumped after every commit that changes them). An upload's
provisional points leave it as it is. The lookup uses it only while that version is current;
otherwise the first reader refreshes it, under a lock so that two readers never refresh it
at once. Once the table is known to be current up to the previous close, a close updates
only its own month's players and the places that moved (`positions_update_at_close`).
"""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from django.core.cache import cache
from django.db import connection, transaction

from awards.models import Credit, PlayerPosition, PlayerTotals
from centre.models import Period
from centre.versions import APPROVED, data_version

KEPT_KEY = "kept:positions"
# Any constant of the project's own: the lock taken by a refresh of the positions.
_LOCK = 7_140_001


class Kept(TypedDict, total=False):
    version: str
    # The place of a player with no points at all (no totals row).
    zero: int
    # The last month whose close's approvals the table was kept after (its _close_mark), if
    # any: the next month's close then updates only its own players (positions_update_at_close).
    through: str | None


def positions_kept() -> Kept:
    """The mark of the kept positions, refreshed first if the totals have changed since."""
    version = data_version(APPROVED)
    kept = cache.get(KEPT_KEY)
    if kept is not None and kept["version"] == version:
        return kept
    return positions_refresh(version=version)


def _close_mark(period_id: int, closed_at: datetime | None) -> str:
    # The month and when it was closed: a mark left in a cache by another database (a
    # demo seeded again, a benchmark's scratch database) names no month of this one.
    return f"{period_id}@{closed_at.isoformat() if closed_at else ''}"


def positions_refresh(*, version: str | None = None, through: str | None = None) -> Kept:
    """Every player's approved total and position, in one statement.

    `version` is the version of the approved totals read before the refresh began: a change
    committed while it runs bumps the version past it, so that table is never taken for
    newer than it is. `through` is the mark of the month whose close runs it, if one does.
    """
    if version is None:
        version = data_version(APPROVED)
    table = connection.ops.quote_name(PlayerPosition._meta.db_table)
    totals = connection.ops.quote_name(PlayerTotals._meta.db_table)
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK])
            kept = cache.get(KEPT_KEY)
            if kept is not None and kept["version"] == version:
                if through is not None and kept.get("through") != through:
                    # Current as it is, so current after this month's close too.
                    kept = {**kept, "through": through}
                    transaction.on_commit(lambda: cache.set(KEPT_KEY, kept, timeout=None))
                return kept
        # Every player with totals has a row (totals are never deleted), so rows are only
        # added or changed; only those whose total or place moved are written.
        cursor.execute(
            f"INSERT INTO {table} (player_id, total, position) "  # noqa: S608
            f"SELECT player_id, total, RANK() OVER (ORDER BY total DESC) FROM ("
            f"SELECT player_id, SUM(approved) AS total FROM {totals} "
            f"GROUP BY player_id) AS summed WHERE true "
            f"ON CONFLICT (player_id) DO UPDATE "
            f"SET total = excluded.total, position = excluded.position "
            f"WHERE {table}.total <> excluded.total OR {table}.position <> excluded.position"
        )
        cursor.execute(f"SELECT COUNT(*) FROM {table} WHERE total > 0")  # noqa: S608
        above_zero = cursor.fetchone()[0]
    # A refresh is at least as current as the table it replaced: it keeps that one's claim.
    before = cache.get(KEPT_KEY) or {}
    kept: Kept = {
        "version": version,
        "zero": above_zero + 1,
        "through": through if through is not None else before.get("through"),
    }
    transaction.on_commit(lambda: cache.set(KEPT_KEY, kept, timeout=None))
    return kept


def positions_update_at_close(*, period: Period, version: str | None = None) -> Kept:
    """The month close's step for the positions, proportional to the month's players in
    what it reads from the totals.

    Approved totals change only when a month's credits are approved (App. E), so once the
    table was kept after the previous close, only the players credited in this month can
    have moved their own total: theirs are summed again from their kept totals and written
    where they differ; the places are then counted again over the table's narrow rows (a
    sort of one integer per player, where the full refresh groups every totals row of the
    register), writing only the rows whose place moved. It leaves the table that
    `positions_refresh` would; that full refresh is done instead whenever the table is not
    known to be current up to this month (the first close, a cache emptied, another month
    closing meanwhile, SQLite).
    """
    if version is None:
        version = data_version(APPROVED)
    kept = cache.get(KEPT_KEY)
    this_close = _close_mark(period.pk, period.closed_at)
    previous = (
        Period.objects.filter(status=Period.Status.CLOSED)
        .exclude(pk=period.pk)
        .order_by("-year", "-month")
        .values_list("pk", "closed_at")
        .first()
    )
    others_closing = (
        Period.objects.filter(status=Period.Status.CLOSING).exclude(pk=period.pk).exists()
    )
    if (
        connection.vendor != "postgresql"
        or kept is None
        or kept.get("through") is None
        or kept.get("through") not in (previous and _close_mark(*previous), this_close)
        or others_closing
    ):
        return positions_refresh(version=version, through=this_close)
    table = connection.ops.quote_name(PlayerPosition._meta.db_table)
    totals = connection.ops.quote_name(PlayerTotals._meta.db_table)
    credits = connection.ops.quote_name(Credit._meta.db_table)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK])
        # The month's players' approved totals, where they differ from the table's; a player
        # new to the table enters at a place that the count below corrects.
        cursor.execute(
            f"INSERT INTO {table} (player_id, total, position) "  # noqa: S608
            f"SELECT t.player_id, SUM(t.approved), 0 FROM {totals} AS t "
            f"WHERE t.player_id IN (SELECT DISTINCT player_id FROM {credits} "
            f"WHERE period_id = %s) GROUP BY t.player_id "
            f"ON CONFLICT (player_id) DO UPDATE SET total = excluded.total "
            f"WHERE {table}.total <> excluded.total",
            [period.pk],
        )
        if cursor.rowcount:
            cursor.execute(
                f"UPDATE {table} AS kept SET position = placed.position "  # noqa: S608
                f"FROM (SELECT player_id, RANK() OVER (ORDER BY total DESC) AS position "
                f"FROM {table}) AS placed "
                f"WHERE kept.player_id = placed.player_id AND kept.position <> placed.position"
            )
        cursor.execute(f"SELECT COUNT(*) FROM {table} WHERE total > 0")  # noqa: S608
        above_zero = cursor.fetchone()[0]
    updated: Kept = {"version": version, "zero": above_zero + 1, "through": this_close}
    transaction.on_commit(lambda: cache.set(KEPT_KEY, updated, timeout=None))
    return updated
