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
from clubs.models import Club, State
from operations.services import close_steps
from players import abf_numbers
from players.models import Alternate, Player
from ranks.ranking_reports import ranking_report_email_send, ranking_reports_issue
from ranks.services import promotions_run
from scheme.abf import Event as RulesEvent
from scheme.abf import Field, Kind, Session, compute_awards
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
        states = self.seed_states()
        clubs = self.seed_clubs(states)
        self.seed_players(clubs, players)
        logins = self.seed_logins(states, clubs)
        self.seed_history(clubs)
        self.seed_b4c_entitlements()
        self.print_logins(logins)

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
        invoices = quarter_invoices_issue(year=year, quarter=quarter, issued_on=today)
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
        events = {
            colour: Event.objects.create(
                organiser=Event.Organiser.NATIONAL,
                name=f"{colour.capitalize()} points brought forward from the previous register",
                starts_on=day,
                ends_on=day,
                grade=grade,
                created_by=staff,
                # Points won before the register: in the lifetime and the ranks at
                # 1 January, never in the year's standings (1.7.2).
                of_the_year=False,
            )
            for colour, grade in (("green", "E"), ("red", "B4"), ("gold", "A"))
        }
        credits = []
        for player_id in Player.objects.values_list("pk", flat=True).order_by("pk"):
            # Long-tailed, as a real register's lifetime totals are.
            amounts = {
                "green": int(rng.paretovariate(1.1) * 250) if rng.random() < 0.95 else 0,
                "red": int(rng.paretovariate(1.0) * 400) if rng.random() < 0.45 else 0,
                "gold": int(rng.paretovariate(0.9) * 150) if rng.random() < 0.12 else 0,
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
                            reason="Balance brought forward from the previous register",
                            period=period,
                            state=Credit.State.APPROVED,
                            uploaded_by=staff,
                        )
                    )
        return credits

    def _club_sessions(self, club: Club, period: Period, rng) -> list[Credit]:
        """Four weekly grade E Mitchell pairs sessions, awarded by the award engine."""
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

    @transaction.atomic
    def seed_states(self) -> dict[str, State]:
        states = {}
        for code, name, _ in STATES:
            states[code], _ = State.objects.get_or_create(code=code, defaults={"name": name})
        self.stdout.write(f"States: {len(states)}")
        return states

    @transaction.atomic
    def seed_clubs(self, states: dict[str, State]) -> list[Club]:
        rng = random.Random(1982)
        clubs = []
        for code, _, base in STATES:
            for offset, name in enumerate(CLUBS[code], start=1):
                club, _ = Club.objects.get_or_create(
                    number=base + offset,
                    defaults={
                        "name": name,
                        "state": states[code],
                        "secretary_name": f"{name.split()[0]} Masterpoint Secretary",
                        "secretary_email": f"masterpoints@{slug(name)}.example.org",
                        "postal_address": f"PO Box {rng.randint(10, 999)}, {name.split()[0]}",
                        "sessions_per_year": rng.choice([52, 104, 156, 250, 300]),
                        "remote": name in REMOTE,
                        "founded_year": rng.randint(1950, 2015),
                        "affiliated_since": date(rng.randint(1980, 2020), 1, 1),
                    },
                )
                clubs.append(club)
        for number, name, kind in SPECIAL_CLUBS:
            club, _ = Club.objects.get_or_create(
                number=number,
                defaults={
                    "name": name,
                    "kind": kind,
                    "secretary_name": "Masterpoint Centre",
                    "secretary_email": f"{slug(name)}@centre.example.org",
                },
            )
            clubs.append(club)
        self.stdout.write(f"Clubs: {len(clubs)}")
        return clubs

    def seed_players(self, clubs: list[Club], count: int) -> None:
        fake = Faker("en_AU")
        fake.seed_instance(2025)
        rng = random.Random(2025)
        ordinary = [club for club in clubs if not club.is_special]
        youth = next(club for club in clubs if club.kind == Club.Kind.YOUTH)
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
        while len(planned) < count:
            serial += rng.randint(1, 40)
            number = abf_numbers.from_serial(serial)
            if number is None:
                continue
            roll = rng.random()
            if roll < 0.03:
                home, birth_year = youth, rng.randint(2001, 2012)
            elif roll < 0.05:
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
                pre_1982_red=rng.randint(0, 3000) if birth_year < 1950 else 0,
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
        login(
            "gold",
            "the Goldpoint Coordinator (1.6, 7.5.1): uploads gold points",
            role=Role.GOLD_COORDINATOR,
            email="goldpoints@centre.example.org",
        )
        for code, state in states.items():
            login(
                f"state-{code.lower()}",
                f"{state.name} state masterpoint secretary",
                role=Role.STATE_SECRETARY,
                state=state,
                email=f"masterpoints@{code.lower()}.example.org",
            )
        for code, state in states.items():
            login(
                f"org-{code.lower()}",
                f"a tournament organiser nominated by {state.name} (5.4.1)",
                role=Role.ORGANISER,
                state=state,
                email=f"tournaments@{code.lower()}.example.org",
            )
        youth = next(club for club in clubs if club.is_youth_club)
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
