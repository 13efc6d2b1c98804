"""The published results' pages (1.4.4, "view results"): anyone may read them; a national
event's report (1.4.3) is for the Centre and the Goldpoint Coordinator."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from awards.published.filters import results_filters
from awards.published.pages import results_page
from awards.published.reports import (
    REPORT_READERS,
    event_report_csv,
    event_report_pdf,
    may_read_report,
)
from awards.published.selectors import public_events, published_event
from centre import params
from centre.responses import file_response
from centre.schemes import current_scheme, kind_word, number_name
from centre.versions import LIFETIME, PLAYERS, public_cached
from clubs.models import State


def _words() -> dict:
    scheme = current_scheme()
    return {
        "region_label": scheme.region_name.capitalize(),
        "grade_label": scheme.grade_label,
        "kind_word": kind_word(),
        "number_name": number_name(),
        "cites": scheme.cites_abf_manual,
    }


def results(request: HttpRequest) -> HttpResponse:
    """The events processed in a month (the latest by default), by region, club and grade,
    RESULTS_PAGE_SIZE to a page, each with its public awards."""
    filters = results_filters(request.GET)
    number = params.whole_number(
        request.GET.get("page") or 1, name="page", minimum=1, maximum=1_000_000
    )
    page = results_page(filters=filters, number=number)
    asked = filters.query()
    # A national event's report (1.4.3) is linked for those who may read it.
    may_report = request.user.is_authenticated and request.user.role in REPORT_READERS
    words = _words()
    # The events' sections are most of the page's work (a few hundred awards): kept
    # rendered under the same versions as the page's data, one copy for those who read the
    # national events' reports and one for everyone else.
    events_html = public_cached(
        f"published-results-html:{current_scheme().code}:{filters.key}:{number}:{may_report}",
        lambda: mark_safe(  # noqa: S308 - rendered from the template, its values escaped
            render_to_string(
                "awards/published/_events.html",
                {**words, "page": page, "may_report": may_report},
            )
        ),
        versions=(LIFETIME, PLAYERS),
    )

    def query(**changed: object) -> str:
        return urlencode({**asked, **{k: v for k, v in changed.items() if v}})

    return render(
        request,
        "awards/published/results.html",
        {
            **words,
            "page": page,
            "events_html": events_html,
            "filters": filters,
            "asked": asked,
            "earlier": query(month=page["earlier"]) if page["earlier"] else "",
            "later": query(month=page["later"]) if page["later"] else "",
            "previous": query(page=page["number"] - 1 if page["number"] > 2 else None)
            if page["number"] > 1
            else "",
            "next": query(page=page["number"] + 1) if page["number"] < page["pages"] else "",
            "states": State.objects.order_by("code"),
            "grades": [grade.code for grade in current_scheme().grades],
        },
    )


def result_event(request: HttpRequest, pk: int) -> HttpResponse:
    """One processed event with its public awards."""
    event = published_event(pk=pk)
    (shown,) = public_events([event])
    return render(
        request,
        "awards/published/event.html",
        {**_words(), "event": shown, "may_report": may_read_report(request.user, event)},
    )


def _reported(request: HttpRequest, pk: int):
    event = published_event(pk=pk)
    if not may_read_report(request.user, event):
        # Not the login's, or not a national event (whose report goes with its invoice):
        # not found, whether or not it exists.
        raise Http404("No report of this event is yours to read.")
    return event


def result_event_report_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    event = _reported(request, pk)
    processed = event.upload.period.label
    return file_response(
        event_report_pdf(event=event, processed=processed), f"event-report-{event.pk}.pdf"
    )


def result_event_report_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = _reported(request, pk)
    return file_response(event_report_csv(event=event), f"event-report-{event.pk}.csv")
