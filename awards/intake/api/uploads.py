"""Uploads through the API (App. D, App. E): check, preview, confirm, cancel; and from an
event's results to credits."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.intake.api.serializers import (
    UploadSerializer,
)
from awards.intake.models import CreditUpload
from awards.intake.selectors import uploads_for, uploads_visible_to
from awards.intake.services.crediting import credit_upload_cancel, credit_upload_confirm
from centre.permissions import UPLOADERS, HasRole


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
