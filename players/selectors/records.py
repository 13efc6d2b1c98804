"""Players found: by number or name, their likely duplicates, the lookup's one read, a club's
members and alternates, and who may see which player and which of its history."""

import functools
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import connection, connections, router
from django.db.models import Q, QuerySet

from centre import params
from centre.errors import DomainError, NotFound
from centre.models import User
from centre.schemes import number_name
from clubs.models import Club
from players import abf_numbers
from players.models import Player, PlayerChange

SEARCH_LIMIT = 100
# The most rows a club's list of its members shows at once when asked for fewer (`?limit=`,
# 1 to this): more than any club has members. Without a limit the list is whole.
CLUB_LIST_LIMIT = 5000
SEARCHED_STATUSES = (Player.Status.ACTIVE, Player.Status.INACTIVE)


def _refused(field: str, message: str) -> DomainError:
    return DomainError(message, fields={field: [message]})


def player_search(
    *,
    query: str,
    statuses: tuple[str, ...] = SEARCHED_STATUSES,
    limit: int = SEARCH_LIMIT,
) -> QuerySet[Player]:
    """Actives and inactives by ABF number, or by any part of a name (App. C; guide F6.1).

    Digits alone are an ABF number, exact, with or without its leading zeros. Anything else
    is words, each of which must appear in the given names or the family name, ignoring case:
    "ann smi" finds Joanne Smith. On PostgreSQL trigram indexes serve these `icontains`
    (players migration 0003); elsewhere the b-tree indexes on the names and a scan.
    """
    text = " ".join((query or "").split())
    if not text:
        raise _refused("q", f"Type an {number_name()} or part of a name to search for.")
    players = Player.objects.filter(status__in=statuses).select_related("home_club")
    if text.isascii() and text.isdigit():
        number = abf_numbers.normalise(text)
        problem = abf_numbers.validation_error(number)
        if problem:
            raise _refused("q", problem)
        return players.filter(abf_number=number)
    if len(text) < 2:
        raise _refused("q", "Type at least two letters of a name.")
    for word in text.split(" "):
        players = players.filter(Q(family_name__icontains=word) | Q(given_names__icontains=word))
    return players.order_by("family_name", "given_names", "abf_number")[:limit]


def player_fingerprint(player: Player) -> str:
    """What the public pages show of a player and their home club, as one short string: a
    page kept under it is built again as soon as any of it changes."""
    club = player.home_club
    shown = (
        player.abf_number,
        player.given_names,
        player.family_name,
        player.status,
        player.rank_order,
        player.pre_1982_red,
        club.number if club else None,
        club.name if club else None,
    )
    return hashlib.sha256(repr(shown).encode()).hexdigest()[:24]


def player_likely_duplicates(
    *,
    given_names: str,
    family_name: str,
    birth_year: int | None,
    seen_by: User | None = None,
) -> QuerySet[Player]:
    """Registered players with the same name and birth year (App. C 1: never a second number).

    A record with no birth year, or a new player given none, still matches on the name alone.
    For a login (`seen_by`), the birth year narrows only the players it may read in full:
    another club's player matches on the name alone, so that whether it matches never tells
    its birth year.
    """
    players = Player.objects.filter(
        given_names__iexact=given_names, family_name__iexact=family_name
    ).select_related("home_club")
    if birth_year is not None:
        same_year = Q(birth_year=birth_year) | Q(birth_year__isnull=True)
        if seen_by is not None and not seen_by.is_centre_staff:
            same_year |= ~Q(pk__in=players_visible_to(user=seen_by).values("pk"))
        players = players.filter(same_year)
    return players.order_by("abf_number")


def duplicate_described(*, player: Player, seen_by: User | None) -> str:
    """One likely duplicate in a refusal: the public record, and the birth year only to a
    login that may read the player in full."""
    shown = [player.get_status_display().lower()]
    if player.home_club is not None:
        shown.append(player.home_club.name)
    if seen_by is None or player_is_visible_to(player=player, user=seen_by):
        shown.insert(0, str(player.birth_year or "birth year unknown"))
    return f"{player.abf_number} {player.full_name} ({', '.join(shown)})"


def _an(name: str) -> str:
    # "an ABF number", "an NZB number", "an ACBL player number", "a player number": the
    # federations' initialisms are read letter by letter.
    return f"an {name}" if name[:1] in "AEFHILMNORSX" else f"a {name}"


def player_number_checked(number: str) -> str:
    """A player's number as an address gives it, or a 404 saying what is wrong with its form
    ("abc is not a player number: an NZB number has 7 digits ..."). Whether a player has it is
    for the caller, who knows what the reader may see (`player_missing`)."""
    if not (number.isascii() and number.isdigit()) or len(number) != 7:
        raise NotFound(
            f"{_shown(number)} is not a player number: {_an(number_name())} has 7 digits, "
            "the last a check digit."
        )
    return number


def _shown(number: str) -> str:
    return number if len(number) <= 20 else f"{number[:20]}\u2026"


def player_missing(number: str, message: str) -> NotFound:
    """The 404 for a well-formed number that finds no player the reader may see: a wrong
    check digit says so (the record is looked up first, so a number the registry took in
    before check digits is still found), anything else `message`."""
    if not abf_numbers.is_valid(number):
        return NotFound(f"{_shown(number)} is not a player number: its check digit is wrong.")
    return NotFound(message)


def player_public(*, number: str) -> Player:
    """The player with this number, for the public lookup (1.4.4), which shows any player's
    record: a 404 says what is wrong with the number, or that no player has it."""
    player_number_checked(number)
    player = player_with_home_club(number=number)
    if player is None:
        raise no_public_player(number)
    return player


def no_public_player(number: str) -> NotFound:
    """The public record's 404 for a number no player has (or with a wrong check digit)."""
    return player_missing(number, f"No player has the {number_name()} {number}.")


@functools.cache
def player_with_home_club_sql() -> str:
    """The select of the player whose number is its one parameter, with the home club: the
    player's concrete fields, then the club's, as `player_from_row` reads them."""
    quoted = connection.ops.quote_name
    columns = [f"p.{quoted(f.column)}" for f in Player._meta.concrete_fields]
    columns += [f"c.{quoted(f.column)}" for f in Club._meta.concrete_fields]
    home_club = quoted(Player._meta.get_field("home_club").column)
    number = quoted(Player._meta.get_field("abf_number").column)
    return (
        f"SELECT {', '.join(columns)} FROM {quoted(Player._meta.db_table)} AS p "  # noqa: S608
        f"LEFT JOIN {quoted(Club._meta.db_table)} AS c "
        f"ON c.{quoted(Club._meta.pk.column)} = p.{home_club} WHERE p.{number} = %s"
    )


def player_row_width() -> int:
    """The columns of a row of player_with_home_club_sql()."""
    return len(Player._meta.concrete_fields) + len(Club._meta.concrete_fields)


def player_from_row(alias: str, row: Sequence) -> Player:
    """The player of a row of player_with_home_club_sql(), with the home club, read from the
    database `alias`."""
    fields = Player._meta.concrete_fields
    player = Player.from_db(alias, [f.attname for f in fields], row[: len(fields)])
    club = row[len(fields) : player_row_width()]
    if club[0] is not None:
        player.home_club = Club.from_db(
            alias, [f.attname for f in Club._meta.concrete_fields], club
        )
    return player


def player_with_home_club(*, number: str) -> Player | None:
    """The player with this number and the home club, or None: the public record's every
    request reads it, so in a statement written once rather than compiled by the ORM at each
    request (0.6 ms of CPU, six times the read), from the database the router names."""
    alias = router.db_for_read(Player)
    with connections[alias].cursor() as cursor:
        cursor.execute(player_with_home_club_sql(), [number])
        row = cursor.fetchone()
    return None if row is None else player_from_row(alias, row)


def player_visible(*, user: User, number: str) -> Player:
    """The player, if this login may read the full record; otherwise a 404 that is the same
    whether the player is another club's or there is none (docs/security.md)."""
    player_number_checked(number)
    player = players_visible_to(user=user).filter(abf_number=number).first()
    if player is None:
        raise player_missing(number, no_player_visible(number))
    return player


def no_player_visible(number: str) -> str:
    # The same words for another club's player and a number nobody has; not even the number
    # typed is repeated (docs/security.md: a hidden record's page shows nothing of it).
    return "No player with this number is among the players this login may read."


def player_by_abf_number(*, number: str, field: str = "abf_number") -> Player:
    """The player with this ABF number, or a refusal naming `field` and saying why not."""
    normalised = abf_numbers.normalise(str(number or ""))
    if not normalised:
        raise _refused(field, f"Give the player's {number_name()}.")
    problem = abf_numbers.validation_error(normalised)
    if problem:
        raise _refused(field, problem)
    player = Player.objects.select_related("home_club").filter(abf_number=normalised).first()
    if player is None:
        raise _refused(field, f"No player has the {number_name()} {normalised}.")
    return player


def club_list_limit(value: str | None) -> int | None:
    """`?limit=` of a club's list: None when it is not given (the whole list), otherwise a
    whole number from 1 to CLUB_LIST_LIMIT, or a refusal naming `limit`."""
    if value is None or not value.strip():
        return None
    return params.whole_number(value, name="limit", minimum=1, maximum=CLUB_LIST_LIMIT)


def club_members(*, club: Club) -> QuerySet[Player]:
    """The club's home members: its active players (App. C i)."""
    return Player.objects.filter(home_club=club, status=Player.Status.ACTIVE).order_by(
        "family_name", "given_names", "abf_number"
    )


def club_alternates(*, club: Club) -> QuerySet[Player]:
    """The players the club asked to include in its reports (App. C ii).

    Deceased players are removed from all reports (App. C 6).
    """
    return (
        Player.objects.filter(alternates__club=club)
        .exclude(status=Player.Status.DECEASED)
        .select_related("home_club")
        .order_by("family_name", "given_names", "abf_number")
    )


@dataclass(frozen=True)
class ReportRow:
    abf_number: str
    family_name: str
    given_names: str
    membership: str
    status: str
    home_club: str


def club_report(*, club: Club, limit: int | None = None) -> list[ReportRow]:
    """The club's home members, then its alternates (App. C i, ii; guide F6.3); the first
    `limit` of them when a limit is given.

    Only the public fields: the alternates are other clubs' members.
    """
    members = club_members(club=club)
    rows = [
        ReportRow(p.abf_number, p.family_name, p.given_names, "Home", "Active", club.name)
        for p in (members if limit is None else members[:limit])
    ]
    if limit is not None and len(rows) >= limit:
        return rows
    alternates = club_alternates(club=club)
    rows += [
        ReportRow(
            p.abf_number,
            p.family_name,
            p.given_names,
            "Alternate",
            p.get_status_display(),
            p.home_club.name if p.home_club else "",
        )
        for p in (alternates if limit is None else alternates[: limit - len(rows)])
    ]
    return rows


def club_report_count(*, club: Club) -> int:
    """How many rows the club's whole report has: its home members and alternates."""
    return club_members(club=club).count() + club_alternates(club=club).count()


def players_visible_to(*, user: User) -> QuerySet[Player]:
    """The players whose full record a login may read.

    A club secretary: the club's home members. A state secretary: the home members of the
    state's clubs. Staff: everyone. Others are seen only through the search's public fields.
    """
    players = Player.objects.select_related("home_club")
    if user.is_centre_staff:
        return players
    if user.is_club_secretary:
        return players.filter(home_club_id=user.club_id)
    if user.is_state_secretary:
        return players.filter(home_club__state_id=user.state_id)
    return players.none()


def player_is_visible_to(*, player: Player, user: User) -> bool:
    if user.is_centre_staff:
        return True
    if user.is_club_secretary:
        return player.home_club_id is not None and player.home_club_id == user.club_id
    if user.is_state_secretary:
        return player.home_club is not None and player.home_club.state_id == user.state_id
    return False


def player_history_visible_to(*, player: Player, user: User) -> list[PlayerChange]:
    """The changes of a player's record a login may read, newest first.

    The whole history for whoever reads the player in full (the home club, its state, the
    centre). A club the player has left keeps the history of the time the player was its home
    member, up to and including the change that ended it (a transfer out, with who made it and
    when), and nothing after it. Anyone else: nothing.
    """
    changes = list(player.changes.select_related("by", "club"))
    if player_is_visible_to(player=player, user=user):
        return changes
    if not user.is_club_secretary or user.club is None:
        return []
    number = user.club.number
    # Walk back from now: the home club after each change is the one before the next.
    home_after = player.home_club.number if player.home_club else None
    shown = []
    for change in changes:
        moved = change.changes.get("home_club") if isinstance(change.changes, dict) else None
        home_before = moved[0] if isinstance(moved, list) and moved else home_after
        if number in (home_before, home_after):
            shown.append(change)
        home_after = home_before
    return shown
