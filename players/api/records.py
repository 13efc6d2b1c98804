"""The registry API's changes to a player's record: register, edit, record a death,
transfer in, reactivate (App. C 1, 2, 6; guide F6.1, F6.2)."""

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre.access import acting_club, club_for
from centre.api import hundredths_field
from centre.permissions import HasRole
from players.api import (
    ACTORS,
    AbfNumberSerializer,
    named_player,
    visible_player,
)
from players.api.serializers import PlayerSerializer
from players.services import lifecycle, registration


def postal_address_input() -> serializers.CharField:
    # 1.4.2, App. C, guide F6.1: private like the email; its lines are the service's rule.
    return serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text="Up to 4 lines joined by newlines; private like the email.",
    )


class PlayerRegisterApi(APIView):
    permission_classes = [HasRole]
    roles = ACTORS

    class PlayerRegisterInputSerializer(serializers.Serializer):
        given_names = serializers.CharField(max_length=80, trim_whitespace=False)
        family_name = serializers.CharField(max_length=80, trim_whitespace=False)
        birth_year = serializers.IntegerField(required=False, allow_null=True)
        email = serializers.CharField(max_length=254, required=False, allow_blank=True)
        postal_address = postal_address_input()
        confirmed_never_registered = serializers.BooleanField(
            help_text="True once the actives and inactives were searched and the person has "
            "never had an ABF number (App. C)."
        )
        duplicates_reviewed = serializers.BooleanField(
            default=False,
            help_text="True to register although players of the same name and birth year "
            "exist (they are listed in the refusal).",
        )

    @extend_schema(
        request=PlayerRegisterInputSerializer,
        responses={201: PlayerSerializer},
        summary="Add a new player",
    )
    def post(self, request: Request, number: int) -> Response:
        club = club_for(request.user, number, acting=True)
        serializer = self.PlayerRegisterInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = registration.player_register(
            club=club, by=request.user, **serializer.validated_data
        )
        return Response(PlayerSerializer(player).data, status=status.HTTP_201_CREATED)


class PlayerUpdateApi(APIView):
    permission_classes = [HasRole]
    roles = ACTORS

    class PlayerUpdateInputSerializer(serializers.Serializer):
        given_names = serializers.CharField(max_length=80, required=False, trim_whitespace=False)
        family_name = serializers.CharField(max_length=80, required=False, trim_whitespace=False)
        birth_year = serializers.IntegerField(required=False, allow_null=True)
        email = serializers.CharField(max_length=254, required=False, allow_blank=True)
        postal_address = postal_address_input()
        pre_1982_red = hundredths_field(
            required=False, help_text="Hundredths of a red point; centre staff only."
        )
        abf_number = serializers.CharField(required=False, help_text="Always refused.")

    @extend_schema(
        request=PlayerUpdateInputSerializer, responses=PlayerSerializer, summary="Edit details"
    )
    def post(self, request: Request, abf_number: str) -> Response:
        player = visible_player(request, abf_number)
        serializer = self.PlayerUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = lifecycle.player_update(
            player=player,
            by=request.user,
            club=acting_club(request.user),
            data=serializer.validated_data,
        )
        return Response(PlayerSerializer(player).data)


class PlayerDeceasedApi(APIView):
    permission_classes = [HasRole]
    roles = ACTORS

    @extend_schema(request=None, responses=PlayerSerializer, summary="Record as deceased")
    def post(self, request: Request, abf_number: str) -> Response:
        player = visible_player(request, abf_number)
        player = lifecycle.player_mark_deceased(
            player=player, by=request.user, club=acting_club(request.user)
        )
        return Response(PlayerSerializer(player).data)


class ByNumberApi(APIView):
    """Transfer in, reactivate, add an alternate: the club names the player by ABF number."""

    permission_classes = [HasRole]
    roles = ACTORS
    service: Any = None

    def post(self, request: Request, number: int) -> Response:
        club = club_for(request.user, number, acting=True)
        player = named_player(request.data)
        type(self).service(player=player, club=club, by=request.user)
        player.refresh_from_db()
        return Response(PlayerSerializer(player).data)


class PlayerTransferApi(ByNumberApi):
    service = lifecycle.player_transfer

    @extend_schema(request=AbfNumberSerializer, responses=PlayerSerializer, summary="Transfer in")
    def post(self, request: Request, number: int) -> Response:
        return super().post(request, number)


class PlayerReactivateApi(ByNumberApi):
    service = lifecycle.player_reactivate

    @extend_schema(request=AbfNumberSerializer, responses=PlayerSerializer, summary="Reactivate")
    def post(self, request: Request, number: int) -> Response:
        return super().post(request, number)
