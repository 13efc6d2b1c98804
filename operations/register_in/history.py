"""The award history (HISTORY.TXT): every credit of the current register, into the ledger as
it was, in the months it was credited in, those months closed.

A line is one credit: a player, an event code (EVENTS.TXT), a colour, points (negative for a
correction), the month and whether it was approved (A) or is still provisional (P). The
lines are read into a table of their own, then checked and written in a few set-based
statements, so that twenty million lines go in at the database's pace:

- a number NATIONAL.TXT leaves out is a deceased player's (App. C 6: "removed from all
  reports and printouts", the national files among them, while their awards stay in the
  history): the player is created deceased, with the number and no name, as the files give
  none;
- each month a line names is created closed, as the current Centre closed it, unless a line
  of it is provisional: that month is left open, its lines provisional, for staff to approve
  and close here (App. E); a provisional line for a month already closed here is refused;
- a line is matched with the ledger by player, event, colour and its place among that
  player's lines of the event and colour (the credit, then its corrections): one the ledger
  holds alike is unchanged, one it holds otherwise refused (a credit is never changed), the
  others are created. The first line of each is the credit (a grant's or reciprocity's, by
  the event's organiser; a credit file's otherwise), the lines after it corrections, as the
  portal writes them. Running the import again therefore changes nothing;
- the players' totals are summed from the lines written in one statement, and added as the
  ledger's own upsert adds them. A national history goes into a ledger that holds less than
  it with the ledger's keys and indexes made again after it (`bulk`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from django.db import connection

from awards.ledger.models import Credit, Event, PlayerTotals
from centre.models import Period
from centre.versions import APPROVED, LIFETIME, PLAYERS, data_changed
from operations.close_run import close_steps
from operations.register_in.bulk import (
    keys_and_indexes_set_aside,
    objects_copy,
    worth_setting_aside,
)
from operations.register_in.context import CHUNK, Run, progress_phase
from operations.register_in.history_read import STAGED, history_stage
from operations.register_in.layouts import EVENTS, Source, source_of
from operations.register_in.players import ACTION, players_copy
from operations.register_in.report import CREATED, REFUSED, UNCHANGED
from players.models import Player, PlayerChange

MATCHED = "register_in_matched"
# Followed by the history's file in brackets: (HISTORY.TXT), (history.csv).
ADJUSTMENT_REASON = "Adjustment brought in from the previous register"
# 1.3.3, 1.3.4: the first credit of an event of the Centre is a grant's, of an event abroad
# reciprocity's; any other a credit file's.
FIRST_SOURCE = (
    f"CASE e.organiser WHEN '{Event.Organiser.CENTRE}' THEN '{Credit.Source.GRANT}' "
    f"WHEN '{Event.Organiser.OVERSEAS}' THEN '{Credit.Source.RECIPROCITY}' "
    f"ELSE '{Credit.Source.FILE}' END"
)
# The family name of a deceased player the files name only by number.
NO_NAME = "(name not in the national files)"


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _execute(sql: str, params: Iterable[object] = ()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, list(params))
        return cursor.fetchall() if cursor.description else []


def _history_read(run: Run, report, path: Path, source: Source, form: str) -> None:
    history_stage(run, report, path, source, form)
    _analyze(STAGED)


def history_import(run: Run, path: Path, source: Source, form: str) -> None:
    report = run.file(source.label)
    if connection.vendor == "postgresql":
        # The lines are sorted and hashed whole (a player's lines of an event, the ledger's
        # beside them): room in memory for it, for this transaction only.
        _execute("SET LOCAL work_mem = '128MB'")
    _execute(f"DROP TABLE IF EXISTS {MATCHED}")
    _execute(f"DROP TABLE IF EXISTS {STAGED}")
    _execute(
        f"CREATE TEMPORARY TABLE {STAGED} (line integer PRIMARY KEY, number varchar(7) NOT "
        "NULL, event bigint NOT NULL, colour varchar(12) NOT NULL, points integer NOT NULL, "
        "year integer NOT NULL, month integer NOT NULL, approved boolean NOT NULL, "
        "refusal varchar(300))"
    )
    try:
        _history_read(run, report, path, source, form)
        _history_write(run, report, source)
    finally:
        _execute(f"DROP TABLE IF EXISTS {MATCHED}")
        _execute(f"DROP TABLE IF EXISTS {STAGED}")


def _analyze(table: str) -> None:
    """A temporary table's statistics, which no autovacuum gathers: the planner joins its
    millions of lines by hash, not one by one."""
    if connection.vendor == "postgresql":
        _execute(f"ANALYZE {table}")


def _refuse_where(reason_sql: str, where: str, params: Iterable[object] = ()) -> None:
    _execute(
        f"UPDATE {STAGED} SET refusal = {reason_sql} WHERE refusal IS NULL AND {where}",  # noqa: S608
        params,
    )


def _deceased_create(run: Run, report) -> None:
    """The numbers NATIONAL.TXT leaves out: deceased players, created with their number."""
    player = _table(Player)
    run.history_only = {
        number
        for (number,) in _execute(
            f"SELECT DISTINCT s.number FROM {STAGED} s WHERE NOT EXISTS (SELECT 1 FROM "  # noqa: S608
            f"{player} p WHERE p.abf_number = s.number AND p.status <> %s)",
            [Player.Status.DECEASED],
        )
        if number not in run.players
    }
    missing = _execute(
        f"SELECT s.number, MIN(s.line) FROM {STAGED} s WHERE s.refusal IS NULL AND NOT EXISTS "  # noqa: S608
        f"(SELECT 1 FROM {player} p WHERE p.abf_number = s.number) GROUP BY s.number "
        "ORDER BY MIN(s.line)"
    )
    refused = [number for number, _ in missing if number in run.players_refused]
    for start in range(0, len(refused), 500):
        part = refused[start : start + 500]
        _refuse_where(
            "'the player''s line in the players'' file was refused'",
            f"number IN ({', '.join(['%s'] * len(part))})",
            part,
        )
    created = [
        Player(
            abf_number=number,
            given_names="",
            family_name=NO_NAME,
            status=Player.Status.DECEASED,
        )
        for number, _ in missing
        if number not in run.players_refused
    ]
    players_copy(created)
    objects_copy(
        PlayerChange,
        [
            PlayerChange(
                player=player,
                by=run.by,
                action=ACTION,
                changes={"abf_number": [None, player.abf_number], "status": [None, "deceased"]},
            )
            for player in created
        ],
        batch_size=CHUNK,
    )
    first = dict(missing)
    run.deceased.update(player.abf_number for player in created)
    if created:
        run.written = True
        data_changed(PLAYERS)
        shown = ", ".join(f"{p.abf_number} (line {first[p.abf_number]:,})" for p in created[:50])
        more = f" and {len(created) - 50:,} more" if len(created) > 50 else ""
        report.notes.append(
            f"{len(created):,} deceased players created, named by number only (the players' "
            f"file leaves deceased players out): {shown}{more}"
        )


def _months_prepare(run: Run, report) -> None:
    """Each month the lines name: created closed, or open when a line of it is provisional."""
    months = _execute(
        f"SELECT year, month, SUM(CASE WHEN approved THEN 0 ELSE 1 END) FROM {STAGED} "  # noqa: S608
        "WHERE refusal IS NULL GROUP BY year, month ORDER BY year, month"
    )
    kept = {(p.year, p.month): p for p in Period.objects.all()}
    steps = [name for name, _ in close_steps()]
    closed, opened = [], []
    for year, month, provisional in months:
        period = kept.get((year, month))
        label = f"{year}-{month:02d}"
        if period is None:
            status = Period.Status.OPEN if provisional else Period.Status.CLOSED
            Period.objects.create(
                year=year,
                month=month,
                status=status,
                **(
                    {
                        "closed_at": run.now,
                        "closed_by": run.by,
                        "close_step": "closed",
                        "close_steps_done": steps,
                    }
                    if status == Period.Status.CLOSED
                    else {}
                ),
            )
            (opened if provisional else closed).append(label)
        elif period.status == Period.Status.CLOSING:
            _refuse_where(
                f"'{label} is being closed in the portal: run the import once its close is done'",
                "year = %s AND month = %s",
                [year, month],
            )
        elif period.status == Period.Status.CLOSED and provisional:
            _refuse_where(
                f"'a provisional line for {label}, which is closed in the portal'",
                "year = %s AND month = %s AND NOT approved",
                [year, month],
            )
    if closed or opened:
        run.written = True
    if closed:
        report.notes.append(f"Months created closed: {', '.join(closed)}")
    if opened:
        report.notes.append(
            f"Months created open, their provisional lines to be approved at their close: "
            f"{', '.join(opened)}"
        )


def _match() -> None:
    """Each line beside the credit of the ledger in its place (None: a line to create)."""
    player, period, credit = _table(Player), _table(Period), _table(Credit)
    _execute(
        f"CREATE TEMPORARY TABLE {MATCHED} AS "  # noqa: S608
        "SELECT f.line, f.player_id, f.event, f.colour, f.points, f.period_id, f.state, f.n, "
        "c.id AS credit_id, c.points AS kept_points, c.period_id AS kept_period, "
        "c.state AS kept_state FROM ("
        "SELECT s.line, p.id AS player_id, s.event, s.colour, s.points, m.id AS period_id, "
        "CASE WHEN s.approved THEN 'approved' ELSE 'provisional' END AS state, "
        "ROW_NUMBER() OVER (PARTITION BY p.id, s.event, s.colour ORDER BY s.line) AS n "
        f"FROM {STAGED} s JOIN {player} p ON p.abf_number = s.number "
        f"JOIN {period} m ON m.year = s.year AND m.month = s.month "
        "WHERE s.refusal IS NULL) f LEFT JOIN ("
        "SELECT c.id, c.player_id, c.event_id, c.colour, c.points, c.period_id, c.state, "
        "ROW_NUMBER() OVER (PARTITION BY c.player_id, c.event_id, c.colour ORDER BY c.id) AS n "
        f"FROM {credit} c WHERE c.event_id IN (SELECT DISTINCT event FROM {STAGED})) c "
        "ON c.player_id = f.player_id AND c.event_id = f.event AND c.colour = f.colour "
        "AND c.n = f.n"
    )
    _analyze(MATCHED)


SAME = "m.points = m.kept_points AND m.period_id = m.kept_period AND m.state = m.kept_state"


def _report_refusals(report) -> None:
    for line, refusal in _execute(
        f"SELECT line, refusal FROM {STAGED} WHERE refusal IS NOT NULL ORDER BY line"  # noqa: S608
    ):
        report.add(line, REFUSED, refusal)
    period = _table(Period)
    for line, points, state, year, month in _execute(
        f"SELECT m.line, m.kept_points, m.kept_state, p.year, p.month FROM {MATCHED} m "  # noqa: S608
        f"JOIN {period} p ON p.id = m.kept_period "
        f"WHERE m.credit_id IS NOT NULL AND NOT ({SAME}) ORDER BY m.line"
    ):
        report.add(
            line,
            REFUSED,
            f"the ledger holds this line otherwise ({points / 100:+.2f}, {state}, "
            f"{year}-{month:02d}); a credit is never changed",
        )


def _report_runs(report) -> None:
    """The lines created or unchanged, as runs of consecutive lines (gaps and islands)."""
    outcome = (
        f"CASE WHEN m.credit_id IS NULL THEN '{CREATED}' WHEN {SAME} THEN '{UNCHANGED}' "
        f"ELSE '{REFUSED}' END"
    )
    for what, first, last, count in _execute(
        "SELECT outcome, MIN(line), MAX(line), COUNT(*) FROM ("  # noqa: S608
        "SELECT line, outcome, line - ROW_NUMBER() OVER (PARTITION BY outcome ORDER BY line) "
        f"AS island FROM (SELECT m.line, {outcome} AS outcome FROM {MATCHED} m) o) r "
        f"WHERE outcome <> '{REFUSED}' GROUP BY outcome, island ORDER BY MIN(line)"
    ):
        report.add_run(first, last, what, count)


def _history_write(run: Run, report, source: Source) -> None:
    event = _table(Event)
    events = source_of(run.scheme, EVENTS)
    events_file = events.name if events is not None else "the events' file"
    _refuse_where(
        f"'unknown event code ' || CAST(event AS varchar(20)) || ': in neither {events_file} "
        "nor the portal'",
        f"NOT EXISTS (SELECT 1 FROM {event} e WHERE e.id = {STAGED}.event)",  # noqa: S608
    )
    progress_phase(run, "its lines read; matching them with the ledger")
    _deceased_create(run, report)
    _months_prepare(run, report)
    _match()
    _report_refusals(report)
    _report_runs(report)
    if run.writes and report.refused:
        return  # the file is refused whole: nothing of it is written
    _credits_create(run, source)


def _credits_create(run: Run, source: Source) -> None:
    credit, event = _table(Credit), _table(Event)
    (count,) = _execute(f"SELECT COUNT(*) FROM {MATCHED} WHERE credit_id IS NULL")[0]  # noqa: S608
    if not count:
        return
    first = "m.n = 1 AND m.points > 0"
    progress_phase(run, f"writing {count:,} credits and the players' totals")
    with keys_and_indexes_set_aside(
        Credit._meta.db_table, when=worth_setting_aside(Credit._meta.db_table, count)
    ):
        _execute(
            f"INSERT INTO {credit} (player_id, event_id, colour, points, source, period_id, "  # noqa: S608
            "state, uploaded_by_id, reason, conversion, created_at) "
            f"SELECT m.player_id, m.event, m.colour, m.points, "
            f"CASE WHEN {first} THEN {FIRST_SOURCE} ELSE '{Credit.Source.ADJUSTMENT}' END, "
            f"m.period_id, m.state, %s, CASE WHEN {first} THEN '' ELSE %s END, '', %s "
            f"FROM {MATCHED} m JOIN {event} e ON e.id = m.event "
            "WHERE m.credit_id IS NULL ORDER BY m.line",
            # As the ORM writes a moment (SQLite keeps it as UTC text), so that it finds them.
            [
                run.by.pk,
                f"{ADJUSTMENT_REASON} ({source.name})",
                connection.ops.adapt_datetimefield_value(run.now),
            ],
        )
    _totals_add(run)
    run.written = True


def _totals_add(run: Run) -> None:
    """The players' totals from the lines written, summed in the database in one statement:
    each year's provisional and approved points by player and kind, the awards of the year
    apart from the points brought forward (events not of the year, 1.7.2), added to the rows
    already there as the ledger's own upsert adds them (awards.ledger.services.totals)."""
    totals, event, period = _table(PlayerTotals), _table(Event), _table(Period)
    sums = ", ".join(
        f"SUM(CASE WHEN m.state = '{state}' THEN m.points ELSE 0 END) AS {state}"
        for state in (Credit.State.PROVISIONAL, Credit.State.APPROVED)
    )
    _execute(
        f"INSERT INTO {totals} (player_id, year, brought_forward, kind, provisional, approved) "  # noqa: S608
        f"SELECT m.player_id, p.year, NOT e.of_the_year, m.colour, {sums} "
        f"FROM {MATCHED} m JOIN {period} p ON p.id = m.period_id JOIN {event} e ON e.id = m.event "
        "WHERE m.credit_id IS NULL GROUP BY m.player_id, p.year, NOT e.of_the_year, m.colour "
        "HAVING SUM(CASE WHEN m.state = 'provisional' THEN m.points ELSE 0 END) <> 0 "
        "OR SUM(CASE WHEN m.state = 'approved' THEN m.points ELSE 0 END) <> 0 "
        "ORDER BY 1, 2, 3, 4 "
        "ON CONFLICT (player_id, year, brought_forward, kind) DO UPDATE SET "
        f"provisional = {totals}.provisional + excluded.provisional, "
        f"approved = {totals}.approved + excluded.approved"
    )
    approved = _execute(
        f"SELECT 1 FROM {MATCHED} WHERE credit_id IS NULL AND state = 'approved' LIMIT 1"  # noqa: S608
    )
    data_changed(LIFETIME, *((APPROVED,) if approved else ()))
