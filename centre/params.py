"""Query and path parameters read strictly: a bad one is a `DomainError` naming it.

The API answers it in the one error shape (`centre.api`), a page with a 400 page naming the
parameter (`centre.middleware`); neither ever reaches the database with it.
"""

from __future__ import annotations

from centre.errors import DomainError
from scheme.core.calendar import REGISTER_FIRST_YEAR

# The registry's years: the first balances brought forward to well past any event entered.
FIRST_YEAR = REGISTER_FIRST_YEAR
LAST_YEAR = 2100


def refuse(name: str, message: str) -> DomainError:
    return DomainError(message, fields={name: [message]})


def whole_number(value: object, *, name: str, minimum: int, maximum: int) -> int:
    """`value` (text from a URL, or an int from a path converter) as a bounded whole number
    written in ASCII digits: "²" and "٣" are not digits here."""
    text = str(value).strip()
    digits = text[1:] if text[:1] == "-" else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 12:
        raise refuse(name, f"{name} must be a whole number from {minimum} to {maximum}.")
    number = int(text)
    if not minimum <= number <= maximum:
        raise refuse(name, f"{name} must be a whole number from {minimum} to {maximum}.")
    return number


def year(value: object, *, name: str = "year") -> int:
    return whole_number(value, name=name, minimum=FIRST_YEAR, maximum=LAST_YEAR)


def optional_year(value: str | None, *, name: str = "year") -> int | None:
    """A year given in the query, or None when it is absent or empty."""
    if value is None or value == "":
        return None
    return year(value, name=name)
