"""The award calculator of the API: an event's results in, every contestant's awards out."""

from __future__ import annotations

import re

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from awards import selectors as ledger
from awards import services as ledger_services
from awards.models import AUTHORISED_GRADES, GRADE_CHOICES, Authorisation, Credit, CreditUpload
from awards.models import Event as LedgerEvent
from awards.serializers import CalculatorRequestSerializer, CalculatorResponseSerializer
from centre.models import Role
from centre.permissions import HasRole
from clubs.models import Club
from clubs.selectors import club_by_number
from players.models import Player
from players.selectors import player_rank_standing
from scheme.abf import EventAwards, RulesError, compute_awards

REQUEST_EXAMPLE = {
    "rules": "ABF-2025",
    "grade": "E",
    "kind": "pairs",
    "sessions": [
        {
            "boards": 24,
            "fields": [
                {"movement": "mitchell", "tables": 7.5, "ranking": [["N1"], ["N2", "N3"], ["N4"]]},
                {"movement": "mitchell", "tables": 7.5, "ranking": [["E1"], ["E2"], ["E3"]]},
            ],
        },
        {"matches": [{"boards": 14, "home": "T1", "away": "T2", "home_imps": 12, "away_imps": 9}]},
    ],
    "outright": {"tables": 7, "sessions": 2, "ranking": [["N1"], ["E2"], ["N3"]]},
}


def rules_error_path(error: RulesError) -> str:
    """'sessions[0].fields[1].tables' as the API names fields: 'sessions.0.fields.1.tables'."""
    return re.sub(r"\[([^\]]+)\]", r".\1", error.field)


class CalculatorAwardsApi(APIView):
    """Compute the masterpoint awards of an event from its results (ABF rules)."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "calculator"

    @extend_schema(
        operation_id="calculator_awards",
        summary="Compute an event's masterpoint awards",
        description=(
            "Give the grade, kind and sessions of an event (each session either fields of a "
            "movement with their rankings, or matches of 5 or more boards) and, for events of "
            "two or more sessions, the final placings. Rankings list places best first; each "
            "place lists the contestants tied there. The answer gives each contestant's "
            "session, match and outright awards and total, per player, and the working: which "
            "clause, table, weight and factor gave each number. Open to anyone, throttled."
        ),
        request=CalculatorRequestSerializer,
        responses={
            200: CalculatorResponseSerializer,
            400: OpenApiResponse(description="The event cannot be awarded; `fields` names why."),
            429: OpenApiResponse(description="Too many calculations; try again later."),
        },
        examples=[OpenApiExample("A club pairs event", value=REQUEST_EXAMPLE, request_only=True)],
        tags=["calculator"],
    )
    def post(self, request: Request) -> Response:
        given = CalculatorRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        try:
            awards = compute_awards(given.to_event())
        except RulesError as error:
            raise serializers.ValidationError({rules_error_path(error): [error.message]}) from None
        answer = {
            "rules": awards.rules,
            "grade": awards.grade,
            "kind": awards.kind.value,
            "colour": awards.colour.value,
            "contestants": awards.contestants,
            "working": list(awards.working),
        }
        return Response(CalculatorResponseSerializer(answer).data)


# --- uploads (App. D, App. E): check, preview, confirm, cancel ----------------------------


def _rejected(rejected: ledger_services.UploadRejected) -> ValidationError:
    """Every problem under its place: `lines.12`, `file`, or the field it concerns."""
    fields: dict[str, list[str]] = {}
    for problem in rejected.problems:
        key = problem.field or (f"lines.{problem.line}" if problem.line else "file")
        fields.setdefault(key, []).append(problem.message)
    return ValidationError(fields)


class UploadLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    abf_number = serializers.CharField()
    name = serializers.CharField()
    home_club = serializers.IntegerField(allow_null=True)
    colour = serializers.CharField()
    points = serializers.IntegerField(help_text="Hundredths of a masterpoint.")
    held = serializers.BooleanField(help_text="1.3.2: an inactive player's points are held.")
    warning = serializers.CharField(allow_blank=True)


class UploadSerializer(serializers.ModelSerializer):
    lines = serializers.SerializerMethodField()
    warnings = serializers.SerializerMethodField()
    differences = serializers.SerializerMethodField()
    period = serializers.SerializerMethodField()
    authorisation = serializers.SlugRelatedField(slug_field="number", read_only=True)

    class Meta:
        model = CreditUpload
        fields = [
            "id",
            "filename",
            "source",
            "status",
            "event_details",
            "authorisation",
            "intended",
            "line_count",
            "total_green",
            "total_red",
            "total_gold",
            "period",
            "created_at",
            "credited_at",
            "cancelled_at",
            "warnings",
            "differences",
            "lines",
        ]

    @extend_schema_field(UploadLineSerializer(many=True))
    def get_lines(self, upload: CreditUpload) -> list[dict]:
        return upload.preview.get("lines", [])

    def get_warnings(self, upload: CreditUpload) -> list[str]:
        return upload.preview.get("warnings", [])

    def get_differences(self, upload: CreditUpload) -> list[dict]:
        """Lines whose points differ from what the rules give (files sent with results)."""
        return upload.preview.get("differences", [])

    def get_period(self, upload: CreditUpload) -> str | None:
        return str(upload.period) if upload.period else None


class OrganiserFields(serializers.Serializer):
    """Who ran the event: a club secretary's events are the club's own and ignore these."""

    organiser = serializers.ChoiceField(
        choices=[v for v in LedgerEvent.Organiser.values if v != LedgerEvent.Organiser.OVERSEAS],
        required=False,
        allow_blank=True,
        default="",
        help_text="state or congress for a state secretary; any of these for staff.",
    )
    club_number = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="The club that ran it, if any."
    )

    def validate_club_number(self, number: int | None) -> Club | None:
        return None if number is None else club_by_number(number)


class UploadCreateSerializer(OrganiserFields):
    file = serializers.FileField(help_text="A credit file: .grn, .red, .gld, .rag or .mp?")
    name = serializers.CharField(max_length=160, help_text="The event's name.")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True)
    grade = serializers.ChoiceField(choices=[code for code, _ in GRADE_CHOICES])
    kind = serializers.ChoiceField(choices=LedgerEvent.Kind.values, default="pairs")
    sessions = serializers.IntegerField(min_value=1, max_value=99, default=1)
    authorisation_number = serializers.CharField(required=False, allow_blank=True, default="")
    intended = serializers.BooleanField(
        default=False, help_text="The same file was uploaded before and is to be credited again."
    )
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


class _UploadApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)

    def upload(self, request: Request, pk: int) -> CreditUpload:
        # Another login's upload is not found, never forbidden: nothing leaks through ids.
        return get_object_or_404(ledger.uploads_for(user=request.user), pk=pk)


class UploadCreateApi(_UploadApi):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        summary="Check a credit file (App. E step 1)",
        request={"multipart/form-data": UploadCreateSerializer},
        responses={201: UploadSerializer, 400: OpenApiResponse(description="Every bad line")},
    )
    def post(self, request: Request) -> Response:
        data = UploadCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        expected = None
        if values.get("results") is not None:
            awards = _awards_of(values["results"])
            expected, problems = ledger_services.awards_by_player(
                awards=awards, players=_players_of(values.get("players"))
            )
            if problems:
                raise _rejected(ledger_services.UploadRejected(problems))
        try:
            upload = ledger_services.credit_upload_check(
                by=request.user,
                filename=values["file"].name,
                content=values["file"].read(),
                event=ledger_services.EventDetails(
                    name=values["name"],
                    starts_on=values["starts_on"],
                    ends_on=values.get("ends_on"),
                    grade=values["grade"],
                    kind=values["kind"],
                    sessions=values["sessions"],
                    organiser=values["organiser"],
                    club=values["club_number"],
                ),
                authorisation_number=values["authorisation_number"],
                intended=values["intended"],
                expected=expected,
            )
        except ledger_services.UploadRejected as rejected:
            raise _rejected(rejected) from rejected
        return Response(UploadSerializer(upload).data, status=status.HTTP_201_CREATED)


def _awards_of(results: object) -> EventAwards:
    """The calculator's request, computed by the award engine; errors under `results.`."""
    given = CalculatorRequestSerializer(data=results)
    if not given.is_valid():
        raise ValidationError({"results": given.errors})
    try:
        return compute_awards(given.to_event())
    except RulesError as error:
        raise ValidationError({f"results.{rules_error_path(error)}": [error.message]}) from None


def _players_of(players: object) -> dict[str, list[str]]:
    if not isinstance(players, dict) or not all(
        isinstance(numbers, list) and all(isinstance(n, str | int) for n in numbers)
        for numbers in players.values()
    ):
        raise ValidationError(
            {"players": ['Give each contestant\'s ABF numbers: {"N1": ["0123456", "0002288"]}.']}
        )
    return {str(label): [str(n) for n in numbers] for label, numbers in players.items()}


class UploadResultsSerializer(OrganiserFields):
    name = serializers.CharField(max_length=160, help_text="The event's name.")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True)
    authorisation_number = serializers.CharField(required=False, allow_blank=True, default="")
    results = serializers.JSONField(help_text="The event's results as the calculator takes them.")
    players = serializers.JSONField(
        help_text='Each contestant\'s ABF numbers: {"N1": ["0123456", "0002288"], ...}.'
    )


class UploadResultsApi(_UploadApi):
    @extend_schema(
        summary="From results to credits: compute the awards and check them as an upload",
        description=(
            "The event's results (rankings and matches, as the calculator takes them) with "
            "each contestant's ABF numbers. The award engine computes every contestant's "
            "award; each of its players is credited that award, through the same checks as a "
            "credit file. Confirm the upload to credit it."
        ),
        request=UploadResultsSerializer,
        responses={201: UploadSerializer, 400: OpenApiResponse(description="What is wrong")},
    )
    def post(self, request: Request) -> Response:
        data = UploadResultsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        awards = _awards_of(values["results"])
        try:
            upload = ledger_services.credit_results_check(
                by=request.user,
                event=ledger_services.EventDetails(
                    name=values["name"],
                    starts_on=values["starts_on"],
                    ends_on=values.get("ends_on"),
                    grade=awards.grade,
                    kind=awards.kind.value,
                    sessions=max(1, len(values["results"].get("sessions", []))),
                    organiser=values["organiser"],
                    club=values["club_number"],
                ),
                awards=awards,
                players=_players_of(values["players"]),
                authorisation_number=values["authorisation_number"],
            )
        except ledger_services.UploadRejected as rejected:
            raise _rejected(rejected) from rejected
        return Response(UploadSerializer(upload).data, status=status.HTTP_201_CREATED)


class UploadListApi(_UploadApi):
    @extend_schema(summary="Your uploads, newest first", responses=UploadSerializer(many=True))
    def get(self, request: Request) -> Response:
        uploads = ledger.uploads_for(user=request.user)
        page = self.paginator.paginate_queryset(uploads, request, view=self)
        return self.paginator.get_paginated_response(UploadSerializer(page, many=True).data)

    @property
    def paginator(self):
        from rest_framework.pagination import LimitOffsetPagination

        if not hasattr(self, "_paginator"):
            self._paginator = LimitOffsetPagination()
        return self._paginator


class UploadDetailApi(_UploadApi):
    @extend_schema(summary="An upload and its preview", responses=UploadSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(UploadSerializer(self.upload(request, pk)).data)


class UploadConfirmApi(_UploadApi):
    @extend_schema(
        summary="Credit a checked upload (App. E step 2): all lines or none",
        request=None,
        responses=UploadSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        upload = self.upload(request, pk)
        try:
            upload = ledger_services.credit_upload_confirm(upload=upload, by=request.user)
        except ledger_services.UploadRejected as rejected:
            raise _rejected(rejected) from rejected
        except ledger_services.AwardsError as error:
            raise ValidationError({"status": [str(error)]}) from error
        return Response(UploadSerializer(upload).data)


class UploadCancelApi(_UploadApi):
    @extend_schema(
        summary="Cancel an upload not yet credited", request=None, responses=UploadSerializer
    )
    def post(self, request: Request, pk: int) -> Response:
        try:
            upload = ledger_services.credit_upload_cancel(
                upload=self.upload(request, pk), by=request.user
            )
        except ledger_services.AwardsError as error:
            raise ValidationError({"status": [str(error)]}) from error
        return Response(UploadSerializer(upload).data)


# --- corrections: adjusting credits -------------------------------------------------------


class CreditAdjustSerializer(serializers.Serializer):
    points = serializers.IntegerField(help_text="Hundredths to add (negative to take away).")
    reason = serializers.CharField(max_length=255)


class CreditSerializer(serializers.ModelSerializer):
    player = serializers.SlugRelatedField(slug_field="abf_number", read_only=True)
    period = serializers.StringRelatedField()

    class Meta:
        model = Credit
        fields = ["id", "player", "event", "colour", "points", "source", "state", "period"]
        fields += ["reason", "adjusts", "created_at"]


class CreditAdjustApi(APIView):
    """A correction is a new, adjusting credit with a reason; the credit itself never changes."""

    permission_classes = [HasRole]
    roles = (Role.CLUB_SECRETARY, Role.STAFF)

    @extend_schema(
        summary="Adjust a credit (staff; or the club that credited it, before its month closes)",
        request=CreditAdjustSerializer,
        responses={201: CreditSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        credits = Credit.objects.all()
        if not request.user.is_centre_staff:
            # Another club's credit is not found, never forbidden.
            credits = credits.filter(upload__club=request.user.club)
        credit = get_object_or_404(credits, pk=pk)
        data = CreditAdjustSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            adjustment = ledger_services.credit_adjust(
                credit=credit,
                points=data.validated_data["points"],
                reason=data.validated_data["reason"],
                by=request.user,
            )
        except ledger_services.AwardsError as error:
            raise ValidationError(str(error)) from error
        return Response(CreditSerializer(adjustment).data, status=status.HTTP_201_CREATED)


# --- authorisations (2.6) -----------------------------------------------------------------


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
    amount = serializers.IntegerField(min_value=1, help_text="Hundredths of a red point.")
    sessions = serializers.IntegerField(
        min_value=1,
        max_value=20,
        default=1,
        help_text="B4c: the event's sessions, checked against the club's B4c sessions (2.6).",
    )


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
        issued = Authorisation.objects.select_related("club", "state")
        if request.user.is_state_secretary:
            issued = issued.filter(state=request.user.state)
        return Response(AuthorisationSerializer(issued[:500], many=True).data)


class AuthorisationIssueApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.STATE_SECRETARY, Role.STAFF)

    @extend_schema(
        summary="Issue an authorisation number (2.6)",
        request=AuthorisationIssueSerializer,
        responses={201: AuthorisationIssuedSerializer},
    )
    def post(self, request: Request) -> Response:
        data = AuthorisationIssueSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        clubs = Club.objects.all()
        if request.user.is_state_secretary:
            clubs = clubs.filter(state=request.user.state)
        club = clubs.filter(number=data.validated_data["club"]).first()
        if club is None:
            raise ValidationError({"club": ["No club of your state has that number."]})
        try:
            authorisation = ledger_services.authorisation_issue(
                by=request.user,
                club=club,
                event_name=data.validated_data["event_name"],
                grade=data.validated_data["grade"],
                amount=data.validated_data["amount"],
            )
        except ledger_services.AwardsError as error:
            raise ValidationError(str(error)) from error
        from clubs.selectors import b4c_warning_for_authorisation

        # 2.6: a warning, not a refusal, when a B4c set would exceed the club's sessions.
        warning = b4c_warning_for_authorisation(
            authorisation=authorisation, sessions=data.validated_data["sessions"]
        )
        authorisation.warnings = [warning] if warning else []
        return Response(
            AuthorisationIssuedSerializer(authorisation).data, status=status.HTTP_201_CREATED
        )


# --- the public masterpoint lookup (1.4.4) ------------------------------------------------


class ColourTotalsSerializer(serializers.Serializer):
    green = serializers.IntegerField()
    red = serializers.IntegerField()
    gold = serializers.IntegerField()


class TotalsSerializer(serializers.Serializer):
    lifetime = ColourTotalsSerializer()
    approved = ColourTotalsSerializer()
    provisional = ColourTotalsSerializer()


class NeededSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="More points of any colour.")
    red_and_gold = serializers.IntegerField(help_text="More red or gold points.")
    gold = serializers.IntegerField(help_text="More gold points.")


class LookupPlayerSerializer(serializers.Serializer):
    abf_number = serializers.CharField()
    name = serializers.CharField()
    home_club = serializers.IntegerField(allow_null=True)
    home_club_name = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    totals = TotalsSerializer(help_text="Hundredths of a masterpoint, by colour.")
    rank = serializers.CharField(
        allow_null=True, help_text="The rank as of the last month close (1.4.4, 1.8)."
    )
    rank_order = serializers.IntegerField(help_text="1 Graduate Master to 21; 0 unranked.")
    next_rank = serializers.CharField(allow_null=True)
    needed_for_next_rank = NeededSerializer(
        allow_null=True,
        help_text="Hundredths still needed for the next rank, after the provisional points.",
    )


def _public(player: Player) -> dict:
    totals = ledger.player_totals(player=player)
    return {
        "abf_number": player.abf_number,
        "name": player.full_name,
        "home_club": player.home_club.number if player.home_club else None,
        "home_club_name": player.home_club.name if player.home_club else None,
        "status": player.status,
        "totals": totals.as_json(),
        # 1.4.4: the rank as of the last close, and what the next one still needs.
        **player_rank_standing(player=player, **totals.lifetime).as_json(),
    }


class MasterpointLookupApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Masterpoint lookup by ABF number or name",
        parameters=[OpenApiParameter("q", str, description="ABF number or (part of) a name")],
        responses=LookupPlayerSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        found = ledger.players_lookup(query=request.query_params.get("q", ""), limit=25)
        return Response({"results": [_public(player) for player in found]})


class MasterpointPlayerApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A player's totals, position and home club", responses=LookupPlayerSerializer
    )
    def get(self, request: Request, abf_number: str) -> Response:
        player = get_object_or_404(
            Player.objects.select_related("home_club"), abf_number=abf_number
        )
        year = request.query_params.get("year")
        body = _public(player)
        body["position"] = ledger.player_position(player=player)
        if year and year.isdigit():
            body["year"] = {
                "year": int(year),
                **ledger.player_totals(player=player, year=int(year)).as_json(),
            }
        return Response(body)


class StatementQuerySerializer(serializers.Serializer):
    start = serializers.DateField(required=False)
    end = serializers.DateField(required=False)


class MasterpointStatementApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A player's awards statement for any period",
        parameters=[StatementQuerySerializer],
        responses={200: OpenApiResponse(description="Opening, lines with running totals, closing")},
    )
    def get(self, request: Request, abf_number: str) -> Response:
        player = get_object_or_404(Player, abf_number=abf_number)
        query = StatementQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        opening, lines, closing = ledger.player_statement(
            player=player,
            start=query.validated_data.get("start"),
            end=query.validated_data.get("end"),
        )
        return Response(
            {
                "abf_number": player.abf_number,
                **player_rank_standing(
                    player=player, **ledger.player_totals(player=player).lifetime
                ).as_json(),
                "opening": opening,
                "lines": [
                    {
                        "date": line.credit.event.ends_on,
                        "event": line.credit.event.name,
                        "grade": line.credit.event.grade,
                        "colour": line.credit.colour,
                        "points": line.credit.points,
                        "state": line.credit.state,
                        "source": line.credit.source,
                        "reason": line.credit.reason,
                        "conversion": line.credit.conversion,
                        "running": line.running,
                    }
                    for line in lines
                ],
                "closing": closing,
            }
        )
