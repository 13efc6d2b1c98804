"""Grants through the API (1.3.3, 1.3.4 note 2, 1.3.5): centre staff list the grants made,
preview what a grant would credit, and make one. Every other login is refused."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.grants.models import Grant
from awards.grants.services.grants import grant_make, grant_preview
from centre.models import Role
from centre.permissions import HasRole
from players.models import Player
from scheme.abf.grants import GRAND_MASTER
from scheme.abf.ranks import RANKS

# The newest grants a list gives.
LIST_LIMIT = 500


class GrantRequestSerializer(serializers.Serializer):
    abf_number = serializers.RegexField(r"^[0-9]{7}$", help_text="The player's ABF number.")
    basis = serializers.ChoiceField(choices=Grant.Basis.choices)
    rank_name = serializers.ChoiceField(
        choices=[rank.name for rank in RANKS if rank.order <= GRAND_MASTER.order],
        help_text="The rank granted: a visitor Grand Master (1.3.3); a resident the ranking "
        "achieved at home, at most Grand Master; retrospective points National, Life or "
        "Grand Master (1.3.4 note 2).",
    )
    reason = serializers.CharField(max_length=2000, help_text="Shown on the player's record.")
    country = serializers.CharField(max_length=60, required=False, default="", allow_blank=True)
    nz_a_points = serializers.DecimalField(
        max_digits=9,
        decimal_places=2,
        min_value=0,
        required=False,
        allow_null=True,
        help_text="A New Zealand resident's A points, at least one gold point each (1.3.3).",
    )
    assessed_by = serializers.CharField(
        max_length=120,
        required=False,
        default="",
        allow_blank=True,
        help_text="The State Association's nominated person, required for "
        "retrospective and non-affiliated grants (1.3.4 note 2).",
    )

    def validate_abf_number(self, value: str) -> Player:
        player = Player.objects.filter(abf_number=value).first()
        if player is None:
            raise serializers.ValidationError("No player has that ABF number.")
        return player


class GrantSerializer(serializers.ModelSerializer):
    player = serializers.SlugRelatedField(slug_field="abf_number", read_only=True)
    rank = serializers.CharField(source="rank.name", read_only=True)
    granted_by = serializers.CharField(source="granted_by.get_username", read_only=True)

    class Meta:
        model = Grant
        fields = [
            "id",
            "player",
            "basis",
            "rank",
            "country",
            "nz_a_points",
            "assessed_by",
            "reason",
            "gold",
            "red",
            "green",
            "working",
            "event",
            "granted_by",
            "granted_at",
        ]
        extra_kwargs = {
            "gold": {"help_text": "Hundredths of a gold point."},
            "red": {"help_text": "Hundredths of a red point."},
            "green": {"help_text": "Hundredths of a green point."},
        }


class GrantPreviewSerializer(serializers.Serializer):
    player = serializers.CharField(help_text="The player's ABF number.")
    rank = serializers.CharField(help_text="The rank the grant gives.")
    gold = serializers.IntegerField(help_text="Hundredths of a gold point to be credited.")
    red = serializers.IntegerField(help_text="Hundredths of a red point to be credited.")
    green = serializers.IntegerField(help_text="Hundredths of a green point to be credited.")
    working = serializers.CharField()


def _arguments(request: Request) -> dict:
    given = GrantRequestSerializer(data=request.data)
    given.is_valid(raise_exception=True)
    data = dict(given.validated_data)
    data["player"] = data.pop("abf_number")
    return data


class GrantListApi(APIView):
    """Centre staff: the grants made, newest first; and a new grant."""

    permission_classes = [HasRole]
    roles = (Role.STAFF,)

    @extend_schema(
        summary="Grants made (staff only)",
        responses={
            200: GrantSerializer(many=True),
            403: OpenApiResponse(description="Not a centre staff login."),
        },
    )
    def get(self, request: Request) -> Response:
        made = Grant.objects.select_related("player", "granted_by")[:LIST_LIMIT]
        return Response(GrantSerializer(made, many=True).data)

    @extend_schema(
        summary="Grant a player the points of a rank (staff only; 1.3.3, 1.3.4, 1.3.5)",
        description="The least points that give the rank, credited (provisional until the "
        "month closes) with the reason. Preview them first with POST /api/v1/grants/preview. "
        "A grant the manual does not allow is a 400 naming the field.",
        request=GrantRequestSerializer,
        responses={
            201: GrantSerializer,
            400: OpenApiResponse(description="A field breaks a rule, named in `fields`."),
            403: OpenApiResponse(description="Not a centre staff login."),
        },
    )
    def post(self, request: Request) -> Response:
        grant = grant_make(by=request.user, **_arguments(request))
        return Response(GrantSerializer(grant).data, status=status.HTTP_201_CREATED)


class GrantPreviewApi(APIView):
    """Centre staff: what a grant would credit, checked as the grant is, nothing written."""

    permission_classes = [HasRole]
    roles = (Role.STAFF,)

    @extend_schema(
        summary="Preview a grant: the points by colour and the rank (staff only)",
        request=GrantRequestSerializer,
        responses={
            200: GrantPreviewSerializer,
            400: OpenApiResponse(description="A field breaks a rule, named in `fields`."),
            403: OpenApiResponse(description="Not a centre staff login."),
        },
    )
    def post(self, request: Request) -> Response:
        arguments = _arguments(request)
        arguments.pop("country")
        award = grant_preview(by=request.user, **arguments)
        answer = {
            "player": arguments["player"].abf_number,
            "rank": award.rank.name,
            "gold": award.gold,
            "red": award.red,
            "green": award.green,
            "working": award.working,
        }
        return Response(GrantPreviewSerializer(answer).data)
