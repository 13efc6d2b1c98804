"""The clubs API: the clubs a login may see, and their details (guide F4).

Scoped exactly as the pages: a club secretary sees the club, a state secretary the state's
clubs, staff all; any other club answers 404.
"""

from typing import NoReturn

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre.models import Role
from centre.permissions import HasRole
from clubs import services
from clubs.models import Club, State
from clubs.selectors import clubs_visible_to

READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
ACTORS = (Role.CLUB_SECRETARY, Role.STAFF)


def club_for_reading(request: Request, number: int) -> Club:
    club = clubs_visible_to(user=request.user).filter(number=number).first()
    if club is None:
        raise Http404("No such club.")
    return club


def club_for_acting(request: Request, number: int) -> Club:
    """The club a change is made for: the secretary's own club, or any club for staff."""
    user = request.user
    if user.is_centre_staff or (user.is_club_secretary and user.club.number == number):
        return club_for_reading(request, number)
    raise Http404("No such club.")


def raise_refusal(error: DjangoValidationError) -> NoReturn:
    """A service's refusal in the API's one error shape."""
    if hasattr(error, "error_dict"):
        raise exceptions.ValidationError(error.message_dict) from None
    raise exceptions.ValidationError({"non_field_errors": error.messages}) from None


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
        return Response(ClubOutputSerializer(club_for_reading(request, number)).data)


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
        affiliated_since = serializers.DateField(required=False, allow_null=True)
        sessions_per_year = serializers.IntegerField(min_value=0, required=False)
        remote = serializers.BooleanField(required=False)
        founded_year = serializers.IntegerField(
            min_value=1800, max_value=2100, required=False, allow_null=True
        )

    @extend_schema(
        request=ClubUpdateInputSerializer, responses=ClubOutputSerializer, summary="Edit a club"
    )
    def post(self, request: Request, number: int) -> Response:
        club = club_for_acting(request, number)
        serializer = self.ClubUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            club = services.club_update(club=club, by=request.user, data=serializer.validated_data)
        except DjangoValidationError as error:
            raise_refusal(error)
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
        try:
            club = services.club_create(
                by=request.user, number=data.pop("number"), name=data.pop("name"), **data
            )
        except DjangoValidationError as error:
            raise_refusal(error)
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
        try:
            state = services.state_create(by=request.user, **serializer.validated_data)
        except DjangoValidationError as error:
            raise_refusal(error)
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
        try:
            state = services.state_update(
                state=state, by=request.user, data=serializer.validated_data
            )
        except DjangoValidationError as error:
            raise_refusal(error)
        return Response(StateSerializer(state).data)


# --- B4c entitlements (2.6; guide B3.1) ---------------------------------------------------


class B4cGrantOutputSerializer(serializers.Serializer):
    sessions = serializers.IntegerField()
    reason = serializers.CharField()
    granted_at = serializers.DateTimeField()


class B4cAllocationSerializer(serializers.Serializer):
    club = serializers.IntegerField(source="club.number")
    name = serializers.CharField(source="club.name")
    base = serializers.IntegerField(source="entitlement.base", allow_null=True, default=None)
    green_sessions = serializers.IntegerField(
        source="entitlement.green_sessions", allow_null=True, default=None
    )
    remote = serializers.IntegerField(source="entitlement.remote", allow_null=True, default=None)
    granted = serializers.IntegerField(source="entitlement.granted", allow_null=True, default=None)
    entitlement = serializers.IntegerField(source="total", allow_null=True)
    used = serializers.IntegerField()
    left = serializers.IntegerField(allow_null=True)


class B4cAllocationsApi(APIView):
    """Guide B3.1: a state's published B4c allocations; public, as on the portal."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="A state's B4c allocations for a year (2.6)",
        responses=B4cAllocationSerializer(many=True),
    )
    def get(self, request: Request, code: str, year: int) -> Response:
        from clubs.selectors import b4c_allocations

        state = State.objects.filter(code=code.upper()).first()
        if state is None:
            raise Http404("No such state.")
        rows = b4c_allocations(state=state, year=year)
        return Response(B4cAllocationSerializer(rows, many=True).data)


class B4cGrantInputSerializer(serializers.Serializer):
    club = serializers.IntegerField(help_text="The club's number.")
    year = serializers.IntegerField(min_value=2000, max_value=2100)
    sessions = serializers.IntegerField(min_value=1, max_value=services.MAX_B4C_GRANT)
    reason = serializers.CharField(max_length=200)


class B4cGrantResultSerializer(serializers.Serializer):
    club = serializers.IntegerField(source="entitlement.club.number")
    year = serializers.IntegerField(source="entitlement.year")
    sessions = serializers.IntegerField()
    reason = serializers.CharField()
    entitlement = serializers.IntegerField(source="entitlement.total")


class B4cGrantApi(APIView):
    """2.6: the state secretary grants a club of the state extra B4c sessions."""

    permission_classes = [HasRole]
    roles = (Role.STATE_SECRETARY, Role.STAFF)

    @extend_schema(
        summary="Grant extra B4c sessions (2.6)",
        request=B4cGrantInputSerializer,
        responses={201: B4cGrantResultSerializer},
    )
    def post(self, request: Request) -> Response:
        data = B4cGrantInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        club = clubs_visible_to(user=request.user).filter(number=values["club"]).first()
        if club is None:
            raise exceptions.ValidationError({"club": ["No club of your state has that number."]})
        try:
            grant = services.b4c_grant(
                club=club,
                year=values["year"],
                sessions=values["sessions"],
                reason=values["reason"],
                by=request.user,
            )
        except DjangoValidationError as error:
            raise_refusal(error)
        return Response(B4cGrantResultSerializer(grant).data, status=201)
