"""Uploads through the API (App. D, App. E): check, preview, confirm, cancel; and from an
event's results to credits."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.calculator.by_player import awards_by_player
from awards.calculator.engines import is_abf_edition
from awards.calculator.serializers import (
    EVENT_LIMITS,
    CalculatorRequestSerializer,
    EventShapeSerializer,
)
from awards.errors import UploadRejected
from awards.intake.api.examples import scheme_examples, upload_results_examples
from awards.intake.limits import (
    MAX_CREDIT_FILE_LINES,
    MAX_ERRORS_LISTED,
    credit_file_size_error,
    upload_limits,
)
from awards.intake.models import CreditUpload
from awards.intake.selectors import uploads_for, uploads_visible_to
from awards.intake.services.crediting import credit_upload_cancel, credit_upload_confirm
from awards.intake.services.entry import credit_results_check
from awards.intake.services.results_in import scheme_event_upload_check
from awards.intake.services.uploads import credit_upload_check
from awards.intake.titles import upload_title
from awards.ledger.models import Event
from awards.ledger.services.events import EventDetails
from centre.errors import rules_error_path
from centre.permissions import UPLOADERS, HasRole
from centre.schemes import current_scheme, grade_choices
from clubs.models import Club, CongressOrganiser
from clubs.selectors import club_by_number
from scheme.abf import EventAwards, RulesError, compute_awards
from scheme.abf.congress import CONGRESS_EVENTS, CONGRESS_GRADES


class UploadLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    abf_number = serializers.CharField()
    name = serializers.CharField()
    home_club = serializers.IntegerField(allow_null=True)
    colour = serializers.CharField()
    points = serializers.IntegerField(help_text="Hundredths of a masterpoint.")
    held = serializers.BooleanField(help_text="1.3.2: an inactive player's points are held.")
    warning = serializers.CharField(
        allow_blank=True,
        help_text="What to look at on this line: an inactive player's points held, or points "
        "above the most the event can pay (the most and how it was found).",
    )
    most = serializers.IntegerField(
        allow_null=True,
        required=False,
        help_text="The most the event can pay one player, in hundredths; null if not known.",
    )
    above_most = serializers.BooleanField(
        help_text="True if the player is given more than the most the event (or any event of "
        "its grade) can pay: confirm with `above_most_checked` once checked."
    )


class MostSerializer(serializers.Serializer):
    points = serializers.IntegerField(help_text="Hundredths of a masterpoint.")
    how = serializers.CharField(help_text="How the award rules give it.")


class UploadSerializer(serializers.ModelSerializer):
    title = serializers.SerializerMethodField(
        help_text="The event's name and first day, as the portal's pages title the upload."
    )
    lines = serializers.SerializerMethodField()
    warnings = serializers.SerializerMethodField()
    most = serializers.SerializerMethodField()
    differences = serializers.SerializerMethodField()
    period = serializers.SerializerMethodField()
    authorisation = serializers.SlugRelatedField(slug_field="number", read_only=True)

    class Meta:
        model = CreditUpload
        fields = [
            "id",
            "title",
            "filename",
            "source",
            "status",
            "event_details",
            "authorisation",
            "intended",
            "intended_reason",
            "line_count",
            "totals",
            "period",
            "created_at",
            "credited_at",
            "cancelled_at",
            "warnings",
            "most",
            "differences",
            "lines",
        ]

    def get_title(self, upload: CreditUpload) -> str:
        return upload_title(upload)

    @extend_schema_field(UploadLineSerializer(many=True))
    def get_lines(self, upload: CreditUpload) -> list[dict]:
        return [
            {
                **{key: value for key, value in line.items() if key != "above"},
                "above_most": bool(line.get("above")),
            }
            for line in upload.preview.get("lines", [])
        ]

    def get_warnings(self, upload: CreditUpload) -> list[str]:
        return upload.preview.get("warnings", [])

    @extend_schema_field(MostSerializer(allow_null=True))
    def get_most(self, upload: CreditUpload) -> dict | None:
        """The most the event can pay one player and how it was found, if known."""
        return upload.preview.get("most")

    def get_differences(self, upload: CreditUpload) -> list[dict]:
        """Lines whose points differ from what the rules give (files sent with results)."""
        return upload.preview.get("differences", [])

    def get_period(self, upload: CreditUpload) -> str | None:
        return str(upload.period) if upload.period else None


def congress_details(values: dict) -> dict:
    """5.3: what the event was at its congress, as EventDetails takes it."""
    return {
        name: values.get(name)
        for name in (
            "congress_grade",
            "congress_event",
            "extra_championship",
            "congress_table_sessions",
        )
    }


class OrganiserFields(serializers.Serializer):
    """Who ran the event: a club secretary's events are the club's own and ignore these."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The grades of the deployment's scheme as the request finds it, not as it was when
        # this module was first imported.
        if "grade" in self.fields:
            self.fields["grade"].choices = [code for code, _ in grade_choices()]

    organiser = serializers.ChoiceField(
        choices=[v for v in Event.Organiser.values if v != Event.Organiser.OVERSEAS],
        required=False,
        allow_blank=True,
        default="",
        help_text="state or congress for a state secretary; any of these for staff.",
    )
    club_number = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="The club that ran it, if any."
    )

    congress_organiser = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="5.4.1: the id of the congress's organiser (its convener gets the Centre's "
        "report and invoice); a congress of the login's state.",
    )

    congress_grade = serializers.ChoiceField(
        choices=list(CONGRESS_GRADES),
        required=False,
        allow_blank=True,
        default="",
        help_text="5.3: the grade of the congress the event was part of (with "
        "`congress_event`, the event's grade is checked against 5.3.1 and 5.3.3).",
    )
    congress_event = serializers.ChoiceField(
        choices=list(CONGRESS_EVENTS),
        required=False,
        allow_blank=True,
        default="",
        help_text="5.3: what the event was at its congress: "
        + "; ".join(f"{code}: {label}" for code, label in CONGRESS_EVENTS.items())
        + ". A congress's event without it is warned that its grade is unchecked.",
    )
    extra_championship = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=100,
        help_text="5.3.3: which of a large congress's additional championships (with "
        "`congress_event` additional).",
    )
    congress_table_sessions = serializers.DecimalField(
        max_digits=8,
        decimal_places=1,
        min_value=0,
        required=False,
        allow_null=True,
        default=None,
        help_text="5.3.3: the whole congress's table-sessions: one additional championship "
        "for every 100 over 100, once over 200.",
    )

    def validate_club_number(self, number: int | None) -> Club | None:
        # Any club may run a congress; whether this login may name it is the service's check.
        return None if number is None else club_by_number(number)

    def validate_congress_organiser(self, pk: int | None) -> CongressOrganiser | None:
        if pk is None:
            return None
        found = CongressOrganiser.objects.filter(pk=pk).first()
        if found is None:
            raise serializers.ValidationError(f"{pk} is not a congress organiser.")
        return found


def session_field() -> serializers.IntegerField:
    """Which of the day's events this is: an event is credited once (awards.intake.upload_keys)."""
    return serializers.IntegerField(
        min_value=1,
        max_value=9,
        default=1,
        help_text="1, unless the club ran another event the same day: 2 for the second (the "
        "evening after the afternoon), and so on. An event is credited once: an upload of an "
        "event (who ran it, first day, session, grade, name) or of the same awards already "
        "waiting or credited is refused under `duplicate`, `links.duplicate` the first.",
    )


def intended_field() -> serializers.BooleanField:
    return serializers.BooleanField(
        default=False,
        help_text="Centre staff only: credit an event, or the same awards, already waiting or "
        "credited again on purpose (a correction), saying why in `intended_reason`. Refused "
        "for any other login: an event is credited once, and a credited event is corrected "
        "with adjusting credits (`POST /api/v1/credits/{id}/adjust`).",
    )


def intended_reason_field() -> serializers.CharField:
    return serializers.CharField(
        max_length=255,
        required=False,
        allow_blank=True,
        default="",
        help_text="Why the event is credited again (with `intended`).",
    )


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


class UploadResultsSerializer(OrganiserFields):
    name = serializers.CharField(max_length=160, help_text="The event's name.")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True)
    session = session_field()
    authorisation_number = serializers.CharField(required=False, allow_blank=True, default="")
    intended = intended_field()
    intended_reason = intended_reason_field()
    results = serializers.JSONField(help_text="The event's results as the calculator takes them.")
    players = serializers.JSONField(
        help_text='Each contestant\'s ABF numbers: {"N1": ["0123456", "0002288"], ...}.'
    )


def _awards_of(results: object) -> EventAwards:
    """The calculator's request, computed by the award engine; errors under `results.`."""
    given = CalculatorRequestSerializer(data=results)
    if not given.is_valid():
        raise ValidationError({"results": given.errors})
    try:
        return compute_awards(given.to_event(), working=False)
    except RulesError as error:
        # The results are one field of this request: their errors are named inside it.
        raise ValidationError({f"results.{rules_error_path(error)}": [error.message]}) from None


def _scheme_results_of(results: object) -> dict:
    """An event under the deployment's scheme, other than the ABF's: its calculator's
    request, in one of the scheme's editions (its own when it names none)."""
    scheme = current_scheme()
    if not isinstance(results, dict):
        raise ValidationError({"results": ["Give the event as the calculator takes it."]})
    rules = results.get("rules") or scheme.default_edition
    if rules not in scheme.editions:
        raise ValidationError(
            {
                "results.rules": [
                    f"This registry credits events under the {scheme.name}: give "
                    f"{' or '.join(scheme.editions)}."
                ]
            }
        )
    return {**results, "rules": rules}


def _players_of(players: object) -> dict[str, list[str]]:
    if not isinstance(players, dict) or not all(
        isinstance(numbers, list) and all(isinstance(n, str | int) for n in numbers)
        for numbers in players.values()
    ):
        raise ValidationError(
            {"players": ['Give each contestant\'s ABF numbers: {"N1": ["0123456", "0002288"]}.']}
        )
    return {str(label): [str(n) for n in numbers] for label, numbers in players.items()}


class _UploadApi(APIView):
    permission_classes = [HasRole]
    roles = UPLOADERS

    def upload(self, request: Request, pk: int) -> CreditUpload:
        # Another login's upload is not found, never forbidden: nothing leaks through ids.
        return get_object_or_404(uploads_for(user=request.user), pk=pk)


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
                awards=_awards_of(values["results"]), players=_players_of(values.get("players"))
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
                congress_organiser=values["congress_organiser"],
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


class UploadResultsApi(_UploadApi):
    @extend_schema(
        summary="From results to credits: compute the awards and check them as an upload",
        description=(
            "The event's results (rankings and matches, as the calculator takes them) with "
            "each contestant's ABF numbers. The award engine computes every contestant's "
            "award; each of its players is credited that award, through the same checks as a "
            "credit file. Confirm the upload to credit it. Under a scheme other than the "
            "ABF's, `results` is an event as that scheme's calculator takes it (its own "
            "`rules`, grade or status: see `POST /api/v1/calculator/awards`), and each player "
            "is credited the points of every kind its contestant wins. " + EVENT_LIMITS
        ),
        request=UploadResultsSerializer,
        responses={201: UploadSerializer, 400: OpenApiResponse(description="What is wrong")},
    )
    @scheme_examples(upload_results_examples)
    def post(self, request: Request) -> Response:
        data = UploadResultsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if not is_abf_edition(current_scheme().default_edition):
            upload = scheme_event_upload_check(
                by=request.user,
                request=_scheme_results_of(values["results"]),
                players=_players_of(values["players"]),
                name=values["name"],
                starts_on=values["starts_on"],
                ends_on=values.get("ends_on"),
                organiser=values["organiser"],
                club=values["club_number"],
            )
            return Response(UploadSerializer(upload).data, status=status.HTTP_201_CREATED)
        awards = _awards_of(values["results"])
        upload = credit_results_check(
            by=request.user,
            event=EventDetails(
                name=values["name"],
                starts_on=values["starts_on"],
                ends_on=values.get("ends_on"),
                grade=awards.grade,
                kind=awards.kind.value,
                sessions=max(1, len(values["results"].get("sessions", []))),
                session=values["session"],
                organiser=values["organiser"],
                club=values["club_number"],
                congress_organiser=values["congress_organiser"],
                **congress_details(values),
            ),
            awards=awards,
            players=_players_of(values["players"]),
            authorisation_number=values["authorisation_number"],
            intended=values["intended"],
            intended_reason=values["intended_reason"],
        )
        return Response(UploadSerializer(upload).data, status=status.HTTP_201_CREATED)


class UploadListApi(_UploadApi):
    @extend_schema(
        summary="Your uploads, newest first (a state secretary's: with its organisers')",
        responses=UploadSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        paginator = LimitOffsetPagination()
        page = paginator.paginate_queryset(
            uploads_visible_to(user=request.user), request, view=self
        )
        return paginator.get_paginated_response(UploadSerializer(page, many=True).data)


class UploadDetailApi(_UploadApi):
    @extend_schema(summary="An upload and its preview", responses=UploadSerializer)
    def get(self, request: Request, pk: int) -> Response:
        # Read as on its page: a state secretary reads its organisers' uploads too.
        upload = get_object_or_404(uploads_visible_to(user=request.user), pk=pk)
        return Response(UploadSerializer(upload).data)


class UploadConfirmSerializer(serializers.Serializer):
    above_most_checked = serializers.BooleanField(
        default=False,
        help_text="True once the lines above the most the event can pay (`above_most`) were "
        "checked; an upload with such lines is not credited without it.",
    )


class UploadConfirmApi(_UploadApi):
    @extend_schema(
        summary="Credit a checked upload (App. E step 2): all lines or none",
        description="An upload with lines above the most the event can pay (each with a "
        "`warning`) is credited only with `above_most_checked: true`; without it the answer "
        'is 400, code `above_most_unchecked`, under `fields["above_most_checked"]`.',
        request=UploadConfirmSerializer,
        responses=UploadSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        data = UploadConfirmSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = credit_upload_confirm(
            upload=self.upload(request, pk),
            by=request.user,
            above_most_checked=data.validated_data["above_most_checked"],
        )
        return Response(UploadSerializer(upload).data)


class UploadCancelApi(_UploadApi):
    @extend_schema(
        summary="Cancel an upload not yet credited", request=None, responses=UploadSerializer
    )
    def post(self, request: Request, pk: int) -> Response:
        upload = credit_upload_cancel(upload=self.upload(request, pk), by=request.user)
        return Response(UploadSerializer(upload).data)
