"""Credit files (App. D) through the API, for a scheme with the CREDIT_FILES feature: a credit
file checked as an upload (`POST /api/v1/uploads/check`), and a results upload's awards as a
credit file to download; both named in centre.features.FEATURE_URLS ("upload-check",
"upload-credit-file"), and so not found under a scheme without the feature."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from awards.calculator.sessions.answers import request_awards
from awards.calculator.sessions.by_player import awards_by_player
from awards.calculator.sessions.serializers import EventShapeSerializer
from awards.errors import UploadRejected
from awards.intake.api.serializers import (
    OrganiserFields,
    UploadSerializer,
    intended_field,
    intended_reason_field,
    session_field,
)
from awards.intake.api.uploads import _UploadApi, players_of
from awards.intake.congress import congress_details
from awards.intake.credit_files import awards_credit_file
from awards.intake.limits import (
    MAX_CREDIT_FILE_LINES,
    MAX_ERRORS_LISTED,
    credit_file_size_error,
    upload_limits,
)
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Event
from awards.ledger.services.events import EventDetails
from centre.responses import file_response
from centre.schemes import grade_choices


class UploadCreateSerializer(OrganiserFields, EventShapeSerializer):
    file = serializers.FileField(
        help_text="A credit file: .grn, .red, .gld, .rag or .mp?; at most "
        f"{settings.MAX_UPLOAD_FILE_BYTES:,} bytes and {MAX_CREDIT_FILE_LINES:,} lines."
    )
    name = serializers.CharField(max_length=160, help_text="The event's name.")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True)
    grade = serializers.ChoiceField(choices=[code for code, _ in grade_choices()])
    kind = serializers.ChoiceField(choices=Event.Kind.values, default="pairs")
    sessions = serializers.IntegerField(min_value=1, max_value=99, default=1)
    authorisation_number = serializers.CharField(required=False, allow_blank=True, default="")
    session = session_field()
    intended = intended_field()
    intended_reason = intended_reason_field()
    results = serializers.JSONField(
        binary=True,
        required=False,
        help_text="Optional: the event's results as the calculator takes them (JSON); the "
        "preview then lists every line whose points differ from what the rules give.",
    )
    players = serializers.JSONField(
        binary=True,
        required=False,
        help_text='With `results`: each contestant\'s ABF numbers, {"N1": ["0123456", ...]}.',
    )

    def validate_file(self, upload):
        error = credit_file_size_error(upload)
        if error:
            raise serializers.ValidationError(error)
        return upload


class UploadCreateApi(_UploadApi):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        summary="Check a credit file (App. E step 1)",
        description=upload_limits()
        + " With the event's `tables` (and its `sessions`, `kind`, `movement`, `boards`), or "
        "with its `results`, the award engine works out the most the event can pay one player "
        "(its winner's award over all its sessions and the outright): the answer's `most` "
        "says it and how, and each line above it carries a `warning` (also listed in "
        "`warnings`). A line above what any event of the grade could pay is refused under "
        '`fields["lines.<n>"]`.',
        request={"multipart/form-data": UploadCreateSerializer},
        responses={
            201: UploadSerializer,
            400: OpenApiResponse(
                description='Every bad line under `fields["lines.<n>"]`, the first '
                f"{MAX_ERRORS_LISTED} of them (`more` counts the rest); or the file is too "
                'large; or the event is already uploaded (`fields["duplicate"]`, '
                '`links["duplicate"]` the first upload)'
            ),
            413: OpenApiResponse(description="The body is larger than the file and 1 MB."),
        },
    )
    def post(self, request: Request) -> Response:
        data = UploadCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        expected = None
        if values.get("results") is not None:
            expected, problems = awards_by_player(
                awards=request_awards(values["results"]), players=players_of(values.get("players"))
            )
            if problems:
                raise UploadRejected(problems)
        upload = credit_upload_check(
            by=request.user,
            filename=values["file"].name,
            content=values["file"].read(),
            event=EventDetails(
                name=values["name"],
                starts_on=values["starts_on"],
                ends_on=values.get("ends_on"),
                grade=values["grade"],
                kind=values["kind"],
                sessions=values["sessions"],
                session=values["session"],
                organiser=values["organiser"],
                club=values["club_number"],
                congress_organiser=values.get("congress_organiser"),
                **congress_details(values),
                tables=values.get("tables"),
                movement=values.get("movement", ""),
                boards=values.get("boards"),
            ),
            authorisation_number=values["authorisation_number"],
            intended=values["intended"],
            intended_reason=values["intended_reason"],
            expected=expected,
        )
        return Response(UploadSerializer(upload).data, status=status.HTTP_201_CREATED)


class UploadCreditFileApi(_UploadApi):
    @extend_schema(
        summary="A results upload's awards as a credit file (App. D) to download",
        description="The awards the rules give for the upload's results, one line a player: "
        ".grn, .red or .gld by the event's colour. 400 for an upload of a credit file alone.",
        responses={
            (200, "application/octet-stream"): OpenApiResponse(description="The credit file"),
            400: OpenApiResponse(description="The upload has no results"),
            404: OpenApiResponse(description="No such upload of yours"),
        },
        tags=["uploads"],
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        content, filename = awards_credit_file(self.upload(request, pk))
        return file_response(content, filename)
