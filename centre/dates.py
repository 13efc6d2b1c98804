"""Dates a user gives (an event's days, a payment's, a period's, an as-at date) held to the
dates the register keeps (scheme.core.calendar.register_dates): a date outside is refused
naming the field, on a page and in the API alike, before any work is done with it."""

from __future__ import annotations

from datetime import date

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.deconstruct import deconstructible

from scheme.core.calendar import register_date_refusal


def date_refusal(day: date, *, what: str, ahead: bool = False) -> str:
    """Why `day` cannot be `what`, or "" when the register keeps it (today is Sydney's)."""
    return register_date_refusal(day, what=what, today=timezone.localdate(), ahead=ahead)


@deconstructible
class InRegister:
    """A validator for a form's or a serializer's date field: `InRegister("The first day")`;
    `ahead=True` for a date that may lie up to a year ahead."""

    def __init__(self, what: str, *, ahead: bool = False) -> None:
        self.what = what
        self.ahead = ahead

    def __call__(self, value: date | None) -> None:
        if value is None:
            return
        refusal = date_refusal(value, what=self.what, ahead=self.ahead)
        if refusal:
            raise ValidationError(refusal, code="date_out_of_range")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InRegister) and (self.what, self.ahead) == (
            other.what,
            other.ahead,
        )
