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
from django.db.models import Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from awards.models import Credit, Event, PlayerTotals
from centre.models import Period
from centre.versions import APPROVED, LIFETIME, data_changed

# Players per upsert of the totals on SQLite: 8 parameters each, well under its 32,766.
TOTALS_CHUNK = 2000


TOTALS_COLOURS = ("green", "red", "gold")
TOTALS_FIELDS = tuple(
    f"{colour}_{state}" for colour in TOTALS_COLOURS for state in ("provisional", "approved")
)


def totals_add(
    *,
    year: int,
    amounts: Iterable[tuple[int, str, int]],
    state: str,
    brought_forward: bool = False,
) -> None:
    """Add (player, colour, hundredths) to the year's provisional or approved totals: its
    awards, or the points brought forward in it (credits of an event not of the year)."""
    deltas: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for player_id, colour, points in amounts:
        deltas[player_id][f"{colour}_{state}"] += points
    _totals_apply(year=year, deltas=deltas, brought_forward=brought_forward)
    data_changed(LIFETIME, *((APPROVED,) if state == Credit.State.APPROVED else ()))


def totals_add_credits(
    *, year: int, credits: QuerySet[Credit], state: str, brought_forward: bool = False
) -> None:
    """Add these credits' points, summed by player and colour in the database, to the
    year's provisional or approved totals: no credit travels to Python and back. The
    credits are of one event (an upload's), so of the year or `brought_forward` alike."""
    sums = (
        credits.order_by()
        .values("player_id")
        .annotate(
            **{
                colour: Coalesce(Sum("points", filter=Q(colour=colour)), 0)
                for colour in TOTALS_COLOURS
            }
        )
    )
    query, params = sums.query.sql_with_params()
    columns = ", ".join(
        f"s.{name.rsplit('_', 1)[0]}" if name.endswith(f"_{state}") else "0"
        for name in TOTALS_FIELDS
    )
    with connection.cursor() as cursor:
        cursor.execute(
            _UPSERT.format(
                rows=f"SELECT s.player_id, %s, %s, {columns} FROM ({query}) s "  # noqa: S608
                "WHERE true ORDER BY s.player_id"
            ),
            [year, brought_forward, *params],
        )
    data_changed(LIFETIME, *((APPROVED,) if state == Credit.State.APPROVED else ()))


def _totals_apply(
    *, year: int, deltas: dict[int, dict[str, int]], brought_forward: bool = False
) -> None:
    """Add the deltas to the players' totals of the year (its awards, or the points brought
    forward in it), in the caller's transaction.

    One upsert (INSERT ... ON CONFLICT DO UPDATE) adds each player's deltas to the row as it
    is in the database (`total = total + delta`), creating the rows not there yet, so
    concurrent writers never lose each other's points. The rows are written, and so locked,
    in player order, so two writers never wait on each other in a ring.
    """
    if not deltas:
        return
    ids = sorted(deltas)
    columns = [[int(deltas[i].get(name, 0)) for i in ids] for name in TOTALS_FIELDS]
    _totals_upsert(year=year, ids=ids, columns=columns, brought_forward=brought_forward)


_UPSERT = (
    f"INSERT INTO {PlayerTotals._meta.db_table} "
    f"(player_id, year, brought_forward, {', '.join(TOTALS_FIELDS)}) "
    "{rows} ON CONFLICT (player_id, year, brought_forward) DO UPDATE SET "
    + ", ".join(
        f"{name} = {PlayerTotals._meta.db_table}.{name} + excluded.{name}" for name in TOTALS_FIELDS
    )
)


def _totals_upsert(
    *, year: int, ids: list[int], columns: list[list[int]], brought_forward: bool
) -> None:
    """The upsert of _totals_apply: on PostgreSQL one statement of arrays for any number of
    players; elsewhere one VALUES list per TOTALS_CHUNK players."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            arrays = ", ".join("%s::bigint[]" for _ in TOTALS_FIELDS)
            names = ", ".join(TOTALS_FIELDS)
            cursor.execute(
                _UPSERT.format(
                    rows=f"SELECT v.player_id, %s, %s, {names} "  # noqa: S608
                    f"FROM unnest(%s::bigint[], {arrays}) "
                    f"AS v(player_id, {names}) ORDER BY v.player_id"
                ),
                [year, brought_forward, ids, *columns],
            )
            return
        row = "(" + ", ".join(["%s"] * (len(TOTALS_FIELDS) + 3)) + ")"
        for start in range(0, len(ids), TOTALS_CHUNK):
            chunk = range(start, min(start + TOTALS_CHUNK, len(ids)))
            params: list[int] = []
            for index in chunk:
                params += [
                    ids[index],
                    year,
                    brought_forward,
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
    deltas: dict[bool, dict[int, dict[str, int]]] = {
        bucket: defaultdict(lambda: defaultdict(int)) for bucket in (False, True)
    }
    for row in sums:
        moved = deltas[not row["event__of_the_year"]][row["player_id"]]
        moved[f"{row['colour']}_provisional"] -= row["points"]
        moved[f"{row['colour']}_approved"] += row["points"]
    Credit.objects.filter(pk__in=ids, state=Credit.State.PROVISIONAL).update(
        state=Credit.State.APPROVED
    )
    for brought_forward, by_player in deltas.items():
        _totals_apply(year=period.year, deltas=by_player, brought_forward=brought_forward)
    return len(ids)


def _credits_approve_postgresql(*, period: Period, limit: int) -> int:
    """The same in one statement: the chunk's credits approved, and each player's points
    moved from provisional to approved in the year's totals, without leaving the database.
    The state is tested again as each credit is updated, so a credit is approved, and its
    points moved, once."""
    credit = Credit._meta.db_table
    event = Event._meta.db_table
    sums = ", ".join(
        f"COALESCE(SUM(points) FILTER (WHERE colour = '{colour}'), 0) AS {colour}"
        for colour in TOTALS_COLOURS
    )
    # In the order of TOTALS_FIELDS: each colour's provisional, then approved.
    moved = ", ".join(f"-{colour}, {colour}" for colour in TOTALS_COLOURS)
    upsert = _UPSERT.format(
        rows=f"SELECT player_id, %s, brought_forward, {moved} FROM sums "  # noqa: S608
        "ORDER BY player_id, brought_forward"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH chosen AS (SELECT id FROM {credit} WHERE period_id = %s AND state = %s "  # noqa: S608
            "ORDER BY id LIMIT %s), "
            f"approved AS (UPDATE {credit} AS c SET state = %s FROM chosen "
            "WHERE c.id = chosen.id AND c.state = %s "
            "RETURNING c.player_id, c.colour, c.points, c.event_id), "
            # The awards of the year, and apart the points brought forward (of_the_year).
            f"sums AS (SELECT a.player_id, NOT e.of_the_year AS brought_forward, {sums} "
            f"FROM approved AS a JOIN {event} AS e ON e.id = a.event_id "
            "GROUP BY a.player_id, e.of_the_year), "
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
