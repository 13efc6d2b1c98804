"""A player's statement (1.4.4): every credit with its event and a running balance by
kind, a page at a time for the player's record and whole for the CSV and PDF."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import TypedDict

from django.db import connections, router
from django.db.backends.utils import CursorWrapper
from django.db.models import Sum

from awards.ledger.models import Credit, Event
from awards.ledger.selectors import zeros_by_kind
from centre.dates import day_text
from players.models import Player
from scheme.core.points import points_text


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
    # A line that corrects another (`corrects`), which the statements mark.
    correction: bool
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


# How the reason of a credit written by a correction begins (awards.corrections'
# `credit_reason`: "Correction 12: upload 345 reversed. ...").
CORRECTION_REASON = "Correction "


def corrects(*, source: str, of_the_year: bool, reason: str) -> bool:
    """Whether a credit corrects another: an adjusting credit (a correction by the Centre, an
    adjustment), but not a balance brought forward from an earlier register, which is an
    adjustment on an event of no year, unless a correction wrote it (a merge moves the
    balances of the retired record too)."""
    if source != Credit.Source.ADJUSTMENT:
        return False
    return of_the_year or reason.startswith(CORRECTION_REASON)


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
        correction=corrects(source=source, of_the_year=of_the_year, reason=reason),
        provisional=state == Credit.State.PROVISIONAL,
        day_shown=day_text(day),
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
    opening = zeros_by_kind()
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
    running = zeros_by_kind()
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
