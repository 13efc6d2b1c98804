"""Corrections through the API: adjusting credits."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.ledger.models import Credit
from awards.ledger.selectors import credits_adjustable_by
from awards.ledger.services.adjustments import credit_adjust
from centre.api import hundredths_field
from centre.models import Role
from centre.permissions import HasRole


class CreditAdjustSerializer(serializers.Serializer):
    points = hundredths_field(negative=True, help_text="Hundredths to add (negative to take away).")
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
        # Another club's credit is not found, never forbidden.
        credit = get_object_or_404(credits_adjustable_by(user=request.user), pk=pk)
        data = CreditAdjustSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        adjustment = credit_adjust(
            credit=credit,
            points=data.validated_data["points"],
            reason=data.validated_data["reason"],
            by=request.user,
        )
        return Response(CreditSerializer(adjustment).data, status=status.HTTP_201_CREATED)
