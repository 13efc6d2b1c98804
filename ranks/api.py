"""The public standings and top lists (1.7.2, 1.7.3), the all-time top list and the One
Thousand Club (1.9; guide F6.1)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre import params
from centre.schemes import current_scheme, point_kind_choices
from centre.versions import public_cached
from ranks.selectors import ALL_TIME_TOP, one_thousand_club
from ranks.standings import GROUPS, SHOWN, mccutcheon_cached, standings_cached
from ranks.top_lists import top_list, top_query

# --- McCutcheon standings and top lists (1.7.2, 1.7.3) ------------------------------------


class StandingsQuerySerializer(serializers.Serializer):
    # The scheme's kinds, read when the query is (not when the module is first imported,
    # perhaps under another scheme's settings).
    colour = serializers.ChoiceField(choices=[], required=False)
    state = serializers.CharField(required=False, max_length=3)
    group = serializers.CharField(required=False, help_text="A ranking group at 1 January.")
    limit = serializers.IntegerField(required=False, min_value=1, max_value=1000, default=100)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["colour"].choices = [code for code, _ in point_kind_choices()]

    def validate_group(self, value: str) -> str:
        if value not in GROUPS:
            raise ValidationError(f"Not a ranking group; one of: {', '.join(GROUPS)}.")
        return value


class StandingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    abf_number = serializers.CharField()
    name = serializers.CharField()
    home_club = serializers.IntegerField(allow_null=True)
    state = serializers.CharField()
    group = serializers.CharField(help_text="The ranking group at 1 January (1.7.3).")
    points = serializers.IntegerField(help_text="Hundredths, of the colour asked for or all.")
    green = serializers.IntegerField()
    red = serializers.IntegerField()
    gold = serializers.IntegerField()


class StandingsApi(APIView):
    """Public: a year's top list, by colour, state and ranking group (1.7.2, 1.7.3)."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="Top list of a calendar year (McCutcheon, 1.7)",
        parameters=[StandingsQuerySerializer],
        responses=StandingSerializer(many=True),
    )
    def get(self, request: Request, year: int) -> Response:
        year = params.year(year)
        query = StandingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        values = query.validated_data
        choice = {name: values.get(name) for name in ("colour", "state", "group", "limit")}
        # The rows as they are sent, kept while the data they show is current.
        body = public_cached(
            f"standings-api:{current_scheme().code}:{year}:{sorted(choice.items())}",
            lambda: list(StandingSerializer(standings_cached(year=year, **choice), many=True).data),
            versions=SHOWN,
        )
        return Response(body)


class GroupLeadersSerializer(serializers.Serializer):
    group = serializers.CharField()
    leaders = StandingSerializer(many=True)


class McCutcheonSerializer(serializers.Serializer):
    year = serializers.IntegerField()
    trophy = StandingSerializer(many=True, help_text="The year's leaders overall (1.7.2).")
    awards = GroupLeadersSerializer(many=True, help_text="Each ranking group's leaders (1.7.3).")


class McCutcheonApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="McCutcheon Trophy and awards of a calendar year (1.7.2, 1.7.3)",
        responses=McCutcheonSerializer,
    )
    def get(self, request: Request, year: int) -> Response:
        overall, groups = mccutcheon_cached(year=params.year(year))
        return Response(
            McCutcheonSerializer({"year": year, "trophy": overall, "awards": groups}).data
        )


# --- the all-time top list and the One Thousand Club (1.9; guide F6.1) ---------------------


class AllTimeSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    abf_number = serializers.CharField(source="player.abf_number")
    name = serializers.CharField(source="player.full_name")
    status = serializers.CharField(source="player.status")
    total = serializers.IntegerField(
        help_text="Approved masterpoints of a lifetime, of the kind asked for or of every "
        "kind, with the ABF's red points won before 1982 (1.8 notes) in the red and the "
        "whole, hundredths."
    )


class AllTimeTopApi(APIView):
    """Public: the Top 500 masterpoint earners of all time, deceased players included; of
    every kind of point or of one (`colour`), down to place `limit`."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="Top 500 masterpoint earners of all time (guide F6.1)",
        parameters=[
            OpenApiParameter(
                "colour",
                str,
                description="A kind of point of the scheme (the ABF's green, red, gold); "
                "left out for every kind. Any other value is refused (400).",
            ),
            OpenApiParameter(
                "limit",
                int,
                description=f"The last place listed, 1 to {ALL_TIME_TOP} (the default); "
                "players tied with it are listed too. Any other value is refused (400).",
            ),
        ],
        responses=AllTimeSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        choice = top_query(request.query_params)
        return Response(AllTimeSerializer(top_list(choice), many=True).data)


class OneThousandClubSerializer(serializers.Serializer):
    abf_number = serializers.CharField(source="player.abf_number")
    name = serializers.CharField(source="player.full_name")
    status = serializers.CharField(source="player.status")
    joined = serializers.CharField(source="period.label", help_text="The month of the close.")
    total = serializers.IntegerField(
        help_text="Masterpoints at the close of joining, with the ABF's red points won before "
        "1982 (1.8 notes), hundredths."
    )


class OneThousandClubApi(APIView):
    """Public (1.9): the members of the One Thousand Club, in the order they joined."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="The One Thousand Club (1.9)", responses=OneThousandClubSerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        return Response(OneThousandClubSerializer(one_thousand_club(), many=True).data)
