"""The published results in the API (1.4.4, "view results"): the page's twin, public."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param
from rest_framework.views import APIView

from awards.published.filters import results_filters
from awards.published.pages import RESULTS_PAGE_SIZE, results_page
from awards.published.selectors import PublicEvent, public_events, published_event
from centre import params


class PublicAwardSerializer(serializers.Serializer):
    abf_number = serializers.CharField(help_text="The player's number.")
    name = serializers.CharField()
    kind = serializers.CharField(help_text="The kind of point (the scheme's colour or letter).")
    points = serializers.IntegerField(help_text="Hundredths, as the player holds them now.")
    provisional = serializers.BooleanField(help_text="Awaiting the month's approval.")


class PublicClubSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()


class PublicEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    grade = serializers.CharField(help_text="The event's grade (corrected, if it was).")
    grade_corrected_from = serializers.CharField(
        help_text="The grade the event was credited at, when the Centre corrected it; else ''."
    )
    kind = serializers.CharField(help_text="Pairs, teams or individual.")
    sessions = serializers.IntegerField()
    organiser = serializers.CharField(help_text="Who ran it: club, state, congress, national.")
    organiser_label = serializers.CharField()
    club = PublicClubSerializer(allow_null=True)
    state = serializers.CharField(allow_null=True, help_text="The region's code.")
    provisional = serializers.BooleanField()
    awards = PublicAwardSerializer(many=True)


class ResultsSerializer(serializers.Serializer):
    month = serializers.CharField(help_text="The month processed, year-month.")
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = PublicEventSerializer(many=True)


def _event(shown: PublicEvent) -> dict:
    return {key: value for key, value in shown.items() if key != "days_shown"}


class ResultsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Events processed in a month, each with its public awards",
        description=(
            f"The events processed in `month` (the latest with any when not given), "
            f"{RESULTS_PAGE_SIZE} to a page by `page`, the latest played first; optionally "
            "only those of a region (`state`, its code), a club (`club`, its number) or a "
            "grade (`grade`). Each with its awards: the player's number, name, kind of "
            "point and points (hundredths) held from it now."
        ),
        parameters=[
            OpenApiParameter("month", str, description="year-month, such as 2026-03"),
            OpenApiParameter("state", str, description="a region's code"),
            OpenApiParameter("club", int, description="a club's number"),
            OpenApiParameter("grade", str, description="a grade of the scheme"),
            OpenApiParameter("page", int, description="the page, from 1"),
        ],
        responses=ResultsSerializer,
    )
    def get(self, request: Request) -> Response:
        filters = results_filters(request.query_params)
        number = params.whole_number(
            request.query_params.get("page") or 1, name="page", minimum=1, maximum=1_000_000
        )
        page = results_page(filters=filters, number=number)
        url = request.build_absolute_uri()
        later = page["number"] < page["pages"]
        return Response(
            {
                "month": page["month"],
                "count": page["count"],
                "next": replace_query_param(url, "page", page["number"] + 1) if later else None,
                "previous": (
                    None
                    if page["number"] <= 1
                    else remove_query_param(url, "page")
                    if page["number"] == 2
                    else replace_query_param(url, "page", page["number"] - 1)
                ),
                "results": [_event(event) for event in page["events"]],
            }
        )


class ResultEventApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="One processed event with its public awards", responses=PublicEventSerializer
    )
    def get(self, request: Request, pk: int) -> Response:
        (shown,) = public_events([published_event(pk=pk)])
        return Response(_event(shown))
