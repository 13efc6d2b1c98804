"""The home club's cancellations (1.3.2, 1.4.2; guide F6.4): the list of home members, and
a request or its withdrawal, from 1 January until midday 31 March, Sydney time. Pages of the
MEMBERSHIP_YEAR feature (centre.features): 404 under a scheme without it."""

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from centre.errors import DomainError, error_fields
from centre.permissions import club_secretary_required
from players import calendar
from players.selectors import club_members
from players.services import cancellations as services


@club_secretary_required
def cancellations(request: HttpRequest) -> HttpResponse:
    club = request.user.club
    cancellations = services.cancellation_year(now=calendar.now())
    if cancellations is None:
        raise Http404("The scheme has no membership year.")
    return render(
        request,
        "players/cancellations.html",
        {
            "club": club,
            "members": club_members(club=club),
            "window_open": cancellations.window_open,
            "deadline": cancellations.deadline,
        },
    )


def _cancellation_action(
    request: HttpRequest, abf_number: str, service: Callable, done: str
) -> HttpResponse:
    club = request.user.club
    player = club_members(club=club).filter(abf_number=abf_number).first()
    if player is None:
        raise Http404("No such home member.")
    try:
        service(player=player, club=club, by=request.user)
    except (DomainError, ValidationError) as error:
        messages.error(request, error_fields(error)[0])
    else:
        messages.success(request, f"{player.abf_number} {player.full_name}: {done}.")
    return redirect("players:cancellations")


@club_secretary_required
@require_POST
def cancellation_request(request: HttpRequest, abf_number: str) -> HttpResponse:
    return _cancellation_action(
        request,
        abf_number,
        services.cancellation_request,
        "cancellation requested; it takes effect in the 1 April update",
    )


@club_secretary_required
@require_POST
def cancellation_withdraw(request: HttpRequest, abf_number: str) -> HttpResponse:
    return _cancellation_action(
        request, abf_number, services.cancellation_withdraw, "cancellation request withdrawn"
    )
