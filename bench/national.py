"""A national database, then the upload of a 20,000-line credit file and a month close.

Builds, in a scratch PostgreSQL database of its own (the name of DATABASE_URL's database with
`bench_` in front; created and dropped here, the real one is never touched), a registry the
size of the ABF's: 40,000 players in 400 clubs, 2,000,000 credits in 24 months. Then it
times, through the portal's own services:

- checking a 20,000-line .grn file (App. E step 1) and crediting it (step 2);
- closing the month that holds those 20,000 provisional credits;
- the promotions of the whole national database at a month close (1.4.4, 1.8): every
  player's rank from their approved totals, then the same run again with nothing to do;

and prints lines per second next to what PostgreSQL's own COPY achieves for the same 20,000
rows into the same table, on the same machine.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/masterpoints \\
        .venv/bin/python bench/national.py [--players 40000] [--credits 2000000] [--keep]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "centre.settings_test")

import django

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402
from django.utils import timezone  # noqa: E402

FILE_LINES = 20_000


def say(message: str) -> None:
    print(message, flush=True)


def build(players: int, credits: int, rng: random.Random) -> dict:
    """The national registry: clubs, players, events, credits, periods and totals."""
    from awards.ledger.models import Event
    from centre.models import Period, Role, User
    from clubs.models import Club, State
    from players import abf_numbers
    from players.models import Player

    started = time.perf_counter()
    states = [
        State.objects.create(code=code, name=f"State {code}")
        for code in ("NSW", "VIC", "QLD", "SA", "WA", "TAS", "ACT", "NT")
    ]
    clubs = Club.objects.bulk_create(
        Club(number=100 + n, name=f"Bridge Club {n}", state=states[n % len(states)])
        for n in range(400)
    )
    staff = User.objects.create(username="bench-staff", role=Role.STAFF)
    secretary = User.objects.create(username="bench-club", role=Role.CLUB_SECRETARY, club=clubs[0])
    numbers = [abf_numbers.from_serial(serial) for serial in range(100000, 100000 + players)]
    Player.objects.bulk_create(
        (
            Player(
                abf_number=number,
                given_names=f"Given{n}",
                family_name=f"Family{n % 5000}",
                birth_year=1940 + n % 60,
                home_club=clubs[n % len(clubs)],
            )
            for n, number in enumerate(numbers)
        ),
        batch_size=5000,
    )
    player_ids = list(Player.objects.order_by("id").values_list("id", flat=True))
    today = timezone.localdate()
    months = []
    year, month = today.year, today.month
    for _ in range(24):
        year, month = (year - 1, 12) if month == 1 else (year, month - 1)
        months.append((year, month))
    periods = Period.objects.bulk_create(
        Period(year=y, month=m, status="closed", closed_at=timezone.now(), closed_by=staff)
        for y, m in months
    )
    per_event = 100
    events = Event.objects.bulk_create(
        (
            Event(
                organiser="club",
                club=clubs[n % len(clubs)],
                state_id=clubs[n % len(clubs)].state_id,
                name=f"Session {n}",
                starts_on=date(*months[n % 24], 1) + timedelta(days=n % 28),
                ends_on=date(*months[n % 24], 1) + timedelta(days=n % 28),
                grade="E",
                created_by=secretary,
            )
            for n in range(credits // per_event)
        ),
        batch_size=5000,
    )
    say(f"  registry: {len(player_ids):,} players, {len(events):,} events")
    # 2,000,000 approved credits, written with COPY: this is the setting, not the measure.
    now = timezone.now().isoformat()
    with connection.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy(
            "COPY awards_credit (player_id, event_id, colour, points, source, period_id, "
            "state, uploaded_by_id, reason, conversion, created_at) FROM STDIN"
        ) as copy:
            for index, event in enumerate(events):
                period_id = periods[index % 24].pk
                for player_id in rng.sample(player_ids, per_event):
                    copy.write_row(
                        (
                            player_id,
                            event.pk,
                            "green",
                            rng.randint(1, 300),
                            "file",
                            period_id,
                            "approved",
                            secretary.pk,
                            "",
                            "",
                            now,
                        )
                    )
        cursor.execute(
            """
            INSERT INTO awards_playertotals (player_id, year, kind, provisional, approved)
            SELECT c.player_id, p.year, c.colour, 0, SUM(c.points)
            FROM awards_credit c JOIN centre_period p ON p.id = c.period_id
            GROUP BY c.player_id, p.year, c.colour
            """
        )
        cursor.execute("ANALYZE")
        cursor.execute("SELECT COUNT(*) FROM awards_credit")
        count = cursor.fetchone()[0]
    # As the last month close left them: the standings of every year and the positions kept
    # (the versions moved on first: a mark left in the cache by an earlier run names other data).
    from awards.ledger.services.positions import positions_refresh
    from centre.versions import APPROVED, PRE_1982, data_changed
    from ranks.kept_standings import standings_refresh

    data_changed(APPROVED, PRE_1982)
    for year in sorted({year for year, _month in months}):
        standings_refresh(year=year)
    positions_refresh()
    # As a running database keeps its tables (autovacuum): the rows' visibility known, so a
    # read of an index's columns alone need not visit the table, and the planner's figures.
    # (A database with autovacuum off, as a shared test machine may run, would otherwise be
    # measured as no production one is.)
    vacuumed = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM (ANALYZE)")
    say(
        f"  ledger: {count:,} credits, built in {time.perf_counter() - started:.0f} s "
        f"(VACUUM ANALYZE {time.perf_counter() - vacuumed:.0f} s of it)"
    )
    return {
        "staff": staff,
        "secretary": secretary,
        "player_ids": player_ids,
        "numbers": numbers,
        "credits": count,
    }


def _copy_seconds(world: dict, player_ids: list[int], points: list[int], starts_on) -> float:
    """PostgreSQL's own COPY of the file's rows into the ledger, rolled back after."""
    from awards.ledger.models import Event

    with transaction.atomic():
        spare = Event.objects.create(
            organiser="club",
            club=world["secretary"].club,
            name="COPY comparison",
            starts_on=starts_on,
            ends_on=starts_on,
            grade="E",
        )
        period_id = world["period_id"]
        by = world["secretary"].pk
        stamp = timezone.now().isoformat()
        text = "".join(
            f"{player_id}\t{spare.pk}\tgreen\t{hundredths}\tfile\t{period_id}\t"
            f"provisional\t{by}\t\t\t{stamp}\n"
            for player_id, hundredths in zip(player_ids, points, strict=True)
        )
        with connection.cursor() as cursor:
            # Check the foreign keys as the rows go in, as the crediting's commit does.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            started = time.perf_counter()
            with cursor.cursor.copy(
                "COPY awards_credit (player_id, event_id, colour, points, source, period_id, "
                "state, uploaded_by_id, reason, conversion, created_at) FROM STDIN"
            ) as copy:
                copy.write(text)
            seconds = time.perf_counter() - started
        transaction.set_rollback(True)
    return seconds


def measure(world: dict, rng: random.Random) -> dict:
    """The upload's two steps against COPY of the same rows, then the month close.

    The comparison is fair to both: two rounds, COPY first in one and the upload first in
    the other (the second of each on index pages the first brought into memory), and the
    best of each. The first round's upload is the one kept and closed; the second is rolled
    back.
    """
    from awards.intake.services.crediting import credit_upload_confirm
    from awards.intake.services.uploads import credit_upload_check
    from awards.ledger.models import Credit
    from awards.ledger.services.events import EventDetails
    from centre.services import period_for_credits
    from operations.services import month_close
    from players.models import Player
    from scheme.abf import credit_files

    # Distinct players, one line each: half the register at most, for a small benchmark.
    world["file_lines"] = min(FILE_LINES, len(world["numbers"]) // 2)
    chosen = rng.sample(world["numbers"], world["file_lines"])
    points = [rng.randint(1, 500) for _ in chosen]
    lines = list(zip(chosen, points, strict=True))
    content = credit_files.write(lines)
    ids = dict(Player.objects.filter(abf_number__in=chosen).values_list("abf_number", "id"))
    player_ids = [ids[number] for number in chosen]
    starts_on = timezone.localdate() - timedelta(days=1)
    with transaction.atomic():
        world["period_id"] = period_for_credits().pk

    def upload_seconds(name: str, content: bytes) -> tuple[float, float, object]:
        event = EventDetails(name=name, starts_on=starts_on, grade="E")
        t0 = time.perf_counter()
        upload = credit_upload_check(
            by=world["secretary"], filename="bench.grn", content=content, event=event
        )
        t1 = time.perf_counter()
        upload = credit_upload_confirm(upload=upload, by=world["secretary"])
        t2 = time.perf_counter()
        return t1 - t0, t2 - t1, upload

    # Round 1: COPY, then the upload kept for the close.
    copies = [_copy_seconds(world, player_ids, points, starts_on)]
    check_s, credit_s, upload = upload_seconds("National benchmark pairs", content)
    # Round 2: the upload first (rolled back), then COPY.
    with transaction.atomic():
        # Another file (the same file twice is refused as a repeat): one more point each.
        other = credit_files.write([(number, hundredths + 1) for number, hundredths in lines])
        again = upload_seconds("National benchmark pairs, again", other)
        transaction.set_rollback(True)
    copies.append(_copy_seconds(world, player_ids, points, starts_on))
    rounds = [(check_s, credit_s), again[:2]]
    check_s, credit_s = min(rounds, key=sum)
    copy_s = min(copies)

    t2 = time.perf_counter()
    closed = month_close(period=upload.period, by=world["staff"])
    t3 = time.perf_counter()
    assert closed.status == "closed"
    lines_count = world["file_lines"]
    assert Credit.objects.filter(upload=upload, state="approved").count() == lines_count

    def rate(seconds: float) -> str:
        return f"{seconds:8.2f} s  {lines_count / seconds:>10,.0f} lines/s"

    say("")
    say(f"{lines_count:,}-line .grn file on a ledger of {world['credits']:,} credits:")
    say(f"  check (parse, players, preview)   {rate(check_s)}")
    say(f"  credit (ledger, totals, one txn)  {rate(credit_s)}")
    say(f"  upload, both steps                {rate(check_s + credit_s)}")
    say(f"  month close ({lines_count:,} to approve)   {rate(t3 - t2)}")
    say(f"  PostgreSQL COPY, same rows        {rate(copy_s)}")
    say(
        f"  (two rounds, best of each: upload {sum(rounds[0]):.2f} s and {sum(rounds[1]):.2f} s,"
        f" COPY {copies[0]:.2f} s and {copies[1]:.2f} s)"
    )
    say(f"  crediting runs at {copy_s / credit_s:.0%} of COPY's speed")
    say(f"  check and credit run at {copy_s / (check_s + credit_s):.0%} of COPY's speed")
    return {
        "check_s": check_s,
        "credit_s": credit_s,
        "close_s": t3 - t2,
        "copy_s": copy_s,
        "file_lines": lines_count,
    }


STEP_SECONDS: dict[str, float] = {}


def hold_report_emails() -> list[int]:
    """The monthly reports' emails (PDFs, certificates) are the Celery workers' job: queued
    during the close, not sent inline by the eager tasks of the test settings. The close's
    approvals (all its chunks, summed) and its promotions, reports and standings steps are
    timed as they run."""
    from operations import close_run
    from ranks import monthly_reports, services, standings

    queued: list[int] = []
    monthly_reports._queue_report_emails = queued.extend
    timed_steps = {}
    for module, name in (
        (close_run, "credits_approve"),
        (services, "promotions_run"),
        (monthly_reports, "club_monthly_reports_issue"),
        (standings, "standings_refresh_at_close"),
        # Within the step above: the national positions alone, updated for the month's
        # players (or counted again in full when they were not kept).
        (standings, "positions_update"),
        (standings, "positions_refresh"),
    ):
        step = getattr(module, name)

        def timed(*args, _step=step, _name=name, **kwargs):
            started = time.perf_counter()
            try:
                return _step(*args, **kwargs)
            finally:
                # Summed over the calls (the close approves its credits in chunks).
                STEP_SECONDS[_name] = STEP_SECONDS.get(_name, 0.0) + (time.perf_counter() - started)

        setattr(module, name, timed)
        timed_steps[step] = timed
    # The close runs its steps from its list, as imported.
    close_run.POST_CLOSE_STEPS[:] = [
        (name, timed_steps.get(step, step)) for name, step in close_run.POST_CLOSE_STEPS
    ]
    return queued


def unranked() -> None:
    """The register unranked: no player ranked, no promotion, club report or One Thousand Club
    member. The reset's old rows are vacuumed away, as autovacuum would have long before a
    ranking: the ranking is measured, not a register whose every player's row was just
    written again (its pages full of dead rows, the ranking took twice as long: 28.6 s
    against 15.5 s at 400,000 players on a loaded machine)."""
    from players.models import Player
    from ranks.models import ClubMonthlyReport, OneThousandClubMember, Promotion

    ClubMonthlyReport.objects.all().delete()
    Promotion.objects.all().delete()
    OneThousandClubMember.objects.all().delete()
    Player.objects.update(rank_order=0)
    with connection.cursor() as cursor:
        for model in (Player, Promotion):
            cursor.execute(f"VACUUM (ANALYZE) {model._meta.db_table}")


def measure_promotions(queued: list[int], file_lines: int = FILE_LINES) -> dict:
    from centre.models import Period
    from ranks import monthly_reports, services
    from ranks.models import Promotion

    # The month the benchmark's upload went into, closed by measure().
    period = Period.objects.filter(status="closed").order_by("-year", "-month").first()
    in_close = dict(STEP_SECONDS)
    # The close just promoted the players it credited; start from an unranked register so
    # that every one of the country's players is ranked, as at the first close.
    unranked()
    t0 = time.perf_counter()
    first = services.promotions_run(period=period, everyone=True)
    t1 = time.perf_counter()
    again = services.promotions_run(period=period, everyone=True)
    t2 = time.perf_counter()
    reports = monthly_reports.club_monthly_reports_issue(period=period)
    t3 = time.perf_counter()
    # One club's documents as a worker renders them for its email: report and certificates.
    sample = reports[0] if reports else None
    certificates = list(Promotion.objects.filter(club=sample.club, period=period)) if sample else []
    t4 = time.perf_counter()
    if sample is not None:
        from ranks.documents import certificate_pdf, monthly_report_pdf

        monthly_report_pdf(sample)
        for promotion in certificates:
            certificate_pdf(promotion)
    t5 = time.perf_counter()

    def rate(seconds: float, count: int, what: str) -> str:
        return f"{seconds:8.2f} s  {count / seconds:>10,.0f} {what}/s"

    say("")
    say("Promotions of the whole national database at a month close (1.4.4, 1.8):")
    say(
        f"  in the close above: approvals {in_close.get('credits_approve', 0):.2f} s, "
        f"promotions of the {file_lines:,} players credited "
        f"{in_close.get('promotions_run', 0):.2f} s, club reports "
        f"{in_close.get('club_monthly_reports_issue', 0):.2f} s, standings and positions "
        f"{in_close.get('standings_refresh_at_close', 0):.2f} s (positions "
        f"{in_close.get('positions_update', 0) + in_close.get('positions_refresh', 0):.2f} s)"
    )
    ranked = f"rank {first.players:,} players"
    say(f"  {ranked:<33} {rate(t1 - t0, first.players, 'players')}")
    say(f"    {first.promotions:,} promotions, {first.one_thousand_club:,} One Thousand Club")
    say(f"  the same run again, nothing to do  {rate(t2 - t1, again.players, 'players')}")
    say(f"  club monthly reports issued: {len(reports):,} in {t3 - t2:.2f} s")
    say(
        f"  one club's PDFs, report and {len(certificates):,} certificates: {t5 - t4:.2f} s "
        f"(rendered by a worker for the club's email; {len(queued):,} emails were queued "
        "by the close, one per club with a secretary's address)"
    )
    return {
        "rank_all_s": t1 - t0,
        "players": first.players,
        "again_s": t2 - t1,
        "close_steps_s": in_close,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40_000)
    parser.add_argument("--credits", type=int, default=2_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("bench/national.py runs on PostgreSQL: set DATABASE_URL=postgres://...")
    from django.conf import settings

    database = settings.DATABASES["default"]
    database["TEST"]["NAME"] = f"bench_{database['NAME']}"
    rng = random.Random(args.seed)
    say(f"Building a national database in {database['TEST']['NAME']}...")
    old = setup_databases(verbosity=0, interactive=False)
    try:
        world = build(args.players, args.credits, rng)
        queued = hold_report_emails()
        measure(world, rng)
        measure_promotions(queued, world["file_lines"])
    finally:
        if not args.keep:
            teardown_databases(old, verbosity=0)


if __name__ == "__main__":
    main()
