"""The players' totals, kept in the same transaction as every credit and every approval;
and the month close's approval of its credits (App. E)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db import connection
from django.db.models import Sum

from awards.models import Credit, PlayerTotals
from centre.models import Period
from centre.versions import APPROVED, LIFETIME, data_changed

# Players per UPDATE of the totals: 7 parameters each, well under SQLite's 32,766.
TOTALS_CHUNK = 2000


def totals_add(*, year: int, amounts: Iterable[tuple[int, str, int]], state: str) -> None:
    """Add (player, colour, hundredths) to the year's provisional or approved totals."""
    deltas: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for player_id, colour, points in amounts:
        deltas[player_id][f"{colour}_{state}"] += points
    _totals_apply(year=year, deltas=deltas)
    data_changed(LIFETIME, *((APPROVED,) if state == Credit.State.APPROVED else ()))


TOTALS_FIELDS = tuple(
    f"{colour}_{state}"
    for colour in ("green", "red", "gold")
    for state in ("provisional", "approved")
)


def _totals_apply(*, year: int, deltas: dict[int, dict[str, int]]) -> None:
    """Add the deltas to the players' totals of the year, in the caller's transaction.

    One UPDATE per chunk adds each player's deltas to the row as it is in the database
    (`total = total + delta`), so concurrent writers never lose each other's points. The
    rows are first locked in player order, so two writers never wait on each other in a ring.
    """
    if not deltas:
        return
    ids = sorted(deltas)
    if connection.vendor == "postgresql":
        _totals_apply_postgresql(year=year, ids=ids, deltas=deltas)
        return
    PlayerTotals.objects.bulk_create(
        [PlayerTotals(player_id=i, year=year) for i in ids],
        ignore_conflicts=True,
        batch_size=2000,
    )
    table = connection.ops.quote_name(PlayerTotals._meta.db_table)
    columns = ", ".join(f"d_{name}" for name in TOTALS_FIELDS)
    assignments = ", ".join(f"{name} = {name} + v.d_{name}" for name in TOTALS_FIELDS)
    row = "(" + ", ".join(["%s"] * (len(TOTALS_FIELDS) + 1)) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(ids), TOTALS_CHUNK):
            chunk = ids[start : start + TOTALS_CHUNK]
            list(
                PlayerTotals.objects.select_for_update()
                .filter(year=year, player_id__in=chunk)
                .order_by("player_id")
                .values_list("pk", flat=True)
            )
            params: list[int] = []
            for player_id in chunk:
                delta = deltas[player_id]
                params.append(player_id)
                params.extend(int(delta.get(name, 0)) for name in TOTALS_FIELDS)
            params.append(year)
            cursor.execute(
                f"WITH v(player_id, {columns}) AS (VALUES {', '.join([row] * len(chunk))}) "  # noqa: S608
                f"UPDATE {table} SET {assignments} FROM v "
                f"WHERE {table}.player_id = v.player_id AND {table}.year = %s",
                params,
            )


def _totals_apply_postgresql(
    *, year: int, ids: list[int], deltas: dict[int, dict[str, int]]
) -> None:
    """The same on PostgreSQL, with one array per column: three statements for any size."""
    columns = {name: [int(deltas[i].get(name, 0)) for i in ids] for name in TOTALS_FIELDS}
    zeros = ", ".join("0" for _ in TOTALS_FIELDS)
    assignments = ", ".join(f"{name} = t.{name} + v.d_{name}" for name in TOTALS_FIELDS)
    arrays = ", ".join("%s::bigint[]" for _ in TOTALS_FIELDS)
    names = ", ".join(f"d_{name}" for name in TOTALS_FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO awards_playertotals (player_id, year, {', '.join(TOTALS_FIELDS)}) "  # noqa: S608
            f"SELECT p, %s, {zeros} FROM unnest(%s::bigint[]) AS p "
            f"ON CONFLICT (player_id, year) DO NOTHING",
            [year, ids],
        )
        cursor.execute(
            "SELECT id FROM awards_playertotals WHERE year = %s AND player_id = ANY(%s) "
            "ORDER BY player_id FOR UPDATE",
            [year, ids],
        )
        cursor.execute(
            f"UPDATE awards_playertotals AS t SET {assignments} "  # noqa: S608
            f"FROM unnest(%s::bigint[], {arrays}) AS v(player_id, {names}) "
            f"WHERE t.player_id = v.player_id AND t.year = %s",
            [ids, *columns.values(), year],
        )


def credits_approve(*, period: Period, limit: int) -> int:
    """Approve up to `limit` provisional credits of a closing month; returns how many.

    Called by the month close inside its transaction, with the period locked.
    """
    ids = list(
        Credit.objects.filter(period=period, state=Credit.State.PROVISIONAL)
        .order_by("id")
        .values_list("id", flat=True)[:limit]
    )
    if not ids:
        return 0
    sums = (
        Credit.objects.filter(pk__in=ids)
        .values("player_id", "colour")
        .annotate(points=Sum("points"))
        .order_by()
    )
    deltas: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in sums:
        deltas[row["player_id"]][f"{row['colour']}_provisional"] -= row["points"]
        deltas[row["player_id"]][f"{row['colour']}_approved"] += row["points"]
    Credit.objects.filter(pk__in=ids, state=Credit.State.PROVISIONAL).update(
        state=Credit.State.APPROVED
    )
    _totals_apply(year=period.year, deltas=deltas)
    data_changed(APPROVED)
    return len(ids)
