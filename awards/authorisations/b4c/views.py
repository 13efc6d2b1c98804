"""The B4c pages (2.6; guide B3.1): the public list of each state's allocations, and the
state secretary's register with the extra sessions granted."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from awards.authorisations.b4c.forms import B4cGrantForm
from awards.authorisations.b4c.selectors import b4c_allocations
from awards.authorisations.b4c.services import b4c_grant
from centre.errors import DomainError, form_add_error
from centre.permissions import state_secretary_required
from clubs.models import B4cGrant, Club, State


def _year(request: HttpRequest) -> int:
    """The year asked for, or this one when none (or an impossible one) is given."""
    try:
        year = int(request.GET.get("year", ""))
    except ValueError:
        return timezone.localdate().year
    return year if 2000 <= year <= 2100 else timezone.localdate().year


def states(request: HttpRequest) -> HttpResponse:
    """Guide B3.1: the public list of each state's B4c allocations."""
    return render(
        request,
        "b4c/allocations.html",
        {"states": State.objects.order_by("code"), "state": None, "year": _year(request)},
    )


def allocations(request: HttpRequest, code: str) -> HttpResponse:
    """Guide B3.1: a state's clubs with their B4c sessions for the year, used and left."""
    state = State.objects.filter(code=code.upper()).first()
    if state is None:
        raise Http404("No such state.")
    year = _year(request)
    return render(
        request,
        "b4c/allocations.html",
        {
            "states": State.objects.order_by("code"),
            "state": state,
            "year": year,
            "allocations": b4c_allocations(state=state, year=year),
        },
    )


@state_secretary_required
def register(request: HttpRequest) -> HttpResponse:
    """2.6: the state secretary's B4c register: the clubs' sessions, and extra ones granted."""
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
                b4c_grant(
                    club=club,
                    year=data["year"],
                    sessions=data["sessions"],
                    reason=data["reason"],
                    by=request.user,
                )
            except (DomainError, ValidationError) as error:
                form_add_error(form, error)
            else:
                messages.success(
                    request,
                    f"{data['sessions']} B4c sessions granted to club {club.number} "
                    f"for {data['year']}.",
                )
                return redirect(f"{request.path}?year={data['year']}")
    return render(
        request,
        "b4c/register.html",
        {
            "state": state,
            "year": year,
            "form": form,
            "allocations": b4c_allocations(state=state, year=year),
            "grants": B4cGrant.objects.filter(
                entitlement__club__state=state, entitlement__year=year
            ).select_related("entitlement__club", "granted_by"),
        },
    )
