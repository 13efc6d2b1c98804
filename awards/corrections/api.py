"""Corrections through the API (issue 25): centre staff reverse an upload, move a credit to the
right player, correct an amount or an event's grade, merge two records; every uploader lists
the corrections it may see (a club those of its uploads and players). A refusal changes
nothing; the same request sent twice is refused the second time, naming the first."""

from __future__ import annotations

from django import forms
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.corrections.forms import number_clean
from awards.corrections.models import Correction
from awards.corrections.selectors import (
    CorrectionFilters,
    correction_credits,
    corrections_filtered,
    corrections_visible_to,
)
from awards.corrections.services.credits import (
    credit_amount_correct,
    credit_move,
    event_grade_correct,
)
from awards.corrections.services.merges import players_merge
from awards.corrections.services.reversals import upload_reverse
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event
from centre.api import hundredths_field
from centre.models import Role
from centre.permissions import UPLOADERS, HasRole
from centre.schemes import number_name
from players.models import Player

# The newest corrections a list gives.
LIST_LIMIT = 500

REASON_HELP = "Why: shown on each player's statement and in the email to the club."


def _number(value: str) -> str:
    try:
        return number_clean(value)
    except forms.ValidationError as error:
        raise serializers.ValidationError(error.messages) from None


def _player(number: str) -> Player:
    player = Player.objects.filter(abf_number=number).first()
    if player is None:
        raise serializers.ValidationError(f"No player has the {number_name()} {number}.")
    return player


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text=REASON_HELP)


class MoveSerializer(ReasonSerializer):
    abf_number = serializers.CharField(help_text="The right player's ABF number.")

    def validate_abf_number(self, value: str) -> Player:
        return _player(_number(value))


class AmountSerializer(ReasonSerializer):
    points = hundredths_field(help_text="The right amount in hundredths; 0 takes the points away.")


class GradeSerializer(ReasonSerializer):
    grade = serializers.CharField(max_length=8, help_text="The right grade of the event.")


class MergeSerializer(ReasonSerializer):
    retired_number = serializers.CharField(help_text="The number to retire.")
    kept_number = serializers.CharField(help_text="The number kept: the player's from now on.")

    def validate_retired_number(self, value: str) -> Player:
        return _player(_number(value))

    def validate_kept_number(self, value: str) -> Player:
        return _player(_number(value))


class NumberSerializer(serializers.Serializer):
    abf_number = serializers.CharField()
    name = serializers.CharField()


def _player_json(player: Player | None) -> dict | None:
    return None if player is None else {"abf_number": player.abf_number, "name": player.full_name}


class CorrectionSerializer(serializers.Serializer):
    """A correction as made, with its credits."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Correction.Kind.choices)
    summary = serializers.CharField()
    reason = serializers.CharField()
    made_by = serializers.CharField()
    made_at = serializers.DateTimeField()
    period = serializers.CharField(help_text="The month the correcting credits went to.")
    upload = serializers.IntegerField(allow_null=True)
    event = serializers.IntegerField(allow_null=True)
    new_event = serializers.IntegerField(allow_null=True)
    player = NumberSerializer(allow_null=True)
    other_player = NumberSerializer(
        allow_null=True, help_text="The right player of a move; the record kept by a merge."
    )
    club = serializers.IntegerField(allow_null=True)
    credits = serializers.ListField(child=serializers.DictField())


def correction_json(correction: Correction, *, with_credits: bool = True) -> dict:
    body = {
        "id": correction.pk,
        "kind": correction.kind,
        "summary": correction.details.get("summary", ""),
        "reason": correction.reason,
        "made_by": correction.made_by.get_username(),
        "made_at": serializers.DateTimeField().to_representation(correction.made_at),
        "period": str(correction.period),
        "upload": correction.upload_id,
        "event": correction.event_id,
        "new_event": correction.new_event_id,
        "player": _player_json(correction.player),
        "other_player": _player_json(correction.other_player),
        "club": correction.club.number if correction.club else None,
    }
    if with_credits:
        body["credits"] = [
            {
                "id": link.credit_id,
                "role": link.role,
                "abf_number": link.credit.player.abf_number,
                "event": link.credit.event_id,
                "colour": link.credit.colour,
                "points": link.credit.points,
                "adjusts": link.credit.adjusts_id,
            }
            for link in correction_credits(correction=correction)
        ]
    return body


class CorrectionQuerySerializer(serializers.Serializer):
    club = serializers.IntegerField(required=False, min_value=1)
    player = serializers.CharField(required=False)
    kind = serializers.ChoiceField(choices=Correction.Kind.choices, required=False)
    month = serializers.RegexField(
        r"^[0-9]{4}-(0[1-9]|1[0-2])$",
        required=False,
        help_text="The month the correcting credits went to, as 2026-11.",
    )
    start = serializers.DateField(required=False, help_text="Made on or after this day.")
    end = serializers.DateField(required=False, help_text="Made on or before this day.")

    def validate_player(self, value: str) -> str:
        return _number(value)


class CorrectionListApi(APIView):
    """The corrections the login may see, the newest first (at most 500)."""

    permission_classes = [HasRole]
    roles = UPLOADERS

    @extend_schema(
        summary="Corrections (staff all; a club those of its uploads and home members)",
        parameters=[CorrectionQuerySerializer],
        responses={200: CorrectionSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        query = CorrectionQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        filters = CorrectionFilters(**query.validated_data)
        found = corrections_filtered(corrections_visible_to(user=request.user), filters)
        return Response([correction_json(c, with_credits=False) for c in found[:LIST_LIMIT]])


class CorrectionDetailApi(APIView):
    permission_classes = [HasRole]
    roles = UPLOADERS

    @extend_schema(summary="A correction with its credits", responses=CorrectionSerializer)
    def get(self, request: Request, pk: int) -> Response:
        # Another club's correction is not found, never forbidden.
        found = get_object_or_404(corrections_visible_to(user=request.user), pk=pk)
        return Response(correction_json(found))


class _StaffCorrectionApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.STAFF,)

    def validated(self, serializer: type[serializers.Serializer]) -> dict:
        """The request's body as `serializer` reads it; a 400 naming each field refused."""
        data = serializer(data=self.request.data)
        data.is_valid(raise_exception=True)
        return data.validated_data

    def created(self, correction: Correction) -> Response:
        correction = corrections_visible_to(user=self.request.user).get(pk=correction.pk)
        return Response(correction_json(correction), status=status.HTTP_201_CREATED)


class UploadReverseApi(_StaffCorrectionApi):
    @extend_schema(
        summary="Reverse a credited upload (staff): reversing credits in the month open now",
        request=ReasonSerializer,
        responses={201: CorrectionSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        upload = get_object_or_404(CreditUpload.objects.defer("content"), pk=pk)
        data = self.validated(ReasonSerializer)
        return self.created(upload_reverse(upload=upload, reason=data["reason"], by=request.user))


class CreditMoveApi(_StaffCorrectionApi):
    @extend_schema(
        summary="Move a credit to the right player (staff)",
        request=MoveSerializer,
        responses={201: CorrectionSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        credit = get_object_or_404(Credit, pk=pk)
        data = self.validated(MoveSerializer)
        return self.created(
            credit_move(
                credit=credit,
                to_player=data["abf_number"],
                reason=data["reason"],
                by=request.user,
            )
        )


class CreditAmountApi(_StaffCorrectionApi):
    @extend_schema(
        summary="Correct the amount of a credit (staff)",
        request=AmountSerializer,
        responses={201: CorrectionSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        credit = get_object_or_404(Credit, pk=pk)
        data = self.validated(AmountSerializer)
        return self.created(
            credit_amount_correct(
                credit=credit,
                points=data["points"],
                reason=data["reason"],
                by=request.user,
            )
        )


class EventGradeApi(_StaffCorrectionApi):
    @extend_schema(
        summary="Correct the grade of an event (staff): its points credited again at the grade",
        request=GradeSerializer,
        responses={201: CorrectionSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        data = self.validated(GradeSerializer)
        return self.created(
            event_grade_correct(
                event=event,
                grade=data["grade"],
                reason=data["reason"],
                by=request.user,
            )
        )


class MergeApi(_StaffCorrectionApi):
    @extend_schema(
        summary="Merge two records of one person (staff): the retired number points to the kept",
        request=MergeSerializer,
        responses={201: CorrectionSerializer},
    )
    def post(self, request: Request) -> Response:
        data = self.validated(MergeSerializer)
        return self.created(
            players_merge(
                retired=data["retired_number"],
                kept=data["kept_number"],
                reason=data["reason"],
                by=request.user,
            )
        )
