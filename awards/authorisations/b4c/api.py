"""The B4c API (2.6; guide B3.1): a state's published allocations, and the state
secretary's grants of extra sessions."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.authorisations.b4c.selectors import b4c_allocations
from awards.authorisations.b4c.services import MAX_B4C_GRANT, b4c_grant
from centre import params
from centre.access import clubs_visible_to
from centre.errors import DomainError
from centre.models import Role
from centre.permissions import HasRole
from clubs.models import State


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
        state = State.objects.filter(code=code.upper()).first()
        if state is None:
            raise Http404("No such state.")
        rows = b4c_allocations(state=state, year=params.year(year))
        return Response(B4cAllocationSerializer(rows, many=True).data)


class B4cGrantApi(APIView):
    """2.6: the state secretary grants a club of the state extra B4c sessions."""

    permission_classes = [HasRole]
    roles = (Role.STATE_SECRETARY, Role.STAFF)

    class B4cGrantInputSerializer(serializers.Serializer):
        club = serializers.IntegerField(help_text="The club's number.")
        year = serializers.IntegerField(min_value=2000, max_value=2100)
        sessions = serializers.IntegerField(min_value=1, max_value=MAX_B4C_GRANT)
        reason = serializers.CharField(max_length=200)

    class B4cGrantOutputSerializer(serializers.Serializer):
        club = serializers.IntegerField(source="entitlement.club.number")
        year = serializers.IntegerField(source="entitlement.year")
        sessions = serializers.IntegerField()
        reason = serializers.CharField()
        entitlement = serializers.IntegerField(source="entitlement.total")

    @extend_schema(
        summary="Grant extra B4c sessions (2.6)",
        request=B4cGrantInputSerializer,
        responses={201: B4cGrantOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        serializer = self.B4cGrantInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        club = clubs_visible_to(user=request.user).filter(number=data["club"]).first()
        if club is None:
            message = "No club of your state has that number."
            raise DomainError(message, fields={"club": [message]})
        grant = b4c_grant(
            club=club,
            year=data["year"],
            sessions=data["sessions"],
            reason=data["reason"],
            by=request.user,
        )
        return Response(self.B4cGrantOutputSerializer(grant).data, status=201)
