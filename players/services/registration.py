"""New players and their ABF numbers (App. A; App. C 1; guide F6.2)."""

from datetime import datetime
from typing import Any

from django.db import transaction

from centre.errors import DomainError
from centre.models import User
from centre.schemes import number_name
from clubs.models import Club
from players import abf_numbers
from players.models import AbfNumberSequence, Player
from players.selectors import duplicate_described, player_likely_duplicates
from players.services.common import (
    change_record,
    current_time,
    details_clean,
    refused,
    youth_join_require,
)

# Serials below this were issued before the portal; the sequence starts above them.
FIRST_SERIAL = 100000


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
            raise DomainError(f"{number_name()}s are exhausted.", code="abf_numbers_exhausted")
        number = abf_numbers.from_serial(serial)
        serial += 1
        # A number already on the register (entered before the portal) is never reissued.
        if not Player.objects.filter(abf_number=number).exists():
            issued.append(number)
    sequence.next_serial = serial
    sequence.save(update_fields=["next_serial"])
    return issued


@transaction.atomic
def player_register(
    *,
    club: Club,
    by: User | None,
    given_names: str,
    family_name: str,
    birth_year: int | str | None = None,
    email: str = "",
    postal_address: str = "",
    confirmed_never_registered: bool,
    duplicates_reviewed: bool = False,
    now: datetime | None = None,
) -> Player:
    """Issue a new ABF number to a person never registered before (App. C 1; guide F6.2)."""
    now = current_time(now)
    if not confirmed_never_registered:
        # App. C: "Only if you're sure the new player hasn't had a prior registration ...
        # check the box confirming that you have checked for an existing registration first."
        raise refused(
            "confirmed_never_registered",
            "Search the actives and inactives first, and confirm that this person has never "
            f"had an {number_name()}.",
        )
    details = details_clean(
        {
            "given_names": given_names,
            "family_name": family_name,
            "birth_year": birth_year,
            "email": email,
            "postal_address": postal_address,
        },
        now=now,
    )
    youth_join_require(birth_year=details["birth_year"], club=club, now=now)
    duplicates = list(
        player_likely_duplicates(
            given_names=details["given_names"],
            family_name=details["family_name"],
            birth_year=details["birth_year"],
            seen_by=by,
        )
    )
    if duplicates and not duplicates_reviewed:
        # Only what the login may see of each: another club's player is named by its public
        # record, never its birth year or email.
        listed = "; ".join(duplicate_described(player=p, seen_by=by) for p in duplicates)
        raise refused(
            "duplicates_reviewed",
            f"Likely already registered: {listed}. Transfer that player in (active) or "
            "reactivate them (inactive) instead, or confirm that none of them is this person.",
        )
    (number,) = abf_numbers_issue(count=1)
    player = Player.objects.create(
        abf_number=number, status=Player.Status.ACTIVE, home_club=club, **details
    )
    changes: dict[str, list[Any]] = {"abf_number": [None, number], "home_club": [None, club.number]}
    changes.update({field: [None, value] for field, value in details.items() if value})
    change_record(player=player, by=by, club=club, action="register", changes=changes)
    return player
