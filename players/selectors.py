"""Reads of the registry that are more than one line, and who may see which player."""

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet

from centre.models import User
from clubs.models import Club
from players import abf_numbers
from players.models import Player

SEARCH_LIMIT = 100
SEARCHED_STATUSES = (Player.Status.ACTIVE, Player.Status.INACTIVE)


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
        raise ValidationError({"q": "Type an ABF number or part of a name to search for."})
    players = Player.objects.filter(status__in=statuses).select_related("home_club")
    if text.isascii() and text.isdigit():
        number = abf_numbers.normalise(text)
        problem = abf_numbers.validation_error(number)
        if problem:
            raise ValidationError({"q": problem})
        return players.filter(abf_number=number)
    if len(text) < 2:
        raise ValidationError({"q": "Type at least two letters of a name."})
    for word in text.split(" "):
        players = players.filter(Q(family_name__icontains=word) | Q(given_names__icontains=word))
    return players.order_by("family_name", "given_names", "abf_number")[:limit]


def player_likely_duplicates(
    *, given_names: str, family_name: str, birth_year: int | None
) -> QuerySet[Player]:
    """Registered players with the same name and birth year (App. C 1: never a second number).

    A record with no birth year, or a new player given none, still matches on the name alone.
    """
    players = Player.objects.filter(
        given_names__iexact=given_names, family_name__iexact=family_name
    ).select_related("home_club")
    if birth_year is not None:
        players = players.filter(Q(birth_year=birth_year) | Q(birth_year__isnull=True))
    return players.order_by("abf_number")


def player_by_abf_number(*, number: str, field: str = "abf_number") -> Player:
    """The player with this ABF number, or a ValidationError saying why there is none."""
    normalised = abf_numbers.normalise(str(number or ""))
    if not normalised:
        raise ValidationError({field: "Give the player's ABF number."})
    problem = abf_numbers.validation_error(normalised)
    if problem:
        raise ValidationError({field: problem})
    player = Player.objects.select_related("home_club").filter(abf_number=normalised).first()
    if player is None:
        raise ValidationError({field: f"No player has the ABF number {normalised}."})
    return player


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
