"""The record as at a date through the API: a player's points by kind and rank on a day
(public, as the lookup is), and an entry list checked against an event's limit (uploaders)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.as_at.entry_lists import MAX_LINES, Limit, entry_list_check, rank_named
from awards.as_at.forms import MAX_FILE_BYTES
from awards.as_at.selectors import holdings_as_at
from awards.corrections.retired import retired_pointer_response
from awards.corrections.selectors import kept_number_for
from centre.api import hundredths_field
from centre.api_words import SchemeJSONParser
from centre.dates import InRegister
from centre.permissions import UPLOADERS, HasRole
from players.selectors import player_public


class AsAtQuerySerializer(serializers.Serializer):
    on = serializers.DateField(
        required=False,
        validators=[InRegister("The day", ahead=True)],
        help_text="The day (YYYY-MM-DD); today when left out.",
    )


class HoldingsSerializer(serializers.Serializer):
    """A player's holdings on a day."""

    abf_number = serializers.CharField()
    name = serializers.CharField()
    on = serializers.DateField()
    points = serializers.DictField(
        child=serializers.IntegerField(), help_text="Hundredths by the scheme's kinds of point."
    )
    pre_1982_red = serializers.IntegerField(help_text="ABF: red points won before 1982 (1.8).")
    total = serializers.IntegerField(help_text="Every point held, in hundredths.")
    rank = serializers.CharField(allow_null=True, help_text="The rank the points reach.")
    rank_order = serializers.IntegerField(help_text="The rank's place in the ladder; 0 unranked.")


class EntrySerializer(HoldingsSerializer):
    """One line of an entry list: a player's holdings and the limit, or why it is no player."""

    line = serializers.IntegerField()
    status = serializers.CharField(required=False)
    breach = serializers.BooleanField(required=False)
    breach_reason = serializers.CharField(required=False)
    merged_into = serializers.CharField(
        required=False, help_text="A retired number: the number it answers with."
    )
    also_on_lines = serializers.ListField(child=serializers.IntegerField(), required=False)
    problem = serializers.CharField(required=False, help_text="Why the line is no player.")


class EntryListAnswerSerializer(serializers.Serializer):
    on = serializers.DateField()
    limit = serializers.DictField()
    players = serializers.IntegerField()
    breaches = serializers.IntegerField()
    problems = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="By `lines.N`: why line N is no player.",
    )
    entries = EntrySerializer(many=True)


class PlayerAsAtApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A player's points by kind and rank as at a day",
        description=(
            "The points of the events that ended by the day, as the register holds them now "
            "(credited then or later, with every correction since), with the red points won "
            "before 1982 (ABF 1.8 notes), and the rank they reach (Appendix A: limits at a "
            "particular date)."
        ),
        parameters=[AsAtQuerySerializer],
        responses=HoldingsSerializer,
    )
    def get(self, request: Request, abf_number: str) -> Response:
        kept = kept_number_for(abf_number)
        if kept is not None:
            return retired_pointer_response(request, abf_number, kept)
        player = player_public(number=abf_number)
        query = AsAtQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        on = query.validated_data.get("on") or timezone.localdate()
        return Response(holdings_as_at(player=player, on=on).as_json())


class EntryListSerializer(serializers.Serializer):
    on = serializers.DateField(
        validators=[InRegister("The cut-off day", ahead=True)],
        help_text="The cut-off day: holdings of the events that ended by it.",
    )
    numbers = serializers.ListField(
        child=serializers.CharField(max_length=40, allow_blank=True),
        required=False,
        max_length=MAX_LINES,
        help_text="The players' numbers; or `file`.",
    )
    file = serializers.FileField(required=False, help_text="CSV, or one number a line.")
    limit_points = hundredths_field(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="Fewer than this many hundredths (10000 for a novice event, Appendix A).",
    )
    limit_rank = serializers.CharField(
        required=False, allow_blank=True, help_text="Below this rank, by its name."
    )

    def validate(self, attrs: dict) -> dict:
        sent = attrs.get("file")
        if sent is not None:
            if sent.size > MAX_FILE_BYTES:
                raise serializers.ValidationError(
                    {"file": f"An entry list file has at most {MAX_FILE_BYTES:,} bytes."}
                )
            try:
                attrs["text"] = sent.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise serializers.ValidationError(
                    {"file": "The file is not text (save it as CSV, UTF-8)."}
                ) from None
        elif attrs.get("numbers"):
            attrs["text"] = "\n".join(attrs["numbers"])
        else:
            raise serializers.ValidationError({"numbers": "Give `numbers`, or a `file`."})
        return attrs


class EntryListCheckApi(APIView):
    """Each player of an entry list with their holdings and rank as at the cut-off day, and
    whether they breach the event's limit; a line that is no player says why."""

    permission_classes = [HasRole]
    roles = UPLOADERS
    parser_classes = [SchemeJSONParser, MultiPartParser, FormParser]

    @extend_schema(
        summary="Check an entry list as at its cut-off day against the event's limit",
        request=EntryListSerializer,
        responses=EntryListAnswerSerializer,
    )
    def post(self, request: Request) -> Response:
        data = EntryListSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        rank = rank_named(values["limit_rank"]) if values.get("limit_rank") else None
        checked = entry_list_check(
            text=values["text"],
            on=values["on"],
            limit=Limit(points=values.get("limit_points"), rank=rank),
        )
        return Response(checked.as_json())
