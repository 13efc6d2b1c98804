"""The registry API's club lists: add or remove an alternate (App. C ii), request or withdraw
a cancellation (1.3.2, 1.4.2)."""

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre.access import club_for
from centre.permissions import HasRole
from players.api import ACTORS, AbfNumberSerializer
from players.api.records import ByNumberApi
from players.api.serializers import PlayerPublicSerializer
from players.selectors import (
    club_alternates,
    club_members,
    player_missing,
    player_number_checked,
)
from players.services import alternates, cancellations


class AlternateAddApi(ByNumberApi):
    service = alternates.alternate_add

    @extend_schema(
        request=AbfNumberSerializer, responses=PlayerPublicSerializer, summary="Add an alternate"
    )
    def post(self, request: Request, number: int) -> Response:
        response = super().post(request, number)
        # The alternate belongs to another club: only its public fields.
        return Response({k: response.data[k] for k in PlayerPublicSerializer().fields}, status=201)


class _MemberActionApi(APIView):
    """Remove an alternate, request or withdraw a cancellation: a player of the club's lists."""

    permission_classes = [HasRole]
    roles = ACTORS
    service: Any = None

    def members(self, club):
        return club_members(club=club)

    def post(self, request: Request, number: int, abf_number: str) -> Response:
        club = club_for(request.user, number, acting=True)
        player_number_checked(abf_number)
        player = self.members(club).filter(abf_number=abf_number).first()
        if player is None:
            raise player_missing(abf_number, f"No player {abf_number} is in the club's list.")
        type(self).service(player=player, club=club, by=request.user)
        player.refresh_from_db()
        return Response(PlayerPublicSerializer(player).data)


class AlternateRemoveApi(_MemberActionApi):
    service = alternates.alternate_remove

    def members(self, club):
        return club_alternates(club=club)

    @extend_schema(request=None, responses=PlayerPublicSerializer, summary="Remove an alternate")
    def post(self, request: Request, number: int, abf_number: str) -> Response:
        return super().post(request, number, abf_number)


class CancellationRequestApi(_MemberActionApi):
    service = cancellations.cancellation_request

    @extend_schema(request=None, responses=PlayerPublicSerializer, summary="Request cancellation")
    def post(self, request: Request, number: int, abf_number: str) -> Response:
        return super().post(request, number, abf_number)


class CancellationWithdrawApi(_MemberActionApi):
    service = cancellations.cancellation_withdraw

    @extend_schema(request=None, responses=PlayerPublicSerializer, summary="Withdraw request")
    def post(self, request: Request, number: int, abf_number: str) -> Response:
        return super().post(request, number, abf_number)
