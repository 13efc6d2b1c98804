"""Changes to a club's details (guide F4) by its secretary or by centre staff."""

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction

from centre.models import User
from clubs import tasks
from clubs.models import B4cEntitlement, B4cGrant, Club, State

# Guide F4: the secretary keeps the masterpoint secretary's contact details up to date.
SECRETARY_FIELDS = ("secretary_name", "secretary_email", "postal_address")
# Everything else about a club is the centre's to change.
STAFF_FIELDS = (
    *SECRETARY_FIELDS,
    "name",
    "state",
    "kind",
    "affiliated",
    "affiliated_since",
    "sessions_per_year",
    "remote",
    "founded_year",
)


def _shown(value: Any) -> Any:
    if isinstance(value, State):
        return value.code
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _saved(instance: Club | State, fields: tuple[str, ...]) -> None:
    """Run the model's own checks (unique number, lengths) and say which field is wrong."""
    if isinstance(instance, Club) and not instance.is_special and instance.state_id is None:
        raise ValidationError(
            {
                "state": "An ordinary club belongs to a state; only the special clubs "
                "(Foreign, NZ and English Players, 1.3.3; Youth Players, 1.3.6) have none."
            }
        )
    try:
        instance.full_clean()
    except ValidationError as error:
        raise ValidationError(
            {f: m for f, m in error.message_dict.items() if f in fields} or error.messages
        ) from None
    instance.save()


@transaction.atomic
def club_update(*, club: Club, by: User, data: dict[str, Any]) -> Club:
    """Change a club's details; the masterpoint secretary is told of every change, and when
    the secretary's email changes both the outgoing and the incoming address are (guide F4)."""
    allowed = STAFF_FIELDS if by.is_centre_staff else SECRETARY_FIELDS
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ValidationError({name: "This field cannot be changed here." for name in unknown})
    club = Club.objects.select_for_update().get(pk=club.pk)
    if "secretary_email" in data:
        email = (data["secretary_email"] or "").strip()
        if not email:
            # Guide F4: the secretary's address is the club's one official channel.
            raise ValidationError(
                {"secretary_email": "The masterpoint secretary's email is required."}
            )
        try:
            validate_email(email)
        except ValidationError:
            raise ValidationError(
                {"secretary_email": f"{email!r} is not an email address."}
            ) from None
        data = {**data, "secretary_email": email}
    if "name" in data and not " ".join(str(data["name"] or "").split()):
        raise ValidationError({"name": "A club's name cannot be empty."})
    changes = {
        field: [_shown(getattr(club, field)), _shown(value)]
        for field, value in data.items()
        if getattr(club, field) != value
    }
    if not changes:
        return club
    old_email = club.secretary_email
    for field, value in data.items():
        setattr(club, field, value)
    _saved(club, tuple(data))
    recipients = [club.secretary_email]
    if old_email and old_email != club.secretary_email:
        recipients.append(old_email)
    club_id, by_name = club.pk, by.get_username()
    transaction.on_commit(
        lambda: tasks.club_change_confirm.delay(club_id, changes, recipients, by_name)
    )
    return club


@transaction.atomic
def club_create(*, by: User, number: int, name: str, **data: Any) -> Club:
    """A new club, by the centre (1.2). Its masterpoint secretary gets a welcome email."""
    if not by.is_centre_staff:
        raise ValidationError("Only the Masterpoint Centre adds clubs.")
    unknown = sorted(set(data) - set(STAFF_FIELDS))
    if unknown:
        raise ValidationError({f: "This field cannot be set here." for f in unknown})
    if not " ".join(str(name or "").split()):
        raise ValidationError({"name": "A club's name cannot be empty."})
    if Club.objects.filter(number=number).exists():
        raise ValidationError({"number": f"Club number {number} is already in use."})
    club = Club(number=number, name=" ".join(name.split()), **data)
    _saved(club, ("number", "name", *data))
    if club.secretary_email:
        changes = {"number": [None, club.number], "name": [None, club.name]}
        club_id, by_name, recipients = club.pk, by.get_username(), [club.secretary_email]
        transaction.on_commit(
            lambda: tasks.club_change_confirm.delay(club_id, changes, recipients, by_name)
        )
    return club


STATE_FIELDS = ("name", "requires_authorisation")


@transaction.atomic
def state_create(*, by: User, code: str, name: str, requires_authorisation: bool = True) -> State:
    if not by.is_centre_staff:
        raise ValidationError("Only the Masterpoint Centre adds states.")
    code = (code or "").strip().upper()
    if not code:
        raise ValidationError({"code": "A state needs a code such as NSW."})
    state = State(
        code=code,
        name=" ".join((name or "").split()),
        requires_authorisation=bool(requires_authorisation),
    )
    _saved(state, ("code", "name", "requires_authorisation"))
    return state


@transaction.atomic
def state_update(*, state: State, by: User, data: dict[str, Any]) -> State:
    """The centre renames a state or records that it opts out of authorisations (2.6)."""
    if not by.is_centre_staff:
        raise ValidationError("Only the Masterpoint Centre changes states.")
    unknown = sorted(set(data) - set(STATE_FIELDS))
    if unknown:
        raise ValidationError({name: "This field cannot be changed here." for name in unknown})
    state = State.objects.select_for_update().get(pk=state.pk)
    for field, value in data.items():
        setattr(state, field, value)
    _saved(state, STATE_FIELDS)
    return state


# --- B4c entitlements (2.6) ---------------------------------------------------------------


def _b4c_parts(*, club: Club, year: int, green_issued: int, granted: int) -> dict[str, int]:
    from datetime import date

    from scheme.abf.allowances import b4c_entitlement

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
    from django.utils import timezone

    from clubs.selectors import b4c_green_issued

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
    from clubs.selectors import b4c_green_issued

    if clubs is None:
        clubs = list(Club.objects.filter(kind=Club.Kind.ORDINARY).order_by("number"))
    issued = b4c_green_issued(year=year, club_ids=[club.pk for club in clubs])
    for club in clubs:
        b4c_entitlement_compute(club=club, year=year, green_issued=issued.get(club.pk, 0))
        if progress is not None:
            progress(club)
    return len(clubs)


MAX_B4C_GRANT = 20


def b4c_grant(*, club: Club, year: int, sessions: int, reason: str, by: User) -> B4cGrant:
    """2.6: the state secretary grants a club of the state extra B4c sessions for a year.

    For a Bridge Day on an anniversary that is a multiple of 25 years, or (guide B3.1) an
    approved one-off fundraising event; the reason is kept with the grant.
    """
    if not (by.is_state_secretary or by.is_centre_staff):
        raise ValidationError("Extra B4c sessions are granted by the state masterpoint secretary.")
    if by.is_state_secretary and club.state_id != by.state_id:
        raise ValidationError({"club": f"Club {club.number} is not a club of your state."})
    if club.is_special:
        raise ValidationError({"club": f"Club {club.number} is a special club: it has no B4c."})
    if not isinstance(sessions, int) or not 1 <= sessions <= MAX_B4C_GRANT:
        raise ValidationError(
            {"sessions": f"Grant between 1 and {MAX_B4C_GRANT} sessions at a time."}
        )
    reason = " ".join((reason or "").split())
    if not reason:
        raise ValidationError(
            {"reason": "Say why: the anniversary Bridge Day or the fundraising event (2.6)."}
        )
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
