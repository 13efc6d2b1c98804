"""Awards typed by a program (`POST /api/v1/uploads/entries`): the event and each player's
award, checked as the Sundry page checks them (App. E) and credited by confirming the upload.

Under a scheme without credit files (NZ Bridge, the ACBL) this is how a program enters awards
it has already worked out; an award of a grade paid in parts (the ACBL's NAP and GNT splits:
20% gold, 80% red...) is one credit a kind, exact to the hundredth (`Scheme.credit_parts`)."""

from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from awards.entries.forms import points_error
from awards.entries.services.entries import Entry, credit_entries_check
from awards.intake.api.serializers import OrganiserFields, UploadSerializer, session_field
from awards.intake.api.uploads import _UploadApi
from awards.intake.congress import congress_details
from awards.intake.models import CreditUpload
from awards.ledger.models import Event
from awards.ledger.services.events import EventDetails
from scheme.core.points import parse_points


class EntryRowSerializer(serializers.Serializer):
    abf_number = serializers.CharField(max_length=20, help_text="The player's number.")
    points = serializers.CharField(
        max_length=12,
        help_text='The award, as typed: "12.37" (at most two decimals; never a float).',
    )

    def validate_points(self, typed: str) -> int:
        if error := points_error(typed):
            raise serializers.ValidationError(error)
        return parse_points(typed)


class EntriesSerializer(OrganiserFields):
    name = serializers.CharField(max_length=160, help_text="The event's name.")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True)
    grade = serializers.ChoiceField(choices=[], help_text="The event's grade (or status).")
    kind = serializers.ChoiceField(choices=Event.Kind.choices, default=Event.Kind.PAIRS)
    sessions = serializers.IntegerField(min_value=1, max_value=99, default=1)
    session = session_field()
    tables = serializers.DecimalField(
        max_digits=5,
        decimal_places=1,
        min_value=Decimal("0.5"),
        required=False,
        allow_null=True,
        help_text="Tables in the biggest field (for teams, the number of teams).",
    )
    awards = EntryRowSerializer(many=True, allow_empty=False)


class UploadEntriesApi(_UploadApi):
    @extend_schema(
        summary="Awards entered: check each player's award as an upload",
        description=(
            "The event and each player's award, as the Sundry page takes them, checked as an "
            "upload and credited by confirming it (`POST /api/v1/uploads/{id}/confirm`). An "
            "award of a grade paid in parts is one credit a kind, adding up to the award. The "
            "same event sent again is refused under `duplicate`."
        ),
        request=EntriesSerializer,
        responses={201: UploadSerializer, 400: OpenApiResponse(description="What is wrong")},
    )
    def post(self, request: Request) -> Response:
        data = EntriesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        upload = credit_entries_check(
            by=request.user,
            entries=[
                Entry(abf_number=row["abf_number"], points=row["points"])
                for row in values["awards"]
            ],
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
                tables=values.get("tables"),
                congress_organiser=values.get("congress_organiser"),
                **congress_details(values),
            ),
            source=CreditUpload.Source.SUNDRY,
        )
        return Response(UploadSerializer(upload).data, status=status.HTTP_201_CREATED)
