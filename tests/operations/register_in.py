"""What the register import's tests share: a small register made in the portal (every kind of
line the national files carry), its files written out, the portal emptied, an import run."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from awards.ledger.models import Credit, Event, PlayerTotals
from awards.ledger.selectors import player_totals_from_ledger
from centre.models import Period, Role, User
from clubs.models import Club, State
from operations.register_in.layouts import register_write
from operations.register_in.services import ImportResult, register_import
from players import abf_numbers
from players.models import Alternate, Player

NUMBERS = [abf_numbers.from_serial(serial) for serial in range(748800, 748830)]


def staff_login(username: str = "switchover") -> User:
    return User.objects.create(username=username, role=Role.STAFF, is_staff=True)


def _month(back: int) -> tuple[int, int]:
    """The month `back` months before this one."""
    today = timezone.localdate()
    index = today.year * 12 + today.month - 1 - back
    return index // 12, index % 12 + 1


def small_register(staff: User) -> dict:
    """States, clubs (ordinary, special, not affiliated), players (active, inactive with
    accents, deceased with awards, pre-1982 red), alternates, two closed months and an open
    one, a club event, balances brought forward, a correction, provisional credits, totals
    kept from the ledger and ranks."""
    nsw = State.objects.create(code="NSW", name="New South Wales")
    vic = State.objects.create(code="VIC", name="Victoria")
    north = Club.objects.create(
        number=201,
        name="North Shore Bridge Club",
        state=nsw,
        affiliated_since=date(1975, 3, 1),
        sessions_per_year=156,
        remote=False,
        founded_year=1974,
    )
    bush = Club.objects.create(number=305, name="Mildura Bridge Club", state=vic, remote=True)
    Club.objects.create(number=306, name="Old Club, closed", state=vic, affiliated=False)
    Club.objects.create(number=9001, name="Foreign Players", kind=Club.Kind.FOREIGN)
    players = []
    for index, number in enumerate(NUMBERS[:12]):
        players.append(
            Player.objects.create(
                abf_number=number,
                given_names=["Zoë", "Ann", "Bob", "Chen"][index % 4],
                family_name=["Ångström", "Smith", "O'Neill", "Nguyen"][index % 4] + str(index),
                home_club=north if index % 2 else bush,
                rank_order=index % 3,
                pre_1982_red=12_50 if index == 3 else 0,
            )
        )
    players[5].status = Player.Status.INACTIVE
    players[5].home_club = None
    players[5].save()
    gone = Player.objects.create(
        abf_number=NUMBERS[20],
        given_names="Late",
        family_name="Player",
        status=Player.Status.DECEASED,
    )
    Alternate.objects.create(player=players[0], club=north)
    Alternate.objects.create(player=players[1], club=bush)
    old, last, now = _month(3), _month(2), _month(1)
    periods = [
        Period.objects.create(
            year=y,
            month=m,
            status=Period.Status.CLOSED,
            closed_at=timezone.now(),
            closed_by=staff,
            close_step="closed",
        )
        for y, m in (old, last)
    ]
    periods.append(Period.objects.create(year=now[0], month=now[1]))
    day = date(*old, 1)
    balances = {
        colour: Event.objects.create(
            organiser=Event.Organiser.NATIONAL,
            name=f"{colour.capitalize()} points brought forward from the previous register",
            starts_on=day,
            ends_on=day,
            grade=grade,
            of_the_year=False,
            created_by=staff,
        )
        for colour, grade in (("green", "E"), ("red", "B"))
    }
    session = Event.objects.create(
        organiser=Event.Organiser.CLUB,
        club=north,
        state=nsw,
        name="Monday Pairs, a long name that the fixed-width file cuts at sixty columns",
        starts_on=date(*last, 7),
        ends_on=date(*last, 7),
        grade="E",
        created_by=staff,
    )

    def credit(player, event, colour, points, period, **extra):
        return Credit.objects.create(
            player=player,
            event=event,
            colour=colour,
            points=points,
            period=period,
            uploaded_by=staff,
            source=extra.pop("source", Credit.Source.FILE),
            state=extra.pop("state", Credit.State.APPROVED),
            **extra,
        )

    for index, player in enumerate([*players, gone]):
        credit(
            player,
            balances["green"],
            "green",
            100_00 + index * 731,
            periods[0],
            source=Credit.Source.ADJUSTMENT,
            reason="opening balance",
        )
        if index % 3 == 0:
            credit(
                player,
                balances["red"],
                "red",
                5_00 * (index + 1),
                periods[0],
                source=Credit.Source.ADJUSTMENT,
                reason="opening balance",
            )
    for index, player in enumerate(players[:8]):
        credit(player, session, "green", 90 - index * 7, periods[1])
    credit(
        players[2],
        session,
        "green",
        -20,
        periods[2],
        source=Credit.Source.ADJUSTMENT,
        reason="scoring error",
        state=Credit.State.PROVISIONAL,
    )
    credit(players[9], session, "green", 45, periods[2], state=Credit.State.PROVISIONAL)
    _totals_from_ledger()
    return {"players": players, "gone": gone, "clubs": (north, bush), "periods": periods}


def _totals_from_ledger() -> None:
    rows: dict[tuple, PlayerTotals] = {}
    for (player_id, year, brought_forward, name), points in player_totals_from_ledger().items():
        kind, state = name.rsplit("_", 1)
        row = rows.setdefault(
            (player_id, year, brought_forward, kind),
            PlayerTotals(
                player_id=player_id, year=year, brought_forward=brought_forward, kind=kind
            ),
        )
        setattr(row, state, points)
    PlayerTotals.objects.bulk_create(rows.values())


def files_of(directory: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir()) if path.is_file()}


def write_register(directory: Path) -> dict[str, bytes]:
    from centre.schemes import current_scheme

    directory.mkdir(parents=True, exist_ok=True)
    register_write(directory, current_scheme())
    return files_of(directory)


def empty_portal() -> User:
    """Every table emptied (a new portal on switch-over day); a staff login to import with."""
    if connection.vendor == "postgresql":
        # The foreign keys are checked at commit: checked now, so that the tables can be
        # truncated inside the test's transaction.
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, verbosity=0)
    return staff_login()


def run_import(directory: Path, staff: User, *, dry_run: bool = False, out=None) -> ImportResult:
    return register_import(
        directory=directory, by=staff, dry_run=dry_run, out=out or directory.parent / "out"
    )


def table_counts() -> dict[str, int]:
    from clubs.models import ClubChange
    from players.models import PlayerChange

    return {
        model.__name__: model.objects.count()
        for model in (
            State,
            Club,
            ClubChange,
            Player,
            PlayerChange,
            Alternate,
            Event,
            Credit,
            Period,
            PlayerTotals,
        )
    }


# --- files written by hand, line by line ----------------------------------------------------

BLANK = {"status": "A", "rank": 0, "rank_name": "", "green": 0, "red": 0, "gold": 0, "total": 0}


def txt_line(slug: str, **values: object) -> bytes:
    """One fixed-width line of a national file (operations.national_files), as it writes it."""
    from operations.national_files import BY_SLUG, fixed_width

    national = BY_SLUG[slug]
    given = {**(BLANK if slug == "players" else {}), **values}
    text = "".join(fixed_width(given.get(f.name, ""), f) for f in national.fields)
    return (text + "\r\n").encode("ascii")


def player_line(number: str, family: str, club: int = 201, **values: object) -> bytes:
    points = {kind: values.get(kind, 0) for kind in ("green", "red", "gold")}
    values.setdefault("total", sum(points.values()))
    return txt_line(
        "players",
        abf_number=number,
        family_name=family,
        given_names=values.pop("given_names", "Pat"),
        home_club=club,
        **values,
    )


def club_line(
    number: int = 201,
    name: str = "North Shore Bridge Club",
    state: str = "NSW",
    kind: str = "ordinary",
) -> bytes:
    return txt_line("clubs", club=number, name=name, state=state, kind=kind)


def write_lines(directory: Path, files: dict[str, list[bytes]]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, lines in files.items():
        (directory / name).write_bytes(b"".join(lines))
    return directory


def entries(result: ImportResult, label: str, outcome: str) -> list[tuple[int, str]]:
    report = result.report.files[label]
    return [(e.first, e.detail) for e in report.entries if e.outcome == outcome]
