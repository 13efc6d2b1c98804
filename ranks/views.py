"""The documents of ranks and reports, and the public standings."""

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe

from centre import params
from centre.access import club_for
from centre.models import Role
from centre.permissions import role_required
from centre.responses import file_response
from centre.schemes import current_scheme
from centre.versions import public_cached
from ranks import documents
from ranks.forms import StandingsForm
from ranks.models import ClubMonthlyReport, Promotion
from ranks.ranking_reports import reports_visible_to
from ranks.selectors import ALL_TIME_TOP, one_thousand_club
from ranks.standings import SHOWN, mccutcheon_cached, standings_cached
from ranks.top_lists import top_list, top_query

DOCUMENT_READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)


@role_required(*DOCUMENT_READERS)
def monthly_report_pdf(request: HttpRequest, number: int, year: int, month: int) -> HttpResponse:
    club = club_for(request.user, number)
    report = (
        ClubMonthlyReport.objects.select_related("club", "period")
        .filter(club=club, period__year=year, period__month=month)
        .first()
    )
    if report is None:
        raise Http404("No monthly report for that month.")
    return file_response(
        documents.monthly_report_pdf(report), documents.monthly_report_filename(report)
    )


@role_required(*DOCUMENT_READERS)
def certificate_pdf(request: HttpRequest, number: int, pk: int) -> HttpResponse:
    club = club_for(request.user, number)
    promotion = (
        Promotion.objects.select_related("player", "club", "period")
        .filter(club=club, pk=pk)
        .first()
    )
    if promotion is None:
        raise Http404("No such certificate.")
    return file_response(
        documents.certificate_pdf(promotion), documents.certificate_filename(promotion)
    )


# --- quarterly player ranking reports (1.4.3) ---------------------------------------------


def _ranking_report(request: HttpRequest, number: int, year: int, quarter: int):
    report = (
        reports_visible_to(user=request.user)
        .filter(club__number=number, year=year, quarter=quarter)
        .first()
    )
    if report is None:
        raise Http404("No such report.")
    return report


@role_required(*DOCUMENT_READERS)
def ranking_report_pdf(request: HttpRequest, number: int, year: int, quarter: int) -> HttpResponse:
    report = _ranking_report(request, number, year, quarter)
    return file_response(
        documents.ranking_report_pdf(report), f"ranking-{number}-{report.covers}.pdf"
    )


@role_required(*DOCUMENT_READERS)
def ranking_report_csv(request: HttpRequest, number: int, year: int, quarter: int) -> HttpResponse:
    report = _ranking_report(request, number, year, quarter)
    return file_response(
        documents.ranking_report_csv(report), f"ranking-{number}-{report.covers}.csv"
    )


# --- McCutcheon standings and top lists (1.7.2, 1.7.3) ------------------------------------


def standings_now(request: HttpRequest) -> HttpResponse:
    return redirect("ranks:standings", year=timezone.localdate().year)


def standings(request: HttpRequest, year: int) -> HttpResponse:
    """Public: the year's McCutcheon leaders by ranking group, and a top list. The page's
    content is the same for every reader of the same choice: it is kept whole, rendered,
    while the data it shows is current (a choice the form refuses is answered, not kept)."""
    year = params.year(year)
    asked = [request.GET.get(name, "") for name in StandingsForm.base_fields]
    content = public_cached(
        f"standings-page:{current_scheme().code}:{year}:{asked}",
        lambda: _standings_content(request, year),
        versions=SHOWN,
        keep=lambda content: content.kept,
    )
    return render(request, "ranks/standings.html", {"year": year, "content": content.html})


@dataclass(frozen=True)
class _Content:
    html: str
    kept: bool


def _standings_content(request: HttpRequest, year: int) -> _Content:
    form = StandingsForm(request.GET or None)
    top: list = []
    choice = {"colour": "", "state": "", "group": ""}
    valid = not request.GET or form.is_valid()
    if valid:
        choice = {**choice, **(form.cleaned_data if request.GET else {})}
        top = standings_cached(
            year=year,
            colour=choice["colour"] or None,
            state=choice["state"] or None,
            group=choice["group"] or None,
            limit=100,
        )
    overall, groups = mccutcheon_cached(year=year)
    html = render_to_string(
        "ranks/_standings.html",
        {
            "year": year,
            "form": form,
            "choice": choice,
            "top": top,
            "overall": overall,
            "groups": groups,
            "years": [year - 1, year + 1],
        },
        request,
    )
    return _Content(html=mark_safe(html), kept=valid)  # noqa: S308 (rendered escaped)


# --- all-time top list and the One Thousand Club (1.9; guide F6.1) -------------------------


def top_all_time(request: HttpRequest) -> HttpResponse:
    """Public: the Top 500 masterpoint earners of all time, deceased players included; of
    every kind of point or of the one `?colour=` names, down to place `?limit=` (1 to 500).
    A value the scheme does not know is a 400 page naming the parameter (centre.params)."""
    choice = top_query(request.GET)
    return render(
        request,
        "ranks/top_all_time.html",
        {
            "rows": top_list(choice),
            "limit": choice.limit,
            "kind": choice.kind,
            "most": ALL_TIME_TOP,
        },
    )


def one_thousand_club_list(request: HttpRequest) -> HttpResponse:
    """Public (1.9): the members of the One Thousand Club, in the order they joined."""
    return render(request, "ranks/one_thousand_club.html", {"members": one_thousand_club()})
