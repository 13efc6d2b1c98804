"""The registry API's reads: the search, a player's record, a club's lists."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre.access import club_for
from centre.errors import NotFound
from centre.permissions import HasRole
from players import calendar
from players.api import ACTORS, READERS, visible_player
from players.api.serializers import (
    PlayerDetailSerializer,
    PlayerHistorySerializer,
    PlayerPublicSerializer,
    PlayerSerializer,
    player_shown,
)
from players.models import Player
from players.selectors import (
    CLUB_LIST_LIMIT,
    club_alternates,
    club_list_limit,
    club_members,
    no_player_visible,
    player_history_visible_to,
    player_is_visible_to,
    player_missing,
    player_number_checked,
    player_search,
)
from players.services.cancellations import cancellation_year


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
        players = list(player_search(query=request.query_params.get("q", "")))
        return Response({"results": [player_shown(p, request) for p in players]})


class PlayerDetailApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(responses=PlayerDetailSerializer, summary="A player's record and history")
    def get(self, request: Request, abf_number: str) -> Response:
        return Response(PlayerDetailSerializer(visible_player(request, abf_number)).data)


class PlayerHistoryApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(
        responses=PlayerHistorySerializer,
        summary="A player's history as this login may read it",
        description="The whole history for the player's home club, its state and the centre; "
        "for a club the player has left, the public fields and the history of the time the "
        "player was its home member, up to and including the transfer out. 404 otherwise.",
    )
    def get(self, request: Request, abf_number: str) -> Response:
        player_number_checked(abf_number)
        player = Player.objects.select_related("home_club").filter(abf_number=abf_number).first()
        changes = player_history_visible_to(player=player, user=request.user) if player else []
        # A player read in full has a history even before its first change is recorded; a
        # club the player has left reads only its own part of it, and none is no player.
        visible = player is not None and player_is_visible_to(player=player, user=request.user)
        if not (changes or visible):
            raise player_missing(abf_number, no_player_visible(abf_number))
        return Response(PlayerHistorySerializer({"player": player, "history": changes}).data)


LIMIT_PARAMETER = OpenApiParameter(
    "limit",
    int,
    description=f"The most players listed, 1 to {CLUB_LIST_LIMIT}, in the list's order; "
    "left out for the whole list. Any other value is refused (400). `count` is the whole "
    "list's length.",
)


def _club_list(request: Request, players, serializer) -> Response:
    """A club's list, its first `?limit=` players when asked, with the whole list's count."""
    limit = club_list_limit(request.query_params.get("limit"))
    shown = players if limit is None else players[:limit]
    return Response(
        {
            "count": players.count(),
            "limit": limit,
            "results": serializer(shown, many=True).data,
        }
    )


class ClubMembersApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(
        parameters=[LIMIT_PARAMETER],
        responses=PlayerSerializer(many=True),
        summary="A club's home members",
    )
    def get(self, request: Request, number: int) -> Response:
        club = club_for(request.user, number)
        players = club_members(club=club).select_related("home_club")
        return _club_list(request, players, PlayerSerializer)


class ClubAlternatesApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(
        parameters=[LIMIT_PARAMETER],
        responses=PlayerPublicSerializer(many=True),
        summary="A club's alternates",
    )
    def get(self, request: Request, number: int) -> Response:
        club = club_for(request.user, number)
        return _club_list(request, club_alternates(club=club), PlayerPublicSerializer)


class ClubCancellationsApi(APIView):
    permission_classes = [HasRole]
    roles = ACTORS

    @extend_schema(responses=PlayerSerializer(many=True), summary="Home members to cancel")
    def get(self, request: Request, number: int) -> Response:
        club = club_for(request.user, number, acting=True)
        # MEMBERSHIP_YEAR (centre.features): the operation is 404 under a scheme without it.
        cancellations = cancellation_year(now=calendar.now())
        if cancellations is None:
            raise NotFound("The scheme has no membership year.")
        players = club_members(club=club).select_related("home_club")
        return Response(
            {
                "window_open": cancellations.window_open,
                "deadline": cancellations.deadline.isoformat(),
                "results": PlayerSerializer(players, many=True).data,
            }
        )
