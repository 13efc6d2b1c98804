"""The public masterpoint lookup (1.4.4): players by ABF number or name, a player's totals
and position, and their awards statement for any period."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.ledger.selectors import (
    Totals,
    player_public_with_totals,
    player_totals,
    players_totals,
    totals_by_kind,
)
from awards.ledger.statements import player_statement
from awards.lookup.documents import is_correction
from awards.lookup.selectors import ListedPlayer, NamePrefixMatches, players_lookup
from centre import params
from centre.dates import InRegister
from centre.errors import DomainError
from centre.schemes import current_scheme, has_feature
from players.models import Player
from players.selectors import player_public, player_rank_standing
from scheme import get_scheme
from scheme.base import PRE_1982


class KindTotalsSerializer(serializers.Serializer):
    """Hundredths of a point by each of the registry's kinds of point."""

    # The fields are the deployment's scheme's kinds (ABF green, red, gold; NZ A, B, C; the
    # ACBL's six colours), read when the schema is made.

    def get_fields(self) -> dict[str, serializers.Field]:
        return {
            kind.code: serializers.IntegerField(help_text=f"{kind.label}, in hundredths.")
            for kind in current_scheme().kinds_in_order
        }


class TotalsSerializer(serializers.Serializer):
    lifetime = KindTotalsSerializer()
    approved = KindTotalsSerializer()
    provisional = KindTotalsSerializer()


class NextStarSerializer(serializers.Serializer):
    stars = serializers.IntegerField(help_text="The star that comes next within the rank.")
    aggregate_needed = serializers.IntegerField(
        help_text="Hundredths of A and B Points (the aggregate) still needed for it."
    )


@cache
def _needed_serializer(code: str) -> type[serializers.Serializer] | None:
    """A serializer of what the next rank needs, when every rank of the scheme names the
    same requirements (the ABF's three minimums, NZ's aggregate and A Points); None when
    they differ by rank (the ACBL's colour groups)."""
    scheme = get_scheme(code)
    keys = {tuple((n.key, n.what) for n in scheme.needs(rank, {})) for rank in scheme.ranks}
    if len(keys) != 1:
        return None
    (needs,) = keys
    fields = {
        key: serializers.IntegerField(help_text=f"More {what}, in hundredths (0 when met).")
        for key, what in needs
    }
    return type("NeededSerializer", (serializers.Serializer,), fields)


def _needed_field() -> serializers.Field:
    scheme = current_scheme()
    help_text = (
        "Hundredths still needed for the next rank, after the provisional points, by each "
        "requirement of the rank (0 when met); null at the highest rank."
    )
    serializer = _needed_serializer(scheme.code)
    if serializer is not None:
        return serializer(allow_null=True, help_text=help_text)
    requirements = {
        need.key: need.what
        for rank in scheme.ranks
        for need in scheme.needs(rank, {})
        if need.points
    }
    listed = "; ".join(f"`{key}`: {what}" for key, what in requirements.items())
    return serializers.DictField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text=f"{help_text} The requirements are the next rank's, of these: {listed}.",
    )


class LookupPlayerSerializer(serializers.Serializer):
    abf_number = serializers.CharField()
    name = serializers.CharField()
    home_club = serializers.IntegerField(allow_null=True)
    home_club_name = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    totals = TotalsSerializer(help_text="Hundredths of a masterpoint, by the scheme's kinds.")
    rank = serializers.CharField(
        allow_null=True, help_text="The rank as of the last month close (1.4.4, 1.8)."
    )
    rank_order = serializers.IntegerField(help_text="The rank's place in the ladder; 0 unranked.")
    pre_1982_red = serializers.IntegerField(
        required=False,
        help_text="ABF: red points won before 1982, in hundredths (1.8 notes), kept apart from "
        "the ledger's totals above; they are red points of the player's rank and total.",
    )
    next_rank = serializers.CharField(allow_null=True)
    next_rank_reached = serializers.BooleanField(
        help_text="The points awaiting approval already reach the next rank."
    )

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["needed_for_next_rank"] = _needed_field()
        if current_scheme().stars is not None:
            fields["stars"] = serializers.IntegerField(help_text="The stars within the rank.")
            fields["next_star"] = NextStarSerializer(
                allow_null=True,
                help_text=(
                    "For a player who holds the next rank's aggregate but lacks its A Points: "
                    "the next star and the aggregate it needs; else null."
                ),
            )
        return fields


def _pre_1982(player: Player | ListedPlayer, kept: bool | None = None) -> dict:
    """1.8 notes: the red points won before 1982, its own figure beside the ledger's totals,
    so that a program can add them as the rank does. `kept`: whether the scheme keeps them,
    when the caller has asked already (once for a page of the lookup's players)."""
    if kept is None:
        kept = has_feature(PRE_1982)
    return {"pre_1982_red": player.pre_1982_red} if kept else {}


def _public(player: Player | ListedPlayer, totals: Totals, *, pre_1982: bool | None = None) -> dict:
    """A player as the lookup and the player's API show them. `pre_1982`: whether the scheme
    keeps red points won before 1982 (asked once for a page of the lookup's players)."""
    club = player.home_club
    body = {
        "abf_number": player.abf_number,
        "name": player.full_name,
        "home_club": club.number if club else None,
        "home_club_name": club.name if club else None,
        "status": player.status,
        "totals": totals.as_json(),
    }
    lifetime = body["totals"]["lifetime"]
    body.update(_pre_1982(player, pre_1982))
    # 1.4.4: the rank as of the last close, and what the next one still needs.
    body.update(player_rank_standing(player=player, lifetime=lifetime).as_json())
    return body


class LookupPagination(LimitOffsetPagination):
    """The lookup's pages as DRF gives them (`count`, `next`, `previous`, `results`), by
    `limit` and `offset`, or by `page` for those who count in pages; `next` and `previous`
    count as the request did. A parameter that is not a whole number in range is refused by
    name rather than quietly read as the first page."""

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
        self,
        queryset: Sequence[Player | ListedPlayer],
        request: Request,
        view: APIView | None = None,
    ) -> list[Player | ListedPlayer]:
        self.request = request
        self._address: tuple | None = None
        self.limit = self.get_limit(request)
        self.offset = self.get_offset(request)
        # The page before the count: the matches of a name read their count in the page's
        # own statement (awards.lookup.selectors.NamePrefixMatches). A page past the last is empty.
        page = list(queryset[self.offset : self.offset + self.limit])
        self.count = self.get_count(queryset)
        if self.count > self.limit and self.template is not None:
            self.display_page_controls = True
        # Read after the count (which the matches of a name keep to a limit).
        self.more = bool(getattr(queryset, "more", False))
        return page

    def _by_page(self) -> bool:
        return self.request.query_params.get(self.page_query_param) not in (None, "")

    def _link(self, changes: dict[str, int | None]) -> str:
        """The request's address with `changes` to its query (None: without the parameter),
        the parameters sorted, as DRF's replace_query_param and remove_query_param write it;
        the address parsed once for a page's two links."""
        if self._address is None:
            scheme, netloc, path, query, fragment = urlsplit(self.request.build_absolute_uri())
            self._address = (
                scheme,
                netloc,
                path,
                parse_qs(query, keep_blank_values=True),
                fragment,
            )
        scheme, netloc, path, parameters, fragment = self._address
        parameters = dict(parameters)
        for key, value in changes.items():
            if value is None:
                parameters.pop(key, None)
            else:
                parameters[key] = [str(value)]
        query = urlencode(sorted(parameters.items()), doseq=True)
        return urlunsplit((scheme, netloc, path, query, fragment))

    # The links beside a page follow the style it was asked in: by `page`, or by `offset`.

    def get_next_link(self) -> str | None:
        if self.offset + self.limit >= self.count:
            return None
        if self._by_page():
            page = self.offset // self.limit + 2
            return self._link({self.offset_query_param: None, self.page_query_param: page})
        offset = self.offset + self.limit
        return self._link({self.limit_query_param: self.limit, self.offset_query_param: offset})

    def get_previous_link(self) -> str | None:
        if self.offset <= 0:
            return None
        if self._by_page():
            page = self.offset // self.limit
            return self._link({self.offset_query_param: None, self.page_query_param: page})
        offset = self.offset - self.limit
        return self._link(
            {
                self.limit_query_param: self.limit,
                self.offset_query_param: offset if offset > 0 else None,
            }
        )

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
                "True when more players match than `count` says: a name's matches are "
                "counted up to 1,000; type more of the name to narrow them."
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
                    "The page of `limit` results to answer, from 1 (instead of `offset`); "
                    "`next` and `previous` then name pages too."
                ),
                "schema": {"type": "integer", "minimum": 1},
            },
        ]


class MasterpointLookupApi(ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = LookupPlayerSerializer
    pagination_class = LookupPagination

    def get_queryset(self) -> QuerySet[Player] | NamePrefixMatches:
        # Every match, in name order: the pagination counts them and reads one page.
        # A name's matches are read with their points by kind.
        return players_lookup(query=self.request.query_params.get("q", ""), limit=None, kinds=True)

    @extend_schema(
        summary="Masterpoint lookup by ABF number or name",
        description=(
            "Every player matching `q`, 25 to a page (at most 100 with `limit`), in name "
            "order, with `count` (all the matches, up to 1,000: see `more`), `next` and "
            "`previous` (the links to the pages beside this one, or null) and `results`."
        ),
        parameters=[
            OpenApiParameter(
                "q",
                str,
                description=(
                    "ABF number, or a name: each word the start of the family name or of the "
                    "given names, ignoring case"
                ),
            )
        ],
    )
    def get(self, request: Request) -> Response:
        found = self.paginate_queryset(self.get_queryset())
        # The totals read with a name's matches; the others' (a number, a name found by its
        # trigrams) in one query, whatever the number of results.
        totals = {
            player.pk: totals_by_kind(player.kinds)
            for player in found
            if isinstance(player, ListedPlayer) and player.kinds is not None
        }
        if len(totals) < len(found):
            totals = players_totals(players=found)
        pre_1982 = has_feature(PRE_1982)
        return self.get_paginated_response(
            [_public(player, totals[player.pk], pre_1982=pre_1982) for player in found]
        )


class MasterpointPlayerApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A player's totals, position and home club", responses=LookupPlayerSerializer
    )
    def get(self, request: Request, abf_number: str) -> Response:
        try:
            year = params.optional_year(request.query_params.get("year"))
        except DomainError:
            # A number no player has is refused before the year.
            player_public(number=abf_number)
            raise
        # The player and the totals in one statement, the answer made from them at each
        # request: as many round trips as an answer kept in the cache took, and two fewer
        # than one made for the first time and kept.
        player, totals = player_public_with_totals(number=abf_number, year=year)
        body = _public(player, totals.lifetime)
        body["position"] = totals.position
        if totals.of_year is not None:
            body["year"] = {"year": year, **totals.of_year.as_json()}
        return Response(body)


class StatementQuerySerializer(serializers.Serializer):
    start = serializers.DateField(
        required=False, validators=[InRegister("The statement's first day", ahead=True)]
    )
    end = serializers.DateField(
        required=False, validators=[InRegister("The statement's last day", ahead=True)]
    )

    def validate(self, attrs: dict) -> dict:
        start, end = attrs.get("start"), attrs.get("end")
        if start and end and start > end:
            raise serializers.ValidationError(
                {"start": f"The start ({start:%Y-%m-%d}) is after the end ({end:%Y-%m-%d})."}
            )
        return attrs


class MasterpointStatementApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A player's awards statement for any period",
        parameters=[StatementQuerySerializer],
        responses={200: OpenApiResponse(description="Opening, lines with running totals, closing")},
    )
    def get(self, request: Request, abf_number: str) -> Response:
        player = player_public(number=abf_number)
        query = StatementQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        opening, lines, closing = player_statement(
            player=player,
            start=query.validated_data.get("start"),
            end=query.validated_data.get("end"),
        )
        return Response(
            {
                "abf_number": player.abf_number,
                **_pre_1982(player),
                **player_rank_standing(
                    player=player, lifetime=player_totals(player=player).lifetime
                ).as_json(),
                "opening": opening,
                "lines": [
                    {
                        "date": line["day"],
                        "event": line["event"],
                        "grade": line["grade"],
                        "colour": line["colour"],
                        "points": line["points"],
                        "state": line["state"],
                        "source": line["source"],
                        "reason": line["reason"],
                        "conversion": line["conversion"],
                        # Issue 25: a line that corrects an earlier credit, as the
                        # statement's page, CSV and PDF mark it.
                        "correction": is_correction(line),
                        "running": line["running"],
                    }
                    for line in lines
                ],
                "closing": closing,
            }
        )
