"""The club report of its home members and alternates (App. C i, ii; guide F6.3), as a
page, CSV and PDF; the schedule of home members for the January cancellations (App. C 7;
guide F6.4) and the registration cards (1.4.1, 1.4.3), as PDF, which are of the membership
year (MEMBERSHIP_YEAR, centre.features: 404 under a scheme without it). A club the login may
not see is 404."""

from datetime import date

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from centre.access import club_for
from centre.dates import day_text
from centre.models import Role
from centre.permissions import role_required
from centre.responses import file_response
from players import calendar, documents, reports
from players.selectors import (
    club_list_limit,
    club_members,
    club_report,
    club_report_count,
    registration_cards_changed,
)
from players.services.cancellations import cancellation_year_printed
from scheme.core.calendar import membership_year_end, membership_year_of

READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)


@role_required(*READERS)
def report(request: HttpRequest, number: int) -> HttpResponse:
    """The club's home members and alternates; the first `?limit=` of them (1 to
    CLUB_LIST_LIMIT) when asked, a bad limit a 400 page naming it (centre.params)."""
    club = club_for(request.user, number)
    limit = club_list_limit(request.GET.get("limit"))
    rows = club_report(club=club, limit=limit)
    return render(
        request,
        "players/club_report.html",
        {
            "club": club,
            "rows": rows,
            "limit": limit,
            "count": club_report_count(club=club) if limit is not None else len(rows),
        },
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


@role_required(*READERS)
def cancellation_schedule_pdf(request: HttpRequest, number: int) -> HttpResponse:
    """App. C 7, guide F6.4: the club's home members, to mark those who have not renewed."""
    club = club_for(request.user, number)
    cancellations = cancellation_year_printed(now=calendar.now())
    if cancellations is None:
        raise Http404("The scheme has no membership year.")
    year = cancellations.year
    pdf = documents.cancellation_schedule_pdf(
        club=club,
        members=list(club_members(club=club)),
        year=year,
        deadline_text=f"midday {day_text(cancellations.deadline)}",
    )
    return file_response(pdf, f"member-cancellation-{club.number}-{year}.pdf", inline=True)


@role_required(*READERS)
def registration_cards_pdf(request: HttpRequest, number: int, year: int) -> HttpResponse:
    """1.4.3 "Annually": every home member's registration card for the membership year that
    starts on 1 April `year`, issued each April; the current year's and, once its renewals
    are known, the next."""
    club = club_for(request.user, number)
    current = membership_year_of(calendar.local(calendar.now()).date())
    if year not in (current, current + 1):
        raise Http404("Cards are issued for the current membership year only.")
    valid_from = date(year, 4, 1)
    pdf = documents.registration_cards_pdf(
        club=club,
        players=list(club_members(club=club)),
        valid_from=valid_from,
        valid_to=membership_year_end(valid_from),
        title=f"Registration cards {year}-{year + 1}: {club.number} {club.name}",
    )
    return file_response(pdf, f"registration-cards-{club.number}-{year}.pdf", inline=True)


@role_required(*READERS)
def registration_cards_day_pdf(request: HttpRequest, number: int, day: str) -> HttpResponse:
    """1.4.3 "Daily": the cards of the club's players registered or changed on `day`."""
    club = club_for(request.user, number)
    try:
        on = date.fromisoformat(day)
    except ValueError:
        raise Http404("No such day.") from None
    valid_from = date(membership_year_of(on), 4, 1)
    pdf = documents.registration_cards_pdf(
        club=club,
        players=list(registration_cards_changed(club=club, day=on)),
        valid_from=valid_from,
        valid_to=membership_year_end(valid_from),
        title=f"Registration cards of {day_text(on)}: {club.number} {club.name}",
    )
    return file_response(pdf, f"registration-cards-{club.number}-{on}.pdf", inline=True)
