"""The calculators of every scheme, whatever the deployment's (BRIEF: "the calculator
computes any scheme's events"): which scheme an edition of award rules belongs to, an event
of another scheme than the ABF computed through that scheme's hooks, and the rank calculator.

A scheme whose events are typed session by session (`Scheme.calculator_sessions`, the ABF's)
has them read by the sessions serializer (awards.calculator.sessions); every other scheme reads
its own request (`Scheme.calculator_event`) and writes its own answer
(`Scheme.calculator_answer`). A refusal names the field or query parameter, as the API's one
error shape and the pages' forms show it.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from centre.params import refuse
from centre.schemes import current_scheme
from scheme import SCHEMES, Scheme

RULES = "rules"
SCHEME = "scheme"


def known_editions() -> list[str]:
    """Every scheme's editions of the award rules, scheme by scheme."""
    return [name for scheme in SCHEMES.values() for name in scheme.editions]


def default_rules() -> str:
    """The edition a request without `rules` is computed under: the deployment's."""
    return current_scheme().default_edition


def takes_sessions(rules: object) -> bool:
    """Whether an event under the edition `rules` is typed session by session, and read by the
    sessions serializer (awards.calculator.sessions): an edition of a scheme with
    `calculator_sessions`."""
    return isinstance(rules, str) and any(
        rules in scheme.editions for scheme in SCHEMES.values() if scheme.calculator_sessions
    )


def scheme_for_rules(rules: object) -> Scheme:
    """The scheme whose edition `rules` names; a refusal naming `rules` listing them all."""
    for scheme in SCHEMES.values():
        if isinstance(rules, str) and rules in scheme.editions:
            return scheme
    raise refuse(
        RULES,
        f"Unknown rules {rules!r}: the calculator knows {', '.join(known_editions())}.",
    )


def takes_events(scheme: Scheme) -> bool:
    """Whether the calculator computes the scheme's events: those in its own shape always."""
    return scheme.calculator_sessions or (
        scheme.calculator_event is not None and scheme.calculator_answer is not None
    )


def event_answer(*, data: Mapping[str, Any]) -> dict[str, Any]:
    """The awards of an event of a scheme that reads its own requests, as it answers them.
    `data` names its edition in `rules`; a `RulesError` from the scheme names the offending
    field."""
    scheme = scheme_for_rules(data.get(RULES))
    if not takes_events(scheme) or scheme.calculator_event is None:
        raise refuse(RULES, f"The calculator does not take {scheme.name} events yet.")
    event = scheme.calculator_event(data)
    answer = scheme.calculator_answer(scheme.compute_awards(event))  # type: ignore[misc]
    return exact(answer)


def exact(value: Any) -> Any:
    """The answer with every Decimal as its text: points reach the client exactly, never as
    the float a JSON encoder would make of them."""
    if isinstance(value, Mapping):
        return {str(key): exact(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [exact(item) for item in value]
    if isinstance(value, Decimal | Fraction):
        return str(value)
    return value


def scheme_by_code(code: str | None) -> Scheme:
    """The scheme a query names (`scheme=nz`), the deployment's when it names none."""
    if code is None or not code.strip():
        return current_scheme()
    scheme = SCHEMES.get(code.strip().lower())
    if scheme is None:
        raise refuse(
            SCHEME, f"Unknown scheme {code!r}: the rank calculator knows {', '.join(SCHEMES)}."
        )
    return scheme


def rank_schemes() -> list[Scheme]:
    """The schemes whose ranks the rank calculator gives."""
    return [scheme for scheme in SCHEMES.values() if scheme.rank_calculator is not None]


def rank_answer(*, scheme: Scheme, query: Mapping[str, str]) -> dict[str, Any]:
    """The scheme's rank calculator's answer to `query` (its `rank_parameters`, as text). A
    parameter it does not read is refused by name, so that a misspelt one is not taken for
    a missing one."""
    if scheme.rank_calculator is None:
        raise refuse(SCHEME, f"The rank calculator does not give {scheme.name} ranks yet.")
    names = [name for name, _ in scheme.rank_parameters]
    for name in query:
        if name not in names:
            raise refuse(
                name,
                f"{scheme.name} ranks take no parameter {name!r}; they take {', '.join(names)}.",
            )
    return exact(scheme.rank_calculator(query))


def single_values(query: Any, *, ignore: tuple[str, ...] = ()) -> dict[str, str]:
    """A query's parameters (a QueryDict) each given once, as text; one given twice is
    refused by name rather than one of its values chosen."""
    values: dict[str, str] = {}
    for name in query:
        if name in ignore:
            continue
        given = query.getlist(name)
        if len(given) > 1:
            raise refuse(name, f"{name} is given {len(given)} times; give it once.")
        values[name] = given[0]
    return values
