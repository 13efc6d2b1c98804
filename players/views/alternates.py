"""A club's alternates: players of other home clubs in its reports (App. C ii; guide F6.3)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from centre.errors import DomainError, form_add_error
from centre.permissions import club_secretary_required
from players.forms import AbfNumberForm
from players.selectors import club_alternates, player_by_abf_number
from players.services import alternates as services


@club_secretary_required
def alternates(request: HttpRequest) -> HttpResponse:
    club = request.user.club
    form = AbfNumberForm(request.POST or None, initial={"abf_number": request.GET.get("abf", "")})
    if request.method == "POST" and form.is_valid():
        try:
            player = player_by_abf_number(number=form.cleaned_data["abf_number"])
            services.alternate_add(player=player, club=club, by=request.user)
        except (DomainError, ValidationError) as error:
            form_add_error(form, error)
        else:
            messages.success(request, f"{player.abf_number} {player.full_name} is an alternate.")
            return redirect("players:alternates")
    return render(
        request,
        "players/alternates.html",
        {"form": form, "club": club, "alternates": club_alternates(club=club)},
    )


@club_secretary_required
@require_POST
def alternate_remove(request: HttpRequest, abf_number: str) -> HttpResponse:
    club = request.user.club
    player = club_alternates(club=club).filter(abf_number=abf_number).first()
    if player is None:
        raise Http404("No such alternate.")
    services.alternate_remove(player=player, club=club, by=request.user)
    messages.success(request, f"{player.abf_number} {player.full_name} is no longer an alternate.")
    return redirect("players:alternates")
