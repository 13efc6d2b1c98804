"""The club report of its home members and alternates
(App. C i, ii; guide F6.3), as a page, CSV and PDF. A club the login may not see is 404."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from centre.access import club_for
from centre.models import Role
from centre.permissions import role_required
from centre.responses import file_response
from players import reports
from players.selectors import club_report

READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)


@role_required(*READERS)
def report(request: HttpRequest, number: int) -> HttpResponse:
    club = club_for(request.user, number)
    return render(
        request, "players/club_report.html", {"club": club, "rows": club_report(club=club)}
    )


@role_required(*READERS)
def report_csv(request: HttpRequest, number: int) -> HttpResponse:
    club = club_for(request.user, number)
    return file_response(
        reports.report_csv(club_report(club=club)), f"club-{club.number}-members.csv"
    )


@role_required(*READERS)
def report_pdf(request: HttpRequest, number: int) -> HttpResponse:
    club = club_for(request.user, number)
    return file_response(
        reports.report_pdf(club=club, rows=club_report(club=club)),
        f"club-{club.number}-members.pdf",
    )
