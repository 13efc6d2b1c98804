"""The rank calculator of the API: a player's points in, the scheme's rank and what the next
rank needs out, for any scheme whatever the deployment's."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.calculator.engines import (
    SCHEME,
    rank_answer,
    rank_schemes,
    scheme_by_code,
    single_values,
)
from centre.throttling import ScopedRateThrottle

# DRF's own query parameter (?format=json), not the scheme's.
FORMAT = "format"


class RankCalculatorResponseSerializer(serializers.Serializer):
    """The scheme's answer; each scheme adds what it reports (ABF: the One Thousand Club; NZ:
    stars, grade and rating points)."""

    scheme = serializers.CharField(help_text="The scheme's code: abf, nz, acbl.")
    rank = serializers.CharField(
        allow_null=True, help_text="The rank the points reach; null below the first."
    )
    next_rank = serializers.DictField(
        allow_null=True,
        help_text="The next rank's name and what it still needs, by the scheme's kinds; null "
        "at the top.",
    )
    working = serializers.ListField(child=serializers.CharField(), required=False)


def _parameters() -> list[OpenApiParameter]:
    """`scheme`, then each parameter any scheme reads, described for each scheme that reads
    it (ABF and ACBL both take `red` and `gold`)."""
    described: dict[str, list[str]] = {}
    for scheme in rank_schemes():
        for name, description in scheme.rank_parameters:
            described.setdefault(name, []).append(f"{scheme.code}: {description}")
    return [
        OpenApiParameter(
            SCHEME,
            OpenApiTypes.STR,
            enum=[scheme.code for scheme in rank_schemes()],
            description="The scheme whose ranks are given; left out, the deployment's.",
        ),
        *(
            OpenApiParameter(name, OpenApiTypes.STR, description=" ".join(lines))
            for name, lines in described.items()
        ),
    ]


def _description() -> str:
    return (
        "Give the scheme and that scheme's parameters: "
        + "; ".join(
            f"{scheme.code} ({scheme.name}): "
            + ", ".join(name for name, _ in scheme.rank_parameters)
            for scheme in rank_schemes()
        )
        + ". Points are text of at most two decimals (123.45). A missing or bad value, or "
        "a parameter the scheme does not read, is a 400 naming the parameter. Open to "
        "anyone, throttled with the award calculator."
    )


class RankCalculatorSchema(AutoSchema):
    """The rank calculator's OpenAPI operation, read from SCHEMES when the schema is
    generated: every registered scheme's parameters are in it."""

    def get_operation_id(self) -> str:
        return "rank_calculator"

    def get_summary(self) -> str:
        return "The rank a player's points reach, and what the next rank needs"

    def get_description(self) -> str:
        return _description()

    def get_tags(self) -> list[str]:
        return ["calculator"]

    def get_override_parameters(self) -> list[OpenApiParameter]:
        return _parameters()

    def get_response_serializers(self) -> Any:
        return {
            200: RankCalculatorResponseSerializer,
            400: OpenApiResponse(description="`fields` names the parameter and why."),
            429: OpenApiResponse(description="Too many calculations; try again later."),
        }


class RankCalculatorApi(APIView):
    """A player's rank under a scheme, from their points."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "calculator"
    schema = RankCalculatorSchema()

    def get(self, request: Request) -> Response:
        query = single_values(request.query_params, ignore=(FORMAT,))
        scheme = scheme_by_code(query.pop(SCHEME, None))
        return Response(rank_answer(scheme=scheme, query=query))
