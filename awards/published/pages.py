"""A page of the published results as plain values, for the page and the API alike: the
events of the filters' month on one page of them, each with its public awards, and the
months beside with something processed. Kept in the cache under the versions of the data it
reads (every credit, and the players' names)."""

from __future__ import annotations

from typing import TypedDict

from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef, Q

from awards.intake.models import CreditUpload
from awards.published.filters import ResultsFilters, month_text
from awards.published.selectors import PublicEvent, public_events, published_events
from centre.models import Period
from centre.versions import LIFETIME, PLAYERS, public_cached

# Events on one page of the results (each with all its awards).
RESULTS_PAGE_SIZE = 20


class ResultsPage(TypedDict):
    month: str
    month_label: str
    count: int
    number: int
    pages: int
    events: list[PublicEvent]
    # The nearest months before and after with something processed ("" when none).
    earlier: str
    earlier_label: str
    later: str
    later_label: str


def _beside(period: Period) -> tuple[Period | None, Period | None]:
    processed = Period.objects.filter(
        Exists(
            CreditUpload.objects.filter(period=OuterRef("pk"), status=CreditUpload.Status.CREDITED)
        )
    )
    year, month = period.year, period.month
    earlier = (
        processed.filter(Q(year__lt=year) | Q(year=year, month__lt=month))
        .order_by("-year", "-month")
        .first()
    )
    later = (
        processed.filter(Q(year__gt=year) | Q(year=year, month__gt=month))
        .order_by("year", "month")
        .first()
    )
    return earlier, later


def _build(filters: ResultsFilters, number: int) -> ResultsPage:
    paginator = Paginator(published_events(filters=filters), RESULTS_PAGE_SIZE)
    # A page past the last (an old link, fewer events since) shows the last.
    page = paginator.get_page(number)
    period = filters.period
    earlier, later = _beside(period) if period is not None else (None, None)
    return ResultsPage(
        month=month_text(period) if period else "",
        month_label=period.label if period else "",
        count=paginator.count,
        number=page.number,
        pages=paginator.num_pages,
        events=public_events(list(page.object_list)),
        earlier=month_text(earlier) if earlier else "",
        earlier_label=earlier.label if earlier else "",
        later=month_text(later) if later else "",
        later_label=later.label if later else "",
    )


def results_page(*, filters: ResultsFilters, number: int) -> ResultsPage:
    return public_cached(
        f"published-results:{filters.key}:{number}",
        lambda: _build(filters, number),
        versions=(LIFETIME, PLAYERS),
    )
