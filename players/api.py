"""The registry API: the secretary's tasks for programs (App. C; guide F6).

Scoped exactly as the pages: a club acts only for itself (`clubs/<number>/...` of another
club answers 404), reads only its own home members in full, and sees players of other clubs
only through the search, with the public fields.
"""

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre.permissions import HasRole
from clubs.api import ACTORS, READERS, club_for_acting, club_for_reading, raise_refusal
from players import calendar, services
from players.models import Player
from players.selectors import (
    club_alternates,
    club_members,
    player_by_abf_number,
    player_is_visible_to,
    player_search,
    players_visible_to,
)


class PlayerPublicSerializer(serializers.Serializer):
    """What anyone searching may see of a player of another club."""

    abf_number = serializers.CharField()
    given_names = serializers.CharField()
    family_name = serializers.CharField()
    status = serializers.CharField()
    home_club_name = serializers.CharField(source="home_club.name", default=None)


class PlayerSerializer(PlayerPublicSerializer):
    """The full record, for the player's own club, its state and the centre."""

    birth_year = serializers.IntegerField(allow_null=True)
    email = serializers.CharField()
    home_club = serializers.IntegerField(source="home_club.number", default=None)
    pre_1982_red = serializers.IntegerField(help_text="Hundredths of a red point (1.8 notes).")
    cancellation_requested_at = serializers.DateTimeField(allow_null=True)
    registered_at = serializers.DateTimeField()


class ChangeSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    action = serializers.CharField()
    club = serializers.IntegerField(source="club.number", default=None)
    by = serializers.CharField(source="by.username", default=None)
    changes = serializers.JSONField()


class PlayerDetailSerializer(PlayerSerializer):
    alternate_clubs = serializers.SerializerMethodField()
    history = ChangeSerializer(source="changes.all", many=True)

    def get_alternate_clubs(self, player: Player) -> list[int]:
        return sorted(player.alternate_clubs.values_list("number", flat=True))


class AbfNumberSerializer(serializers.Serializer):
    abf_number = serializers.CharField(max_length=20)


def _shown(player: Player, request: Request) -> dict[str, Any]:
    if player_is_visible_to(player=player, user=request.user):
        return PlayerSerializer(player).data
    return PlayerPublicSerializer(player).data


def _visible_player(request: Request, abf_number: str) -> Player:
    player = players_visible_to(user=request.user).filter(abf_number=abf_number).first()
    if player is None:
        raise Http404("No such player.")
    return player


def _named_player(data: Any) -> Player:
    serializer = AbfNumberSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    try:
        return player_by_abf_number(number=serializer.validated_data["abf_number"])
    except DjangoValidationError as error:
        raise_refusal(error)


def _acting_club_or_none(request: Request):
    return None if request.user.is_centre_staff else request.user.club


# --- reads ---------------------------------------------------------------------------------


class PlayerSearchApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(
        parameters=[OpenApiParameter("q", str, description="ABF number or part of a name")],
        responses=PlayerPublicSerializer(many=True),
        summary="Search actives and inactives",
        description="Players of other clubs show only the public fields.",
    )
    def get(self, request: Request) -> Response:
        try:
            players = list(player_search(query=request.query_params.get("q", "")))
        except DjangoValidationError as error:
            raise_refusal(error)
        return Response({"results": [_shown(p, request) for p in players]})


class PlayerDetailApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(responses=PlayerDetailSerializer, summary="A player's record and history")
    def get(self, request: Request, abf_number: str) -> Response:
        return Response(PlayerDetailSerializer(_visible_player(request, abf_number)).data)


class ClubMembersApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(responses=PlayerSerializer(many=True), summary="A club's home members")
    def get(self, request: Request, number: int) -> Response:
        club = club_for_reading(request, number)
        players = club_members(club=club).select_related("home_club")
        return Response({"results": PlayerSerializer(players, many=True).data})


class ClubAlternatesApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(responses=PlayerPublicSerializer(many=True), summary="A club's alternates")
    def get(self, request: Request, number: int) -> Response:
        club = club_for_reading(request, number)
        players = club_alternates(club=club)
        return Response({"results": PlayerPublicSerializer(players, many=True).data})


class ClubCancellationsApi(APIView):
    permission_classes = [HasRole]
    roles = ACTORS

    @extend_schema(responses=PlayerSerializer(many=True), summary="Home members to cancel")
    def get(self, request: Request, number: int) -> Response:
        club = club_for_acting(request, number)
        now = calendar.now()
        players = club_members(club=club).select_related("home_club")
        return Response(
            {
                "window_open": calendar.cancellation_window_is_open(now),
                "deadline": calendar.cancellation_deadline(
                    now.astimezone(calendar.SCHEME_TZ).year
                ).isoformat(),
                "results": PlayerSerializer(players, many=True).data,
            }
        )


# --- the secretary's tasks -----------------------------------------------------------------


class PlayerRegisterApi(APIView):
    permission_classes = [HasRole]
    roles = ACTORS

    class PlayerRegisterInputSerializer(serializers.Serializer):
        given_names = serializers.CharField(max_length=80, trim_whitespace=False)
        family_name = serializers.CharField(max_length=80, trim_whitespace=False)
        birth_year = serializers.IntegerField(required=False, allow_null=True)
        email = serializers.CharField(max_length=254, required=False, allow_blank=True)
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
        club = club_for_acting(request, number)
        serializer = self.PlayerRegisterInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            player = services.player_register(
                club=club, by=request.user, **serializer.validated_data
            )
        except DjangoValidationError as error:
            raise_refusal(error)
        return Response(PlayerSerializer(player).data, status=status.HTTP_201_CREATED)


class PlayerUpdateApi(APIView):
    permission_classes = [HasRole]
    roles = ACTORS

    class PlayerUpdateInputSerializer(serializers.Serializer):
        given_names = serializers.CharField(max_length=80, required=False, trim_whitespace=False)
        family_name = serializers.CharField(max_length=80, required=False, trim_whitespace=False)
        birth_year = serializers.IntegerField(required=False, allow_null=True)
        email = serializers.CharField(max_length=254, required=False, allow_blank=True)
        pre_1982_red = serializers.IntegerField(required=False, help_text="Centre staff only.")
        abf_number = serializers.CharField(required=False, help_text="Always refused.")

    @extend_schema(
        request=PlayerUpdateInputSerializer, responses=PlayerSerializer, summary="Edit details"
    )
    def post(self, request: Request, abf_number: str) -> Response:
        player = _visible_player(request, abf_number)
        serializer = self.PlayerUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            player = services.player_update(
                player=player,
                by=request.user,
                club=_acting_club_or_none(request),
                data=serializer.validated_data,
            )
        except DjangoValidationError as error:
            raise_refusal(error)
        return Response(PlayerSerializer(player).data)


class PlayerDeceasedApi(APIView):
    permission_classes = [HasRole]
    roles = ACTORS

    @extend_schema(request=None, responses=PlayerSerializer, summary="Record as deceased")
    def post(self, request: Request, abf_number: str) -> Response:
        player = _visible_player(request, abf_number)
        try:
            player = services.player_mark_deceased(
                player=player, by=request.user, club=_acting_club_or_none(request)
            )
        except DjangoValidationError as error:
            raise_refusal(error)
        return Response(PlayerSerializer(player).data)


class _ByNumberApi(APIView):
    """Transfer in, reactivate, add an alternate: the club names the player by ABF number."""

    permission_classes = [HasRole]
    roles = ACTORS
    service: Any = None

    def post(self, request: Request, number: int) -> Response:
        club = club_for_acting(request, number)
        player = _named_player(request.data)
        try:
            type(self).service(player=player, club=club, by=request.user)
        except DjangoValidationError as error:
            raise_refusal(error)
        player.refresh_from_db()
        return Response(PlayerSerializer(player).data)


class PlayerTransferApi(_ByNumberApi):
    service = services.player_transfer

    @extend_schema(request=AbfNumberSerializer, responses=PlayerSerializer, summary="Transfer in")
    def post(self, request: Request, number: int) -> Response:
        return super().post(request, number)


class PlayerReactivateApi(_ByNumberApi):
    service = services.player_reactivate

    @extend_schema(request=AbfNumberSerializer, responses=PlayerSerializer, summary="Reactivate")
    def post(self, request: Request, number: int) -> Response:
        return super().post(request, number)


class AlternateAddApi(_ByNumberApi):
    service = services.alternate_add

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
        club = club_for_acting(request, number)
        player = self.members(club).filter(abf_number=abf_number).first()
        if player is None:
            raise Http404("No such player in the club's list.")
        try:
            type(self).service(player=player, club=club, by=request.user)
        except DjangoValidationError as error:
            raise_refusal(error)
        player.refresh_from_db()
        return Response(PlayerPublicSerializer(player).data)


class AlternateRemoveApi(_MemberActionApi):
    service = services.alternate_remove

    def members(self, club):
        return club_alternates(club=club)

    @extend_schema(request=None, responses=PlayerPublicSerializer, summary="Remove an alternate")
    def post(self, request: Request, number: int, abf_number: str) -> Response:
        return super().post(request, number, abf_number)


class CancellationRequestApi(_MemberActionApi):
    service = services.cancellation_request

    @extend_schema(request=None, responses=PlayerPublicSerializer, summary="Request cancellation")
    def post(self, request: Request, number: int, abf_number: str) -> Response:
        return super().post(request, number, abf_number)


class CancellationWithdrawApi(_MemberActionApi):
    service = services.cancellation_withdraw

    @extend_schema(request=None, responses=PlayerPublicSerializer, summary="Withdraw request")
    def post(self, request: Request, number: int, abf_number: str) -> Response:
        return super().post(request, number, abf_number)
