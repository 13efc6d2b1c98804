"""Promotions at the month close, and of every player when a scheme's ranks change
(1.4.4, 1.8, 1.9). The club's monthly report is ranks.monthly_reports."""

from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, connections, transaction
from django.db.models import Case, F, Sum, Value, When
from django.db.models.functions import Greatest

from awards.ledger.models import Credit, PlayerTotals
from awards.ledger.services.positions import player_ids_parameter, player_in_sql
from centre.models import Period
from centre.schemes import current_scheme
from players import calendar
from players.models import Player
from ranks.models import OneThousandClubMember, Promotion
from ranks.victories import players_with_wins
from scheme.base import ONE_THOUSAND_CLUB, Scheme

# --- ranks and promotions at the month close (1.4.4, 1.8, 1.9) ------------------------------

PROMOTION_CHUNK = 50_000


@dataclass
class PromotionsRun:
    players: int = 0
    promotions: int = 0
    one_thousand_club: int = 0


def require_closed(period: Period) -> None:
    """Refuse a month not closed: promotions and its reports follow its close."""
    if period.status != Period.Status.CLOSED:
        # 1.4.4: "promotions ... only occur at the end of each month", once it is closed.
        raise ValidationError(
            f"{period.label} is not closed; promotions and reports follow the month close."
        )


def _rank_reached(scheme: Scheme, kinds: tuple[str, ...]) -> str:
    """The scheme's ladder over the columns of `t`, a column a kind and `pre`: the pre-1982
    points kept on the player counted in their kind (1.8 notes: the ABF's red), and again as
    themselves (the ABF's allowance, which lowers the Life and Grand minimums)."""
    assert scheme.rank_order_sql is not None
    columns = {
        kind: f"(t.{kind} + t.pre)" if kind == scheme.pre_1982_kind else f"t.{kind}"
        for kind in kinds
    }
    return scheme.rank_order_sql(columns, "t.pre")


# The chunk's players with something to record, found once so that every statement of the
# chunk reads the same answer; a temporary table, dropped at the chunk's end.
_REACHED = "ranks_reached"


def _reached_sql(*, scheme: Scheme, everyone: bool) -> str:
    """Each player of the chunk who reaches a rank above the one held, or (under a scheme with
    the One Thousand Club) its total, with their approved lifetime points by kind, pre-1982
    red, home club, the rank held and the rank reached (order and name).

    The chunk is a range of player ids, read whole (the planner scans it rather than looking
    players up one by one); unless `everyone`, only the players of the given list within it
    are read, the list tested with `= ANY` (awards.ledger.services.positions.player_in_sql) so that
    the planner knows its length and reads their rows by an index when they are few, or in
    one pass with the list hashed when they are many, never hashing every player's totals to
    join them to it. Parameters: the rank names, twice the list (unless `everyone`) and the
    range, then the One Thousand Club's total (under a scheme with it).
    """
    player = Player._meta.db_table
    totals = PlayerTotals._meta.db_table
    ladder = ", ".join(f"({rank.order}, %s)" for rank in scheme.ranks)
    kinds = _kinds(scheme)
    sums = ", ".join(
        f"SUM(CASE WHEN x.kind = '{kind}' THEN x.approved ELSE 0 END) AS {kind}" for kind in kinds
    )
    points = ", ".join(f"CAST(COALESCE(s.{kind}, 0) AS BIGINT) AS {kind}" for kind in kinds)
    # 1.9: the players whose total with the pre-1982 points reaches the club's, too.
    member = f" OR {_total(kinds, 'r.')} >= %s" if scheme.has(ONE_THOUSAND_CLUB) else ""
    totals_listed = "" if everyone else f"{player_in_sql('x.player_id')} AND "
    players_listed = "" if everyone else f"{player_in_sql('p.id')} AND "
    # Each player's points are summed once, then the ladder is tried on plain numbers, once a
    # player: the rank reached is read three times (the test, its name, the row kept), and
    # left in line the ladder's 21 rungs would be tried for each.
    materialized = "MATERIALIZED " if connection.vendor == "postgresql" else ""
    return (
        f"CREATE TEMPORARY TABLE {_REACHED} AS "  # noqa: S608
        f"WITH ladder (rank_order, rank_name) AS (VALUES {ladder}), "
        f"s AS (SELECT x.player_id, {sums} FROM {totals} x "
        f"WHERE {totals_listed}x.player_id BETWEEN %s AND %s GROUP BY x.player_id), "
        f"t AS {materialized}("
        "SELECT p.id AS player_id, p.rank_order AS held, p.pre_1982_red AS pre, "
        f"p.home_club_id AS club_id, {points} "
        f"FROM {player} p LEFT JOIN s ON s.player_id = p.id "
        f"WHERE {players_listed}p.id BETWEEN %s AND %s), "
        f"ranked AS {materialized}(SELECT t.*, {_rank_reached(scheme, kinds)} AS reached FROM t) "
        "SELECT r.*, l.rank_name FROM ranked r LEFT JOIN ladder l ON l.rank_order = r.reached "
        f"WHERE r.reached > r.held{member}"
    )


def _kinds(scheme: Scheme) -> tuple[str, ...]:
    # The scheme's kinds of point in its order, each a column of the statements (the ABF's
    # green, red and gold).
    return tuple(kind for kind, _ in scheme.point_kind_choices())


def _total(kinds: tuple[str, ...], prefix: str = "") -> str:
    """The lifetime total in SQL: every kind's points and the pre-1982 points (1.9)."""
    return " + ".join(f"{prefix}{name}" for name in (*kinds, "pre"))


def _promote_chunk(
    *, player_ids: list[int], period: Period, now: datetime, everyone: bool = False
) -> PromotionsRun:
    """Promote one chunk of players in a few set-based statements, in one transaction, under
    a scheme that gives its ladder in SQL.

    Each player's highest rank is found in the database (`Scheme.rank_order_sql`), once; then
    a Promotion is written for every player whose rank is above the one held, the rank held is
    raised to it, and the One Thousand Club gains every player whose total reached 1,000. A
    row already there is left as it is, and a rank is only ever raised, so a concurrent or
    repeated run changes nothing twice.
    """
    run = PromotionsRun(players=len(player_ids))
    if not player_ids:
        return run
    scheme = current_scheme()
    kinds = _kinds(scheme)
    one_thousand_club = scheme.has(ONE_THOUSAND_CLUB)
    # The list itself unless everyone in the range is in it, then the range of ids.
    chunk = [player_ids[0], player_ids[-1]]
    if not everyone:
        chunk.insert(0, player_ids_parameter(player_ids))
    stamp = connection.ops.adapt_datetimefield_value(now)
    promotion = Promotion._meta.db_table
    member = OneThousandClubMember._meta.db_table
    player = Player._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # Room to sum and join tens of thousands of players' totals in memory, for this
            # transaction only.
            cursor.execute("SET LOCAL work_mem = '64MB'")
            # Never compiled: the chunk's few statements run once each.
            cursor.execute("SET LOCAL jit = off")
        cursor.execute(
            _reached_sql(scheme=scheme, everyone=everyone),
            [
                *(rank.name for rank in scheme.ranks),
                *chunk,
                *chunk,
                *([scheme.one_thousand_club_total] if one_thousand_club else []),
            ],
        )
        # 1.8: ranks never go down; a player who passes several ranks in one month is
        # promoted once, to the highest: the certificate is for the rank now held.
        json_object = "jsonb_build_object" if connection.vendor == "postgresql" else "json_object"
        by_kind = ", ".join(f"'{kind}', {kind}" for kind in kinds)
        promote = (
            f"INSERT INTO {promotion} (player_id, rank_order, rank_name, period_id, club_id, "
            "totals, pre_1982_red, stars, promoted_at) "
            f"SELECT player_id, reached, rank_name, %s, club_id, {json_object}({by_kind}), pre, "
            "0, %s "
        )
        # The chunk's range of players alone is read to raise their ranks (the reached table
        # has no statistics: left to guess, the planner read every player of the register
        # for each chunk).
        raise_ranks = (
            f"UPDATE {player} SET rank_order = r.reached FROM {_REACHED} r "  # noqa: S608
            f"WHERE r.player_id = {player}.id AND {player}.id BETWEEN %s AND %s "
            f"AND r.reached > {player}.rank_order"
        )
        first, last = player_ids[0], player_ids[-1]
        if connection.vendor == "postgresql":
            # The ranks raised first, then a promotion written for each rank this transaction
            # raised: a concurrent run waits for the player's row, then finds the rank held
            # and neither raises it nor promotes again. So the rows are inserted without
            # ON CONFLICT's test of the unique index row by row (a quarter of the insert's
            # time); only a promotion there already above the rank held (a rank lowered by
            # hand) stops the statement, which is then run again with the test. The rows go
            # in the players' order, their foreign keys checked at the commit in that order.
            promote_raised = (
                f"WITH raised AS ({raise_ranks} RETURNING r.*) "
                f"{promote}FROM raised ORDER BY player_id"
            )
            try:
                with transaction.atomic():
                    cursor.execute(promote_raised, [first, last, period.pk, stamp])
            except IntegrityError:
                cursor.execute(
                    f"{promote_raised} ON CONFLICT DO NOTHING", [first, last, period.pk, stamp]
                )
            run.promotions = max(cursor.rowcount, 0)
        else:
            cursor.execute(
                f"{promote}FROM {_REACHED} WHERE reached > held ON CONFLICT DO NOTHING",
                [period.pk, stamp],
            )
            run.promotions = max(cursor.rowcount, 0)
            cursor.execute(raise_ranks, [first, last])
        if one_thousand_club:
            # 1.9: the One Thousand Club, once, the first close at which the total reaches 1,000.
            total = _total(kinds)
            cursor.execute(
                f"INSERT INTO {member} (player_id, period_id, club_id, total, joined_at) "  # noqa: S608
                f"SELECT player_id, %s, club_id, {total}, %s "
                f"FROM {_REACHED} WHERE {total} >= %s ON CONFLICT DO NOTHING",
                [period.pk, stamp, scheme.one_thousand_club_total],
            )
            run.one_thousand_club = max(cursor.rowcount, 0)
        cursor.execute(f"DROP TABLE {_REACHED}")
    return run


def _promote_chunk_by_scheme(
    *, player_ids: list[int], period: Period, now: datetime, everyone: bool = False
) -> PromotionsRun:
    """Promote one chunk of players under a scheme with no ladder in SQL: their approved
    lifetime totals by kind read in one query, the rank each reaches found by the scheme's
    `player_rank` (NZ: with its stars), and the promotions, ranks held and One Thousand Club
    members (under a scheme with it) written in one statement each. As in SQL, a rank is only
    ever raised and a promotion to a rank or a member already recorded is left as it is, so a
    repeated run changes nothing twice."""
    run = PromotionsRun(players=len(player_ids))
    if not player_ids:
        return run
    scheme = current_scheme()
    totals: dict[int, dict[str, int]] = defaultdict(dict)
    for row in (
        PlayerTotals.objects.filter(player_id__in=player_ids)
        .values("player_id", "kind")
        .annotate(points=Sum("approved"))
        .order_by()
    ):
        totals[row["player_id"]][row["kind"]] = int(row["points"] or 0)
    players = Player.objects.filter(pk__in=player_ids).values_list(
        "pk", "rank_order", "home_club_id", "pre_1982_red"
    )
    # The victory a rank needs besides points, where the scheme has one (the ACBL's Grand
    # Life Master): the players who hold a recorded win.
    won = players_with_wins(player_ids) if scheme.rank_victory is not None else set()
    promotions, raised, members = [], [], []
    for player_id, held, club_id, pre_1982_red in players:
        lifetime = totals.get(player_id, {})
        if scheme.one_thousand_club_reached(lifetime, pre_1982_red):
            members.append(
                OneThousandClubMember(
                    player_id=player_id,
                    period=period,
                    club_id=club_id,
                    total=sum(lifetime.values()) + pre_1982_red,
                    joined_at=now,
                )
            )
        reached = scheme.player_rank(lifetime, pre_1982_red, won=player_id in won)
        if reached is None or reached.order <= held:
            continue
        promotions.append(
            Promotion(
                player_id=player_id,
                rank_order=reached.order,
                rank_name=reached.name,
                period=period,
                club_id=club_id,
                totals=lifetime,
                pre_1982_red=pre_1982_red,
                stars=scheme.stars(reached, lifetime) if scheme.stars else 0,
                promoted_at=now,
            )
        )
        raised.append(Player(pk=player_id, rank_order=reached.order))
    created = Promotion.objects.bulk_create(promotions, ignore_conflicts=True)
    run.promotions = len(created)
    # Ranks never go down: each is raised to the greater of the rank held and the rank
    # reached, in one statement for up to a thousand players.
    for start in range(0, len(raised), 1000):
        some = raised[start : start + 1000]
        Player.objects.filter(pk__in=[p.pk for p in some]).update(
            rank_order=Greatest(
                F("rank_order"),
                Case(*(When(pk=p.pk, then=Value(p.rank_order)) for p in some)),
            )
        )
    if members:
        # 1.9: once, the first close at which the total reaches the club's.
        joined = set(
            OneThousandClubMember.objects.filter(
                player_id__in=[m.player_id for m in members]
            ).values_list("player_id", flat=True)
        )
        fresh = [m for m in members if m.player_id not in joined]
        OneThousandClubMember.objects.bulk_create(fresh, ignore_conflicts=True)
        run.one_thousand_club = len(fresh)
    return run


def promotions_run(
    *,
    period: Period,
    everyone: bool = False,
    chunk_size: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> PromotionsRun:
    """The month's promotions (1.4.4, 1.8) and One Thousand Club (1.9), after its close.

    Each player credited in the month (their approved lifetime totals changed) is given the
    highest rank their approved totals now reach, when it is above the rank held. `everyone`
    looks at every player instead, for a first ranking of the register or after corrections
    of pre-1982 points. Chunks of players, each in its own transaction when run alone (inside
    the month close it is all one): a run stopped halfway leaves whole chunks done, and
    running again finds those players already at their rank and changes nothing for them.
    """
    require_closed(period)
    if everyone:
        ids = Player.objects.order_by("pk").values_list("pk", flat=True)
    else:
        ids = (
            Credit.objects.filter(period=period)
            .order_by("player_id")
            .values_list("player_id", flat=True)
            .distinct()
        )
    player_ids = list(ids)
    chunk_size = chunk_size or PROMOTION_CHUNK
    run = PromotionsRun()
    now = calendar.now()
    # The scheme's ladder in SQL when it gives one (the ABF's 1.8, with the pre-1982 red
    # points kept on the player); otherwise each player's totals through `player_rank`.
    promote = (
        _promote_chunk if current_scheme().rank_order_sql is not None else _promote_chunk_by_scheme
    )
    chunks = [
        player_ids[start : start + chunk_size] for start in range(0, len(player_ids), chunk_size)
    ]

    def promote_chunk(chunk: list[int]) -> PromotionsRun:
        with transaction.atomic():
            return promote(player_ids=chunk, period=period, now=now, everyone=everyone)

    for chunk, done in zip(chunks, _chunks_run(promote_chunk, chunks), strict=True):
        run.players += done.players
        run.promotions += done.promotions
        run.one_thousand_club += done.one_thousand_club
        if progress is not None:
            progress(len(chunk))
    return run


# The connections that rank chunks of players side by side: a run of its own (ranking the
# whole register) on PostgreSQL. The chunks are ranges of players apart, so their
# transactions never wait for each other's rows.
PROMOTION_CONNECTIONS = 2


def _chunks_run(
    promote_chunk: Callable[[list[int]], PromotionsRun], chunks: list[list[int]]
) -> Iterator[PromotionsRun]:
    """Each chunk promoted in its own transaction, in the chunks' order: one after another
    inside a caller's transaction (the month close's) or on another database, otherwise on
    up to PROMOTION_CONNECTIONS connections of their own at once (a thread each), each
    closed when its thread is done."""
    if (
        connection.vendor != "postgresql"
        or connection.in_atomic_block
        or len(chunks) < 2
        or PROMOTION_CONNECTIONS < 2
    ):
        yield from map(promote_chunk, chunks)
        return

    def in_thread(chunk: list[int]) -> PromotionsRun:
        try:
            return promote_chunk(chunk)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=PROMOTION_CONNECTIONS) as pool:
        yield from pool.map(in_thread, chunks)
