"""The clubs API: the clubs a login may see, and their details (guide F4).

Scoped exactly as the pages: a club secretary sees the club, a state secretary the state's
clubs, staff all; any other club answers 404.
"""

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre.access import club_for, clubs_visible_to
from centre.dates import InRegister
from centre.models import Role
from centre.permissions import HasRole
from clubs import services
from clubs.models import Club, State

READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
ACTORS = (Role.CLUB_SECRETARY, Role.STAFF)


@extend_schema_field(
    {"type": "string", "description": "ordinary, foreign, nz, english or youth (1.3.3, 1.3.6)"}
)
class KindField(serializers.ChoiceField):
    """A club's kind, described inline: "kind" is also a field of other apps' schemas."""


class ClubOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    state = serializers.CharField(source="state.code", allow_null=True, default=None)
    kind = serializers.CharField()
    is_special = serializers.BooleanField()
    secretary_name = serializers.CharField()
    secretary_email = serializers.EmailField()
    postal_address = serializers.CharField()
    affiliated = serializers.BooleanField()
    affiliated_since = serializers.DateField(allow_null=True)
    sessions_per_year = serializers.IntegerField()
    remote = serializers.BooleanField()
    founded_year = serializers.IntegerField(allow_null=True)


class ClubListApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(responses=ClubOutputSerializer(many=True), summary="Clubs you may read")
    def get(self, request: Request) -> Response:
        clubs = clubs_visible_to(user=request.user)
        return Response({"results": ClubOutputSerializer(clubs, many=True).data})


class ClubDetailApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(responses=ClubOutputSerializer, summary="A club's details")
    def get(self, request: Request, number: int) -> Response:
        return Response(ClubOutputSerializer(club_for(request.user, number)).data)


class ClubUpdateApi(APIView):
    """Guide F4: the secretary changes the masterpoint secretary's contact details; staff
    change anything. Both email addresses hear of a change of email."""

    permission_classes = [HasRole]
    roles = ACTORS

    class ClubUpdateInputSerializer(serializers.Serializer):
        secretary_name = serializers.CharField(max_length=120, required=False, allow_blank=True)
        secretary_email = serializers.EmailField(required=False)
        postal_address = serializers.CharField(required=False, allow_blank=True)
        # The centre's fields: refused by the service for a club secretary.
        name = serializers.CharField(max_length=120, required=False)
        state = serializers.SlugRelatedField(
            slug_field="code", queryset=State.objects.all(), required=False, allow_null=True
        )
        kind = KindField(choices=Club.Kind.choices, required=False)
        affiliated = serializers.BooleanField(required=False)
        affiliated_since = serializers.DateField(
            required=False, allow_null=True, validators=[InRegister("The affiliation's day")]
        )
        sessions_per_year = serializers.IntegerField(min_value=0, required=False)
        remote = serializers.BooleanField(required=False)
        founded_year = serializers.IntegerField(
            min_value=1800, max_value=2100, required=False, allow_null=True
        )

    @extend_schema(
        request=ClubUpdateInputSerializer, responses=ClubOutputSerializer, summary="Edit a club"
    )
    def post(self, request: Request, number: int) -> Response:
        club = club_for(request.user, number, acting=True)
        serializer = self.ClubUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        club = services.club_update(club=club, by=request.user, data=serializer.validated_data)
        return Response(ClubOutputSerializer(club).data)


class ClubCreateApi(APIView):
    """The centre adds a club (1.2)."""

    permission_classes = [HasRole]
    roles = (Role.STAFF,)

    class ClubCreateInputSerializer(ClubUpdateApi.ClubUpdateInputSerializer):
        number = serializers.IntegerField(min_value=1)
        name = serializers.CharField(max_length=120)

    @extend_schema(
        request=ClubCreateInputSerializer,
        responses={201: ClubOutputSerializer},
        summary="Add a club",
    )
    def post(self, request: Request) -> Response:
        serializer = self.ClubCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        club = services.club_create(
            by=request.user, number=data.pop("number"), name=data.pop("name"), **data
        )
        return Response(ClubOutputSerializer(club).data, status=201)


class StateSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=3)
    name = serializers.CharField(max_length=60)
    requires_authorisation = serializers.BooleanField(
        default=True, help_text="False where the state opted out of authorisations (2.6)."
    )


class StateListApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(responses=StateSerializer(many=True), summary="States")
    def get(self, request: Request) -> Response:
        return Response(
            {"results": StateSerializer(State.objects.order_by("code"), many=True).data}
        )


class StateCreateApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.STAFF,)

    @extend_schema(request=StateSerializer, responses={201: StateSerializer}, summary="Add a state")
    def post(self, request: Request) -> Response:
        serializer = StateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        state = services.state_create(by=request.user, **serializer.validated_data)
        return Response(StateSerializer(state).data, status=201)


class StateUpdateApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.STAFF,)

    class StateUpdateInputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=60, required=False)
        requires_authorisation = serializers.BooleanField(required=False)

    @extend_schema(request=StateUpdateInputSerializer, responses=StateSerializer, summary="Edit")
    def post(self, request: Request, code: str) -> Response:
        state = State.objects.filter(code=code).first()
        if state is None:
            raise Http404("No such state.")
        serializer = self.StateUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        state = services.state_update(state=state, by=request.user, data=serializer.validated_data)
        return Response(StateSerializer(state).data)
