"""The award calculator of the API: an event's results in, every contestant's awards out."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from awards.serializers import (
    EVENT_LIMITS,
    CalculatorRequestSerializer,
    CalculatorResponseSerializer,
)
from scheme.abf import compute_awards

REQUEST_EXAMPLE = {
    "rules": "ABF-2025",
    "grade": "E",
    "kind": "pairs",
    "sessions": [
        {
            "boards": 24,
            "fields": [
                {"movement": "mitchell", "tables": 7.5, "ranking": [["N1"], ["N2", "N3"], ["N4"]]},
                {"movement": "mitchell", "tables": 7.5, "ranking": [["E1"], ["E2"], ["E3"]]},
            ],
        },
        {"matches": [{"boards": 14, "home": "T1", "away": "T2", "home_imps": 12, "away_imps": 9}]},
    ],
    "outright": {"tables": 7, "sessions": 2, "ranking": [["N1"], ["E2"], ["N3"]]},
}


class CalculatorAwardsApi(APIView):
    """Compute the masterpoint awards of an event from its results (ABF rules)."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "calculator"

    @extend_schema(
        operation_id="calculator_awards",
        summary="Compute an event's masterpoint awards",
        description=(
            "Give the grade, kind and sessions of an event (each session either fields of a "
            "movement with their rankings, or matches of 5 or more boards) and, for events of "
            "two or more sessions, the final placings. Rankings list places best first; each "
            "place lists the contestants tied there. The answer gives each contestant's "
            "session, match and outright awards and total, per player, and the working: which "
            "clause, table, weight and factor gave each number. Open to anyone, throttled. "
            + EVENT_LIMITS
        ),
        request=CalculatorRequestSerializer,
        responses={
            200: CalculatorResponseSerializer,
            400: OpenApiResponse(
                description="The event cannot be awarded, or is larger than any real event; "
                "`fields` names why."
            ),
            413: OpenApiResponse(description="The body is larger than 1 MB."),
            429: OpenApiResponse(description="Too many calculations; try again later."),
        },
        examples=[OpenApiExample("A club pairs event", value=REQUEST_EXAMPLE, request_only=True)],
        tags=["calculator"],
    )
    def post(self, request: Request) -> Response:
        given = CalculatorRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        # A RulesError names its field ("sessions.0.fields.1.tables") through the handler.
        awards = compute_awards(given.to_event())
        answer = {
            "rules": awards.rules,
            "grade": awards.grade,
            "kind": awards.kind.value,
            "colour": awards.colour.value,
            "contestants": awards.contestants,
            "working": list(awards.working),
        }
        return Response(CalculatorResponseSerializer(answer).data)
