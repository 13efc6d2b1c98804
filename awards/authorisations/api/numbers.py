"""Authorisation numbers through the API (2.6): a state secretary's list, and issuing one."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.authorisations.b4c.selectors import b4c_warning_for_authorisation
from awards.authorisations.models import AUTHORISED_GRADES, Authorisation
from awards.authorisations.selectors import authorisations_for
from awards.authorisations.services.numbers import authorisation_issue
from centre.access import club_for
from centre.api import hundredths_field
from centre.models import Role
from centre.permissions import HasRole
from clubs.models import Club


class AuthorisationSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="number", read_only=True)
    state = serializers.SlugRelatedField(slug_field="code", read_only=True)

    class Meta:
        model = Authorisation
        fields = [
            "number",
            "state",
            "club",
            "event_name",
            "grade",
            "amount",
            "credited",
            "issued_at",
        ]


class AuthorisationIssueSerializer(serializers.Serializer):
    club = serializers.IntegerField(help_text="The club's number.")
    event_name = serializers.CharField(max_length=160)
    grade = serializers.ChoiceField(choices=AUTHORISED_GRADES)
    amount = hundredths_field(min_value=1, help_text="Hundredths of a red point.")
    sessions = serializers.IntegerField(
        min_value=1,
        max_value=20,
        default=1,
        help_text="B4c: the event's sessions, checked against the club's B4c sessions (2.6).",
    )

    def validate_club(self, number: int) -> Club:
        try:
            return club_for(self.context["request"].user, number)
        except Http404:
            # A field of the request, not the page asked for: a 400 that names the field.
            raise serializers.ValidationError("No club of your state has that number.") from None


class AuthorisationIssuedSerializer(AuthorisationSerializer):
    warnings = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta(AuthorisationSerializer.Meta):
        fields = [*AuthorisationSerializer.Meta.fields, "warnings"]


class AuthorisationListApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.STATE_SECRETARY, Role.STAFF)

    @extend_schema(
        summary="Authorisations of your state", responses=AuthorisationSerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        issued = authorisations_for(user=request.user)[:500]
        return Response(AuthorisationSerializer(issued, many=True).data)


class AuthorisationIssueApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.STATE_SECRETARY, Role.STAFF)

    @extend_schema(
        summary="Issue an authorisation number (2.6)",
        request=AuthorisationIssueSerializer,
        responses={201: AuthorisationIssuedSerializer},
    )
    def post(self, request: Request) -> Response:
        data = AuthorisationIssueSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        authorisation = authorisation_issue(
            by=request.user,
            club=data.validated_data["club"],
            event_name=data.validated_data["event_name"],
            grade=data.validated_data["grade"],
            amount=data.validated_data["amount"],
        )
        # 2.6: a warning, not a refusal, when a B4c set would exceed the club's sessions.
        warning = b4c_warning_for_authorisation(
            authorisation=authorisation, sessions=data.validated_data["sessions"]
        )
        authorisation.warnings = [warning] if warning else []
        return Response(
            AuthorisationIssuedSerializer(authorisation).data, status=status.HTTP_201_CREATED
        )
