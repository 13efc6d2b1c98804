"""The players' totals, kept in the same transaction as every credit and every approval;
and the month close's approval of its credits (App. E).

Each player has a row of totals per year for the awards of the year, and another for the
points brought forward in it (credits of events not of the year, `Event.of_the_year`), which
count in the lifetime and the ranks but never in the year's own points (1.7.2).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db import connection
from django.db.models import QuerySet, Sum

from awards.ledger.models import Credit, Event, PlayerTotals
from centre.models import Period
from centre.versions import APPROVED, LIFETIME, data_changed

# Rows per upsert of the totals on SQLite: 6 parameters each, well under its 32,766.
TOTALS_CHUNK = 2000

_TABLE = PlayerTotals._meta.db_table
_STATES = ("provisional", "approved")


def totals_add(
    *,
    year: int,
    amounts: Iterable[tuple[int, str, int]],
    state: str,
    brought_forward: bool = False,
) -> None:
    """Add (player, point kind, hundredths) to the year's provisional or approved totals: its
    awards, or the points brought forward in it (credits of an event not of the year)."""
    deltas: dict[tuple[int, str], int] = defaultdict(int)
    for player_id, kind, points in amounts:
        deltas[(player_id, kind)] += points
    _totals_apply(
        year=year,
        deltas={key: {state: points} for key, points in deltas.items() if points},
        brought_forward=brought_forward,
    )
    data_changed(LIFETIME, *((APPROVED,) if state == Credit.State.APPROVED else ()))


def totals_add_credits(
    *, year: int, credits: QuerySet[Credit], state: str, brought_forward: bool = False
) -> None:
    """Add these credits' points, summed by player and kind in the database, to the
    year's provisional or approved totals: no credit travels to Python and back. The
    credits are of one event (an upload's), so of the year or `brought_forward` alike."""
    sums = credits.order_by().values("player_id", "colour").annotate(points=Sum("points"))
    query, params = sums.query.sql_with_params()
    columns = ", ".join("s.points" if name == state else "0" for name in _STATES)
    with connection.cursor() as cursor:
        cursor.execute(
            _UPSERT.format(
                rows=f"SELECT s.player_id, %s, %s, s.colour, {columns} FROM ({query}) s "  # noqa: S608
                "WHERE s.points <> 0 ORDER BY s.player_id, s.colour"
            ),
            [year, brought_forward, *params],
        )
    data_changed(LIFETIME, *((APPROVED,) if state == Credit.State.APPROVED else ()))


def _totals_apply(
    *, year: int, deltas: dict[tuple[int, str], dict[str, int]], brought_forward: bool = False
) -> None:
    """Add the deltas ((player, kind) -> {"provisional": ..., "approved": ...}) to the
    players' totals of the year (its awards, or the points brought forward in it), in the
    caller's transaction.

    One upsert (INSERT ... ON CONFLICT DO UPDATE) adds each row's deltas to the row as it
    is in the database (`total = total + delta`), creating the rows not there yet, so
    concurrent writers never lose each other's points. The rows are written, and so locked,
    in player and kind order, so two writers never wait on each other in a ring.
    """
    if not deltas:
        return
    keys = sorted(deltas)
    _totals_upsert(
        year=year,
        ids=[player for player, _ in keys],
        kinds=[kind for _, kind in keys],
        columns=[[int(deltas[key].get(name, 0)) for key in keys] for name in _STATES],
        brought_forward=brought_forward,
    )


_UPSERT = (
    f"INSERT INTO {_TABLE} (player_id, year, brought_forward, kind, provisional, approved) "
    "{rows} ON CONFLICT (player_id, year, brought_forward, kind) DO UPDATE SET "
    f"provisional = {_TABLE}.provisional + excluded.provisional, "
    f"approved = {_TABLE}.approved + excluded.approved"
)


def _totals_upsert(
    *,
    year: int,
    ids: list[int],
    kinds: list[str],
    columns: list[list[int]],
    brought_forward: bool,
) -> None:
    """The upsert of _totals_apply: on PostgreSQL one statement of arrays for any number of
    rows; elsewhere one VALUES list per TOTALS_CHUNK rows."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                _UPSERT.format(
                    rows="SELECT v.player_id, %s, %s, v.kind, v.provisional, v.approved "
                    "FROM unnest(%s::bigint[], %s::text[], %s::bigint[], %s::bigint[]) "
                    "AS v(player_id, kind, provisional, approved) ORDER BY v.player_id, v.kind"
                ),
                [year, brought_forward, ids, kinds, *columns],
            )
            return
        row = "(%s, %s, %s, %s, %s, %s)"
        for start in range(0, len(ids), TOTALS_CHUNK):
            chunk = range(start, min(start + TOTALS_CHUNK, len(ids)))
            params: list[object] = []
            for index in chunk:
                params += [
                    ids[index],
                    year,
                    brought_forward,
                    kinds[index],
                    *(column[index] for column in columns),
                ]
            # "WHERE true": SQLite reads ON CONFLICT after a bare SELECT as a join's ON.
            cursor.execute(
                _UPSERT.format(
                    rows=f"SELECT * FROM (VALUES {', '.join([row] * len(chunk))}) WHERE true"  # noqa: S608
                ),
                params,
            )


def credits_approve(*, period: Period, limit: int) -> int:
    """Approve up to `limit` provisional credits of a closing month; returns how many.

    Called by the month close inside its transaction, with the period locked.
    """
    if connection.vendor == "postgresql":
        approved = _credits_approve_postgresql(period=period, limit=limit)
    else:
        approved = _credits_approve_portable(period=period, limit=limit)
    if approved:
        data_changed(APPROVED)
    return approved


def _credits_approve_portable(*, period: Period, limit: int) -> int:
    ids = list(
        Credit.objects.filter(period=period, state=Credit.State.PROVISIONAL)
        .order_by("id")
        .values_list("id", flat=True)[:limit]
    )
    if not ids:
        return 0
    sums = (
        Credit.objects.filter(pk__in=ids)
        .values("player_id", "colour", "event__of_the_year")
        .annotate(points=Sum("points"))
        .order_by()
    )
    # The awards of the year, and the points brought forward (events not of the year).
    deltas: dict[bool, dict[tuple[int, str], dict[str, int]]] = {False: {}, True: {}}
    for row in sums:
        if row["points"]:
            deltas[not row["event__of_the_year"]][(row["player_id"], row["colour"])] = {
                "provisional": -row["points"],
                "approved": row["points"],
            }
    Credit.objects.filter(pk__in=ids, state=Credit.State.PROVISIONAL).update(
        state=Credit.State.APPROVED
    )
    for brought_forward, by_row in deltas.items():
        _totals_apply(year=period.year, deltas=by_row, brought_forward=brought_forward)
    return len(ids)


def _credits_approve_postgresql(*, period: Period, limit: int) -> int:
    """The same in one statement: the chunk's credits approved, and each player's points
    moved from provisional to approved in the year's totals, without leaving the database.
    The state is tested again as each credit is updated, so a credit is approved, and its
    points moved, once."""
    credit = Credit._meta.db_table
    event = Event._meta.db_table
    upsert = _UPSERT.format(
        rows="SELECT player_id, %s, brought_forward, kind, -points, points FROM sums "
        "WHERE points <> 0 ORDER BY player_id, brought_forward, kind"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH chosen AS (SELECT id FROM {credit} WHERE period_id = %s AND state = %s "  # noqa: S608
            "ORDER BY id LIMIT %s), "
            f"approved AS (UPDATE {credit} AS c SET state = %s FROM chosen "
            "WHERE c.id = chosen.id AND c.state = %s "
            "RETURNING c.player_id, c.colour, c.points, c.event_id), "
            # The awards of the year, and apart the points brought forward (of_the_year).
            "sums AS (SELECT a.player_id, NOT e.of_the_year AS brought_forward, "
            "a.colour AS kind, SUM(a.points) AS points "
            f"FROM approved AS a JOIN {event} AS e ON e.id = a.event_id "
            "GROUP BY a.player_id, e.of_the_year, a.colour), "
            f"moved AS ({upsert} RETURNING 1) "
            "SELECT (SELECT COUNT(*) FROM approved), (SELECT COUNT(*) FROM moved)",
            [
                period.pk,
                Credit.State.PROVISIONAL,
                limit,
                Credit.State.APPROVED,
                Credit.State.PROVISIONAL,
                period.year,
            ],
        )
        approved, _players = cursor.fetchone()
    return approved
