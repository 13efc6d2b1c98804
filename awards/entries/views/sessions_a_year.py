"""The office's report of each club's sessions in a calendar year against the number a club
must offer (`Scheme.player_grading`: NZ's Issue of Master Points 3). None under a scheme
that sets no number (centre.features.PART_URLS)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from awards.entries.sessions_a_year import clubs_sessions_in
from centre import params
from centre.permissions import staff_required
from centre.schemes import current_scheme


@staff_required
def sessions_a_year(request: HttpRequest) -> HttpResponse:
    grading = current_scheme().player_grading
    if grading is None or not grading.sessions_a_year:
        raise Http404("The scheme sets no number of sessions a year.")
    today = timezone.localdate()
    year = params.optional_year(request.GET.get("year")) or today.year
    rows = clubs_sessions_in(year=year)
    return render(
        request,
        "awards/sessions_a_year.html",
        {
            "year": year,
            "current": year == today.year,
            "rows": rows,
            "short": sum(1 for row in rows if row.short),
            "grading": grading,
            "years": [today.year - 2, today.year - 1, today.year],
        },
    )
