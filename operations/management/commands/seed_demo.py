"""Demo data: states, clubs, a few thousand players and a login for every role.

Deterministic and idempotent: a second run finds everything in place and adds nothing.
"""

import random
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from faker import Faker
from tqdm import tqdm

from awards.b4c.services import b4c_entitlements_compute
from awards.models import Credit, Event, PlayerTotals
from awards.selectors import player_totals_from_ledger
from billing.services import invoice_email_send, quarter_invoices_issue
from centre.models import Period, Role, User
from centre.schemes import current_scheme
from clubs.models import Club, State
from clubs.services import club_creation_record
from operations.services import close_steps
from players import abf_numbers
from players.models import Alternate, Player, PlayerGrade
from ranks.grading import GRADED_SCHEMES
from ranks.ranking_reports import ranking_report_email_send, ranking_reports_issue
from ranks.services import promotions_run
from scheme.abf import Event as RulesEvent
from scheme.abf import Field, Kind, Session, compute_awards
from scheme.base import AUTHORISATIONS, LEVIES, Scheme
from scheme.core.calendar import SYDNEY
from scheme.core.calendar import previous_quarter_of as previous_quarter

DEMO_PASSWORD = "masterpoints"  # noqa: S105

STATES = [
    ("ACT", "Australian Capital Territory", 100),
    ("NSW", "New South Wales", 200),
    ("VIC", "Victoria", 300),
    ("QLD", "Queensland", 400),
    ("SA", "South Australia", 500),
    ("WA", "Western Australia", 600),
    ("TAS", "Tasmania", 700),
    ("NT", "Northern Territory", 800),
]

CLUBS = {
    "ACT": ["Canberra Bridge Club", "Tuggeranong Bridge Club", "Belconnen Bridge Club"],
    "NSW": [
        "Sydney Bridge Centre",
        "North Shore Bridge Club",
        "Ryde Eastwood Bridge Club",
        "Newcastle Bridge Club",
        "Wollongong Bridge Club",
        "Bathurst Bridge Club",
        "Port Macquarie Bridge Club",
        "Broken Hill Bridge Club",
    ],
    "VIC": [
        "Victorian Bridge Association Club",
        "Waverley Bridge Club",
        "Geelong Bridge Club",
        "Ballarat Bridge Club",
        "Bendigo Bridge Club",
        "Mornington Peninsula Bridge Club",
        "Mildura Bridge Club",
    ],
    "QLD": [
        "Brisbane Bridge Centre",
        "Gold Coast Bridge Club",
        "Toowoomba Bridge Club",
        "Townsville Bridge Club",
        "Cairns Bridge Club",
        "Sunshine Coast Bridge Club",
    ],
    "SA": ["Adelaide Bridge Centre", "Mitcham Bridge Club", "Barossa Bridge Club"],
    "WA": [
        "Perth Bridge Centre",
        "Fremantle Bridge Club",
        "Bunbury Bridge Club",
        "Kalgoorlie Bridge Club",
    ],
    "TAS": ["Hobart Bridge Club", "Launceston Bridge Club", "Devonport Bridge Club"],
    "NT": ["Darwin Bridge Club", "Alice Springs Bridge Club"],
}
REMOTE = {"Broken Hill Bridge Club", "Mildura Bridge Club", "Kalgoorlie Bridge Club"}

# New Zealand Bridge's districts (its regions), each with clubs of its own.
NZ_DISTRICTS = [
    ("NTH", "Northland and Auckland", 100),
    ("WBP", "Waikato and Bay of Plenty", 200),
    ("CEN", "Central Districts", 300),
    ("WLG", "Wellington", 400),
    ("CAN", "Canterbury and Westland", 500),
    ("OTS", "Otago and Southland", 600),
]
NZ_CLUBS = {
    "NTH": ["Auckland Bridge Club", "North Shore Bridge Club", "Whangarei Bridge Club"],
    "WBP": ["Hamilton Bridge Club", "Tauranga Bridge Club", "Rotorua Bridge Club"],
    "CEN": ["Palmerston North Bridge Club", "Napier Bridge Club", "New Plymouth Bridge Club"],
    "WLG": ["Wellington Bridge Club", "Kapiti Bridge Club", "Hutt Valley Bridge Club"],
    "CAN": ["Canterbury Bridge Club", "Timaru Bridge Club", "Greymouth Bridge Club"],
    "OTS": ["Otago Bridge Club", "Invercargill Bridge Club", "Queenstown Bridge Club"],
}
# ACBL units (the registry's regions), each named with its district.
ACBL_UNITS = [
    ("124", "Unit 124, Greater Los Angeles (District 23)", 100),
    ("139", "Unit 139, Chicago (District 13)", 200),
    ("151", "Unit 151, Houston (District 16)", 300),
    ("166", "Unit 166, Toronto (District 2)", 400),
    ("503", "Unit 503, Greater New York (District 24)", 500),
]
ACBL_CLUBS = {
    "124": ["Santa Monica Bridge Club", "Pasadena Bridge Club", "Long Beach Bridge Club"],
    "139": ["Evanston Bridge Club", "Naperville Bridge Club", "Oak Park Bridge Club"],
    "151": ["Houston Bridge Center", "Sugar Land Bridge Club", "The Woodlands Bridge Club"],
    "166": ["Toronto Bridge Club", "Mississauga Bridge Club", "Richmond Hill Bridge Club"],
    "503": ["Manhattan Bridge Club", "Brooklyn Bridge Club", "Westchester Bridge Club"],
}
# Each scheme's regions and their clubs: (code, name, first club number) and names by code.
REGIONS = {"abf": (STATES, CLUBS), "nz": (NZ_DISTRICTS, NZ_CLUBS), "acbl": (ACBL_UNITS, ACBL_CLUBS)}

SPECIAL_CLUBS = [
    (991, "Foreign Players", Club.Kind.FOREIGN),
    (992, "NZ Players", Club.Kind.NZ),
    (993, "English Players", Club.Kind.ENGLISH),
    (994, "Youth Players' Club", Club.Kind.YOUTH),
]

PLAYERS = 3000
HISTORY_MONTHS = 6
FIRST_DEMO_SERIAL = 10000
# The first year of the register's ABF numbers (1.8 notes: points won before 1982).
REGISTER_OPENED = date(1982, 1, 1)
# 2.6: the B4c entitlements for the next calendar year are computed in October.
B4C_COMPUTED_IN_MONTH = 10


def history_months(today: date) -> list[tuple[int, int]]:
    """The demo's closed months, oldest first: the month of the balances brought forward
    from the previous register, then HISTORY_MONTHS of club sessions, up to last month."""
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
    """The grade of a scheme's weekly club session: the ABF's E, NZ's club session, the
    ACBL's open club game; otherwise its first grade."""
    codes = [grade.code for grade in scheme.grades]
    return next((code for code in ("E", "club", "CO") if code in codes), codes[0])


def _balance_plan(scheme: Scheme) -> list[tuple[str, str, tuple[float, float, int]]]:
    """(kind, grade of its balance event, its BALANCES row): the ABF's green (E), red (B4)
    and gold (A); another scheme's club kind first, then its other kinds that some grade
    awards."""
    if scheme.code == "abf":
        return list(zip(("green", "red", "gold"), ("E", "B4", "A"), BALANCES, strict=False))
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
    """Each pair's points of one Mitchell session (labels N1.., E1..), by kind."""
    ranking = {d: [f"{d}{i + 1}" for i in range(tables)] for d in ("N", "E")}
    for order in ranking.values():
        rng.shuffle(order)
    if scheme.code == "acbl" and scheme.calculator_event and scheme.calculator_answer:
        # The plan's open club game: its sections ranked, by the club game table.
        request = {
            "rules": scheme.default_edition,
            "event": "club_open",
            "boards": 24,
            "groups": [
                {"name": name, "size": tables, "ranking": [[label] for label in ranking[d]]}
                for d, name in (("N", "N-S"), ("E", "E-W"))
            ],
        }
        return _answered(scheme, request)
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
        return _answered(scheme, request)
    scale = (150, 100, 70, 50, 35)
    return {
        label: {kind: scale[place]}
        for order in ranking.values()
        for place, label in enumerate(order[: len(scale)])
    }


def _answered(scheme: Scheme, request: dict) -> dict[str, dict[str, int]]:
    """The scheme's engine's awards of a calculator request, by contestant and kind."""
    answer = scheme.calculator_answer(scheme.compute(scheme.calculator_event(request)))
    return {
        contestant["label"]: {
            code: int(Decimal(str(points)) * 100) for code, points in contestant["points"].items()
        }
        for contestant in answer["contestants"]
    }


def slug(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())[:24]


class Command(BaseCommand):
    help = "Load demo states, clubs, players and logins (safe to run again)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--players", type=int, default=PLAYERS)

    def handle(self, *args, players: int, **options) -> None:
        if not getattr(settings, "DEMO_DATA_ALLOWED", True):
            # Its logins, the superuser among them, share one published password.
            raise CommandError(
                "seed_demo refuses to run under the production settings: it creates logins, "
                f"a superuser among them, with the published password {DEMO_PASSWORD!r}. "
                "Create the first staff login with `manage.py createsuperuser` instead."
            )
        scheme = current_scheme()
        self.stdout.write(f"Scheme: {scheme.name} ({scheme.code})")
        states = self.seed_states()
        clubs = self.seed_clubs(states)
        self.seed_players(clubs, players)
        logins = self.seed_logins(states, clubs)
        self.seed_history(clubs)
        if scheme.has(AUTHORISATIONS):
            self.seed_b4c_entitlements()
        if scheme.code in GRADED_SCHEMES:
            graded = self.seed_opening_grades()
            self.stdout.write(f"Grades: {graded} players graded")
        self.print_logins(logins)

    def seed_opening_grades(self) -> int:
        """NZ (Outline rules 4, 6): the Rating Points and grades the demo's register opens
        with, in force from this year's 1 February: each player's balance brought forward
        taken as the points of the year before (the demo has no earlier years), graded as
        the 31 December calculation would (ranks.grading does every later year)."""
        year = timezone.localdate().year
        if PlayerGrade.objects.filter(year=year).exists():
            return PlayerGrade.objects.filter(year=year).count()
        from scheme.nz import grading, kinds
        from scheme.nz.ranks import PROVINCIAL_MASTER

        balances: dict[int, dict[str, int]] = {}
        for player_id, kind, points in PlayerTotals.objects.filter(
            brought_forward=True
        ).values_list("player_id", "kind", "approved"):
            balances.setdefault(player_id, {})[kind] = points
        ranks = dict(Player.objects.values_list("pk", "rank_order"))
        grades = []
        for player_id, points in balances.items():
            earned = points.get(kinds.A, 0) + points.get(kinds.B, 0)
            rating = grading.rating_points(
                previous=0, year_points=earned + kinds.b_points_from_c(points.get(kinds.C, 0))
            )
            grade = grading.grade_for(
                rating_points=rating,
                a_points=points.get(kinds.A, 0),
                provincial_master=ranks.get(player_id, 0) >= PROVINCIAL_MASTER.order,
            )
            grades.append(
                PlayerGrade(player_id=player_id, year=year, rating=rating, grade=str(grade))
            )
        PlayerGrade.objects.bulk_create(grades, batch_size=2000, ignore_conflicts=True)
        return len(grades)

    def seed_b4c_entitlements(self) -> None:
        """2.6: each club's B4c sessions for this year, and for the next once its October
        computation is due, computed from the ledger as the yearly job does."""
        today = timezone.localdate()
        years = [today.year]
        if today.month >= B4C_COMPUTED_IN_MONTH:
            years.append(today.year + 1)
        for year in years:
            clubs = b4c_entitlements_compute(year=year)
            self.stdout.write(f"B4c entitlements {year}: {clubs} clubs")

    def seed_history(self, clubs: list[Club]) -> None:
        """Six closed months of club sessions, and balances brought forward, so that the
        lookup, statements, ranks and reports have something to show."""
        if Credit.objects.exists():
            self.stdout.write("Awards: already in place")
            return
        rng = random.Random(2026)
        staff = User.objects.get(username="staff1")
        today = timezone.localdate()
        months = history_months(today)
        steps = [name for name, _ in close_steps()]
        periods = []
        for y, m in months:
            period, _ = Period.objects.get_or_create(
                year=y,
                month=m,
                defaults={
                    "status": Period.Status.CLOSED,
                    "closed_at": timezone.now(),
                    "closed_by": staff,
                    "close_step": "closed",
                    "close_steps_done": steps,
                },
            )
            periods.append(period)
        credits: list[Credit] = []
        brought_forward, *club_months = periods
        credits += self._balances_brought_forward(brought_forward, staff, rng)
        ordinary = [club for club in clubs if not club.is_special]
        for period in club_months:
            for club in tqdm(ordinary, desc=f"Sessions {period}", file=self.stdout, leave=False):
                credits += self._club_sessions(club, period, rng)
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
        promotions_run(period=periods[-1], everyone=True)
        self.stdout.write(f"Awards: {len(credits)} credits over {len(club_months)} closed months")
        # The last quarter's ranking reports and invoices, issued and emailed to each club's
        # masterpoint secretary as the quarter's jobs do (each sent once, then marked).
        year, quarter = previous_quarter(today)
        reports = ranking_reports_issue(year=year, quarter=quarter)
        invoices = (
            quarter_invoices_issue(year=year, quarter=quarter, issued_on=today)
            if current_scheme().has(LEVIES)
            else []
        )
        emailed = sum(ranking_report_email_send(report_id=report.pk) for report in reports)
        emailed += sum(
            invoice_email_send(invoice_id=invoice.pk)
            for invoice in invoices
            if invoice.club_id is not None
        )
        self.stdout.write(
            f"{year}-Q{quarter}: {len(reports)} ranking reports, {len(invoices)} invoices, "
            f"{emailed} emailed"
        )

    def _balances_brought_forward(self, period: Period, staff: User, rng) -> list[Credit]:
        day = date(period.year, period.month, 1)
        plan = _balance_plan(current_scheme())
        events = {
            colour: Event.objects.create(
                organiser=Event.Organiser.NATIONAL,
                name=f"{_kind_label(colour)} brought forward from the previous register",
                starts_on=day,
                ends_on=day,
                # The event's grade is only the kind's carrier: statements show a balance
                # brought forward without it (awards.selectors.statement_line).
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

    def _club_sessions(self, club: Club, period: Period, rng) -> list[Credit]:
        """Four weekly club pairs sessions (ABF grade E Mitchell pairs), awarded by the
        scheme's award engine."""
        if current_scheme().code != "abf":
            return self._scheme_club_sessions(club, period, rng)
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
                grade="E",
                created_by=secretary,
            )
            seated = rng.sample(members, tables * 4)
            pairs = {
                f"{direction}{i + 1}": seated[(2 * i + offset) * 2 : (2 * i + offset) * 2 + 2]
                for offset, direction in enumerate(("N", "E"))
                for i in range(tables)
            }
            fields = [
                Field("mitchell", Decimal(tables), [[f"{d}{i + 1}"] for i in range(tables)])
                for d in ("N", "E")
            ]
            awards = compute_awards(
                RulesEvent(grade="E", kind=Kind.PAIRS, sessions=[Session(fields=fields)]),
                working=False,
            )
            for contestant in awards.contestants:
                points = int(contestant.total * 100)
                for player_id in pairs[contestant.label] if points else ():
                    credits.append(
                        Credit(
                            player_id=player_id,
                            event=event,
                            colour="green",
                            points=points,
                            source=Credit.Source.FILE,
                            period=period,
                            state=Credit.State.APPROVED,
                            uploaded_by=secretary,
                        )
                    )
        return credits

    def _scheme_club_sessions(self, club: Club, period: Period, rng) -> list[Credit]:
        """Another scheme's four weekly club pairs sessions: its club grade, awarded by its
        engine through the calculator's hooks (NZ: the Basic Table of C points; the ACBL:
        its open club game table); a scheme without them by a demo scale that is no rule
        book's: a point and a half to the winners, less below."""
        scheme = current_scheme()
        grade = _club_grade(scheme)
        kind = scheme.grade(grade).point_kind
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
            seated = rng.sample(members, tables * 4)
            pairs = {
                f"{direction}{i + 1}": seated[(2 * i + offset) * 2 : (2 * i + offset) * 2 + 2]
                for offset, direction in enumerate(("N", "E"))
                for i in range(tables)
            }
            for label, by_kind in _session_awards(scheme, grade, kind, tables, rng).items():
                for colour, points in by_kind.items():
                    for player_id in pairs[label] if points > 0 else ():
                        credits.append(
                            Credit(
                                player_id=player_id,
                                event=event,
                                colour=colour,
                                points=points,
                                source=Credit.Source.RESULTS,
                                period=period,
                                state=Credit.State.APPROVED,
                                uploaded_by=secretary,
                            )
                        )
        return credits

    @transaction.atomic
    def seed_states(self) -> dict[str, State]:
        states = {}
        regions, _ = REGIONS[current_scheme().code]
        for code, name, _ in regions:
            states[code], _ = State.objects.get_or_create(code=code, defaults={"name": name})
        self.stdout.write(f"{current_scheme().region_name.capitalize()}s: {len(states)}")
        return states

    @transaction.atomic
    def seed_clubs(self, states: dict[str, State]) -> list[Club]:
        rng = random.Random(1982)
        clubs = []
        regions, names = REGIONS[current_scheme().code]
        for code, _, base in regions:
            for offset, name in enumerate(names[code], start=1):
                details = {
                    "name": name,
                    "state": states[code],
                    "secretary_name": f"{name.split()[0]} Masterpoint Secretary",
                    "secretary_email": f"masterpoints@{slug(name)}.example.org",
                    "postal_address": f"PO Box {rng.randint(10, 999)}, {name.split()[0]}",
                    "sessions_per_year": rng.choice([52, 104, 156, 250, 300]),
                    "remote": name in REMOTE,
                    "founded_year": rng.randint(1950, 2015),
                    "affiliated_since": date(rng.randint(1980, 2020), 1, 1),
                }
                club, created = Club.objects.get_or_create(number=base + offset, defaults=details)
                if created:
                    # The club's history starts with its creation, as the Centre's does.
                    club_creation_record(club=club, by=None, fields=("number", *details))
                clubs.append(club)
        # 1.3.3, 1.3.6: the ABF's special clubs.
        for number, name, kind in SPECIAL_CLUBS if current_scheme().code == "abf" else ():
            details = {
                "name": name,
                "kind": kind,
                "secretary_name": "Masterpoint Centre",
                "secretary_email": f"{slug(name)}@centre.example.org",
            }
            club, created = Club.objects.get_or_create(number=number, defaults=details)
            if created:
                club_creation_record(club=club, by=None, fields=("number", *details))
            clubs.append(club)
        self.stdout.write(f"Clubs: {len(clubs)}")
        return clubs

    def seed_players(self, clubs: list[Club], count: int) -> None:
        fake = Faker("en_AU")
        fake.seed_instance(2025)
        rng = random.Random(2025)
        ordinary = [club for club in clubs if not club.is_special]
        youth = next((club for club in clubs if club.kind == Club.Kind.YOUTH), None)
        foreign = [club for club in clubs if club.is_special and club is not youth]
        existing = set(Player.objects.values_list("abf_number", flat=True))

        # Every player was on the register before the balances brought forward (the first
        # month of the demo's history), on a day of its own since the register opened.
        # A generator of its own, so that the players themselves are those of earlier runs.
        first_points = date(*history_months(timezone.localdate())[0], 1)
        registration_rng = random.Random(1982)
        serial = FIRST_DEMO_SERIAL
        planned: list[tuple[Player, list[Club]]] = []
        registered: dict[str, datetime] = {}
        abf = current_scheme().code == "abf"
        while len(planned) < count:
            serial += rng.randint(1, 40)
            number = abf_numbers.from_serial(serial)
            roll = rng.random()
            if roll < 0.03 and youth is not None:
                home, birth_year = youth, rng.randint(2001, 2012)
            elif roll < 0.05 and foreign:
                home, birth_year = rng.choice(foreign), rng.randint(1940, 1995)
            else:
                home, birth_year = rng.choice(ordinary), rng.randint(1930, 2000)
            status = rng.choices(
                [Player.Status.ACTIVE, Player.Status.INACTIVE, Player.Status.DECEASED],
                weights=[88, 10, 2],
            )[0]
            player = Player(
                abf_number=number,
                given_names=fake.first_name(),
                family_name=fake.last_name(),
                birth_year=birth_year if rng.random() < 0.8 else None,
                email=fake.email() if rng.random() < 0.6 else "",
                status=status,
                home_club=home if status == Player.Status.ACTIVE else None,
                pre_1982_red=rng.randint(0, 3000) if birth_year < 1950 and abf else 0,
            )
            registered[number] = self._registered_at(registration_rng, birth_year, first_points)
            alternates = []
            if status == Player.Status.ACTIVE and not home.is_special and rng.random() < 0.15:
                neighbours = [c for c in ordinary if c.state_id == home.state_id and c != home]
                alternates = rng.sample(neighbours, k=min(len(neighbours), rng.randint(1, 2)))
            planned.append((player, alternates))

        new = [(p, alts) for p, alts in planned if p.abf_number not in existing]
        if not new:
            self.stdout.write(f"Players: {len(planned)} already in place")
            return
        batch = 500
        with tqdm(total=len(new), desc="Players", unit="player", file=self.stdout) as progress:
            for start in range(0, len(new), batch):
                chunk = new[start : start + batch]
                with transaction.atomic():
                    created = Player.objects.bulk_create([p for p, _ in chunk])
                    # bulk_create stamps registered_at with now (auto_now_add): put back
                    # the planned day of registration.
                    for player in created:
                        player.registered_at = registered[player.abf_number]
                    Player.objects.bulk_update(created, ["registered_at"])
                    Alternate.objects.bulk_create(
                        Alternate(player=player, club=club)
                        for player, (_, alts) in zip(created, chunk, strict=True)
                        for club in alts
                    )
                progress.update(len(chunk))

    @staticmethod
    def _registered_at(rng: random.Random, birth_year: int, before: date) -> datetime:
        """A day of registration before `before`: from the register's opening, and not before
        the player was eight."""
        earliest = max(REGISTER_OPENED, date(birth_year + 8, 1, 1))
        latest = before - timedelta(days=1)
        if earliest > latest:
            earliest = latest
        day = earliest + timedelta(days=rng.randint(0, (latest - earliest).days))
        return datetime.combine(day, time(10), tzinfo=SYDNEY)

    @transaction.atomic
    def seed_logins(self, states: dict[str, State], clubs: list[Club]) -> list[tuple[str, str]]:
        logins: list[tuple[str, str]] = []
        # Hashed once: every demo login shares it, and a second run restores it.
        password = make_password(DEMO_PASSWORD)

        def login(username: str, description: str, **fields) -> None:
            user, _ = User.objects.get_or_create(username=username, defaults=fields)
            if user.password != password:
                User.objects.filter(pk=user.pk).update(password=password)
            logins.append((username, description))

        login(
            "staff1",
            "centre staff (also the Django admin superuser)",
            role=Role.STAFF,
            is_staff=True,
            is_superuser=True,
            email="staff1@centre.example.org",
        )
        login(
            "staff2",
            "centre staff",
            role=Role.STAFF,
            is_staff=True,
            email="staff2@centre.example.org",
        )
        if current_scheme().code == "abf":
            login(
                "gold",
                "the Goldpoint Coordinator (1.6, 7.5.1): uploads gold points",
                role=Role.GOLD_COORDINATOR,
                email="goldpoints@centre.example.org",
            )
        for code, state in states.items():
            login(
                # The region's word: state-nsw, district-nth (NZ), unit-124 (ACBL).
                f"{current_scheme().region_name}-{code.lower()}",
                f"{state.name} {current_scheme().region_name} masterpoint secretary",
                role=Role.STATE_SECRETARY,
                state=state,
                email=f"masterpoints@{code.lower()}.example.org",
            )
        for code, state in states.items():
            login(
                f"org-{code.lower()}",
                f"a tournament organiser nominated by {state.name}"
                + (" (5.4.1)" if current_scheme().code == "abf" else ""),
                role=Role.ORGANISER,
                state=state,
                email=f"tournaments@{code.lower()}.example.org",
            )
        # 1.3.6: the ABF's Youth Players' Club and its coordinator.
        youth = next((club for club in clubs if club.is_youth_club), None)
        if youth is not None:
            login(
                "youth",
                "the Youth Coordinator: the Youth Players' Club's members (1.3.6)",
                role=Role.CLUB_SECRETARY,
                club=youth,
                email="youth@centre.example.org",
            )
        for club in clubs:
            if club.is_special:
                continue
            login(
                f"club{club.number}",
                f"masterpoint secretary of {club.name} ({club.state})",
                role=Role.CLUB_SECRETARY,
                club=club,
                email=club.secretary_email,
            )
        return logins

    def print_logins(self, logins: list[tuple[str, str]]) -> None:
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS(f"Demo logins (every password is {DEMO_PASSWORD}):"))
        for username, description in logins:
            self.stdout.write(f"  {username:<10} {description}")
