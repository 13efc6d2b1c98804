"""The corrections a login may see, with filters (staff all; a club those of its uploads
and players), one correction with its credits, and the list as CSV."""

from __future__ import annotations

import csv
import io

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from awards.corrections.forms import FiltersForm
from awards.corrections.selectors import (
    CorrectionFilters,
    correction_credits,
    corrections_filtered,
    corrections_visible_to,
)
from centre import params
from centre.dates import moment_text
from centre.permissions import UPLOADERS, role_required
from centre.responses import file_response

PAGE_SIZE = 50


def _filtered(request: HttpRequest):
    form = FiltersForm(request.GET or None)
    filters = CorrectionFilters()
    if form.is_valid():
        data = form.cleaned_data
        filters = CorrectionFilters(
            club=data["club"],
            player=data["player"],
            kind=data["kind"],
            start=data["start"],
            end=data["end"],
            month=data["month"],
        )
    corrections = corrections_filtered(corrections_visible_to(user=request.user), filters)
    return form, corrections


@role_required(*UPLOADERS)
def corrections(request: HttpRequest) -> HttpResponse:
    form, found = _filtered(request)
    if request.GET.get("format") == "csv":
        return _csv(found)
    number = params.whole_number(
        request.GET.get("page") or 1, name="page", minimum=1, maximum=1_000_000
    )
    page = Paginator(found, PAGE_SIZE).get_page(number)
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "awards/corrections/list.html",
        {"form": form, "page": page, "corrections": page.object_list, "query": query.urlencode()},
    )


def _csv(found) -> HttpResponse:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["correction", "kind", "made", "by", "month", "club", "what", "reason"])
    for correction in found:
        writer.writerow(
            [
                correction.pk,
                correction.get_kind_display(),
                moment_text(correction.made_at),
                correction.made_by.get_username(),
                correction.period.label,
                correction.club.number if correction.club else "",
                correction.details.get("summary", ""),
                correction.reason,
            ]
        )
    return file_response(out.getvalue().encode(), "corrections.csv")


@role_required(*UPLOADERS)
def correction(request: HttpRequest, pk: int) -> HttpResponse:
    # Another club's correction is not found, never forbidden.
    found = get_object_or_404(corrections_visible_to(user=request.user), pk=pk)
    return render(
        request,
        "awards/corrections/detail.html",
        {"correction": found, "links": correction_credits(correction=found)},
    )
