"""Results files through the API (`POST /api/v1/results/check`): a scoring program's file
(USEBIO XML or CSV) read, its awards computed by the scheme's rules and checked as an upload."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from awards.calculator.sessions.serializers import EVENT_LIMITS
from awards.entries.api.examples import results_check_examples, scheme_examples
from awards.entries.services.results_in import scheme_results_upload_check
from awards.entries.services.sessions import results_upload_check
from awards.intake.api.serializers import (
    OrganiserFields,
    UploadSerializer,
    intended_field,
    intended_reason_field,
    session_field,
)
from awards.intake.api.uploads import _UploadApi
from awards.intake.limits import credit_file_size_error
from centre.api_routes import api_path
from centre.schemes import current_scheme, grade_choices, with_clause_lazy
from scheme.base import CREDIT_FILES


class ResultsCheckSerializer(OrganiserFields):
    file = serializers.FileField(
        help_text="The results as the scoring program wrote them: USEBIO XML 1.1 or 1.2 "
        "(.xml) or the CSV layout of the README (.csv); at most "
        f"{settings.MAX_UPLOAD_FILE_BYTES:,} bytes."
    )
    grade = serializers.ChoiceField(choices=[code for code, _ in grade_choices()])
    kind = serializers.ChoiceField(
        choices=["pairs", "teams", "individual"],
        required=False,
        help_text="Needed for a CSV; a USEBIO file says it (its EVENT_TYPE).",
    )
    event = serializers.ChoiceField(
        choices=[],
        required=False,
        allow_blank=True,
        default="",
        help_text="The kind of event, under a scheme whose grades do not say it (the ACBL's "
        "club games); blank: the grade's.",
    )
    name = serializers.CharField(
        max_length=160, required=False, help_text="Defaults to the file's EVENT_DESCRIPTION."
    )
    starts_on = serializers.DateField(required=False, help_text="Defaults to the file's DATE.")
    ends_on = serializers.DateField(required=False, allow_null=True)
    authorisation_number = serializers.CharField(required=False, allow_blank=True, default="")
    percentages = serializers.BooleanField(
        default=False,
        help_text=with_clause_lazy(
            "The sessions are scored in percentages and their awards follow each "
            "contestant's percentage (USEBIO PERCENTAGE, CSV score).",
            "4.2.2",
        ),
    )
    credit_file = serializers.FileField(
        required=False,
        help_text="Optional: the club's own credit file for the event (.grn, .red, .gld, "
        ".rag); the upload is then that file, and its preview lists every line that differs "
        "from what the rules give for these results.",
    )
    session = session_field()
    intended = intended_field()
    intended_reason = intended_reason_field()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        scheme = current_scheme()
        if scheme.results_events:
            self.fields["event"].choices = [known.code for known in scheme.results_events]
            self.fields["event"].help_text += " " + "; ".join(
                f"{known.code}: {known.label} ({', '.join(known.grades)})"
                for known in scheme.results_events
            )
        else:
            del self.fields["event"]
        if not scheme.has(CREDIT_FILES):
            # App. D's credit files are the ABF's: under another scheme, results only.
            del self.fields["credit_file"]

    def validate_file(self, upload):
        if upload.size > settings.MAX_UPLOAD_FILE_BYTES:
            raise serializers.ValidationError(
                f"A results file has at most {settings.MAX_UPLOAD_FILE_BYTES:,} bytes; this "
                f"one has {upload.size:,}."
            )
        if not upload.name.lower().endswith((".xml", ".csv")):
            raise serializers.ValidationError("Send USEBIO XML (.xml) or CSV (.csv) results.")
        return upload

    def validate_credit_file(self, upload):
        error = credit_file_size_error(upload)
        if error:
            raise serializers.ValidationError(error)
        return upload


class PlayerAwardSerializer(serializers.Serializer):
    abf_number = serializers.CharField()
    contestant = serializers.CharField()
    points = serializers.IntegerField(help_text="Hundredths of a masterpoint, by the rules.")
    kind = serializers.CharField(
        required=False,
        help_text="The kind of point, under a scheme whose event may award several (an NZ "
        "tournament's A or B points and its sessions' C points): one award a kind.",
    )
    in_file = serializers.IntegerField(
        allow_null=True, help_text="What the scoring program says it awarded, if it says."
    )


class ResultsCheckResponseSerializer(serializers.Serializer):
    format = serializers.CharField()
    program = serializers.CharField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    grade = serializers.CharField()
    kind = serializers.CharField()
    colour = serializers.CharField()
    awards = PlayerAwardSerializer(many=True)
    working = serializers.ListField(child=serializers.CharField())
    results = serializers.JSONField(help_text="The results as the calculator takes them.")
    upload = UploadSerializer()


class ResultsCheckApi(_UploadApi):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        summary="Results file in: compute the awards and check them as an upload",
        description=(
            "Send the file the scoring program wrote (USEBIO XML 1.1 or 1.2, or the README's "
            "CSV layout) with the grade and what the file lacks. Each contestant's award is "
            "computed by the award engine and given to each of its players; the answer lists "
            "every player's award with the working, and the upload it became (App. E step 1), "
            "which `POST /api/v1/uploads/{id}/confirm` credits. With the club's own "
            "`credit_file`, the upload is that file and `upload.differences` lists every line "
            "that differs from the rules. A bad file is refused with 400 and "
            '`fields["file"]` naming each bad element or line, e.g. '
            "`EVENT/SESSION[2]/SECTION[A]/PARTICIPANTS/PAIR[7]: no PLAYER`; nothing is "
            "stored. Under a scheme other than the ABF's the event is computed by that "
            "scheme's engine at its own grades (and, under the ACBL, as the club game `event` "
            "names), `awards` gives each player's points of each `kind`, and `results` the "
            "request its calculator took. " + EVENT_LIMITS
        ),
        request={"multipart/form-data": ResultsCheckSerializer},
        responses={
            201: ResultsCheckResponseSerializer,
            400: OpenApiResponse(description="The file or the event cannot be read or credited"),
            413: OpenApiResponse(description="The body is larger than the file and 1 MB."),
        },
        examples=[
            OpenApiExample(
                "The refusal of a file with a pair without players",
                response_only=True,
                status_codes=["400"],
                value={
                    "error": {
                        "status": 400,
                        "code": "invalid",
                        "message": "The upload has 1 error(s); nothing was credited.",
                        "fields": {
                            "file": ["EVENT/SESSION[2]/SECTION[A]/PARTICIPANTS/PAIR[7]: no PLAYER"]
                        },
                    }
                },
            ),
        ],
        tags=["uploads"],
    )
    @scheme_examples(results_check_examples)
    def post(self, request: Request) -> Response:
        data = ResultsCheckSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if not current_scheme().calculator_sessions:
            return _scheme_results_check(request, values)
        credit_file = values.get("credit_file")
        checked = results_upload_check(
            by=request.user,
            filename=values["file"].name,
            content=values["file"].read(),
            grade=values["grade"],
            kind=values.get("kind", ""),
            name=values.get("name", ""),
            starts_on=values.get("starts_on"),
            ends_on=values.get("ends_on"),
            organiser=values["organiser"],
            club=values["club_number"],
            congress_organiser=values.get("congress_organiser"),
            authorisation_number=values["authorisation_number"],
            credit_filename=credit_file.name if credit_file is not None else "",
            credit_content=credit_file.read() if credit_file is not None else None,
            intended=values["intended"],
            intended_reason=values["intended_reason"],
            session=values["session"],
            percentages=values["percentages"],
        )
        answer = {
            "format": checked.read.format,
            "program": checked.read.program,
            "name": checked.event.name,
            "starts_on": checked.event.starts_on,
            "grade": checked.awards.grade,
            "kind": checked.awards.kind.value,
            "colour": checked.awards.colour.value,
            "awards": checked.player_awards(),
            "working": list(checked.awards.working),
            "results": checked.results,
            "upload": checked.upload,
        }
        return Response(ResultsCheckResponseSerializer(answer).data, status=status.HTTP_201_CREATED)


def _scheme_results_check(request: Request, values: dict) -> Response:
    """Under a scheme other than the ABF's: the file computed by the scheme's engine, each
    player's points of every kind the event awards."""
    upload = scheme_results_upload_check(
        by=request.user,
        filename=values["file"].name,
        content=values["file"].read(),
        grade=values["grade"],
        scheme_event=values.get("event", ""),
        kind=values.get("kind", ""),
        name=values.get("name", ""),
        starts_on=values.get("starts_on"),
        ends_on=values.get("ends_on"),
        organiser=values["organiser"],
        club=values["club_number"],
    )
    results, details = upload.preview["results"], upload.event_details
    answer = {
        "format": results["format"],
        "program": results["program"],
        "name": details["name"],
        "starts_on": details["starts_on"],
        "grade": details["grade"],
        "kind": details["kind"],
        "colour": current_scheme().grade(details["grade"]).point_kind,
        "awards": results["awards"],
        "working": results["working"],
        "results": results["request"],
        "upload": upload,
    }
    return Response(ResultsCheckResponseSerializer(answer).data, status=status.HTTP_201_CREATED)


urlpatterns = [
    api_path("results/check", ResultsCheckApi.as_view(), name="results-check"),
]
