"""Every change to a player's record: the club secretary's tasks (App. C; NSW guide F6) and the
yearly updates (1.3.2, 1.3.6).

Each service is atomic, re-reads the player under a row lock, checks the scheme's rules, writes
one PlayerChange per player (who, when, what changed as {field: [old, new]}) and, once the
transaction commits, queues the confirmation email to the club's masterpoint secretary
("All changes made are confirmed by an email sent from the MPC", guide F6).

A refused change raises django.core.exceptions.ValidationError naming the rule, and changes
nothing.
"""

from collections import defaultdict
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction

from centre.models import User
from clubs.models import Club
from players import abf_numbers, calendar, tasks
from players.calendar import SCHEME_TZ, cancellation_deadline, cancellation_window_is_open
from players.models import (
    AbfNumberSequence,
    Alternate,
    Player,
    PlayerChange,
)
from players.selectors import player_likely_duplicates

# Serials below this were issued before the portal; the sequence starts above them.
FIRST_SERIAL = 100000
# The oldest birth year the registry accepts; anything earlier is a typing mistake.
EARLIEST_BIRTH_YEAR = 1900
# 1.3.6: members of the Youth Players' Club are under 26 on 1 January.
YOUTH_AGE_LIMIT = 26

DETAIL_FIELDS = ("given_names", "family_name", "birth_year", "email")
STAFF_ONLY_FIELDS = ("pre_1982_red",)


@transaction.atomic
def abf_numbers_issue(*, count: int = 1) -> list[str]:
    """Reserve the next `count` ABF numbers; concurrent callers never get the same one."""
    sequence, _ = AbfNumberSequence.objects.get_or_create(
        pk=1, defaults={"next_serial": FIRST_SERIAL}
    )
    # The row lock is held until the caller's transaction commits, so a second registration
    # waits here and then reads the advanced serial.
    sequence = AbfNumberSequence.objects.select_for_update().get(pk=sequence.pk)
    serial = sequence.next_serial
    issued: list[str] = []
    while len(issued) < count:
        if serial > 999999:
            raise RuntimeError("ABF numbers are exhausted")
        number = abf_numbers.from_serial(serial)
        serial += 1
        # A number already on the register (entered before the portal) is never reissued.
        if number is not None and not Player.objects.filter(abf_number=number).exists():
            issued.append(number)
    sequence.next_serial = serial
    sequence.save(update_fields=["next_serial"])
    return issued


# --- helpers -------------------------------------------------------------------------------


def _now(now: datetime | None) -> datetime:
    return now if now is not None else calendar.now()


def _locked(player: Player) -> Player:
    # of=("self",): PostgreSQL cannot lock the nullable side of the home club's outer join.
    return (
        Player.objects.select_for_update(of=("self",)).select_related("home_club").get(pk=player.pk)
    )


def _club_ref(club: Club | None) -> int | None:
    return club.number if club is not None else None


def _record(
    *,
    player: Player,
    by: User | None,
    club: Club | None,
    action: str,
    changes: dict[str, list[Any]],
    notify: bool = True,
) -> PlayerChange:
    change = PlayerChange.objects.create(
        player=player, by=by, club=club, action=action, changes=changes
    )
    if notify and club is not None:
        change_id = change.pk
        transaction.on_commit(lambda: tasks.player_change_confirm.delay(change_id))
    return change


def _clean_name(value: Any, field: str, label: str) -> str:
    cleaned = " ".join(str(value or "").split())
    if not cleaned:
        raise ValidationError({field: f"{label} cannot be empty or only spaces."})
    if len(cleaned) > 80:
        raise ValidationError({field: f"{label} can be at most 80 characters."})
    return cleaned


def _clean_birth_year(value: Any, *, now: datetime) -> int | None:
    if value in (None, ""):
        return None  # App. C 1: the year of birth is optional.
    try:
        year = int(value)
    except (TypeError, ValueError):
        raise ValidationError({"birth_year": f"{value!r} is not a year."}) from None
    this_year = now.astimezone(SCHEME_TZ).year
    if not EARLIEST_BIRTH_YEAR <= year <= this_year:
        raise ValidationError(
            {
                "birth_year": f"A birth year must be between {EARLIEST_BIRTH_YEAR} and "
                f"{this_year}; {year} is impossible."
            }
        )
    return year


def _clean_email(value: Any) -> str:
    cleaned = str(value or "").strip()
    if cleaned:
        try:
            validate_email(cleaned)
        except ValidationError:
            raise ValidationError({"email": f"{cleaned!r} is not an email address."}) from None
    return cleaned


def _clean_details(data: dict[str, Any], *, now: datetime) -> dict[str, Any]:
    cleaned: dict[str, Any] = {}
    if "given_names" in data:
        cleaned["given_names"] = _clean_name(data["given_names"], "given_names", "Given names")
    if "family_name" in data:
        cleaned["family_name"] = _clean_name(data["family_name"], "family_name", "Family name")
    if "birth_year" in data:
        cleaned["birth_year"] = _clean_birth_year(data["birth_year"], now=now)
    if "email" in data:
        cleaned["email"] = _clean_email(data["email"])
    if "pre_1982_red" in data:
        value = data["pre_1982_red"]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValidationError(
                {"pre_1982_red": "Pre-1982 red points are whole hundredths, zero or more."}
            )
        cleaned["pre_1982_red"] = value
    return cleaned


def _require_home_member(player: Player, club: Club, what: str) -> None:
    if player.status != Player.Status.ACTIVE or player.home_club_id != club.pk:
        raise ValidationError(
            f"{player.abf_number} {player.full_name} is not a home member of {club.name}; "
            f"only a club's own home members can be {what}."
        )


def _drop_alternate(player: Player, club: Club) -> list[int]:
    """A player whose home club becomes `club` stops being its alternate (App. C i, ii)."""
    deleted, _ = Alternate.objects.filter(player=player, club=club).delete()
    return [club.number] if deleted else []


# --- the secretary's tasks -----------------------------------------------------------------


@transaction.atomic
def player_register(
    *,
    club: Club,
    by: User | None,
    given_names: str,
    family_name: str,
    birth_year: int | str | None = None,
    email: str = "",
    confirmed_never_registered: bool,
    duplicates_reviewed: bool = False,
    now: datetime | None = None,
) -> Player:
    """Issue a new ABF number to a person never registered before (App. C 1; guide F6.2)."""
    now = _now(now)
    if not confirmed_never_registered:
        # App. C: "Only if you're sure the new player hasn't had a prior registration ...
        # check the box confirming that you have checked for an existing registration first."
        raise ValidationError(
            {
                "confirmed_never_registered": "Search the actives and inactives first, and "
                "confirm that this person has never had an ABF number."
            }
        )
    details = _clean_details(
        {
            "given_names": given_names,
            "family_name": family_name,
            "birth_year": birth_year,
            "email": email,
        },
        now=now,
    )
    duplicates = list(
        player_likely_duplicates(
            given_names=details["given_names"],
            family_name=details["family_name"],
            birth_year=details["birth_year"],
        )
    )
    if duplicates and not duplicates_reviewed:
        listed = "; ".join(
            f"{p.abf_number} {p.full_name} ({p.birth_year or 'birth year unknown'}, "
            f"{p.get_status_display().lower()})"
            for p in duplicates
        )
        raise ValidationError(
            {
                "duplicates_reviewed": f"Likely already registered: {listed}. Reactivate or "
                "transfer that player instead, or confirm that none of them is this person."
            }
        )
    (number,) = abf_numbers_issue(count=1)
    player = Player.objects.create(
        abf_number=number, status=Player.Status.ACTIVE, home_club=club, **details
    )
    changes: dict[str, list[Any]] = {"abf_number": [None, number], "home_club": [None, club.number]}
    changes.update({field: [None, value] for field, value in details.items() if value})
    _record(player=player, by=by, club=club, action="register", changes=changes)
    return player


@transaction.atomic
def player_update(
    *,
    player: Player,
    by: User | None,
    club: Club | None,
    data: dict[str, Any],
    now: datetime | None = None,
) -> Player:
    """Edit a player's details; never the ABF number (guide F6.1).

    `club` is the club making the change, which must be the player's home club; centre staff
    act with no club and may also correct the pre-1982 red points (1.8 notes).
    """
    now = _now(now)
    allowed = DETAIL_FIELDS + (STAFF_ONLY_FIELDS if club is None else ())
    if "abf_number" in data:
        raise ValidationError({"abf_number": "An ABF number is kept for life; it cannot change."})
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ValidationError({name: "This field cannot be changed here." for name in unknown})
    player = _locked(player)
    if club is not None:
        _require_home_member(player, club, "edited")
    elif player.status == Player.Status.DECEASED:
        raise ValidationError(f"{player.abf_number} {player.full_name} is deceased.")
    cleaned = _clean_details(data, now=now)
    changes = {
        field: [getattr(player, field), value]
        for field, value in cleaned.items()
        if getattr(player, field) != value
    }
    if not changes:
        return player
    for field, (_, value) in changes.items():
        setattr(player, field, value)
    player.save(update_fields=list(changes))
    _record(
        player=player,
        by=by,
        club=club or player.home_club,
        action="update",
        changes=changes,
    )
    return player


@transaction.atomic
def player_transfer(*, player: Player, club: Club, by: User | None) -> Player:
    """Make `club` the home club of an active player registered elsewhere (guide F6.1)."""
    player = _locked(player)
    if player.status != Player.Status.ACTIVE:
        raise ValidationError(
            f"{player.abf_number} {player.full_name} is {player.get_status_display().lower()}: "
            "only an active player can be transferred"
            + (" (use Reactivate instead)." if player.status == Player.Status.INACTIVE else ".")
        )
    if player.home_club_id == club.pk:
        raise ValidationError(
            f"{player.abf_number} {player.full_name} is already a home member of {club.name}."
        )
    previous = player.home_club
    changes: dict[str, list[Any]] = {"home_club": [_club_ref(previous), club.number]}
    if player.cancellation_requested_at is not None:
        # The old home club's cancellation request does not follow the player to a new club.
        changes["cancellation_requested_at"] = [
            player.cancellation_requested_at.isoformat(),
            None,
        ]
        player.cancellation_requested_at = None
    if _drop_alternate(player, club):
        changes["alternate_clubs"] = [[club.number], []]
    player.home_club = club
    player.save(update_fields=["home_club", "cancellation_requested_at"])
    _record(player=player, by=by, club=club, action="transfer", changes=changes)
    return player


@transaction.atomic
def player_reactivate(*, player: Player, club: Club, by: User | None) -> Player:
    """Bring an inactive player back; the reactivating club becomes home (1.3.2; App. C 2)."""
    player = _locked(player)
    if player.status != Player.Status.INACTIVE:
        reason = (
            "transfer the player or add them as an alternate instead"
            if player.status == Player.Status.ACTIVE
            else "a deceased player's record is closed"
        )
        raise ValidationError(
            f"{player.abf_number} {player.full_name} is {player.get_status_display().lower()}: "
            f"only an inactive player can be reactivated; {reason}."
        )
    changes: dict[str, list[Any]] = {
        "status": [player.status, Player.Status.ACTIVE.value],
        "home_club": [_club_ref(player.home_club), club.number],
    }
    if _drop_alternate(player, club):
        changes["alternate_clubs"] = [[club.number], []]
    player.status = Player.Status.ACTIVE
    player.home_club = club
    player.save(update_fields=["status", "home_club"])
    _record(player=player, by=by, club=club, action="reactivate", changes=changes)
    # 1.3.2: points held while inactive are credited for the quarter of renewal and the one
    # before it, the rest forfeited. (Imported here: the ledger builds on the registry.)
    from awards.services import held_credits_release

    held_credits_release(player=player)
    return player


@transaction.atomic
def player_mark_deceased(*, player: Player, by: User | None, club: Club | None) -> Player:
    """Record a player's death (App. C 6): never a way to cancel a membership.

    A club may do it only for its own home members; centre staff act with no club.
    """
    player = _locked(player)
    if club is not None:
        _require_home_member(player, club, "marked as deceased")
    elif player.status == Player.Status.DECEASED:
        raise ValidationError(f"{player.abf_number} {player.full_name} is already deceased.")
    changes: dict[str, list[Any]] = {
        "status": [player.status, Player.Status.DECEASED.value],
        "home_club": [_club_ref(player.home_club), None],
    }
    if player.cancellation_requested_at is not None:
        changes["cancellation_requested_at"] = [
            player.cancellation_requested_at.isoformat(),
            None,
        ]
    notify_club = club or player.home_club
    player.status = Player.Status.DECEASED
    player.home_club = None
    player.cancellation_requested_at = None
    player.save(update_fields=["status", "home_club", "cancellation_requested_at"])
    _record(player=player, by=by, club=notify_club, action="deceased", changes=changes)
    return player


@transaction.atomic
def alternate_add(*, player: Player, club: Club, by: User | None) -> Alternate:
    """Include a player of another home club in the club's reports (App. C ii; guide F6.3)."""
    player = _locked(player)
    if player.status == Player.Status.DECEASED:
        raise ValidationError(
            f"{player.abf_number} {player.full_name} is deceased and cannot be an alternate."
        )
    if player.home_club_id == club.pk:
        raise ValidationError(
            f"{player.abf_number} {player.full_name} is a home member of {club.name}; a club's "
            "home members cannot also be its alternates."
        )
    if Alternate.objects.filter(player=player, club=club).exists():
        raise ValidationError(
            f"{player.abf_number} {player.full_name} is already an alternate of {club.name}."
        )
    alternate = Alternate.objects.create(player=player, club=club)
    _record(
        player=player,
        by=by,
        club=club,
        action="alternate_add",
        changes={"alternate_clubs": [None, club.number]},
    )
    return alternate


@transaction.atomic
def alternate_remove(*, player: Player, club: Club, by: User | None) -> None:
    """A club may remove its alternates at any time (App. C ii)."""
    player = _locked(player)
    deleted, _ = Alternate.objects.filter(player=player, club=club).delete()
    if not deleted:
        raise ValidationError(
            f"{player.abf_number} {player.full_name} is not an alternate of {club.name}."
        )
    _record(
        player=player,
        by=by,
        club=club,
        action="alternate_remove",
        changes={"alternate_clubs": [club.number, None]},
    )


def _require_window_open(now: datetime) -> None:
    if not cancellation_window_is_open(now):
        local = now.astimezone(SCHEME_TZ)
        deadline = cancellation_deadline(local.year)
        raise ValidationError(
            "Cancellations can be requested or withdrawn only from 1 January until the "
            f"deadline of midday 31 March, Sydney time (1.4.2): the deadline for {local.year} "
            f"was {deadline:%d %B %Y %H:%M} and it is now {local:%d %B %Y %H:%M}. They open "
            f"again on 1 January {local.year + 1}."
        )


@transaction.atomic
def cancellation_request(
    *, player: Player, club: Club, by: User | None, now: datetime | None = None
) -> Player:
    """Ask that a home member not be renewed; it takes effect in the 1 April update (1.3.2)."""
    now = _now(now)
    _require_window_open(now)
    player = _locked(player)
    _require_home_member(player, club, "cancelled")
    if player.cancellation_requested_at is not None:
        raise ValidationError(
            f"A cancellation of {player.abf_number} {player.full_name} is already requested."
        )
    player.cancellation_requested_at = now
    player.save(update_fields=["cancellation_requested_at"])
    _record(
        player=player,
        by=by,
        club=club,
        action="cancellation_request",
        changes={"cancellation_requested_at": [None, now.isoformat()]},
    )
    return player


@transaction.atomic
def cancellation_withdraw(
    *, player: Player, club: Club, by: User | None, now: datetime | None = None
) -> Player:
    """Undo a cancellation request before the deadline (guide F6.4, Figure F-9)."""
    now = _now(now)
    _require_window_open(now)
    player = _locked(player)
    _require_home_member(player, club, "cancelled")
    if player.cancellation_requested_at is None:
        raise ValidationError(
            f"No cancellation of {player.abf_number} {player.full_name} is requested."
        )
    previous = player.cancellation_requested_at
    player.cancellation_requested_at = None
    player.save(update_fields=["cancellation_requested_at"])
    _record(
        player=player,
        by=by,
        club=club,
        action="cancellation_withdraw",
        changes={"cancellation_requested_at": [previous.isoformat(), None]},
    )
    return player


# --- the yearly updates --------------------------------------------------------------------


def _make_inactive(players: list[Player], *, by: User | None, action: str) -> dict[int, list[int]]:
    """Make each player inactive; return the player ids per former home club."""
    by_club: dict[int, list[int]] = defaultdict(list)
    for player in players:
        home = player.home_club
        changes: dict[str, list[Any]] = {
            "status": [player.status, Player.Status.INACTIVE.value],
            "home_club": [_club_ref(home), None],
        }
        if player.cancellation_requested_at is not None:
            changes["cancellation_requested_at"] = [
                player.cancellation_requested_at.isoformat(),
                None,
            ]
        player.status = Player.Status.INACTIVE
        player.home_club = None
        player.cancellation_requested_at = None
        player.save(update_fields=["status", "home_club", "cancellation_requested_at"])
        # One summary email per club, not one per player.
        _record(player=player, by=by, club=home, action=action, changes=changes, notify=False)
        if home is not None:
            by_club[home.pk].append(player.pk)
    for club_id, player_ids in by_club.items():
        transaction.on_commit(
            lambda c=club_id, p=player_ids: tasks.club_players_inactive_notify.delay(c, p, action)
        )
    return dict(by_club)


@transaction.atomic
def cancellations_apply(*, now: datetime | None = None, by: User | None = None) -> list[Player]:
    """The 1 April update: every requested cancellation takes effect (1.3.2, 1.4.2).

    Run after the deadline only, so that no club can still withdraw a request. Running it
    again finds no request left and changes nothing.
    """
    now = _now(now)
    local = now.astimezone(SCHEME_TZ)
    if local < cancellation_deadline(local.year):
        raise ValidationError(
            f"The 1 April update runs after the cancellation deadline, midday 31 March "
            f"{local.year}; it is now {local:%d %B %Y %H:%M}."
        )
    players = list(
        Player.objects.select_for_update(of=("self",))
        .select_related("home_club")
        .filter(status=Player.Status.ACTIVE, cancellation_requested_at__isnull=False)
        .order_by("pk")
    )
    _make_inactive(players, by=by, action="cancellation")
    return players


def youth_cutoff_birth_year(*, year: int) -> int:
    """The latest birth year that is out of the Youth Players' Club on 1 January `year`.

    1.3.6: members must be under 26 on 1 January, and are "de-registered at the end of the
    year in which they turn 26". With only a birth year on record, a player born in year B
    turns 26 during B + 26 and is out from 1 January B + 27: B <= year - 27.
    """
    return year - YOUTH_AGE_LIMIT - 1


@transaction.atomic
def youth_age_out(*, now: datetime | None = None, by: User | None = None) -> list[Player]:
    """Move Youth Players' Club members who are 26 or older on 1 January to inactive (1.3.6).

    Members with no birth year on record are left alone: their age is unknown. Running it
    again finds nobody left to move.
    """
    now = _now(now)
    cutoff = youth_cutoff_birth_year(year=now.astimezone(SCHEME_TZ).year)
    players = list(
        Player.objects.select_for_update(of=("self",))
        .select_related("home_club")
        .filter(
            status=Player.Status.ACTIVE,
            home_club__kind=Club.Kind.YOUTH,
            birth_year__isnull=False,
            birth_year__lte=cutoff,
        )
        .order_by("pk")
    )
    _make_inactive(players, by=by, action="youth_age_out")
    return players
