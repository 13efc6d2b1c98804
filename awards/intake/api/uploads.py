"""Uploads through the API (App. D, App. E): check, preview, confirm, cancel; and from an
event's results to credits."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.calculator.sessions.answers import request_awards
from awards.calculator.sessions.serializers import EVENT_LIMITS
from awards.intake.api.examples import scheme_examples, upload_results_examples
from awards.intake.api.serializers import (
    UploadResultsSerializer,
    UploadSerializer,
    congress_details,
)
from awards.intake.models import CreditUpload
from awards.intake.selectors import uploads_for, uploads_visible_to
from awards.intake.services.crediting import credit_upload_cancel, credit_upload_confirm
from awards.intake.services.entry import credit_results_check
from awards.intake.services.results_in import scheme_event_upload_check
from awards.ledger.services.events import EventDetails
from centre.permissions import UPLOADERS, HasRole
from centre.schemes import current_scheme


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


def players_of(players: object) -> dict[str, list[str]]:
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
        if not current_scheme().calculator_sessions:
            upload = scheme_event_upload_check(
                by=request.user,
                request=_scheme_results_of(values["results"]),
                players=players_of(values["players"]),
                name=values["name"],
                starts_on=values["starts_on"],
                ends_on=values.get("ends_on"),
                organiser=values["organiser"],
                club=values["club_number"],
            )
            return Response(UploadSerializer(upload).data, status=status.HTTP_201_CREATED)
        awards = request_awards(values["results"])
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
            players=players_of(values["players"]),
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
