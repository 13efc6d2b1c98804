"""The public masterpoint lookup (1.4.4): players by ABF number or name, a player's totals
and position, and their awards statement for any period."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards import selectors
from centre import params
from centre.versions import APPROVED, LIFETIME, public_cached
from players.models import Player
from players.selectors import player_fingerprint, player_rank_standing


class ColourTotalsSerializer(serializers.Serializer):
    green = serializers.IntegerField()
    red = serializers.IntegerField()
    gold = serializers.IntegerField()


class TotalsSerializer(serializers.Serializer):
    lifetime = ColourTotalsSerializer()
    approved = ColourTotalsSerializer()
    provisional = ColourTotalsSerializer()


class NeededSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="More points of any colour.")
    red_and_gold = serializers.IntegerField(help_text="More red or gold points.")
    gold = serializers.IntegerField(help_text="More gold points.")


class LookupPlayerSerializer(serializers.Serializer):
    abf_number = serializers.CharField()
    name = serializers.CharField()
    home_club = serializers.IntegerField(allow_null=True)
    home_club_name = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    totals = TotalsSerializer(help_text="Hundredths of a masterpoint, by colour.")
    rank = serializers.CharField(
        allow_null=True, help_text="The rank as of the last month close (1.4.4, 1.8)."
    )
    rank_order = serializers.IntegerField(help_text="1 Graduate Master to 21; 0 unranked.")
    next_rank = serializers.CharField(allow_null=True)
    needed_for_next_rank = NeededSerializer(
        allow_null=True,
        help_text="Hundredths still needed for the next rank, after the provisional points.",
    )


def _public(player: Player, totals: selectors.Totals) -> dict:
    return {
        "abf_number": player.abf_number,
        "name": player.full_name,
        "home_club": player.home_club.number if player.home_club else None,
        "home_club_name": player.home_club.name if player.home_club else None,
        "status": player.status,
        "totals": totals.as_json(),
        # 1.4.4: the rank as of the last close, and what the next one still needs.
        **player_rank_standing(player=player, lifetime=totals.lifetime).as_json(),
    }


class LookupPagination(LimitOffsetPagination):
    """The lookup's pages as DRF gives them (`count`, `next`, `previous`, `results`), by
    `limit` and `offset`, or by `page` for those who count in pages. A parameter that is not
    a whole number in range is refused by name rather than quietly read as the first page."""

    default_limit = 25
    max_limit = 100
    page_query_param = "page"
    # An offset past any registry: a request for it is refused, not answered empty.
    max_offset = 10_000_000

    def get_limit(self, request: Request) -> int:
        value = request.query_params.get(self.limit_query_param)
        if value in (None, ""):
            return self.default_limit
        return params.whole_number(
            value, name=self.limit_query_param, minimum=1, maximum=self.max_limit
        )

    def get_offset(self, request: Request) -> int:
        offset = request.query_params.get(self.offset_query_param)
        page = request.query_params.get(self.page_query_param)
        if offset not in (None, "") and page not in (None, ""):
            raise params.refuse(self.page_query_param, "Give either page or offset, not both.")
        if page not in (None, ""):
            number = params.whole_number(
                page,
                name=self.page_query_param,
                minimum=1,
                maximum=self.max_offset // self.max_limit,
            )
            return (number - 1) * self.get_limit(request)
        if offset in (None, ""):
            return 0
        return params.whole_number(
            offset, name=self.offset_query_param, minimum=0, maximum=self.max_offset
        )

    def paginate_queryset(
        self, queryset: Sequence[Player], request: Request, view: APIView | None = None
    ) -> list[Player]:
        page = super().paginate_queryset(queryset, request, view)
        # Read after the count (which the matches of one word keep to a limit).
        self.more = bool(getattr(queryset, "more", False))
        return page

    def get_paginated_response(self, data: list) -> Response:
        response = super().get_paginated_response(data)
        # A name so common that `count` stops at a limit: there are more than that.
        response.data["more"] = self.more
        return response

    def get_paginated_response_schema(self, schema: dict) -> dict:
        answer = super().get_paginated_response_schema(schema)
        answer["properties"]["more"] = {
            "type": "boolean",
            "description": (
                "True when more players match than `count` says: a one-word name's matches "
                "are counted up to 1,000; type more of the name to narrow them."
            ),
        }
        return answer

    def get_schema_operation_parameters(self, view: object) -> list[dict]:
        return [
            *super().get_schema_operation_parameters(view),
            {
                "name": self.page_query_param,
                "required": False,
                "in": "query",
                "description": (
                    "The page of `limit` results to answer, from 1 (instead of `offset`)."
                ),
                "schema": {"type": "integer", "minimum": 1},
            },
        ]


class MasterpointLookupApi(ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = LookupPlayerSerializer
    pagination_class = LookupPagination

    def get_queryset(self) -> QuerySet[Player] | selectors.NamePrefixMatches:
        # Every match, in name order: the pagination counts them and reads one page.
        return selectors.players_lookup(query=self.request.query_params.get("q", ""), limit=None)

    @extend_schema(
        summary="Masterpoint lookup by ABF number or name",
        description=(
            "Every player matching `q`, 25 to a page (at most 100 with `limit`), in name "
            "order, with `count` (all the matches), `next` and `previous` (the links to the "
            "pages beside this one, or null) and `results`."
        ),
        parameters=[OpenApiParameter("q", str, description="ABF number or (part of) a name")],
    )
    def get(self, request: Request) -> Response:
        found = self.paginate_queryset(self.get_queryset())
        # Every result's totals in one query, whatever the number of results.
        totals = selectors.players_totals(players=found)
        return self.get_paginated_response([_public(player, totals[player.pk]) for player in found])


class MasterpointPlayerApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A player's totals, position and home club", responses=LookupPlayerSerializer
    )
    def get(self, request: Request, abf_number: str) -> Response:
        player = get_object_or_404(
            Player.objects.select_related("home_club"), abf_number=abf_number
        )
        year = params.optional_year(request.query_params.get("year"))
        body = public_cached(
            f"player-api:{player_fingerprint(player)}:{year}",
            lambda: _player_body(player, year),
            versions=(LIFETIME, APPROVED),
        )
        return Response(body)


def _player_body(player: Player, year: int | None) -> dict:
    body = _public(player, selectors.player_totals(player=player))
    body["position"] = selectors.player_position(player=player)
    if year is not None:
        body["year"] = {
            "year": year,
            **selectors.player_totals(player=player, year=year).as_json(),
        }
    return body


class StatementQuerySerializer(serializers.Serializer):
    start = serializers.DateField(required=False)
    end = serializers.DateField(required=False)


class MasterpointStatementApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A player's awards statement for any period",
        parameters=[StatementQuerySerializer],
        responses={200: OpenApiResponse(description="Opening, lines with running totals, closing")},
    )
    def get(self, request: Request, abf_number: str) -> Response:
        player = get_object_or_404(Player, abf_number=abf_number)
        query = StatementQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        opening, lines, closing = selectors.player_statement(
            player=player,
            start=query.validated_data.get("start"),
            end=query.validated_data.get("end"),
        )
        return Response(
            {
                "abf_number": player.abf_number,
                **player_rank_standing(
                    player=player, lifetime=selectors.player_totals(player=player).lifetime
                ).as_json(),
                "opening": opening,
                "lines": [
                    {
                        "date": line.credit.event.ends_on,
                        "event": line.credit.event.name,
                        "grade": line.credit.event.grade,
                        "colour": line.credit.colour,
                        "points": line.credit.points,
                        "state": line.credit.state,
                        "source": line.credit.source,
                        "reason": line.credit.reason,
                        "conversion": line.credit.conversion,
                        "running": line.running,
                    }
                    for line in lines
                ],
                "closing": closing,
            }
        )
