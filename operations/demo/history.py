"""The demo's history: balances brought forward from the previous register, then closed
months of weekly club sessions awarded by the scheme's engine, the totals, ranks, reports and
invoices they give, and the ABF's B4c entitlements (2.6)."""

import hashlib
import random
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from tqdm import tqdm

from awards.authorisations.b4c.services import b4c_entitlements_compute
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event, PlayerTotals
from awards.ledger.selectors import player_totals_from_ledger
from awards.ledger.services.events import EventDetails
from billing.emails import invoice_email_send
from billing.services import quarter_invoices_issue
from centre.models import Period, User
from centre.schemes import current_scheme
from clubs.models import Club
from operations.services import close_steps
from players.models import Player
from ranks.emails import ranking_report_email_send
from ranks.ranking_reports import ranking_reports_issue
from ranks.services import promotions_run
from scheme.base import CREDIT_FILES, FEES, Scheme
from scheme.core.calendar import previous_quarter_of as previous_quarter

HISTORY_MONTHS = 6
# 2.6: the B4c entitlements for the next calendar year are computed in October.
B4C_COMPUTED_IN_MONTH = 10


def history_months(today: date) -> list[tuple[int, int]]:
    """The demo's months, oldest first: the month of the balances brought forward from the
    previous register, then HISTORY_MONTHS of club sessions, up to last month (the one month
    left open, for staff to approve and close)."""
    months = []
    year, month = today.year, today.month
    for _ in range(HISTORY_MONTHS + 1):
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
        months.append((year, month))
    months.reverse()
    return months


# The demo's balances brought forward by kind, commonest first: (share of players with any,
# Pareto shape, scale in hundredths), long-tailed as a real register's lifetime totals are.
BALANCES = ((0.95, 1.1, 250), (0.45, 1.0, 400), (0.12, 0.9, 150), (0.06, 0.9, 100), (0.03, 0.9, 80))


def _kind_label(code: str) -> str:
    label = current_scheme().point_kind(code).label
    return label if label.lower().endswith("points") else f"{label} points"


def _club_grade(scheme: Scheme) -> str:
    """The grade of a scheme's weekly club session (the ABF's E, NZ's club session, the
    ACBL's open club game: each scheme's demo says); otherwise its first grade."""
    return scheme.demo.club_grade or scheme.grades[0].code


def _balance_plan(scheme: Scheme) -> list[tuple[str, str, tuple[float, float, int]]]:
    """(kind, grade of its balance event, its BALANCES row): the kinds the scheme's demo
    names (the ABF's green, red and gold), or the club kind first, then its other kinds that
    some grade awards."""
    if scheme.demo.balances:
        return [
            (kind, grade, row)
            for (kind, grade), row in zip(scheme.demo.balances, BALANCES, strict=False)
        ]
    # The club kind first, then the kinds nearest it in the scheme's order (NZ: C, B, A).
    club = scheme.point_kind(scheme.grade(_club_grade(scheme)).point_kind)
    kinds = sorted(scheme.point_kinds, key=lambda k: (abs(k.order - club.order), k.order))
    plan = []
    for kind in kinds:
        grade = next((g.code for g in scheme.grades if g.point_kind == kind.code), None)
        if grade is not None and len(plan) < len(BALANCES):
            plan.append((kind.code, grade, BALANCES[len(plan)]))
    return plan


def _session_awards(
    scheme: Scheme, grade: str, kind: str, tables: int, rng: random.Random
) -> dict[str, dict[str, int]]:
    """Each pair's points of one Mitchell session (labels N1.., E1..), by kind: as the
    scheme's demo computes them (the ABF's engine, the ACBL's open club game), else by its
    calculator, the pairs ranked at random."""
    if scheme.demo.session_awards is not None:
        return scheme.demo.session_awards(scheme, grade, kind, tables, rng)
    ranking = {d: [f"{d}{i + 1}" for i in range(tables)] for d in ("N", "E")}
    for order in ranking.values():
        rng.shuffle(order)
    if scheme.calculator_event and scheme.calculator_answer:
        request = {
            "rules": scheme.default_edition,
            "grade": grade,
            "kind": "pairs",
            "sessions": [
                {
                    "deals": 24,
                    "fields": [
                        {
                            "movement": "mitchell",
                            "tables": tables,
                            "ranking": [[label] for label in ranking[d]],
                            "name": name,
                        }
                        for d, name in (("N", "N/S"), ("E", "E/W"))
                    ],
                }
            ],
        }
        return scheme.calculator_points(request)
    scale = (150, 100, 70, 50, 35)
    return {
        label: {kind: scale[place]}
        for order in ranking.values()
        for place, label in enumerate(order[: len(scale)])
    }


def seed_history(out, clubs: list[Club]) -> None:
    """Six months of club sessions, and balances brought forward, so that the lookup,
    statements, ranks and reports have something to show. The last month is left open, its
    credits provisional (App. E): the month staff approve and close."""
    if Credit.objects.exists():
        out.write("Awards: already in place")
        return
    scheme = current_scheme()
    rng = random.Random(2026)
    staff = User.objects.get(username="staff1")
    today = timezone.localdate()
    months = history_months(today)
    steps = [name for name, _ in close_steps()]
    periods = []
    closed = {
        "status": Period.Status.CLOSED,
        "closed_at": timezone.now(),
        "closed_by": staff,
        "close_step": "closed",
        "close_steps_done": steps,
    }
    for y, m in months:
        last = (y, m) == months[-1]
        period, _ = Period.objects.get_or_create(year=y, month=m, defaults={} if last else closed)
        periods.append(period)
    credits: list[Credit] = []
    brought_forward, *club_months = periods
    credits += _balances_brought_forward(brought_forward, staff, rng)
    ordinary = [club for club in clubs if not club.is_special]
    for period in club_months:
        for club in tqdm(ordinary, desc=f"Sessions {period}", file=out, leave=False):
            credits += _club_sessions(scheme, club, period, rng, open_month=period is periods[-1])
    with transaction.atomic():
        Credit.objects.bulk_create(credits, batch_size=2000)
        totals = player_totals_from_ledger()
        rows: dict[tuple[int, int, bool, str], PlayerTotals] = {}
        for (player_id, year, brought_forward, field), points in totals.items():
            kind, state = field.rsplit("_", 1)
            row = rows.setdefault(
                (player_id, year, brought_forward, kind),
                PlayerTotals(
                    player_id=player_id, year=year, brought_forward=brought_forward, kind=kind
                ),
            )
            setattr(row, state, points)
        PlayerTotals.objects.bulk_create(rows.values(), batch_size=2000)
    # 1.4.4: ranks are promoted at a month's close, so on the last month closed.
    promotions_run(period=periods[-2], everyone=True)
    out.write(
        f"Awards: {len(credits)} credits over {len(club_months)} months, "
        f"{periods[-1]} open with its credits provisional"
    )
    # The last quarter's ranking reports and invoices, issued and emailed to each club's
    # masterpoint secretary as the quarter's jobs do (each sent once, then marked).
    year, quarter = previous_quarter(today)
    reports = ranking_reports_issue(year=year, quarter=quarter)
    invoices = (
        quarter_invoices_issue(year=year, quarter=quarter, issued_on=today)
        if current_scheme().has(FEES)
        else []
    )
    emailed = sum(ranking_report_email_send(report_id=report.pk) for report in reports)
    emailed += sum(
        invoice_email_send(invoice_id=invoice.pk)
        for invoice in invoices
        if invoice.club_id is not None
    )
    out.write(
        f"{year}-Q{quarter}: {len(reports)} ranking reports, {len(invoices)} invoices, "
        f"{emailed} emailed"
    )


def _balances_brought_forward(period: Period, staff: User, rng) -> list[Credit]:
    day = date(period.year, period.month, 1)
    plan = _balance_plan(current_scheme())
    events = {
        colour: Event.objects.create(
            organiser=Event.Organiser.NATIONAL,
            name=f"{_kind_label(colour)} brought forward from the previous register",
            starts_on=day,
            ends_on=day,
            # The event's grade is only the kind's carrier: statements show a balance
            # brought forward without it (awards.ledger.statements.statement_line).
            grade=grade,
            created_by=staff,
            # Points won before the register: in the lifetime and the ranks at
            # 1 January, never in the year's standings (1.7.2).
            of_the_year=False,
        )
        for colour, grade, _ in plan
    }
    credits = []
    for player_id in Player.objects.values_list("pk", flat=True).order_by("pk"):
        # Long-tailed, as a real register's lifetime totals are.
        amounts = {
            colour: int(rng.paretovariate(alpha) * scale) if rng.random() < share else 0
            for colour, _, (share, alpha, scale) in plan
        }
        for colour, points in amounts.items():
            if points:
                credits.append(
                    Credit(
                        player_id=player_id,
                        event=events[colour],
                        colour=colour,
                        points=min(points, 2_000_000),
                        source=Credit.Source.ADJUSTMENT,
                        reason="opening balance",
                        period=period,
                        state=Credit.State.APPROVED,
                        uploaded_by=staff,
                    )
                )
    return credits


def _club_sessions(
    scheme: Scheme, club: Club, period: Period, rng, *, open_month: bool = False
) -> list[Credit]:
    """Four weekly club pairs sessions at the scheme's club grade, awarded by its engine (the
    ABF's grade E Mitchell pairs; NZ: the Basic Table of C points; the ACBL: its open club
    game table; through the calculator's hooks under another scheme); a scheme without them
    by a demo scale that is no rule book's: a point and a half to the winners, less below."""
    grade = _club_grade(scheme)
    kind = scheme.grade(grade).point_kind
    # A club sends its sessions in a credit file where the scheme has them, else its results.
    source = Credit.Source.FILE if scheme.has(CREDIT_FILES) else Credit.Source.RESULTS
    members = list(
        club.home_members.filter(status=Player.Status.ACTIVE).values_list("pk", flat=True)
    )
    secretary = club.secretary_login
    credits = []
    for week in range(4):
        tables = min(len(members) // 4, rng.randint(5, 12))
        if tables < 4:
            break
        day = date(period.year, period.month, 1 + 7 * week)
        event = Event.objects.create(
            organiser=Event.Organiser.CLUB,
            club=club,
            state=club.state,
            name=f"{day:%A} pairs",
            starts_on=day,
            ends_on=day,
            grade=grade,
            created_by=secretary,
        )
        # As the club sent it: an upload credited in its month, which the results, the
        # club's uploads and (under NZ Bridge) its fees read.
        details = EventDetails(
            name=event.name,
            starts_on=day,
            grade=grade,
            organiser=Event.Organiser.CLUB,
            club=club,
            state=club.state,
            tables=Decimal(tables),
            movement="mitchell",
        )
        upload = CreditUpload.objects.create(
            source=CreditUpload.Source.FILE
            if source == Credit.Source.FILE
            else CreditUpload.Source.RESULTS,
            uploaded_by=secretary,
            club=club,
            state=club.state,
            filename=f"{day:%Y%m%d}-{club.number}.{'grn' if source == 'file' else 'xml'}",
            content=b"",
            sha256=hashlib.sha256(f"demo {club.number} {day}".encode()).hexdigest(),
            status=CreditUpload.Status.CREDITED,
            event_details=details.as_json(),
            event=event,
            period=period,
        )
        seated = rng.sample(members, tables * 4)
        pairs = {
            f"{direction}{i + 1}": seated[(2 * i + offset) * 2 : (2 * i + offset) * 2 + 2]
            for offset, direction in enumerate(("N", "E"))
            for i in range(tables)
        }
        first = len(credits)
        for label, by_kind in _session_awards(scheme, grade, kind, tables, rng).items():
            for colour, points in by_kind.items():
                for player_id in pairs[label] if points > 0 else ():
                    credits.append(
                        Credit(
                            player_id=player_id,
                            event=event,
                            colour=colour,
                            points=points,
                            source=source,
                            period=period,
                            upload=upload,
                            # App. E: provisional until staff close the month.
                            state=Credit.State.PROVISIONAL if open_month else Credit.State.APPROVED,
                            uploaded_by=secretary,
                        )
                    )
        sent = credits[first:]
        upload.line_count = len(sent)
        for credit in sent:
            upload.totals[credit.colour] = upload.totals.get(credit.colour, 0) + credit.points
        upload.save(update_fields=["line_count", "totals"])
    return credits


def seed_b4c_entitlements(out) -> None:
    """2.6: each club's B4c sessions for this year, and for the next once its October
    computation is due, computed from the ledger as the yearly job does."""
    today = timezone.localdate()
    years = [today.year]
    if today.month >= B4C_COMPUTED_IN_MONTH:
        years.append(today.year + 1)
    for year in years:
        clubs = b4c_entitlements_compute(year=year)
        out.write(f"B4c entitlements {year}: {clubs} clubs")
