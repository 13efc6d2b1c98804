"""Writes of the B4c register (2.6): each club's sessions computed from the ledger each
October, and the extra sessions the state secretary grants."""

from collections.abc import Callable
from datetime import date

from django.db import transaction
from django.utils import timezone

from awards.authorisations.b4c.selectors import b4c_green_issued
from centre.errors import DomainError
from centre.models import User
from clubs.models import B4cEntitlement, B4cGrant, Club
from scheme.abf.allowances import b4c_entitlement

# The most sessions a state secretary grants at a time; more is a typing mistake.
MAX_B4C_GRANT = 20


def _b4c_parts(*, club: Club, year: int, green_issued: int, granted: int) -> dict[str, int]:
    # 2.6: "affiliated with the ABF at September 30th"; a club affiliated since a date not
    # recorded is taken as long affiliated.
    affiliated_on = (club.affiliated_since or date.min) if club.affiliated else None
    rules = b4c_entitlement(
        year=year,
        affiliated_on=affiliated_on,
        sessions_scheduled=club.sessions_per_year,
        green_issued=green_issued,
        remote=club.remote,
        granted=granted,
    )
    return {
        "base": rules.base,
        "green_issued": green_issued,
        "green_sessions": rules.green_points,
        "remote": rules.remote,
        "granted": rules.granted,
        "total": rules.total,
    }


def b4c_entitlement_compute(
    *, club: Club, year: int, green_issued: int | None = None
) -> B4cEntitlement:
    """A club's B4c sessions for a calendar year (2.6), computed again from the ledger.

    Idempotent: the row is updated in place, and the state secretary's grants are kept.
    """
    if green_issued is None:
        green_issued = b4c_green_issued(year=year, club_ids=[club.pk]).get(club.pk, 0)
    with transaction.atomic():
        entitlement, _ = B4cEntitlement.objects.get_or_create(club=club, year=year)
        entitlement = B4cEntitlement.objects.select_for_update().get(pk=entitlement.pk)
        granted = sum(entitlement.grants.values_list("sessions", flat=True))
        for name, value in _b4c_parts(
            club=club, year=year, green_issued=green_issued, granted=granted
        ).items():
            setattr(entitlement, name, value)
        entitlement.computed_at = timezone.now()
        entitlement.save()
    return entitlement


def b4c_entitlements_compute(
    *,
    year: int,
    clubs: list[Club] | None = None,
    progress: Callable[[Club], object] | None = None,
) -> int:
    """2.6: each October, every club's B4c sessions for the next calendar year.

    Each club in its own transaction, so a run stopped halfway has finished the clubs it did,
    and running it again gives the same rows.
    """
    if clubs is None:
        clubs = list(Club.objects.filter(kind=Club.Kind.ORDINARY).order_by("number"))
    issued = b4c_green_issued(year=year, club_ids=[club.pk for club in clubs])
    for club in clubs:
        b4c_entitlement_compute(club=club, year=year, green_issued=issued.get(club.pk, 0))
        if progress is not None:
            progress(club)
    return len(clubs)


def b4c_grant(*, club: Club, year: int, sessions: int, reason: str, by: User) -> B4cGrant:
    """2.6: the state secretary grants a club of the state extra B4c sessions for a year.

    For a Bridge Day on an anniversary that is a multiple of 25 years, or (guide B3.1) an
    approved one-off fundraising event; the reason is kept with the grant.
    """
    if not (by.is_state_secretary or by.is_centre_staff):
        raise DomainError("Extra B4c sessions are granted by the state masterpoint secretary.")
    if by.is_state_secretary and club.state_id != by.state_id:
        message = f"Club {club.number} is not a club of your state."
        raise DomainError(message, fields={"club": [message]})
    if club.is_special:
        message = f"Club {club.number} is a special club: it has no B4c."
        raise DomainError(message, fields={"club": [message]})
    if not isinstance(sessions, int) or not 1 <= sessions <= MAX_B4C_GRANT:
        message = f"Grant between 1 and {MAX_B4C_GRANT} sessions at a time."
        raise DomainError(message, fields={"sessions": [message]})
    reason = " ".join((reason or "").split())
    if not reason:
        message = "Say why: the anniversary Bridge Day or the fundraising event (2.6)."
        raise DomainError(message, fields={"reason": [message]})
    with transaction.atomic():
        entitlement = B4cEntitlement.objects.filter(club=club, year=year).first()
        if entitlement is None:
            entitlement = b4c_entitlement_compute(club=club, year=year)
        entitlement = B4cEntitlement.objects.select_for_update().get(pk=entitlement.pk)
        grant = B4cGrant.objects.create(
            entitlement=entitlement, sessions=sessions, reason=reason[:200], granted_by=by
        )
        entitlement.granted += sessions
        entitlement.total += sessions
        entitlement.save(update_fields=["granted", "total"])
    return grant
