"""The award calculator of the API: an event's results in, every contestant's awards out, under
any scheme's rules whatever the deployment's.

`rules` names an edition of some scheme's award rules. An event of a scheme that types its
events session by session (`Scheme.calculator_sessions`, the ABF's) is read and answered by
awards.calculator.sessions; another scheme's event is read and answered by that scheme
(`Scheme.calculator_event`, `Scheme.calculator_answer`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.calculator.engines import (
    RULES,
    default_rules,
    event_answer,
    takes_events,
    takes_sessions,
)
from awards.calculator.sessions.answers import sessions_answer
from awards.calculator.sessions.serializers import (
    EVENT_LIMITS,
    CalculatorRequestSerializer,
    CalculatorResponseSerializer,
)
from centre.throttling import ScopedRateThrottle
from scheme import SCHEMES, Scheme


def _example_field(value: Any) -> serializers.Field:
    """A field documented from an example's value (its JSON type, and the value itself)."""
    shown = json.dumps(value)
    help_text = f"e.g. {shown if len(shown) <= 120 else shown[:117] + '...'}"
    if isinstance(value, bool):
        return serializers.BooleanField(required=False, help_text=help_text)
    if isinstance(value, int):
        return serializers.IntegerField(required=False, help_text=help_text)
    if isinstance(value, str):
        return serializers.CharField(required=False, help_text=help_text)
    if isinstance(value, list):
        return serializers.ListField(
            child=serializers.JSONField(), required=False, help_text=help_text
        )
    if isinstance(value, dict):
        return serializers.DictField(
            child=serializers.JSONField(), required=False, help_text=help_text
        )
    return serializers.JSONField(required=False, help_text=help_text)


def scheme_request_serializer(scheme: Scheme) -> type[serializers.Serializer]:
    """The documentation of a scheme's request: `rules` (its editions) and the fields its
    examples use. The scheme reads and checks the request itself."""
    fields: dict[str, serializers.Field] = {
        RULES: serializers.ChoiceField(
            choices=list(scheme.editions),
            help_text=f"An edition of the {scheme.name}'s award rules.",
        )
    }
    for example in scheme.calculator_examples.values():
        for name, value in example.items():
            if name != RULES and name not in fields:
                fields[name] = _example_field(value)
    doc = (
        f"An event under the {scheme.name} ({', '.join(scheme.editions)}), as the "
        f"{scheme.name}'s calculator reads it: see its named examples. A field it cannot "
        "take is a 400 naming it."
    )
    code = scheme.code.upper()
    return type(
        f"{code}CalculatorRequestSerializer", (serializers.Serializer,), {**fields, "__doc__": doc}
    )


class SchemeContestantSerializer(serializers.Serializer):
    label = serializers.CharField()
    points = serializers.DictField(
        child=serializers.CharField(),
        help_text="Points by the scheme's kind code, as text of two decimals.",
    )
    total = serializers.CharField(help_text="Points in all, as text of two decimals.")


class SchemeCalculatorResponseSerializer(serializers.Serializer):
    """Another scheme's answer: each contestant's points in the scheme's kinds, and the
    working. A scheme may add its own fields (its grade or status, kind, the players)."""

    rules = serializers.CharField()
    contestants = SchemeContestantSerializer(many=True)
    working = serializers.ListField(child=serializers.CharField())


def _event_schemes() -> list[Scheme]:
    return [scheme for scheme in SCHEMES.values() if takes_events(scheme)]


def _kinds() -> str:
    return "; ".join(
        f"{scheme.name}: {', '.join(kind.code for kind in scheme.point_kinds)}"
        for scheme in _event_schemes()
    )


def _examples() -> list[OpenApiExample]:
    return [
        OpenApiExample(
            f"{scheme.code} {name}",
            summary=f"{name} ({scheme.name})",
            value=dict(value),
            request_only=True,
        )
        for scheme in _event_schemes()
        for name, value in scheme.calculator_examples.items()
    ]


def _requests() -> list[type[serializers.Serializer]]:
    return [CalculatorRequestSerializer] + [
        scheme_request_serializer(scheme)
        for scheme in _event_schemes()
        if not scheme.calculator_sessions
    ]


def _description() -> str:
    return (
        "`rules` names an edition of a scheme's award rules ("
        + ", ".join(name for scheme in _event_schemes() for name in scheme.editions)
        + "); left out, the deployment's own. An unknown `rules` is a 400 naming `rules` "
        "and listing the editions. The request is one of the schemes' shapes.\n\n"
        "ABF events: give the grade, kind and sessions of an event (each session either "
        "fields of a movement with their rankings, or matches of 5 or more boards) and, "
        "for events of two or more sessions, the final placings. Rankings list places best "
        "first; each place lists the contestants tied there. The answer gives each "
        "contestant's session, match and outright awards and total, per player, and the "
        "working: which clause, table, weight and factor gave each number.\n\n"
        "Another scheme's event is given as that scheme describes it (see the examples); "
        "its answer gives each contestant's points by the scheme's kinds of point ("
        + _kinds()
        + "), as text of two decimals, and the working.\n\nOpen to anyone, throttled. "
        + EVENT_LIMITS
    )


class CalculatorSchema(AutoSchema):
    """The calculator's OpenAPI operation, read from SCHEMES when the schema is generated:
    every registered scheme's shape, examples and kinds of point are in it."""

    def get_operation_id(self) -> str:
        return "calculator_awards"

    def get_summary(self) -> str:
        return "Compute an event's masterpoint awards"

    def get_description(self) -> str:
        return _description()

    def get_tags(self) -> list[str]:
        return ["calculator"]

    def get_request_serializer(self) -> Any:
        return PolymorphicProxySerializer(
            component_name="CalculatorEvent",
            serializers=_requests(),
            resource_type_field_name=None,
        )

    def get_response_serializers(self) -> Any:
        return {
            200: PolymorphicProxySerializer(
                component_name="CalculatorAnswer",
                serializers=[CalculatorResponseSerializer, SchemeCalculatorResponseSerializer],
                resource_type_field_name=None,
            ),
            400: OpenApiResponse(
                description="The event cannot be awarded, is larger than any real event, or "
                "names unknown rules; `fields` names why."
            ),
            413: OpenApiResponse(description="The body is larger than 1 MB."),
            429: OpenApiResponse(description="Too many calculations; try again later."),
        }

    def get_examples(self) -> list[OpenApiExample]:
        return _examples()


class CalculatorAwardsApi(APIView):
    """Compute the masterpoint awards of an event from its results, under any scheme's rules."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "calculator"
    schema = CalculatorSchema()

    def post(self, request: Request) -> Response:
        data = request.data
        if isinstance(data, QueryDict):
            data = data.dict()
        rules = data.get(RULES, default_rules()) if isinstance(data, Mapping) else None
        if rules is None or takes_sessions(rules):
            return Response(sessions_answer(data))
        # Unknown rules are refused by name, listing every scheme's editions.
        return Response(event_answer(data={**data, RULES: rules}))
