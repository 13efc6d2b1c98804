"""Reads of clubs. Which clubs a login may see is the kernel's (centre.access); the club's
report of its members is the registry's (players.selectors)."""

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from centre.models import User
from clubs.models import Club, CongressOrganiser


def club_by_number(number: int) -> Club:
    """The club with this number, or a ValidationError naming the number (forms and API)."""
    try:
        return Club.objects.get(number=number)
    except Club.DoesNotExist:
        raise ValidationError(f"There is no club number {number}.") from None


def congress_organisers_for(*, user: User | AnonymousUser) -> QuerySet[CongressOrganiser]:
    """5.4.1: the congress organisers a login names and reads: those of its state for a state
    secretary or organiser; all for staff and the Goldpoint Coordinator (A2 congresses)."""
    organisers = CongressOrganiser.objects.select_related("state")
    if not user.is_authenticated:
        return organisers.none()
    if user.is_centre_staff or user.is_gold_coordinator:
        return organisers
    if user.is_state_secretary or user.is_organiser:
        return organisers.filter(state_id=user.state_id)
    return organisers.none()
