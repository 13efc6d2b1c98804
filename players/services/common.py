"""What the registry's services share: the clock, the row lock, the change record and its
confirmation, and the checks of a player's details."""

import unicodedata
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from centre.errors import DomainError
from centre.mail import email_after_commit
from centre.models import User
from centre.schemes import current_scheme
from centre.versions import PLAYERS, PRE_1982, data_changed
from clubs.models import Club
from players import calendar, emails
from players.models import Alternate, Player, PlayerChange
from scheme.base import MEMBERSHIP_YEAR, MembershipRules

# The oldest birth year the registry accepts; anything earlier is a typing mistake.
EARLIEST_BIRTH_YEAR = 1900

# A postal address as an envelope takes it: a few lines, each short enough for a label
# (Player.postal_address holds 300 characters). The seeds give no format; these bounds are
# the registry's own (1.4.2, App. C: "editing details (name, address etc)").
POSTAL_ADDRESS_LINES = 4
POSTAL_ADDRESS_LINE_LENGTH = 60

DETAIL_FIELDS = ("given_names", "family_name", "birth_year", "email", "postal_address")
STAFF_ONLY_FIELDS = ("pre_1982_red",)


def refused(field: str, message: str) -> DomainError:
    """A refusal naming the field at fault."""
    return DomainError(message, fields={field: [message]})


def refused_fields(names: list[str], message: str) -> DomainError:
    """One refusal naming several fields, each with the same message."""
    return DomainError(
        "The request has errors; see fields.", fields={name: [message] for name in names}
    )


def current_time(now: datetime | None) -> datetime:
    return now if now is not None else calendar.now()


def membership_rules() -> MembershipRules | None:
    """The scheme's membership year (the ABF's 1.3.2, 1.4.2, 1.3.6: the yearly cancellations,
    the Youth Players' Club), or None under a scheme without the MEMBERSHIP_YEAR feature."""
    scheme = current_scheme()
    return scheme.membership if scheme.has(MEMBERSHIP_YEAR) else None


def membership_rules_require() -> MembershipRules:
    """The scheme's membership year, or a refusal under a scheme that has none."""
    rules = membership_rules()
    if rules is None:
        raise DomainError(
            f"The {current_scheme().name} has no membership year: players are not cancelled "
            "or de-registered each year."
        )
    return rules


def player_locked(player: Player) -> Player:
    # of=("self",): PostgreSQL cannot lock the nullable side of the home club's outer join.
    return (
        Player.objects.select_for_update(of=("self",)).select_related("home_club").get(pk=player.pk)
    )


def club_ref(club: Club | None) -> int | None:
    return club.number if club is not None else None


def change_record(
    *,
    player: Player,
    by: User | None,
    club: Club | None,
    action: str,
    changes: dict[str, list[Any]],
    notify: bool = True,
) -> PlayerChange:
    """Keep the change in the player's history and, after the commit, confirm it to the club."""
    change = PlayerChange.objects.create(
        player=player, by=by, club=club, action=action, changes=changes
    )
    if notify and club is not None:
        email_after_commit(emails.player_change_confirm, change.pk)
    # The public pages show the player's details; 1.8: pre-1982 red points move ranks.
    data_changed(PLAYERS, *((PRE_1982,) if "pre_1982_red" in changes else ()))
    return change


def _clean_name(value: Any, field: str, label: str) -> str:
    cleaned = " ".join(str(value or "").split())
    if not cleaned:
        raise refused(field, f"{label} cannot be empty or only spaces.")
    if len(cleaned) > 80:
        raise refused(field, f"{label} can be at most 80 characters.")
    return cleaned


def _clean_birth_year(value: Any, *, now: datetime) -> int | None:
    if value in (None, ""):
        return None  # App. C 1: the year of birth is optional.
    try:
        year = int(value)
    except (TypeError, ValueError):
        raise refused("birth_year", f"{value!r} is not a year.") from None
    this_year = calendar.local(now).year
    if not EARLIEST_BIRTH_YEAR <= year <= this_year:
        raise refused(
            "birth_year",
            f"A birth year must be between {EARLIEST_BIRTH_YEAR} and {this_year}; "
            f"{year} is impossible.",
        )
    return year


def _clean_email(value: Any) -> str:
    cleaned = str(value or "").strip()
    if cleaned:
        try:
            validate_email(cleaned)
        except ValidationError:
            raise refused("email", f"{cleaned!r} is not an email address.") from None
    return cleaned


def _clean_postal_address(value: Any) -> str:
    """The address's lines, each with its spaces tidied and the empty ones dropped."""
    text = str(value or "")
    lines = [" ".join(line.split()) for line in text.splitlines()]
    lines = [line for line in lines if line]
    if any(unicodedata.category(c) in ("Cc", "Cf") for line in lines for c in line):
        raise refused("postal_address", "A postal address cannot hold control characters.")
    if len(lines) > POSTAL_ADDRESS_LINES:
        raise refused(
            "postal_address",
            f"A postal address has at most {POSTAL_ADDRESS_LINES} lines; this one has "
            f"{len(lines)}.",
        )
    for number, line in enumerate(lines, start=1):
        if len(line) > POSTAL_ADDRESS_LINE_LENGTH:
            raise refused(
                "postal_address",
                f"Line {number} of the postal address is {len(line)} characters long; a line "
                f"can be at most {POSTAL_ADDRESS_LINE_LENGTH}.",
            )
    return "\n".join(lines)


def details_clean(data: dict[str, Any], *, now: datetime) -> dict[str, Any]:
    """The details given, tidied, or a refusal naming the first one at fault."""
    cleaned: dict[str, Any] = {}
    if "given_names" in data:
        cleaned["given_names"] = _clean_name(data["given_names"], "given_names", "Given names")
    if "family_name" in data:
        cleaned["family_name"] = _clean_name(data["family_name"], "family_name", "Family name")
    if "birth_year" in data:
        cleaned["birth_year"] = _clean_birth_year(data["birth_year"], now=now)
    if "email" in data:
        cleaned["email"] = _clean_email(data["email"])
    if "postal_address" in data:
        cleaned["postal_address"] = _clean_postal_address(data["postal_address"])
    if "pre_1982_red" in data:
        value = data["pre_1982_red"]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise refused("pre_1982_red", "Pre-1982 red points are whole hundredths, zero or more.")
        cleaned["pre_1982_red"] = value
    return cleaned


def home_member_require(player: Player, club: Club, what: str) -> None:
    if player.status != Player.Status.ACTIVE or player.home_club_id != club.pk:
        raise DomainError(
            f"{player.abf_number} {player.full_name} is not a home member of {club.name}; "
            f"only a club's own home members can be {what}."
        )


def alternate_drop(player: Player, club: Club) -> list[int]:
    """A player whose home club becomes `club` stops being its alternate (App. C i, ii)."""
    deleted, _ = Alternate.objects.filter(player=player, club=club).delete()
    return [club.number] if deleted else []


def youth_birth_year_required(club: Club | None) -> bool:
    """1.3.6: whether the club is the Youth Players' Club of a scheme that has one, whose
    members must give their birth year."""
    return club is not None and club.kind == Club.Kind.YOUTH and membership_rules() is not None


def youth_join_require(*, birth_year: int | None, club: Club, now: datetime) -> None:
    """1.3.6: the Youth Players' Club is for players "under the age of 26 as at the 1st of
    January" of the year they join; its members must give their birth year."""
    rules = membership_rules()
    if club.kind != Club.Kind.YOUTH or rules is None:
        return
    if birth_year is None:
        raise refused(
            "birth_year",
            "The Youth Players' Club is for players under 26 on 1 January (1.3.6): give the "
            "player's birth year.",
        )
    year = calendar.local(now).year
    if not rules.youth_eligible(birth_year=birth_year, year=year):
        # The age limit (26) read back from the latest birth year that is out of the club.
        age = year - rules.youth_cutoff_birth_year(year=year) - 1
        raise refused(
            "birth_year",
            f"A player born in {birth_year} is {age} or over in {year}: the Youth "
            f"Players' Club is for players under {age} on 1 January (1.3.6).",
        )
