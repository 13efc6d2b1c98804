"""The demo's players: numbered by the registry's serials, with a home club (a few in the
ABF's Youth Players' and foreign players' clubs), some with alternates, each registered on a
day of its own before the demo's first points."""

import random
from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.utils import timezone
from faker import Faker
from tqdm import tqdm

from centre.schemes import current_scheme
from clubs.models import Club
from operations.demo.history import history_months
from players import abf_numbers
from players.models import Alternate, Player
from scheme.base import PRE_1982

PLAYERS = 3000
FIRST_DEMO_SERIAL = 10000
# The first year of the register's ABF numbers (1.8 notes: points won before 1982).
REGISTER_OPENED = date(1982, 1, 1)


def seed_players(out, clubs: list[Club], count: int) -> None:
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
    # 1.8 notes: red points won before 1982, under a scheme that keeps them on the player.
    pre_1982 = current_scheme().has(PRE_1982)
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
            pre_1982_red=rng.randint(0, 3000) if birth_year < 1950 and pre_1982 else 0,
        )
        registered[number] = _registered_at(registration_rng, birth_year, first_points)
        alternates = []
        if status == Player.Status.ACTIVE and not home.is_special and rng.random() < 0.15:
            neighbours = [c for c in ordinary if c.state_id == home.state_id and c != home]
            alternates = rng.sample(neighbours, k=min(len(neighbours), rng.randint(1, 2)))
        planned.append((player, alternates))

    new = [(p, alts) for p, alts in planned if p.abf_number not in existing]
    if not new:
        out.write(f"Players: {len(planned)} already in place")
        return
    batch = 500
    with tqdm(total=len(new), desc="Players", unit="player", file=out) as progress:
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


def _registered_at(rng: random.Random, birth_year: int, before: date) -> datetime:
    """A day of registration before `before`: from the register's opening, and not before
    the player was eight."""
    earliest = max(REGISTER_OPENED, date(birth_year + 8, 1, 1))
    latest = before - timedelta(days=1)
    if earliest > latest:
        earliest = latest
    day = earliest + timedelta(days=rng.randint(0, (latest - earliest).days))
    return datetime.combine(day, time(10), tzinfo=current_scheme().zone)
