"""Reads of the ledger: a player's totals by kind and year (kept, and recounted from the
ledger to prove them), the national position, the month's summary, held points."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db import connection, connections, router, transaction
from django.db.models import Count, Exists, OuterRef, QuerySet, Sum

from awards.ledger.models import Credit, Event, HeldCredit, PlayerTotals
from awards.ledger.services.positions import (
    QUEUED_KEY,
    QUEUED_TIMEOUT,
    position_sql,
    positions_counted,
    positions_kept,
    positions_mark,
)
from awards.ledger.tasks import positions_refresh_stale
from centre.models import Period, User
from centre.schemes import point_kind_codes
from players.models import Player
from players.selectors import (
    no_public_player,
    player_from_row,
    player_number_checked,
    player_row_width,
    player_with_home_club_sql,
)


def zeros_by_kind() -> dict[str, int]:
    return dict.fromkeys(point_kind_codes(), 0)


@dataclass
class Totals:
    """A player's points by the scheme's kind (ABF colours, NZ A/B/C...), in hundredths."""

    approved: dict[str, int] = field(default_factory=zeros_by_kind)
    provisional: dict[str, int] = field(default_factory=zeros_by_kind)

    @property
    def lifetime(self) -> dict[str, int]:
        return {c: self.approved[c] + self.provisional.get(c, 0) for c in self.approved}

    @property
    def total(self) -> int:
        return sum(self.lifetime.values())

    def as_json(self) -> dict:
        return {
            "lifetime": self.lifetime,
            "approved": self.approved,
            "provisional": self.provisional,
        }


def _add_row(totals: Totals, kind: str, approved: int, provisional: int) -> None:
    # A kind the scheme no longer has (never in a deployment's own data) is still counted.
    totals.approved[kind] = totals.approved.get(kind, 0) + approved
    totals.provisional[kind] = totals.provisional.get(kind, 0) + provisional
    totals.provisional.setdefault(kind, 0)


def _player_totals_rows(player: Player) -> list[tuple[int, bool, str, int, int]]:
    """The player's kept totals, (year, brought forward, kind, approved, provisional) a row:
    every public record reads them, so in a statement written once rather than compiled by
    the ORM at each request, from the database the router names."""
    db = connections[router.db_for_read(PlayerTotals)]
    table = db.ops.quote_name(PlayerTotals._meta.db_table)
    with db.cursor() as cursor:
        cursor.execute(
            f"SELECT year, brought_forward, kind, approved, provisional FROM {table} "  # noqa: S608
            "WHERE player_id = %s",
            [player.pk],
        )
        return cursor.fetchall()


def player_totals(*, player: Player, year: int | None = None) -> Totals:
    """Lifetime totals (or one calendar year's) read from the kept totals, not the ledger.

    A year's are its awards only: points brought forward in it are in the lifetime.
    """
    totals = Totals()
    for row_year, brought_forward, kind, approved, provisional in _player_totals_rows(player):
        if year is None or (row_year == year and not brought_forward):
            _add_row(totals, kind, approved, provisional)
    return totals


@dataclass(frozen=True)
class PublicTotals:
    """What a player's public record shows of the totals: lifetime, the calendar year's (if
    asked for) and the national position (player_position())."""

    lifetime: Totals
    of_year: Totals | None
    position: int


def positions_served() -> None:
    """For a public read of a place: the positions as last counted, whether or not they are
    current, so that no request counts them (1.7-1.9 s at 400,000 players). When the approved
    totals or the pre-1982 red points have moved on since, a refresh is queued to a worker
    once the request's work is committed, once for every reader until it is done (a key added
    to the cache; the refresh forgets it, or it lapses after `QUEUED_TIMEOUT` should the task
    be lost), and the pages built meanwhile are dropped when it ends.

    Positions never counted (a new register) are counted now, once: a place of 1 for every
    player would be wrong, and once counted the tables are never empty again.
    """
    version, kept = positions_mark()
    if kept is not None and kept["version"] == version:
        return
    if not positions_counted():
        positions_kept()
        return

    def queue() -> None:
        if cache.add(QUEUED_KEY, version, timeout=QUEUED_TIMEOUT):
            positions_refresh_stale.delay()

    transaction.on_commit(queue)


def player_public_totals(*, player: Player, year: int | None = None) -> PublicTotals:
    """player_totals() of the lifetime and of `year`, and player_position(), in one statement:
    the kept totals' rows, and one more row holding the place (the public record's every
    request reads them; one round trip to the database, one read of the rows). The place is
    as last counted (`positions_served`)."""
    positions_served()
    db = connections[router.db_for_read(PlayerTotals)]
    table = db.ops.quote_name(PlayerTotals._meta.db_table)
    with db.cursor() as cursor:
        cursor.execute(
            f"SELECT year, brought_forward, kind, approved, provisional, NULL FROM {table} "  # noqa: S608
            f"WHERE player_id = %s UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, "
            f"CAST(({position_sql()}) AS BIGINT)",
            [player.pk, player.pk],
        )
        return _public_totals(cursor.fetchall(), year)


def player_public_with_totals(
    *, number: str, year: int | None = None
) -> tuple[Player, PublicTotals]:
    """player_public() and player_public_totals() in one statement, the player found by the
    number: a public record's every request reads both (one round trip where there were
    two). The player's row holds the place; the kept totals' rows follow."""
    player_number_checked(number)
    positions_served()
    alias = router.db_for_read(PlayerTotals)
    db = connections[alias]
    width = player_row_width()
    named = ", ".join(f"c{index}" for index in range(width))
    blanks = ", ".join(["NULL"] * width)
    table = db.ops.quote_name(PlayerTotals._meta.db_table)
    key = f"c{Player._meta.concrete_fields.index(Player._meta.pk)}"
    sql = (
        f"WITH found ({named}) AS ({player_with_home_club_sql()}) "  # noqa: S608
        f"SELECT {named}, NULL, NULL, NULL, NULL, NULL, "
        f"CAST(({position_sql(f'found.{key}')}) AS BIGINT) FROM found UNION ALL "
        f"SELECT {blanks}, year, brought_forward, kind, approved, provisional, NULL "
        f"FROM {table} WHERE player_id = (SELECT {key} FROM found)"
    )
    with db.cursor() as cursor:
        cursor.execute(sql, [number])
        rows = cursor.fetchall()
    found = [row for row in rows if row[-1] is not None]
    if not found:
        raise no_public_player(number)
    # The totals' rows, then the place, as _public_totals reads them.
    read = [(*row[width:-1], None) for row in rows if row[-1] is None]
    read.append((None, None, None, None, None, found[0][-1]))
    return player_from_row(alias, found[0]), _public_totals(read, year)


def _public_totals(rows: list[tuple], year: int | None) -> PublicTotals:
    """The lifetime and the year's totals and the place of the rows (year, brought forward,
    kind, approved, provisional, place) of player_public_totals()."""
    lifetime, of_year, position = Totals(), Totals() if year is not None else None, 0
    for row_year, brought_forward, kind, approved, provisional, place in rows:
        if kind is None:
            position = int(place)
            continue
        _add_row(lifetime, kind, approved, provisional)
        if of_year is not None and row_year == year and not brought_forward:
            _add_row(of_year, kind, approved, provisional)
    return PublicTotals(lifetime=lifetime, of_year=of_year, position=position)


def player_totals_from_ledger(*, player_ids: list[int] | None = None) -> dict[tuple, int]:
    """(player, year, brought forward, field) -> hundredths, summed from the ledger itself:
    the points of events not of the year (Event.of_the_year) are those brought forward."""
    credits = Credit.objects.all()
    if player_ids is not None:
        credits = credits.filter(player_id__in=player_ids)
    sums: dict[tuple, int] = {}
    for row in credits.values(
        "player_id", "period__year", "event__of_the_year", "colour", "state"
    ).annotate(points=Sum("points")):
        key = (
            row["player_id"],
            row["period__year"],
            not row["event__of_the_year"],
            f"{row['colour']}_{row['state']}",
        )
        sums[key] = sums.get(key, 0) + row["points"]
    return sums


def totals_disagreements(*, player_ids: list[int] | None = None) -> list[str]:
    """Every place the kept totals differ from the ledger; empty when they agree."""
    ledger = player_totals_from_ledger(player_ids=player_ids)
    kept: dict[tuple, int] = {}
    rows = PlayerTotals.objects.all()
    if player_ids is not None:
        rows = rows.filter(player_id__in=player_ids)
    for row in rows:
        for state in ("approved", "provisional"):
            value = getattr(row, state)
            if value:
                kept[(row.player_id, row.year, row.brought_forward, f"{row.kind}_{state}")] = value
    problems = []
    for key in sorted(set(ledger) | set(kept)):
        if ledger.get(key, 0) != kept.get(key, 0):
            player, year, brought_forward, name = key
            where = f"{year} brought forward" if brought_forward else str(year)
            problems.append(
                f"player {player} {where} {name}: ledger {ledger.get(key, 0)}, "
                f"totals {kept.get(key, 0)}"
            )
    return problems


def totals_by_kind(kinds: Mapping[str, Sequence[int]]) -> Totals:
    """A player's totals from their approved and provisional points by kind, in hundredths
    ({"green": [approved, provisional], ...}, as the lookup reads them with its matches)."""
    approved = zeros_by_kind()
    provisional = dict(approved)
    for kind, (approved_points, provisional_points) in kinds.items():
        approved[kind] = approved.get(kind, 0) + approved_points
        provisional[kind] = provisional.get(kind, 0) + provisional_points
    return Totals(approved, provisional)


def players_totals(*, players: Iterable[Player]) -> dict[int, Totals]:
    """Lifetime totals of many players at once, in one query, by player id."""
    found: dict[int, Totals] = {player.pk: Totals() for player in players}
    if not found:
        return found
    # The lookup's every page reads these: the figures alone, in a statement written once
    # rather than compiled by the ORM at each request, then added up as _add_row does.
    table = connection.ops.quote_name(PlayerTotals._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT player_id, kind, approved, provisional FROM {table} "  # noqa: S608
            f"WHERE player_id IN ({', '.join(['%s'] * len(found))})",
            list(found),
        )
        rows = cursor.fetchall()
    for player_id, kind, approved, provisional in rows:
        totals = found[player_id]
        totals.approved[kind] = totals.approved.get(kind, 0) + approved
        totals.provisional[kind] = totals.provisional.get(kind, 0) + provisional
    return found


def player_position(*, player: Player) -> int:
    """The player's place in the country by approved points of every colour, as at the last
    month close (1 is the most; equal totals share a place), counted from the kept totals in
    one query (`awards.ledger.services.positions`), the public record's (player_public_totals())."""
    return player_public_totals(player=player).position


def credits_adjustable_by(*, user: User) -> QuerySet[Credit]:
    """The credits a login may adjust: staff any; a club secretary the club's uploads'."""
    credits = Credit.objects.all()
    if user.is_centre_staff:
        return credits
    if user.is_club_secretary:
        return credits.filter(upload__club_id=user.club_id)
    return credits.none()


def month_summary(*, period: Period) -> list[dict]:
    """App. E: the month's credits by club and colour, provisional and approved."""
    return list(
        Credit.objects.filter(period=period)
        .values("upload__club__number", "upload__club__name", "colour", "state")
        .annotate(points=Sum("points"), credits=Count("id"))
        .order_by("upload__club__number", "colour", "state")
    )


def held_credits(*, player: Player) -> QuerySet[HeldCredit]:
    return HeldCredit.objects.filter(player=player).select_related("event")


def events_of_club(*, club_id: int) -> QuerySet[Event]:
    return Event.objects.filter(club_id=club_id)


def events_standing(events: QuerySet[Event]) -> QuerySet[Event]:
    """`events` without those taken back whole: an event whose credits net to nothing (its
    upload reversed, or its grade corrected, which credits them to the event again under the
    right grade) no longer counts among the events a club or a state has held (2.3, 5.1,
    6.2.2). An event with no credits at all (every player's points held, 1.3.2) still counts."""
    netted = (
        Credit.objects.filter(event=OuterRef("pk"))
        .order_by()
        .values("event")
        .annotate(net=Sum("points"))
        .filter(net=0)
    )
    return events.exclude(Exists(netted))
