"""A calculator request's fields read for the ACBL plan (`scheme.acbl.calculator`): every
value checked, a refusal a `RulesError` naming the field's path ("groups[0].ranking[2]"), and
sizes bounded so that no request is larger than a real event."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from scheme.acbl.events import Group, MatchResult, Result, Strat
from scheme.core.errors import RulesError
from scheme.core.inputs import enum_value, tables as counted_tables
from scheme.core.placings import Ranking

# Bounds: larger than any real event, small enough to answer at once.
MAX_GROUPS = 100
MAX_CONTESTANTS = 2000
MAX_LABEL = 60
MAX_MATCHES = 2000
MAX_STRATS = 6
MAX_BOARDS = 200
MAX_TABLES = Decimal(2000)
MAX_LIMIT = 100_000
# Contestants over every group of a request: a large tournament's sessions, not more.
MAX_GROUPED = 10_000


def mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RulesError(path, "give an object")
    return value


def list_of(value: Any, path: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise RulesError(path, "give a list")
    if len(value) > most:
        raise RulesError(path, f"at most {most} entries")
    return value


def whole(data: Mapping[str, Any], key: str, path: str, *, low: int, high: int, default=None):
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(path + key, "give a whole number")
    if not low <= value <= high:
        raise RulesError(path + key, f"give a whole number from {low} to {high}")
    return value


def required_whole(data: Mapping[str, Any], key: str, path: str, *, low: int, high: int) -> int:
    if data.get(key) is None:
        raise RulesError(path + key, "this field is required")
    value = whole(data, key, path, low=low, high=high)
    if value is None:
        raise RulesError(path + key, "this field is required")
    return value


def upper_limit(data: Mapping[str, Any], key: str, path: str) -> int | None:
    if data.get(key) is None:
        return None
    return whole(data, key, path, low=0, high=MAX_LIMIT)


def number(value: Any, path: str, *, low: Decimal, high: Decimal) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | str | Decimal | float):
        raise RulesError(path, "give a number")
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise RulesError(path, "give a number") from None
    if not amount.is_finite() or not low <= amount <= high:
        raise RulesError(path, f"give a number from {low} to {high}")
    if (amount * 2) != (amount * 2).to_integral_value() and path.endswith("tables"):
        raise RulesError(path, "tables are counted in halves")
    return amount


def choice(data: Mapping[str, Any], key: str, path: str, choices: type, default: Any) -> Any:
    value = data.get(key, default.value if default is not None else None)
    if not isinstance(value, str):
        raise RulesError(path + key, f"name one of {', '.join(c.value for c in choices)}")
    return enum_value(choices, value, path + key)


def flag(data: Mapping[str, Any], key: str, path: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise RulesError(path + key, "give true or false")
    return value


def label(value: Any, path: str) -> str:
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise RulesError(path, "a contestant is named by text")
    name = str(value).strip()
    if not name or len(name) > MAX_LABEL:
        raise RulesError(path, f"a contestant's name is 1 to {MAX_LABEL} characters")
    return name


def ranking(value: Any, path: str) -> Ranking:
    places = list_of(value, path, MAX_CONTESTANTS)
    found = []
    for i, place in enumerate(places):
        if isinstance(place, str | int) and not isinstance(place, bool):
            place = [place]
        members = list_of(place, f"{path}[{i}]", MAX_CONTESTANTS)
        if not members:
            raise RulesError(f"{path}[{i}]", "a place lists at least one contestant")
        found.append(tuple(label(m, f"{path}[{i}][{j}]") for j, m in enumerate(members)))
    if sum(len(p) for p in found) > MAX_CONTESTANTS:
        raise RulesError(path, f"at most {MAX_CONTESTANTS} contestants")
    return tuple(found)


def only_fields(data: Mapping[str, Any], allowed: set[str], path: str = "") -> None:
    for key in data:
        if key not in allowed:
            raise RulesError(
                path + str(key), f"not a field of this event (fields: {', '.join(sorted(allowed))})"
            )


def groups(value: Any, path: str, *, sessions: int = 1) -> tuple[Group, ...]:
    found = []
    listed = 0
    for i, raw in enumerate(list_of(value, path, MAX_GROUPS)):
        where = f"{path}[{i}]."
        data = mapping(raw, f"{path}[{i}]")
        only_fields(data, {"name", "size", "ranking", "tables", "session"}, where)
        if "ranking" not in data:
            raise RulesError(where + "ranking", "this field is required")
        name = data.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_LABEL:
            raise RulesError(where + "name", f"a name of at most {MAX_LABEL} characters")
        counted = data.get("tables")
        found.append(
            Group(
                ranking=ranking(data["ranking"], where + "ranking"),
                size=whole(data, "size", where, low=1, high=MAX_CONTESTANTS),
                name=name,
                tables=None
                if counted is None
                else number(counted, where + "tables", low=Decimal("0.5"), high=MAX_TABLES),
                session=whole(data, "session", where, low=1, high=sessions, default=1),
            )
        )
        listed += sum(len(place) for place in found[-1].ranking)
        if listed > MAX_GROUPED:
            raise RulesError(path, f"at most {MAX_GROUPED} contestants over all the groups")
    return tuple(found)


def strats(data: Mapping[str, Any]) -> tuple[Strat, ...]:
    found = []
    for i, raw in enumerate(list_of(data.get("strats", []), "strats", MAX_STRATS)):
        item = mapping(raw, f"strats[{i}]")
        only_fields(item, {"name", "upper_limit"}, f"strats[{i}].")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 20:
            raise RulesError(f"strats[{i}].name", "a strat's name is 1 to 20 characters")
        found.append(Strat(name.strip(), upper_limit(item, "upper_limit", f"strats[{i}].")))
    return tuple(found)


def strat_of(data: Mapping[str, Any]) -> dict[str, str]:
    raw = mapping(data.get("strat_of", {}), "strat_of")
    if len(raw) > MAX_CONTESTANTS:
        raise RulesError("strat_of", f"at most {MAX_CONTESTANTS} contestants")
    result = {}
    for name, strat in raw.items():
        if not isinstance(strat, str):
            raise RulesError(f"strat_of.{name}", "name the contestant's strat")
        result[label(name, f"strat_of.{name}")] = strat
    return result


def matches(data: Mapping[str, Any]) -> tuple[MatchResult, ...]:
    found = []
    for i, raw in enumerate(list_of(data.get("matches", []), "matches", MAX_MATCHES)):
        where = f"matches[{i}]."
        item = mapping(raw, f"matches[{i}]")
        only_fields(item, {"home", "away", "boards", "result"}, where)
        for key in ("home", "away", "boards", "result"):
            if key not in item:
                raise RulesError(where + key, "this field is required")
        home, away = label(item["home"], where + "home"), label(item["away"], where + "away")
        if home == away:
            raise RulesError(where + "away", "a team does not play itself")
        found.append(
            MatchResult(
                home,
                away,
                required_whole(item, "boards", where, low=1, high=MAX_BOARDS),
                choice(item, "result", where, Result, None),
            )
        )
    return tuple(found)


def tables(data: Mapping[str, Any], key: str = "tables") -> Decimal:
    if data.get(key) is None:
        raise RulesError(key, "this field is required")
    # Whole or half tables (scheme.core.inputs), then no more than any real event.
    counted = counted_tables(data[key], key)
    return number(
        Decimal(counted.numerator) / counted.denominator, key, low=Decimal("0.5"), high=MAX_TABLES
    )


def one_of(data: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = data.get(key, "")
    if value not in choices:
        raise RulesError(key, f"{value!r} is not one of {', '.join(c for c in choices if c)}")
    return value


def wins(data: Mapping[str, Any]) -> dict[str, Decimal]:
    """The matches each contestant won (`wins`: label to a number from 0 to 20)."""
    return {
        label(name, f"wins.{name}"): number(value, f"wins.{name}", low=Decimal(0), high=Decimal(20))
        for name, value in mapping(data.get("wins", {}), "wins").items()
    }
