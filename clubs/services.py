"""Changes to a club's details (guide F4) by its secretary or by centre staff."""

import uuid
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction

from centre.errors import DomainError
from centre.mail import email_after_commit
from centre.models import User
from centre.schemes import current_scheme
from clubs import emails
from clubs.models import Club, ClubChange, CongressOrganiser, State

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


def _refused(field: str, message: str) -> DomainError:
    return DomainError(message, fields={field: [message]})


def _unchangeable(names: list[str], message: str) -> DomainError:
    return DomainError(
        "The request has errors; see fields.", fields={name: [message] for name in names}
    )


def _saved(instance: Club | State, fields: tuple[str, ...]) -> None:
    """Run the model's own checks (unique number, lengths) and say which field is wrong.

    The model's checks raise Django's ValidationError, which the API and the forms show as
    they show a DomainError.
    """
    scheme = current_scheme()
    kinds = (Club.Kind.ORDINARY, *scheme.special_clubs)
    if isinstance(instance, Club) and instance.kind not in kinds:
        label = dict(Club.Kind.choices).get(instance.kind, instance.kind)
        raise _refused(
            "kind",
            f"The {scheme.name} has no {label} club: "
            + (
                f"its kinds of club are {', '.join(['Club', *scheme.special_clubs.values()])}."
                if scheme.special_clubs
                else "every club is an ordinary club."
            ),
        )
    if isinstance(instance, Club) and not instance.is_special and instance.state_id is None:
        raise _refused(
            "state",
            f"An ordinary club belongs to a {scheme.region_name}"
            + (
                "; only the special clubs "
                "(Foreign, NZ and English Players, 1.3.3; Youth Players, 1.3.6) have none."
                if scheme.special_clubs
                else "."
            ),
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
        raise _unchangeable(unknown, "This field cannot be changed here.")
    club = Club.objects.select_for_update().get(pk=club.pk)
    if "secretary_email" in data:
        email = (data["secretary_email"] or "").strip()
        if not email:
            # Guide F4: the secretary's address is the club's one official channel.
            raise _refused("secretary_email", "The masterpoint secretary's email is required.")
        try:
            validate_email(email)
        except ValidationError:
            raise _refused("secretary_email", f"{email!r} is not an email address.") from None
        data = {**data, "secretary_email": email}
    if "name" in data and not " ".join(str(data["name"] or "").split()):
        raise _refused("name", "A club's name cannot be empty.")
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
    ClubChange.objects.create(club=club, by=by, action="update", changes=changes)
    recipients = [club.secretary_email]
    if old_email and old_email != club.secretary_email:
        recipients.append(old_email)
    _confirm(club=club, changes=changes, recipients=recipients, by=by)
    return club


def _confirm(*, club: Club, changes: dict[str, list[Any]], recipients: list[str], by: User) -> None:
    """Guide F4: queue the confirmation of a change, sent once to each address."""
    change_key = f"{club.pk}:{uuid.uuid4().hex}"
    email_after_commit(
        emails.club_change_confirm, club.pk, changes, recipients, by.get_username(), change_key
    )


def club_creation_record(*, club: Club, by: User | None, fields: tuple[str, ...]) -> ClubChange:
    """The first line of a club's history: the details it was created with (guide F4). By
    nobody for the clubs the register was loaded with."""
    return ClubChange.objects.create(
        club=club,
        by=by,
        action="create",
        changes={
            field: [None, _shown(getattr(club, field))]
            for field in fields
            if getattr(club, field) not in (None, "")
        },
    )


@transaction.atomic
def club_create(*, by: User, number: int, name: str, **data: Any) -> Club:
    """A new club, by the centre (1.2). Its masterpoint secretary gets a welcome email."""
    if not by.is_centre_staff:
        raise DomainError("Only the Masterpoint Centre adds clubs.")
    unknown = sorted(set(data) - set(STAFF_FIELDS))
    if unknown:
        raise _unchangeable(unknown, "This field cannot be set here.")
    if not " ".join(str(name or "").split()):
        raise _refused("name", "A club's name cannot be empty.")
    if Club.objects.filter(number=number).exists():
        raise _refused("number", f"Club number {number} is already in use.")
    club = Club(number=number, name=" ".join(name.split()), **data)
    _saved(club, ("number", "name", *data))
    club_creation_record(club=club, by=by, fields=("number", "name", *data))
    if club.secretary_email:
        changes = {"number": [None, club.number], "name": [None, club.name]}
        _confirm(club=club, changes=changes, recipients=[club.secretary_email], by=by)
    return club


STATE_FIELDS = ("name", "requires_authorisation")


@transaction.atomic
def state_create(*, by: User, code: str, name: str, requires_authorisation: bool = True) -> State:
    if not by.is_centre_staff:
        raise DomainError("Only the Masterpoint Centre adds states.")
    code = (code or "").strip().upper()
    if not code:
        raise _refused("code", "A state needs a code such as NSW.")
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
        raise DomainError("Only the Masterpoint Centre changes states.")
    unknown = sorted(set(data) - set(STATE_FIELDS))
    if unknown:
        raise _unchangeable(unknown, "This field cannot be changed here.")
    state = State.objects.select_for_update().get(pk=state.pk)
    for field, value in data.items():
        setattr(state, field, value)
    _saved(state, STATE_FIELDS)
    return state


CONGRESS_ORGANISER_FIELDS = ("name", "convener_name", "convener_email", "postal_address")


@transaction.atomic
def congress_organiser_save(
    *,
    by: User,
    data: dict[str, Any],
    organiser: CongressOrganiser | None = None,
    state: State | None = None,
) -> CongressOrganiser:
    """5.4.1: add or change one of the state's congress organisers, whose convener gets the
    Centre's reports and invoices. A state secretary keeps the state's; staff any, adding
    one to the state they name."""
    if organiser is None:
        if by.is_state_secretary:
            if state is not None and state.pk != by.state_id:
                raise _refused("state", "A state secretary adds the state's own organisers.")
            state = by.state
        elif not by.is_centre_staff:
            raise DomainError("A state secretary or centre staff keep congress organisers.")
        elif state is None:
            raise _refused("state", "Name the state whose congresses the organiser runs.")
        organiser = CongressOrganiser(state=state)
    elif not (by.is_centre_staff or (by.is_state_secretary and organiser.state_id == by.state_id)):
        raise DomainError("This congress organiser is not one of your state's.")
    organiser.name = " ".join((data.get("name") or "").split())
    organiser.convener_name = " ".join((data.get("convener_name") or "").split())
    organiser.convener_email = (data.get("convener_email") or "").strip()
    organiser.postal_address = (data.get("postal_address") or "").strip()
    if not organiser.name:
        raise _refused("name", "Give the congress organiser's name.")
    if (
        CongressOrganiser.objects.filter(state_id=organiser.state_id, name__iexact=organiser.name)
        .exclude(pk=organiser.pk)
        .exists()
    ):
        raise _refused("name", f"{organiser.name} is already a congress organiser of the state.")
    try:
        organiser.full_clean()
    except ValidationError as error:
        raise ValidationError(
            {f: m for f, m in error.message_dict.items() if f in CONGRESS_ORGANISER_FIELDS}
            or error.messages
        ) from None
    organiser.save()
    return organiser
