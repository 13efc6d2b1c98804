"""Requests for B4c and B5i authorisation numbers through the API (2.6, 2.7): a club sends
its results and credit file; its state secretary issues the number or refuses it."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.authorisations.api.numbers import AuthorisationSerializer
from awards.authorisations.b4c.selectors import b4c_warning_for_authorisation
from awards.authorisations.models import AuthorisationRequest
from awards.authorisations.services.requests import (
    GRADES,
    KINDS,
    RequestedEvent,
    authorisation_request_create,
    authorisation_request_for,
    authorisation_request_issue,
    authorisation_request_refuse,
    authorisation_requests_for,
)
from centre.api import hundredths_field
from centre.api_routes import api_path
from centre.dates import InRegister
from centre.models import Role
from centre.permissions import HasRole

READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
DECIDERS = (Role.STATE_SECRETARY, Role.STAFF)


class RequestLineSerializer(serializers.Serializer):
    abf_number = serializers.CharField()
    name = serializers.CharField()
    contestant = serializers.CharField()
    club = serializers.IntegerField(help_text="Hundredths: the club's credit file.")
    rules = serializers.IntegerField(help_text="Hundredths: the award rules for the results.")
    difference = serializers.IntegerField(help_text="club - rules; non-zero lines differ.")


class RequestComputedSerializer(serializers.Serializer):
    format = serializers.CharField()
    program = serializers.CharField()
    lines = RequestLineSerializer(many=True)
    club_total = serializers.IntegerField()
    rules_total = serializers.IntegerField()
    differences = serializers.IntegerField()
    working = serializers.ListField(child=serializers.CharField())


class AuthorisationRequestSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="number", read_only=True)
    state = serializers.SlugRelatedField(slug_field="code", read_only=True)
    authorisation = AuthorisationSerializer(read_only=True, allow_null=True)
    computed = RequestComputedSerializer(read_only=True)

    class Meta:
        model = AuthorisationRequest
        fields = [
            "id",
            "club",
            "state",
            "grade",
            "event_name",
            "starts_on",
            "ends_on",
            "sessions",
            "out_of_hours",
            "details",
            "results_filename",
            "credit_filename",
            "status",
            "requested_at",
            "decided_at",
            "reason",
            "authorisation",
            "computed",
        ]


class AuthorisationRequestCreateSerializer(serializers.Serializer):
    results_file = serializers.FileField(
        help_text="The event's results as the scoring program wrote them: USEBIO XML (.xml) "
        f"or the README's CSV layout (.csv); at most {settings.MAX_UPLOAD_FILE_BYTES:,} bytes."
    )
    credit_file = serializers.FileField(
        help_text="The club's credit file for the event (.red, or .rag), App. D."
    )
    grade = serializers.ChoiceField(choices=list(GRADES))
    kind = serializers.ChoiceField(
        choices=list(KINDS), required=False, help_text="Needed for a CSV."
    )
    event_name = serializers.CharField(
        max_length=160, required=False, help_text="Defaults to the file's event name."
    )
    starts_on = serializers.DateField(
        required=False,
        help_text="Defaults to the file's date.",
        validators=[InRegister("The first day")],
    )
    ends_on = serializers.DateField(
        required=False, validators=[InRegister("The last day", ahead=True)]
    )
    sessions = serializers.IntegerField(
        min_value=1, max_value=30, required=False, help_text="Defaults to the file's sessions."
    )
    out_of_hours = serializers.BooleanField(
        default=False,
        help_text="A B4c session at other times than the club's regular sessions, "
        "approved in advance in the state's register (a single session, two a year at most) "
        "(2.6).",
    )
    details = serializers.CharField(
        max_length=4000,
        required=False,
        allow_blank=True,
        default="",
        help_text="Walk-in or fixed field, boards and movement, anything relevant (guide C3.3).",
    )


class AuthorisationRequestIssueSerializer(serializers.Serializer):
    amount = hundredths_field(
        min_value=1,
        required=False,
        help_text="Hundredths of a red point approved; defaults to the rules' total.",
    )


class AuthorisationRequestIssuedSerializer(AuthorisationRequestSerializer):
    warnings = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta(AuthorisationRequestSerializer.Meta):
        fields = [*AuthorisationRequestSerializer.Meta.fields, "warnings"]


class AuthorisationRequestRefuseSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000, help_text="Why, for the club.")


class AuthorisationRequestListApi(APIView):
    permission_classes = [HasRole]
    roles = READERS
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        summary="Authorisation requests: a club's own, a state's, or all for staff",
        responses=AuthorisationRequestSerializer(many=True),
        tags=["authorisations"],
    )
    def get(self, request: Request) -> Response:
        requests = authorisation_requests_for(user=request.user)[:500]
        return Response(AuthorisationRequestSerializer(requests, many=True).data)

    @extend_schema(
        summary="Ask the state secretary for a B4c or B5i authorisation number (2.6, 2.7)",
        description=(
            "A club secretary sends the event's results and the club's credit file. The "
            "awards the rules give for the results are computed and set beside the file's, "
            "line by line; the state secretary is emailed. A bad file is refused with 400 "
            "naming `results_file` or `credit_file`, and nothing is stored."
        ),
        request={"multipart/form-data": AuthorisationRequestCreateSerializer},
        responses={
            201: AuthorisationRequestSerializer,
            400: OpenApiResponse(description="A file or a detail is wrong; nothing stored."),
            403: OpenApiResponse(description="Not a club secretary's login."),
        },
        tags=["authorisations"],
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_club_secretary:
            raise PermissionDenied("Authorisation numbers are requested by a club's secretary.")
        data = AuthorisationRequestCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        created = authorisation_request_create(
            by=request.user,
            event=RequestedEvent(
                grade=values["grade"],
                name=values.get("event_name", ""),
                starts_on=values.get("starts_on"),
                ends_on=values.get("ends_on"),
                sessions=values.get("sessions"),
                details=values["details"],
                kind=values.get("kind", ""),
                out_of_hours=values["out_of_hours"],
            ),
            results_filename=values["results_file"].name,
            results_content=values["results_file"].read(),
            credit_filename=values["credit_file"].name,
            credit_content=values["credit_file"].read(),
        )
        return Response(
            AuthorisationRequestSerializer(created).data, status=status.HTTP_201_CREATED
        )


class AuthorisationRequestDetailApi(APIView):
    permission_classes = [HasRole]
    roles = READERS

    @extend_schema(
        summary="One authorisation request, with the awards beside the club's file",
        responses={200: AuthorisationRequestSerializer, 404: OpenApiResponse()},
        tags=["authorisations"],
    )
    def get(self, request: Request, pk: int) -> Response:
        found = authorisation_request_for(user=request.user, pk=pk)
        return Response(AuthorisationRequestSerializer(found).data)


class AuthorisationRequestIssueApi(APIView):
    permission_classes = [HasRole]
    roles = DECIDERS

    @extend_schema(
        summary="Issue the requested authorisation number with the amount approved (2.6)",
        description="Decided once: a request already issued or refused answers 409.",
        request=AuthorisationRequestIssueSerializer,
        responses={
            200: AuthorisationRequestIssuedSerializer,
            404: OpenApiResponse(description="No such request of your state."),
            409: OpenApiResponse(description="The request was decided already."),
        },
        tags=["authorisations"],
    )
    def post(self, request: Request, pk: int) -> Response:
        found = authorisation_request_for(user=request.user, pk=pk)
        data = AuthorisationRequestIssueSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        amount = data.validated_data.get("amount") or found.computed.get("rules_total", 0)
        issued, authorisation = authorisation_request_issue(
            by=request.user, pk=found.pk, amount=amount
        )
        # 2.6: a warning, not a refusal, past the club's B4c sessions.
        warning = b4c_warning_for_authorisation(
            authorisation=authorisation, sessions=issued.sessions
        )
        issued.warnings = [warning] if warning else []
        return Response(AuthorisationRequestIssuedSerializer(issued).data)


class AuthorisationRequestRefuseApi(APIView):
    permission_classes = [HasRole]
    roles = DECIDERS

    @extend_schema(
        summary="Refuse the requested authorisation number, saying why",
        description="Decided once: a request already issued or refused answers 409.",
        request=AuthorisationRequestRefuseSerializer,
        responses={
            200: AuthorisationRequestSerializer,
            404: OpenApiResponse(description="No such request of your state."),
            409: OpenApiResponse(description="The request was decided already."),
        },
        tags=["authorisations"],
    )
    def post(self, request: Request, pk: int) -> Response:
        found = authorisation_request_for(user=request.user, pk=pk)
        data = AuthorisationRequestRefuseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        refused = authorisation_request_refuse(
            by=request.user, pk=found.pk, reason=data.validated_data["reason"]
        )
        return Response(AuthorisationRequestSerializer(refused).data)


urlpatterns = [
    api_path(
        "authorisation-requests",
        AuthorisationRequestListApi.as_view(),
        name="authorisation-requests",
    ),
    api_path(
        "authorisation-requests/<int:pk>",
        AuthorisationRequestDetailApi.as_view(),
        name="authorisation-request",
    ),
    api_path(
        "authorisation-requests/<int:pk>/issue",
        AuthorisationRequestIssueApi.as_view(),
        name="authorisation-request-issue",
    ),
    api_path(
        "authorisation-requests/<int:pk>/refuse",
        AuthorisationRequestRefuseApi.as_view(),
        name="authorisation-request-refuse",
    ),
]
