"""The examples of the results operations in the OpenAPI schema, in the deployment's scheme:
its grades, its kind of event where it asks for one, and its own calculator's request, so
that each example, sent as it stands, is taken (with its players registered).

drf-spectacular reads an operation's examples once per schema; `scheme_examples` puts a
function of the deployment's scheme under a method's `@extend_schema`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiExample

from centre.schemes import current_scheme
from players import abf_numbers
from scheme import Scheme

# The first serial of the players the examples name (any registered numbers will do).
FIRST_SERIAL = 200_001


def results_grade(scheme: Scheme) -> dict[str, str]:
    """The grade (and the kind of event, for a scheme that asks for one) of a club's
    results file: the first kind of event the scheme reads from a file, or the grade of its
    calculator's first example (the ABF's E, NZ's club session)."""
    if scheme.results_events:
        first = scheme.results_events[0]
        return {"grade": first.grades[0], "event": first.code}
    example = next(iter(scheme.calculator_examples.values()), {})
    grade = example.get("grade") or example.get("status") or scheme.grades[0].code
    return {"grade": str(grade)}


def _labels(value: Any) -> Iterator[str]:
    """Every contestant an example names: in its rankings and as a match's teams."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "ranking":
                for place in item:
                    yield from (str(label) for label in place)
            elif key in ("home", "away"):
                yield str(item)
            else:
                yield from _labels(item)
    elif isinstance(value, list):
        for item in value:
            yield from _labels(item)


def event_example(scheme: Scheme) -> dict[str, Any]:
    """`POST /api/v1/uploads/results`: the scheme's first calculator example, each of its
    contestants two players."""
    results = dict(next(iter(scheme.calculator_examples.values())))
    labels = list(dict.fromkeys(_labels(results)))
    serials = iter(range(FIRST_SERIAL, FIRST_SERIAL + 2 * len(labels)))
    return {
        "name": "Tuesday pairs",
        "starts_on": "2025-03-04",
        "results": results,
        "players": {
            label: [abf_numbers.from_serial(next(serials)) for _ in range(2)] for label in labels
        },
    }


def results_check_examples() -> list[OpenApiExample]:
    scheme = current_scheme()
    return [
        OpenApiExample(
            "A club's Mitchell from its scoring program",
            request_only=True,
            media_type="multipart/form-data",
            value={"file": "(monday.xml)", **results_grade(scheme), "authorisation_number": ""},
        )
    ]


def upload_results_examples() -> list[OpenApiExample]:
    scheme = current_scheme()
    return [
        OpenApiExample(
            f"An event under the {scheme.name}", request_only=True, value=event_example(scheme)
        )
    ]


def scheme_examples(examples: Callable[[], list[OpenApiExample]]) -> Callable:
    """A view method's examples worked out when the schema is (put it under the method's
    `@extend_schema`, whose own examples follow these)."""

    class SchemeExamples(AutoSchema):
        def get_examples(self) -> list[OpenApiExample]:
            return [*examples(), *super().get_examples()]

    def decorate(method: Callable) -> Callable:
        method.kwargs = {"schema": SchemeExamples}  # type: ignore[attr-defined]
        return method

    return decorate
