"""Club pages: the club's details, the state secretary's clubs, the centre's club and state
lists. The club's dashboard and report, which read the registry's players, are in
players.views.club."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from centre.access import club_for, clubs_visible_to
from centre.errors import DomainError, form_add_error
from centre.models import Role, User
from centre.permissions import club_secretary_required, staff_required, state_secretary_required
from centre.services import organiser_nominate, organiser_withdraw
from centre.waiting import waiting_of
from clubs import services
from clubs.forms import (
    CongressOrganiserForm,
    NewClubForm,
    OrganiserForm,
    SecretaryClubForm,
    StaffClubForm,
    StaffCongressOrganiserForm,
    StateEditForm,
    StateForm,
)
from clubs.models import Club, CongressOrganiser, State
from clubs.selectors import congress_organisers_for

# What a service refuses with: the registry's DomainError or a model's own validation.
REFUSALS = (DomainError, ValidationError)


@state_secretary_required
def state_dashboard(request: HttpRequest) -> HttpResponse:
    state = request.user.state
    return render(
        request,
        "clubs/state_dashboard.html",
        {
            "state": state,
            "clubs": state.clubs.order_by("number"),
            "waiting": waiting_of(request),
        },
    )


def _edit(request: HttpRequest, club: Club, form_class, done: str) -> HttpResponse:
    form = form_class(request.POST or None, instance=Club.objects.get(pk=club.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.club_update(club=club, by=request.user, data=form.cleaned_data)
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(
                request, "The club's details are saved; the masterpoint secretary is emailed."
            )
            return redirect(done)
    # Guide F4: every change is kept, with who made it and when.
    changes = club.changes.select_related("by")[:100]
    return render(request, "clubs/edit.html", {"form": form, "club": club, "changes": changes})


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
        except REFUSALS as error:
            form_add_error(form, error)
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
        except REFUSALS as error:
            form_add_error(form, error)
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
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(request, f"{state.code} is saved.")
            return redirect("clubs:states")
    return render(request, "clubs/state_edit.html", {"form": form, "state": state})


@staff_required
def club_edit(request: HttpRequest, number: int) -> HttpResponse:
    club = club_for(request.user, number, acting=True)
    return _edit(request, club, StaffClubForm, "clubs:list")


@state_secretary_required
def congress_organisers(request: HttpRequest) -> HttpResponse:
    """5.4.1: the state's congress organisers, whose conveners get the Centre's reports and
    invoices, and a form to add one."""
    form = CongressOrganiserForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            added = services.congress_organiser_save(by=request.user, data=form.cleaned_data)
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(request, f"{added.name} is added.")
            return redirect("clubs:congress_organisers")
    return render(
        request,
        "clubs/congress_organisers.html",
        {"organisers": congress_organisers_for(user=request.user), "form": form},
    )


@state_secretary_required
def congress_organiser_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Change a congress organiser's convener or address; another state's is not found."""
    return _congress_organiser_edit(request, pk, back="clubs:congress_organisers", staff=False)


@staff_required
def staff_congress_organisers(request: HttpRequest) -> HttpResponse:
    """5.4.1: every state's congress organisers, kept by staff as the state secretaries keep
    their own (staff also upload the A2 congresses' points and name their organiser)."""
    form = StaffCongressOrganiserForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            added = services.congress_organiser_save(
                by=request.user, state=data.pop("state"), data=data
            )
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(request, f"{added.name} ({added.state.code}) is added.")
            return redirect("clubs:staff_congress_organisers")
    return render(
        request,
        "clubs/congress_organisers.html",
        {"organisers": congress_organisers_for(user=request.user), "form": form, "staff": True},
    )


@staff_required
def staff_congress_organiser_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Staff change any state's congress organiser (its state stays: its invoices name it)."""
    return _congress_organiser_edit(request, pk, back="clubs:staff_congress_organisers", staff=True)


def _congress_organiser_edit(
    request: HttpRequest, pk: int, *, back: str, staff: bool
) -> HttpResponse:
    """The change of one congress organiser the login may see (`congress_organisers_for`:
    the state secretary's own state's, staff any), then back to `back`'s list."""
    organiser = congress_organisers_for(user=request.user).filter(pk=pk).first()
    if organiser is None:
        raise Http404("No such congress organiser.")
    form = CongressOrganiserForm(
        request.POST or None, instance=CongressOrganiser.objects.get(pk=organiser.pk)
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.congress_organiser_save(
                by=request.user, organiser=organiser, data=form.cleaned_data
            )
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(request, f"{organiser.name} is saved.")
            return redirect(back)
    return render(
        request,
        "clubs/congress_organisers.html",
        {"organisers": None, "form": form, "organiser": organiser, "staff": staff},
    )


@state_secretary_required
def organisers(request: HttpRequest) -> HttpResponse:
    """5.4.1: the tournament organisers the state secretary has nominated; nominate one, or
    withdraw a nomination."""
    form = OrganiserForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            nominated = organiser_nominate(by=request.user, **form.cleaned_data)
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(
                request,
                f"{nominated.username} is nominated; they set a password with "
                f"'Forgotten your password?' and {nominated.email}.",
            )
            return redirect("clubs:organisers")
    nominated = User.objects.filter(role=Role.ORGANISER, state=request.user.state).order_by(
        "-is_active", "username"
    )
    return render(request, "clubs/organisers.html", {"form": form, "organisers": nominated})


@state_secretary_required
def organiser_withdraw_view(request: HttpRequest, pk: int) -> HttpResponse:
    organiser = User.objects.filter(pk=pk, role=Role.ORGANISER, state=request.user.state).first()
    if organiser is None:
        raise Http404("No such organiser.")
    if request.method == "POST":
        organiser_withdraw(by=request.user, organiser=organiser)
        messages.success(request, f"{organiser.username} may no longer log in.")
    return redirect("clubs:organisers")
