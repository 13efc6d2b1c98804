"""Input checks every scheme's event reader shares: each names the offending field in a
`RulesError` ("sessions[0].fields[1].tables")."""

from __future__ import annotations

from decimal import InvalidOperation
from enum import StrEnum
from fractions import Fraction
from typing import TypeVar

from scheme.core.arithmetic import as_fraction
from scheme.core.errors import RulesError
from scheme.core.placings import Ranking

E = TypeVar("E", bound=StrEnum)


def enum_value(kind: type[E], value: object, path: str) -> E:
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(member.value for member in kind)
        raise RulesError(path, f"unknown value {value!r} (known: {known})") from None


def number(value: object, path: str) -> Fraction:
    """An exact number; a float only through its `str` form."""
    if value is None or isinstance(value, bool):
        raise RulesError(path, "a number is required")
    try:
        result = as_fraction(str(value) if isinstance(value, float) else value)  # type: ignore[arg-type]
    except (InvalidOperation, TypeError, ValueError):
        raise RulesError(path, f"{value!r} is not a number") from None
    return result


def count(value: object, path: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(path, "a whole number is required")
    if value < minimum:
        raise RulesError(path, f"must be at least {minimum}")
    return value


def tables(value: object, path: str) -> Fraction:
    """Tables are whole or half tables (a half table: a pair or team sitting out; ABF 4.4.1)."""
    result = number(value, path)
    if result <= 0 or (result * 2).denominator != 1:
        raise RulesError(path, "tables are a positive number of whole or half tables")
    return result


def ranking_labels(ranking: Ranking, path: str, seen: set[str]) -> list[str]:
    """The labels of a ranking, checked: no empty place, no contestant twice."""
    if not ranking:
        raise RulesError(path, "the ranking lists no contestant")
    labels: list[str] = []
    for i, group in enumerate(ranking):
        if not group:
            raise RulesError(f"{path}[{i}]", "a place lists no contestant")
        for label in group:
            if not isinstance(label, str) or not label.strip():
                raise RulesError(f"{path}[{i}]", "a contestant label must be a non-empty text")
            if label in seen:
                raise RulesError(f"{path}[{i}]", f"contestant {label!r} is listed twice")
            seen.add(label)
            labels.append(label)
    return labels
