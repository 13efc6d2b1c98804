"""The Singles calculator of the API (App. A; 4.3.1): a Singles event's final placings and
each player's partners in, the outright awards out, as a pairs event, withheld from players
with too few partnerships."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.calculator.sessions.serializers import LABEL_LENGTH, RankingField
from centre.throttling import ScopedRateThrottle
from scheme.abf import DEFAULT_RULES, RULE_SETS
from scheme.abf.singles import singles_outright
from scheme.abf.validation import MAX_CONTESTANTS, MAX_SESSIONS, MAX_TABLES
from scheme.core.arithmetic import cents


class SinglesRequestSerializer(serializers.Serializer):
    rules = serializers.CharField(
        max_length=20,
        default=DEFAULT_RULES,
        help_text=f"The ABF edition of the award rules: {', '.join(RULE_SETS)}.",
    )
    grade = serializers.CharField(max_length=8)
    ranking = RankingField(help_text="The final placings of the players, best first.")
    tables = serializers.DecimalField(
        max_digits=6,
        decimal_places=1,
        min_value=1,
        max_value=MAX_TABLES,
        help_text="The event's tables (4.4.1: a half table counts as a table).",
    )
    sessions = serializers.IntegerField(
        min_value=2, max_value=MAX_SESSIONS, help_text="S of 4.3.1."
    )
    min_sessions = serializers.IntegerField(
        min_value=1,
        max_value=MAX_SESSIONS,
        help_text="The sessions a player must play to be placed (App. A).",
    )
    partners = serializers.DictField(
        child=serializers.ListField(
            child=serializers.CharField(max_length=LABEL_LENGTH), max_length=MAX_SESSIONS
        ),
        help_text="Each placed player's partner in each session played.",
    )
    other_outright_given = serializers.BooleanField(
        default=False, help_text="True when another outright award has been given (4.3.1)."
    )

    def validate_rules(self, value: str) -> str:
        if value not in RULE_SETS:
            raise serializers.ValidationError(
                f"{value!r} is not an ABF edition of the rules: {', '.join(RULE_SETS)}."
            )
        return value

    def validate_partners(self, value: dict) -> dict:
        if len(value) > MAX_CONTESTANTS:
            raise serializers.ValidationError(f"At most {MAX_CONTESTANTS:,} players.")
        return value


class SinglesResponseSerializer(serializers.Serializer):
    awards = serializers.DictField(
        child=serializers.DecimalField(max_digits=9, decimal_places=2),
        help_text="Each player's outright award.",
    )
    withheld = serializers.DictField(
        child=serializers.CharField(), help_text="Players placed but not eligible, and why."
    )
    working = serializers.ListField(child=serializers.CharField())


class SinglesOutrightApi(APIView):
    """Public: the outright awards of a Singles event (App. A, 4.3.1)."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "calculator"

    @extend_schema(
        request=SinglesRequestSerializer,
        responses={
            200: SinglesResponseSerializer,
            400: OpenApiResponse(description="The request breaks a rule, named in fields."),
        },
        summary="Outright awards of a Singles event (App. A, 4.3.1)",
    )
    def post(self, request: Request) -> Response:
        given = SinglesRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        result = singles_outright(
            RULE_SETS[data["rules"]],
            grade=data["grade"],
            ranking=tuple(tuple(group) for group in data["ranking"]),
            tables=data["tables"],
            sessions=data["sessions"],
            min_sessions=data["min_sessions"],
            partners=data["partners"],
            other_outright_given=data["other_outright_given"],
        )
        answer = {
            "awards": {label: cents(hundredths) for label, hundredths in result.awards.items()},
            "withheld": dict(result.withheld),
            "working": list(result.working),
        }
        return Response(SinglesResponseSerializer(answer).data)
