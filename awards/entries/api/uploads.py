"""From an event's results to credits through the API (`POST /api/v1/uploads/results`): the
event as the calculator takes it and each contestant's players, computed and checked as an
upload."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from awards.calculator.sessions.answers import request_awards
from awards.calculator.sessions.serializers import EVENT_LIMITS
from awards.entries.api.examples import scheme_examples, upload_results_examples
from awards.entries.services.results_in import scheme_event_upload_check
from awards.entries.services.sessions import credit_results_check
from awards.intake.api.serializers import (
    UploadResultsSerializer,
    UploadSerializer,
)
from awards.intake.api.uploads import _UploadApi, players_of
from awards.intake.congress import congress_details
from awards.ledger.services.events import EventDetails
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
                congress_organiser=values.get("congress_organiser"),
                **congress_details(values),
            ),
            awards=awards,
            players=players_of(values["players"]),
            authorisation_number=values["authorisation_number"],
            intended=values["intended"],
            intended_reason=values["intended_reason"],
        )
        return Response(UploadSerializer(upload).data, status=status.HTTP_201_CREATED)
