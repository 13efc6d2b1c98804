"""Reads of the ledger: totals, statements, lookups, the month's summary, B4c lists."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import TypedDict

from django.db import connection, connections, router
from django.db.backends.utils import CursorWrapper
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import Collate, Upper

from awards.models import (
    Authorisation,
    Credit,
    CreditUpload,
    Event,
    HeldCredit,
    PlayerTotals,
)
from awards.services.positions import position_sql, positions_kept
from centre.models import Period, Role, User
from centre.schemes import point_kind_codes
from clubs.models import Club, State
from players.models import Player
from scheme.core.points import points_text


def _zeros() -> dict[str, int]:
    return dict.fromkeys(point_kind_codes(), 0)


@dataclass
class Totals:
    """A player's points by the scheme's kind (ABF colours, NZ A/B/C...), in hundredths."""

    approved: dict[str, int] = field(default_factory=_zeros)
    provisional: dict[str, int] = field(default_factory=_zeros)

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


def player_public_totals(*, player: Player, year: int | None = None) -> PublicTotals:
    """player_totals() of the lifetime and of `year`, and player_position(), in one statement:
    the kept totals' rows, and one more row holding the place (the public record's every
    request reads them; one round trip to the database, one read of the rows)."""
    positions_kept()
    db = connections[router.db_for_read(PlayerTotals)]
    table = db.ops.quote_name(PlayerTotals._meta.db_table)
    with db.cursor() as cursor:
        cursor.execute(
            f"SELECT year, brought_forward, kind, approved, provisional, NULL FROM {table} "  # noqa: S608
            f"WHERE player_id = %s UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, "
            f"CAST(({position_sql()}) AS BIGINT)",
            [player.pk, player.pk],
        )
        rows = cursor.fetchall()
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
    one query (`awards.services.positions`), the public record's (player_public_totals())."""
    return player_public_totals(player=player).position


# The most matches of a name the names' indexes cannot read as prefixes (see players_lookup)
# that are sorted by themselves.
LOOKUP_CANDIDATES = 2000
# The most matches of a name that are counted: past it the count is "more than".
LOOKUP_COUNT_LIMIT = 1000
# What the lookup shows of each player it lists (its page and API), read with the matches,
# in the model's order of its fields (as Model.from_db takes them); the player's other
# fields are read only if asked for.
_LISTED = [
    field
    for field in Player._meta.concrete_fields
    if field.attname
    in {"id", "abf_number", "given_names", "family_name", "status", "pre_1982_red", "rank_order"}
    or field.attname == "home_club_id"
]


def _name_order() -> tuple:
    """The lookup's order: family name, given names (each upper-cased), ABF number; on
    PostgreSQL in the "C" collation of players migration 0008's index, which it walks."""
    if connection.vendor == "postgresql":
        return (
            Collate(Upper("family_name"), "C"),
            Collate(Upper("given_names"), "C"),
            "abf_number",
        )
    return (Upper("family_name"), Upper("given_names"), "abf_number")


def _prefix_key(word: str) -> str | None:
    """The word upper-cased as the database upper-cases a name, letter for letter; None when
    Python's upper case is longer ("ß" is "SS", a ligature two letters), since then no range
    of the names' index is sure to hold the word's matches."""
    key = word.upper()
    return key if len(key) == len(word) else None


def _prefix_range(key: str) -> tuple[str, str]:
    # "Starts with the key" as a range, which both databases seek in their indexes: in
    # code-point order (PostgreSQL's "C", SQLite's binary) the names that start with "SMI"
    # are those from "SMI" up to, not including, "SMJ".
    return key, key[:-1] + chr(min(ord(key[-1]) + 1, sys.maxunicode))


class NamePrefixMatches:
    """The players whose names start with the words of a name, in name order, as a list a
    paginator (Django's or DRF's) counts and slices.

    Each word (upper-cased: `keys`) is the start of the family name or of the given names.
    Each way the words can fall on the two names is a branch of one or two prefixes: one
    word is (its family name) or (its given names); "Ann Smith" is (family SMITH, given ANN)
    or (family ANN, given SMITH). A word that starts another is met by the longer one, and
    three words none of which starts another cannot all start two names, so there are never
    more than two branches.

    Each branch is a range of players migration 0008's indexes (the family names', with a
    given-name prefix beside it checked in the same index, or the given names'). A page is
    one statement with the count and the players' home clubs: each branch is counted up to
    LOOKUP_COUNT_LIMIT + 1 rows in its index's order, and its page is its family names'
    range walked in name order to the page's last row, or, for a branch with a given-name
    prefix and no more rows than are counted, those rows sorted: whatever the register's
    size or where the name falls in the alphabet, each part stops at its limit of matches,
    and only a branch with more matches than are counted is walked past names that do not
    match. The count stops at LOOKUP_COUNT_LIMIT (`more` then says there are more), so that
    a name as common as "S" never counts the whole register.
    """

    ordered = True

    def __init__(self, keys: Iterable[str]) -> None:
        words = set(keys)
        # The words that start no other: each must start one of the two names.
        longest = sorted(w for w in words if not any(o != w and o.startswith(w) for o in words))
        self.branches: list[tuple[str | None, str | None]] = []
        if len(longest) == 1:
            self.branches = [(longest[0], None), (None, longest[0])]
        elif len(longest) == 2:
            first, second = longest
            self.branches = [(first, second), (second, first)]
        self._count: int | None = None

    def _read(self, start: int, stop: int) -> list[Player]:
        """The matches from `start` up to `stop` in name order, with their home clubs, and
        the count kept: one statement, built of the model's own names and expressions (the
        words are its parameters)."""
        if connection.vendor == "postgresql":
            family, given = 'UPPER(family_name) COLLATE "C"', 'UPPER(given_names) COLLATE "C"'
        else:
            family, given = "UPPER(family_name)", "UPPER(given_names)"
        quote = connection.ops.quote_name
        players, clubs = quote(Player._meta.db_table), quote(Club._meta.db_table)
        number = quote("abf_number")
        keys = f"family_key, given_key, {number}"
        columns = ", ".join(quote(field.column) for field in _LISTED)
        rows = (
            f"SELECT {family} AS family_key, {given} AS given_key, "  # noqa: S608
            f"{columns} FROM {players}"
        )
        parts, counted, pages, params, page_params = [], [], [], [], []
        for index, (family_prefix, given_prefix) in enumerate(self.branches):
            where, args = [], []
            for key, prefix in ((family, family_prefix), (given, given_prefix)):
                if prefix is not None:
                    where.append(f"{key} >= %s AND {key} < %s")
                    args += _prefix_range(prefix)
            condition = " AND ".join(where)
            # The count: the branch's first LOOKUP_COUNT_LIMIT + 1 numbers in the order of
            # the index of its longer prefix, which stops there.
            walked = given if len(given_prefix or "") > len(family_prefix or "") else family
            part = f"part{index}"
            parts.append(
                f"{part} AS (SELECT {number} FROM {players} WHERE {condition} "  # noqa: S608
                f"ORDER BY {walked} LIMIT %s)"
            )
            params += [*args, LOOKUP_COUNT_LIMIT + 1]
            counted.append(f"SELECT {number} FROM {part}")  # noqa: S608
            # The page: a family name's range is walked in name order up to the page's end.
            # A branch with a given-name prefix is not in that order: with no more rows than
            # are counted, its page is those players sorted; only with more is it walked
            # (its family names' range with the given names checked in the same index, or
            # every name for a given name alone), where the matches are not rare.
            walk = f"SELECT * FROM ({rows} WHERE {condition} "  # noqa: S608
            if given_prefix is None:
                pages.append(f"{walk}ORDER BY {keys} LIMIT %s) AS walked{index}")
                page_params += [*args, stop]
                continue
            whole = f"(SELECT COUNT(*) FROM {part}) <= {LOOKUP_COUNT_LIMIT:d}"  # noqa: S608
            pages.append(
                f"SELECT * FROM ({rows} WHERE {number} IN "  # noqa: S608
                f"(SELECT {number} FROM {part}) AND {whole} "
                f"ORDER BY {keys} LIMIT %s) AS whole{index}"
            )
            pages.append(f"{walk}AND NOT {whole} ORDER BY {keys} LIMIT %s) AS walked{index}")
            page_params += [stop, *args, stop]
        listed = ", ".join(f"page.{quote(field.column)}" for field in _LISTED)
        sql = (
            f"WITH {', '.join(parts)} "  # noqa: S608
            f"SELECT (SELECT COUNT(*) FROM ({' UNION '.join(counted)}) AS matches), "
            f"{listed}, club.number, club.name FROM (SELECT 1 AS one) AS found "
            f"LEFT JOIN (SELECT * FROM ({' UNION '.join(pages)}) AS matches "
            f"ORDER BY {keys} LIMIT %s OFFSET %s) AS page ON 1 = 1 "
            f"LEFT JOIN {clubs} AS club ON club.id = page.home_club_id "
            f"ORDER BY page.family_key, page.given_key, page.{number}"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, *page_params, max(0, stop - start), start])
            found = cursor.fetchall()
        self._count = found[0][0]
        names = [field.attname for field in _LISTED]
        players_found = []
        for row in found:
            if row[1] is None:
                continue  # no page: the count alone
            player = Player.from_db(connection.alias, names, row[1 : 1 + len(names)])
            if player.home_club_id is not None:
                club_number, club_name = row[1 + len(names) :]
                player.home_club = Club.from_db(
                    connection.alias,
                    ["id", "number", "name"],
                    (player.home_club_id, club_number, club_name),
                )
            players_found.append(player)
        return players_found

    def count(self) -> int:
        if self._count is None:
            if self.branches:
                self._read(0, 0)
            else:
                self._count = 0
        return min(self._count or 0, LOOKUP_COUNT_LIMIT)

    @property
    def more(self) -> bool:
        """Whether more players match than are counted."""
        self.count()
        return (self._count or 0) > LOOKUP_COUNT_LIMIT

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: slice) -> list[Player]:
        if not isinstance(index, slice) or index.step not in (None, 1):
            raise TypeError("the lookup's matches are read a page (a slice) at a time")
        # No further than is counted: the pages end where the count does.
        start = index.start or 0
        stop = min(LOOKUP_COUNT_LIMIT, LOOKUP_COUNT_LIMIT if index.stop is None else index.stop)
        if not self.branches:
            self._count = 0
            return []
        return self._read(start, max(start, stop))


def players_lookup(*, query: str, limit: int | None = 50) -> QuerySet[Player] | NamePrefixMatches:
    """1.4.4 Masterpoint lookup: by ABF number (with or without leading zeros) or by name;
    every match with `limit=None`, for a paginator to count and slice.

    A name is a NamePrefixMatches (the prefixes' ranges of the names' indexes, a fixed
    number of queries); a name with a word whose upper case the names' indexes cannot be
    sure to hold as a range ("Strauß") is found through the trigram indexes of the names
    (players migration 0003) and then sorted.
    """
    query = query.strip()
    players = Player.objects.select_related("home_club")
    if not query:
        return players.none()
    if query.isdigit():
        return players.filter(abf_number=query.zfill(7))[:limit]
    words = query.replace(",", " ").split()
    keys = [_prefix_key(word) for word in words]
    if None not in keys:
        matches = NamePrefixMatches(keys)
        return matches if limit is None else matches[:limit]
    condition = Q()
    for word in words:
        condition &= Q(family_name__istartswith=word) | Q(given_names__istartswith=word)
    matching = players.filter(condition)
    # The matches are found first, in no order, so that PostgreSQL answers from the trigram
    # indexes of the names (players migration 0003) instead of walking the name index in
    # order up to a name that comes late in it; only those are then sorted. A name so common
    # that it matches more than that is met early in the name index, which is then walked.
    found = list(matching.order_by().values_list("pk", flat=True)[:LOOKUP_CANDIDATES])
    if len(found) < LOOKUP_CANDIDATES:
        matching = players.filter(pk__in=found)
    return matching.order_by(*_name_order())[:limit]


class StatementLine(TypedDict):
    """One credit of a statement as plain values, with the running totals after it (a dict:
    the page, the CSV, the PDF and the API read it, and the cache keeps it)."""

    day: date  # the event's last day
    event: str
    grade: str
    colour: str
    points: int
    state: str
    source: str
    reason: str
    conversion: str
    running: dict[str, int]
    # As a statement prints them.
    provisional: bool
    day_shown: str
    # The event's name, with the reason and the conversion when there are any.
    event_shown: str
    grade_shown: str
    points_shown: str
    # The running totals, in the scheme's order of its kinds (point_kind_codes()).
    running_shown: list[str]


def _reason_shown(*, source: str, reason: str, event_name: str) -> str:
    """A credit's reason as its statement line shows it after the event's name: nothing when
    the name already says it ("Green points brought forward from the previous register",
    "Balance brought forward from the previous register")."""
    reason = reason.strip()
    if not reason:
        return ""
    if source == Credit.Source.ADJUSTMENT and reason.lower().startswith("balance "):
        said = reason.lower().removeprefix("balance ").strip()
        if said in event_name.lower():
            return ""
    label = "grant" if source == Credit.Source.GRANT else "adjustment"
    return f"{label}: {reason}"


def statement_line(
    *,
    day: date,
    event: str,
    grade: str,
    of_the_year: bool,
    colour: str,
    points: int,
    state: str,
    source: str,
    reason: str,
    conversion: str,
    running: dict[str, int],
) -> StatementLine:
    """A credit's line of a statement, from the credit's and its event's values."""
    notes = (_reason_shown(source=source, reason=reason, event_name=event), conversion)
    return StatementLine(
        day=day,
        event=event,
        grade=grade,
        colour=colour,
        points=points,
        state=state,
        source=source,
        reason=reason,
        conversion=conversion,
        running=running,
        provisional=state == Credit.State.PROVISIONAL,
        day_shown=f"{day:%d/%m/%Y}",
        event_shown=event + "".join(f" ({note})" for note in notes if note),
        # Points brought forward from earlier years were won in events of any grade, so their
        # event's grade (which only carries the kind) is not shown.
        grade_shown=grade if of_the_year else "brought forward",
        points_shown=points_text(points),
        running_shown=[points_text(value) for value in running.values()],
    )


# A statement's lines in the order they are read: by the event's last day, then as credited.
_LINE_ORDER = ("event__ends_on", "created_at", "id")
_LINE_FIELDS = (
    "event__ends_on",
    "event__name",
    "event__grade",
    "event__of_the_year",
    "colour",
    "points",
    "state",
    "source",
    "reason",
    "conversion",
)


def _statement_line(row: tuple, running: dict[str, int]) -> StatementLine:
    day, event, grade, of_the_year, colour, points, state, source, reason, conversion = row[
        : len(_LINE_FIELDS)
    ]
    return statement_line(
        day=day,
        event=event,
        grade=grade,
        of_the_year=of_the_year,
        colour=colour,
        points=points,
        state=state,
        source=source,
        reason=reason,
        conversion=conversion,
        running=running,
    )


def _opening_balance(player: Player, start: date | None) -> dict[str, int]:
    """The player's points by kind before `start` (nothing without one)."""
    opening = _zeros()
    if start is not None:
        for colour, points in (
            Credit.objects.filter(player=player, event__ends_on__lt=start)
            .order_by()
            .values_list("colour")
            .annotate(Sum("points"))
        ):
            opening[colour] = points
    return opening


def player_statement(
    *, player: Player, start: date | None = None, end: date | None = None
) -> tuple[dict[str, int], list[StatementLine], dict[str, int]]:
    """A player's awards statement (1.4.4): opening totals, each credit with running totals,
    closing totals. Dates are those of the events; provisional credits are included."""
    opening = _opening_balance(player, start)
    credits = Credit.objects.filter(player=player)
    if start is not None:
        credits = credits.filter(event__ends_on__gte=start)
    if end is not None:
        credits = credits.filter(event__ends_on__lte=end)
    running = dict(opening)
    lines = []
    for row in credits.order_by(*_LINE_ORDER).values_list(*_LINE_FIELDS):
        running[row[4]] += row[5]
        lines.append(_statement_line(row, dict(running)))
    return opening, lines, running


# The lines of the statement on one page of the player's record; the rest are a page away,
# and all of them in the CSV and the PDF.
STATEMENT_PAGE_LINES = 20


@dataclass(frozen=True, slots=True)
class StatementPage:
    """One page of a player's statement: its lines (in the statement's order) with the
    balance before them and after them. Page 1 holds the period's latest lines, page 2 the
    lines before those, and so on; `first` and `last` number its lines in the statement."""

    number: int
    pages: int
    count: int
    first: int
    last: int
    # The balance before the page's first line: the period's opening balance on its last page.
    opening: dict[str, int]
    lines: list[StatementLine]
    # The balance after the page's last line: the period's closing balance on page 1.
    closing: dict[str, int]

    @property
    def has_earlier(self) -> bool:
        return self.number < self.pages

    @property
    def has_later(self) -> bool:
        return self.number > 1


def _ledger_cursor() -> CursorWrapper:
    """A cursor on the database the ledger is read from (the replica for a public read,
    centre.db_router)."""
    return connections[router.db_for_read(Credit)].cursor()


def _ledger_tables() -> tuple[str, str]:
    quote = connections[router.db_for_read(Credit)].ops.quote_name
    return quote(Credit._meta.db_table), quote(Event._meta.db_table)


def _credited_sql(credits: str, events: str) -> str:
    """A player's credits with their events' values, as the statement reads them: the
    common table `credited` of the statement's statements (the player is its parameter)."""
    return (
        "WITH credited AS (SELECT e.ends_on, e.name, e.grade, e.of_the_year, c.colour, "  # noqa: S608
        "c.points, c.state, c.source, c.reason, c.conversion, c.created_at, c.id "
        f"FROM {credits} AS c JOIN {events} AS e ON e.id = c.event_id WHERE c.player_id = %s) "
    )


def _page_sql(kinds: tuple[str, ...], where: list[str]) -> str:
    """The select of a page of `credited`'s lines in the period (`where`), latest first, each
    with the period's count, the running total of each kind (a parameter each, then the
    period's, then LIMIT and OFFSET) and its place in that order."""
    running = ", ".join("SUM(points) FILTER (WHERE colour = %s) OVER running" for _kind in kinds)
    return (
        "SELECT ends_on, name, grade, of_the_year, colour, points, state, source, reason, "  # noqa: S608
        f"conversion, COUNT(*) OVER (), {running}, "
        "ROW_NUMBER() OVER (ORDER BY ends_on DESC, created_at DESC, id DESC) AS place "
        f"FROM credited WHERE {' AND '.join(where) or 'true'} "
        "WINDOW running AS (ORDER BY ends_on, created_at, id "
        "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
        "ORDER BY ends_on DESC, created_at DESC, id DESC LIMIT %s OFFSET %s"
    )


def _period(start: date | None, end: date | None) -> tuple[list[str], list]:
    where, params = [], []
    if start is not None:
        where.append("ends_on >= %s")
        params.append(start)
    if end is not None:
        where.append("ends_on <= %s")
        params.append(end)
    return where, params


def player_statement_page(
    *,
    player: Player,
    start: date | None = None,
    end: date | None = None,
    page: int = 1,
    size: int = STATEMENT_PAGE_LINES,
) -> StatementPage:
    """A page of the player's statement (the lines of player_statement()), in one query (two
    with a start): the database sums each kind's running total over the period's lines up
    to each line, and only the page's lines are read. A page past the earliest is the
    earliest.

    In SQL rather than through the ORM: this is the player page's read, and compiling its
    window functions cost several times what the database spends answering it.
    """
    opening = _opening_balance(player, start)
    kinds = tuple(opening)
    credits, events = _ledger_tables()
    where, params = _period(start, end)
    sql = _credited_sql(credits, events) + _page_sql(kinds, where)
    with _ledger_cursor() as cursor:
        cursor.execute(sql, [player.pk, *kinds, *params, size, (page - 1) * size])
        found = cursor.fetchall()
        if not found and page > 1:
            # An old link, or fewer lines since: the earliest page.
            counted = f"SELECT COUNT(*) FROM credited WHERE {' AND '.join(where) or 'true'}"  # noqa: S608
            cursor.execute(_credited_sql(credits, events) + counted, [player.pk, *params])
            page = max(1, -(-cursor.fetchone()[0] // size))
            cursor.execute(sql, [player.pk, *kinds, *params, size, (page - 1) * size])
            found = cursor.fetchall()
    return _statement_page(found, opening=opening, page=page, size=size)


def _statement_page(found: list[tuple], *, opening: dict, page: int, size: int) -> StatementPage:
    """The page of the rows `_page_sql` found, latest first."""
    kinds = tuple(opening)
    count = found[0][len(_LINE_FIELDS)] if found else 0
    lines = []
    for row in reversed(found):
        # A kind with no line yet sums to NULL.
        sums = [summed or 0 for summed in row[len(_LINE_FIELDS) + 1 :][: len(kinds)]]
        running = {kind: opening[kind] + summed for kind, summed in zip(kinds, sums, strict=True)}
        lines.append(_statement_line(row, running))
    if lines:
        first = lines[0]
        before = {
            **first["running"],
            first["colour"]: first["running"][first["colour"]] - first["points"],
        }
    else:
        before = opening
    return StatementPage(
        number=page,
        pages=max(1, -(-count // size)),
        count=count,
        first=count - (page - 1) * size - len(lines) + 1,
        last=count - (page - 1) * size,
        opening=before,
        lines=lines,
        closing=lines[-1]["running"] if lines else dict(before),
    )


def _months(days: Iterable[tuple]) -> list[dict]:
    """The chart's months, cumulative points by colour at the end of each month with credits,
    from (day, colour, points) in the days' order."""
    running = _zeros()
    series: list[dict] = []
    for ends_on, colour, points in days:
        month = f"{ends_on.year}-{ends_on.month:02d}"
        if not series or series[-1]["month"] != month:
            series.append({"month": month})
        running[colour] = running.get(colour, 0) + points
        series[-1].update(running)
    return series


def player_statement_page_and_months(
    *,
    player: Player,
    start: date | None = None,
    end: date | None = None,
    page: int = 1,
    size: int = STATEMENT_PAGE_LINES,
) -> tuple[StatementPage, list[dict]]:
    """player_statement_page() and the chart's months (cumulative points by colour at the end
    of each month with credits) in one statement, the player's credits read once: the page's
    lines, then the days' sums, told apart by a last column. The player page reads both at
    every request."""
    opening = _opening_balance(player, start)
    kinds = tuple(opening)
    credits, events = _ledger_tables()
    where, params = _period(start, end)
    blanks = ", ".join(["NULL"] * len(kinds))
    sql = (
        _credited_sql(credits, events) + f"SELECT * FROM ({_page_sql(kinds, where)}) AS page_lines "  # noqa: S608
        "UNION ALL SELECT ends_on, NULL, NULL, NULL, colour, SUM(points), NULL, NULL, NULL, "
        f"NULL, NULL, {blanks}, NULL FROM credited GROUP BY ends_on, colour "
        "ORDER BY place, ends_on"
    )
    with _ledger_cursor() as cursor:
        cursor.execute(sql, [player.pk, *kinds, *params, size, (page - 1) * size])
        found = cursor.fetchall()
    # The page's lines have a place (1 for the latest); the days have none and come after.
    place = len(_LINE_FIELDS) + 1 + len(kinds)
    lines = [row for row in found if row[place] is not None]
    days = [(row[0], row[4], row[5]) for row in found if row[place] is None]
    if not lines and page > 1:
        # An old link, or fewer lines since: the earliest page, read as the page alone does.
        return player_statement_page(
            player=player, start=start, end=end, page=page, size=size
        ), _months(days)
    return _statement_page(lines, opening=opening, page=page, size=size), _months(days)


def uploads_for(*, user: User) -> QuerySet[CreditUpload]:
    """The uploads a login may credit or cancel: its own; staff all."""
    uploads = CreditUpload.objects.select_related("club", "event", "uploaded_by")
    if user.is_centre_staff:
        return uploads
    return uploads.filter(uploaded_by=user)


def uploads_visible_to(*, user: User) -> QuerySet[CreditUpload]:
    """The uploads a login may read: those it may act on, and for a state secretary also
    the uploads of the tournament organisers the state nominated (5.4.1) and of the events
    run in the state's name (a congress invoiced to the state), whoever made them."""
    if not user.is_state_secretary:
        return uploads_for(user=user)
    return CreditUpload.objects.select_related("club", "event", "uploaded_by").filter(
        Q(uploaded_by=user)
        | Q(uploaded_by__role=Role.ORGANISER, uploaded_by__state_id=user.state_id)
        | Q(state_id=user.state_id)
    )


def cpar_players(*, club: Club) -> QuerySet[Player]:
    """App. E: the players on a club's CPAR page, its active home members and alternates."""
    return (
        Player.objects.filter(Q(home_club=club) | Q(alternate_clubs=club))
        .filter(status=Player.Status.ACTIVE)
        .distinct()
        .order_by("family_name", "given_names")
    )


def credits_adjustable_by(*, user: User) -> QuerySet[Credit]:
    """The credits a login may adjust: staff any; a club secretary the club's uploads'."""
    credits = Credit.objects.all()
    if user.is_centre_staff:
        return credits
    if user.is_club_secretary:
        return credits.filter(upload__club_id=user.club_id)
    return credits.none()


def authorisations_for(*, user: User) -> QuerySet[Authorisation]:
    """2.6: the authorisations a login sees: a state secretary the state's; staff all."""
    issued = Authorisation.objects.select_related("club", "state")
    if user.is_centre_staff:
        return issued
    if user.is_state_secretary:
        return issued.filter(state_id=user.state_id)
    return issued.none()


def month_summary(*, period: Period) -> list[dict]:
    """App. E: the month's credits by club and colour, provisional and approved."""
    return list(
        Credit.objects.filter(period=period)
        .values("upload__club__number", "upload__club__name", "colour", "state")
        .annotate(points=Sum("points"), credits=Count("id"))
        .order_by("upload__club__number", "colour", "state")
    )


def b4c_list(*, state: State, period: Period) -> list[dict]:
    """2.6: the B4c points processed in a month for the clubs of a state, event by event."""
    rows = (
        Credit.objects.filter(period=period, event__grade="B4c", event__club__state=state)
        .values(
            "event_id",
            "event__name",
            "event__starts_on",
            "event__club__number",
            "event__club__name",
            "upload__authorisation__number",
        )
        .annotate(points=Sum("points"), players=Count("player_id", distinct=True))
        .order_by("event__club__number", "event__starts_on", "event_id")
    )
    return [
        {
            "event_id": row["event_id"],
            "event_name": row["event__name"],
            "starts_on": row["event__starts_on"],
            "club_number": row["event__club__number"],
            "club_name": row["event__club__name"],
            "authorisation": row["upload__authorisation__number"] or "",
            "points": row["points"],
            "players": row["players"],
        }
        for row in rows
    ]


def held_credits(*, player: Player) -> QuerySet[HeldCredit]:
    return HeldCredit.objects.filter(player=player).select_related("event")


def events_of_club(*, club_id: int) -> QuerySet[Event]:
    return Event.objects.filter(club_id=club_id)
