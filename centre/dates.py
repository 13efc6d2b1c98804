"""Dates a user gives (an event's days, a payment's, a period's, an as-at date) held to the
dates the register keeps (scheme.core.calendar.register_dates): a date outside is refused
naming the field, on a page and in the API alike, before any work is done with it.

And dates a user reads, written one way for the whole portal, as the federation writes them
(Scheme.date_format, Scheme.datetime_format): in messages, emails and documents here, on the
pages through the `day` and `moment` filters, which use these."""

from __future__ import annotations

import functools
from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.utils import dateformat, timezone, translation
from django.utils.deconstruct import deconstructible

from centre.schemes import current_scheme
from scheme.core.calendar import register_date_refusal


def day_text(day: date) -> str:
    """The day as the federation writes it: "28 November 2026" (the ACBL's "November 28,
    2026"). A moment is taken as its day in local time."""
    if isinstance(day, datetime):
        day = (timezone.localtime(day) if timezone.is_aware(day) else day).date()
    return _day_text(day, current_scheme().date_format, translation.get_language())


@functools.lru_cache(maxsize=4096)
def _day_text(day: date, pattern: str, language: str | None) -> str:
    # The same days come again and again (an event's last day is on every line of its
    # players' statements): each is written out once, in the language it is read in.
    return dateformat.format(day, pattern)


def moment_text(moment: datetime) -> str:
    """The day and the time (local time) as the federation writes them: "28 November 2026,
    14:05" (the ACBL's "November 28, 2026, 2:05 p.m.")."""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return dateformat.format(moment, current_scheme().datetime_format)


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
