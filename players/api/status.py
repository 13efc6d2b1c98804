"""NZ Bridge's Player Status Report and a club's declarations of ineligibility in the API
(`Scheme.player_grading`; under another scheme these operations do not exist,
centre.features.PART_URLS). Scoped as the pages: a club reads and acts for its own members
only (another club's number answers 404); the office reads any club's and declares nothing.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre.access import club_for
from centre.models import Role
from centre.permissions import HasRole
from centre.schemes import current_scheme
from players.selectors import player_missing, player_number_checked
from players.selectors.status import StatusRow, club_members_of, player_status_report
from players.services.status import ineligibility_declare, ineligibility_withdraw


def _grading_require() -> None:
    if current_scheme().player_grading is None:
        raise Http404("The scheme does not grade its players.")


def _grade_from(row: StatusRow) -> str | None:
    if row.grade.decision is not None:
        return "decision"
    return "certificate" if row.grade.year else None


def status_row(row: StatusRow) -> dict[str, Any]:
    return {
        "abf_number": row.player.abf_number,
        "name": row.player.full_name,
        "membership": "home" if row.home else "alternate",
        "grade": row.grade.grade,
        "rating_points": row.grade.rating_text or None,
        "grade_from": "decision"
        if row.grade.decision
        else ("certificate" if row.grade.year else None),
        "certificate_year": row.grade.year,
        "grade_on_1_january": row.grade_before.grade if row.grade_before else None,
        "eligible": not row.ineligible,
        "declared_ineligible_by": [
            {"club": declared.club.number, "at": declared.at.isoformat()}
            for declared in row.ineligible
        ],
    }


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=300, allow_blank=True)


class PlayerStatusApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.CLUB_SECRETARY, Role.STAFF)

    @extend_schema(summary="The club's Player Status Report", responses=dict)
    def get(self, request: Request, number: int) -> Response:
        _grading_require()
        club = club_for(request.user, number)
        today = timezone.localdate()
        rows = player_status_report(club=club, on=today)
        return Response(
            {"club": club.number, "on": today.isoformat(), "members": [status_row(r) for r in rows]}
        )


class _DeclarationApi(APIView):
    permission_classes = [HasRole]
    roles = (Role.CLUB_SECRETARY,)
    service: Any = None

    def post(self, request: Request, number: int, abf_number: str) -> Response:
        _grading_require()
        club = club_for(request.user, number, acting=True)
        player_number_checked(abf_number)
        player = club_members_of(club=club).filter(abf_number=abf_number).first()
        if player is None:
            raise player_missing(abf_number, f"No player {abf_number} is a member of the club.")
        serializer = ReasonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        type(self).service(
            player=player, club=club, reason=serializer.validated_data["reason"], by=request.user
        )
        row = next(r for r in player_status_report(club=club) if r.player.pk == player.pk)
        return Response(status_row(row))


class DeclareIneligibleApi(_DeclarationApi):
    service = ineligibility_declare

    @extend_schema(request=ReasonSerializer, responses=dict, summary="Declare a member ineligible")
    def post(self, request: Request, number: int, abf_number: str) -> Response:
        return super().post(request, number, abf_number)


class WithdrawIneligibleApi(_DeclarationApi):
    service = ineligibility_withdraw

    @extend_schema(
        request=ReasonSerializer, responses=dict, summary="Withdraw a declaration of ineligibility"
    )
    def post(self, request: Request, number: int, abf_number: str) -> Response:
        return super().post(request, number, abf_number)
