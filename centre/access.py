"""Which clubs a login may see and act for: the one answer every page and endpoint uses.

A club secretary sees and acts for the club; a state secretary sees the state's clubs and
acts for none of them (their own work is the state's registers); centre staff see and act
for every club. A club the login may not see answers 404, never 403: whether a club number
exists is not told to someone who may not read it.

The kernel knows the club model only through the login's own relation to it, so it imports
no app above it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Model, QuerySet
from django.http import Http404

from centre.models import Role, User

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser


def _club_model() -> type[Model]:
    return User._meta.get_field("club").related_model


def clubs_visible_to(*, user: User | AnonymousUser) -> QuerySet:
    """A club secretary sees the club; a state secretary the state's clubs; staff all."""
    clubs = _club_model().objects.select_related("state").order_by("number")
    if not user.is_authenticated:
        return clubs.none()
    if user.is_centre_staff:
        return clubs
    if user.is_club_secretary:
        return clubs.filter(pk=user.club_id)
    if user.is_state_secretary:
        return clubs.filter(state_id=user.state_id)
    return clubs.none()


def clubs_actable_by(*, user: User | AnonymousUser) -> QuerySet:
    """The clubs a login changes records for: the secretary's own club, or any for staff."""
    clubs = clubs_visible_to(user=user)
    if user.is_authenticated and (user.is_centre_staff or user.is_club_secretary):
        return clubs
    return clubs.none()


def club_for(user: User | AnonymousUser, number: int | str, *, acting: bool = False) -> Model:
    """The club with this number, if the login may see it (or, `acting`, change its records).

    Raises Http404 otherwise, with the same message whether or not the club exists.
    """
    clubs = clubs_actable_by(user=user) if acting else clubs_visible_to(user=user)
    try:
        club = clubs.filter(number=int(number)).first()
    except (TypeError, ValueError):
        club = None
    if club is None:
        raise Http404("No such club.")
    return club


def acting_club(user: User) -> Model | None:
    """Whom a change is made for: staff act as the centre (None), a club secretary for the
    club."""
    return None if user.is_centre_staff else user.club


def state_secretary_address(*, state: Model) -> str:
    """The email address of the state's masterpoint secretary (the state's one login of that
    role; its organisers are not the secretary), or "" when there is none."""
    secretary = User.objects.filter(state=state, role=Role.STATE_SECRETARY, is_active=True).first()
    return secretary.email if secretary else ""
