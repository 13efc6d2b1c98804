"""Authorisations and the B4c list (2.6): a state secretary issues numbers for the state's
clubs and reads the B4c points processed each month."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from awards.authorisations.b4c.selectors import b4c_warning_for_authorisation
from awards.authorisations.forms import AuthorisationForm
from awards.authorisations.selectors import authorisations_for, b4c_list
from awards.authorisations.services.numbers import authorisation_issue
from awards.errors import AwardsError
from centre import params
from centre.errors import form_add_error
from centre.models import Period, Role
from centre.permissions import role_required
from clubs.models import State
from scheme.core.points import from_decimal


@role_required(Role.STATE_SECRETARY, Role.STAFF)
def authorisations(request: HttpRequest) -> HttpResponse:
    """A state secretary issues authorisation numbers for the state's clubs and sees them."""
    form = AuthorisationForm(request.POST if request.method == "POST" else None, user=request.user)
    if request.method == "POST" and form.is_valid():
        club = form.cleaned_data["club_number"]
        try:
            authorisation = authorisation_issue(
                by=request.user,
                club=club,
                event_name=form.cleaned_data["event_name"],
                grade=form.cleaned_data["grade"],
                amount=from_decimal(form.cleaned_data["amount"]),
            )
        except AwardsError as error:
            form_add_error(form, error)
        else:
            messages.success(
                request, f"Authorisation {authorisation.number} issued to club {club.number}."
            )
            # 2.6: a warning, not a refusal, past the club's B4c sessions.
            warning = b4c_warning_for_authorisation(
                authorisation=authorisation, sessions=form.cleaned_data["sessions"] or 1
            )
            if warning:
                messages.warning(request, warning)
            return redirect("awards:authorisations")
    issued = authorisations_for(user=request.user)[:300]
    return render(request, "awards/authorisations.html", {"form": form, "authorisations": issued})


@role_required(Role.STATE_SECRETARY, Role.STAFF)
def b4c_points(request: HttpRequest) -> HttpResponse:
    """2.6: the B4c points processed in a month for the clubs of the state."""
    periods = Period.objects.order_by("-year", "-month")[:36]
    chosen = request.GET.get("period")
    latest = periods[0] if periods else None
    if chosen:
        number = params.whole_number(chosen, name="period", minimum=1, maximum=2**31 - 1)
        period = get_object_or_404(Period, pk=number)
    else:
        period = latest
    states = [request.user.state] if request.user.is_state_secretary else State.objects.all()
    lists = [(state, b4c_list(state=state, period=period)) for state in states] if period else []
    return render(
        request, "awards/b4c.html", {"periods": periods, "period": period, "lists": lists}
    )
