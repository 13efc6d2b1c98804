"""A player's rank history through the API (issue 25): each promotion with its day, and the
rank held on a day by that history (`?on=`)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.corrections.retired import retired_pointer_response
from awards.corrections.selectors import kept_number_for
from centre.dates import InRegister
from players.selectors import player_public
from ranks.rank_history import rank_held_on, rank_history


class RankHistoryQuerySerializer(serializers.Serializer):
    on = serializers.DateField(
        required=False,
        validators=[InRegister("The day", ahead=True)],
        help_text="A day: `held_on` then says the rank held that day by the promotions.",
    )


class RankStepSerializer(serializers.Serializer):
    rank = serializers.CharField()
    rank_order = serializers.IntegerField()
    month = serializers.CharField(help_text="The month whose close made the promotion.")
    promoted_on = serializers.DateField()
    abf_number = serializers.CharField(
        help_text="The number it was made under: the player's, or a record merged into it."
    )


class RankHeldSerializer(serializers.Serializer):
    on = serializers.DateField()
    rank = serializers.CharField(allow_null=True)
    rank_order = serializers.IntegerField(required=False)
    promoted_on = serializers.DateField(required=False)


class RankHistorySerializer(serializers.Serializer):
    abf_number = serializers.CharField()
    rank = serializers.CharField(allow_null=True, help_text="The rank held now.")
    rank_order = serializers.IntegerField()
    promotions = RankStepSerializer(many=True)
    held_on = RankHeldSerializer(required=False, help_text="With `on`: the rank held that day.")


class RankHistoryApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A player's rank history: each promotion with its day",
        description=(
            "Promotions are made at a month close (ABF 1.4.4), one for the highest rank "
            "reached that month; a record merged into the player's brings its own."
        ),
        parameters=[RankHistoryQuerySerializer],
        responses=RankHistorySerializer,
    )
    def get(self, request: Request, abf_number: str) -> Response:
        kept = kept_number_for(abf_number)
        if kept is not None:
            return retired_pointer_response(request, abf_number, kept)
        player = player_public(number=abf_number)
        query = RankHistoryQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        steps = rank_history(player=player)
        rank = player.rank
        body = {
            "abf_number": player.abf_number,
            "rank": rank.name if rank else None,
            "rank_order": player.rank_order,
            "promotions": [step.as_json() for step in steps],
        }
        on = query.validated_data.get("on")
        if on is not None:
            held = rank_held_on(steps=steps, on=on)
            body["held_on"] = {"on": on.isoformat(), **(held.as_json() if held else {"rank": None})}
        return Response(body)
