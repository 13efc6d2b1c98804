"""Reads of clubs. Which clubs a login may see is the kernel's (centre.access); the club's
report of its members is the registry's (players.selectors)."""

from django.core.exceptions import ValidationError

from clubs.models import Club


def club_by_number(number: int) -> Club:
    """The club with this number, or a ValidationError naming the number (forms and API)."""
    try:
        return Club.objects.get(number=number)
    except Club.DoesNotExist:
        raise ValidationError(f"There is no club number {number}.") from None
