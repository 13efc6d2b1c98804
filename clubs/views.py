"""Club pages: the secretary's dashboard and club details, the state's clubs, the centre's
club list, and the club report (page, CSV, PDF)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from centre.models import Role
from centre.permissions import (
    club_secretary_required,
    role_required,
    staff_required,
    state_secretary_required,
)
from clubs import reports, services
from clubs.forms import NewClubForm, SecretaryClubForm, StaffClubForm, StateEditForm, StateForm
from clubs.models import Club, State
from clubs.selectors import club_report, clubs_visible_to
from players.forms import add_service_errors
from players.selectors import club_alternates, club_members

READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)


def _visible_club(request: HttpRequest, number: int) -> Club:
    club = clubs_visible_to(user=request.user).filter(number=number).first()
    if club is None:
        raise Http404("No such club.")
    return club


@club_secretary_required
def dashboard(request: HttpRequest) -> HttpResponse:
    club = request.user.club
    return render(
        request,
        "clubs/dashboard.html",
        {
            "club": club,
            "home_members": club_members(club=club).count(),
            "alternates": club_alternates(club=club).count(),
        },
    )


@state_secretary_required
def state_dashboard(request: HttpRequest) -> HttpResponse:
    state = request.user.state
    return render(
        request,
        "clubs/state_dashboard.html",
        {"state": state, "clubs": state.clubs.order_by("number")},
    )


def _edit(request: HttpRequest, club: Club, form_class, done: str) -> HttpResponse:
    form = form_class(request.POST or None, instance=Club.objects.get(pk=club.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.club_update(club=club, by=request.user, data=form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request, "The club's details are saved; the masterpoint secretary is emailed."
            )
            return redirect(done)
    return render(request, "clubs/edit.html", {"form": form, "club": club})


@club_secretary_required
def club_details(request: HttpRequest) -> HttpResponse:
    """Guide F4, F5: Edit Club Details, with the password change beside it."""
    return _edit(request, request.user.club, SecretaryClubForm, "clubs:details")


@staff_required
def club_list(request: HttpRequest) -> HttpResponse:
    return render(request, "clubs/list.html", {"clubs": clubs_visible_to(user=request.user)})


@staff_required
def club_new(request: HttpRequest) -> HttpResponse:
    form = NewClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            club = services.club_create(
                by=request.user, number=data.pop("number"), name=data.pop("name"), **data
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, f"Club {club.number} {club.name} is added.")
            return redirect("clubs:list")
    return render(request, "clubs/edit.html", {"form": form, "club": None})


@staff_required
def state_list(request: HttpRequest) -> HttpResponse:
    return render(request, "clubs/states.html", {"states": State.objects.order_by("code")})


@staff_required
def state_new(request: HttpRequest) -> HttpResponse:
    form = StateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.state_create(by=request.user, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, "The state is added.")
            return redirect("clubs:states")
    return render(request, "clubs/state_edit.html", {"form": form, "state": None})


@staff_required
def state_edit(request: HttpRequest, code: str) -> HttpResponse:
    state = State.objects.filter(code=code).first()
    if state is None:
        raise Http404("No such state.")
    form = StateEditForm(request.POST or None, instance=State.objects.get(pk=state.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.state_update(state=state, by=request.user, data=form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, f"{state.code} is saved.")
            return redirect("clubs:states")
    return render(request, "clubs/state_edit.html", {"form": form, "state": state})


@staff_required
def club_edit(request: HttpRequest, number: int) -> HttpResponse:
    club = _visible_club(request, number)
    return _edit(request, club, StaffClubForm, "clubs:list")


@role_required(*READERS)
def report(request: HttpRequest, number: int) -> HttpResponse:
    club = _visible_club(request, number)
    return render(request, "clubs/report.html", {"club": club, "rows": club_report(club=club)})


@role_required(*READERS)
def report_csv(request: HttpRequest, number: int) -> HttpResponse:
    club = _visible_club(request, number)
    response = HttpResponse(
        reports.report_csv(club_report(club=club)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="club-{club.number}-members.csv"'
    return response


@role_required(*READERS)
def report_pdf(request: HttpRequest, number: int) -> HttpResponse:
    club = _visible_club(request, number)
    response = HttpResponse(
        reports.report_pdf(club=club, rows=club_report(club=club)),
        content_type="application/pdf",
    )
    response["Content-Disposition"] = f'attachment; filename="club-{club.number}-members.pdf"'
    return response


# --- B4c entitlements (2.6; guide B3.1) ---------------------------------------------------


def _year(request: HttpRequest) -> int:
    from django.utils import timezone

    try:
        year = int(request.GET.get("year", ""))
    except ValueError:
        return timezone.localdate().year
    return year if 2000 <= year <= 2100 else timezone.localdate().year


def b4c_states(request: HttpRequest) -> HttpResponse:
    """Guide B3.1: the public list of each state's B4c allocations."""
    return render(
        request,
        "clubs/entitlements.html",
        {"states": State.objects.order_by("code"), "state": None, "year": _year(request)},
    )


def b4c_allocations(request: HttpRequest, code: str) -> HttpResponse:
    """Guide B3.1: a state's clubs with their B4c sessions for the year, used and left."""
    from clubs.selectors import b4c_allocations as allocations

    state = State.objects.filter(code=code.upper()).first()
    if state is None:
        raise Http404("No such state.")
    year = _year(request)
    return render(
        request,
        "clubs/entitlements.html",
        {
            "states": State.objects.order_by("code"),
            "state": state,
            "year": year,
            "allocations": allocations(state=state, year=year),
        },
    )


@state_secretary_required
def b4c_state(request: HttpRequest) -> HttpResponse:
    """2.6: the state secretary's B4c register: the clubs' sessions, and extra ones granted."""
    from clubs.forms import B4cGrantForm
    from clubs.models import B4cGrant
    from clubs.selectors import b4c_allocations as allocations

    state = request.user.state
    year = _year(request)
    form = B4cGrantForm(request.POST or None, initial={"year": year})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        club = Club.objects.filter(state=state, number=data["club_number"]).first()
        if club is None:
            form.add_error("club_number", "No club of your state has that number.")
        else:
            try:
                services.b4c_grant(
                    club=club,
                    year=data["year"],
                    sessions=data["sessions"],
                    reason=data["reason"],
                    by=request.user,
                )
            except ValidationError as error:
                add_service_errors(form, error)
            else:
                messages.success(
                    request,
                    f"{data['sessions']} B4c sessions granted to club {club.number} "
                    f"for {data['year']}.",
                )
                return redirect(f"{request.path}?year={data['year']}")
    return render(
        request,
        "clubs/entitlements_state.html",
        {
            "state": state,
            "year": year,
            "form": form,
            "allocations": allocations(state=state, year=year),
            "grants": B4cGrant.objects.filter(
                entitlement__club__state=state, entitlement__year=year
            ).select_related("entitlement__club", "granted_by"),
        },
    )
