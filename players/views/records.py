"""The players' records (App. C; NSW guide F6): search, add, read, edit, transfer in,
reactivate, record a death. Thin: check who asks, validate the form, call one service or
selector, show the result."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from centre.access import acting_club
from centre.errors import DomainError, form_add_error
from centre.models import Role
from centre.permissions import club_secretary_required, role_required
from centre.schemes import number_name, with_clause
from players.forms import AbfNumberForm, NewPlayerForm, PlayerDetailsForm, SearchForm
from players.models import Player
from players.selectors import (
    SEARCH_LIMIT,
    no_player_visible,
    player_by_abf_number,
    player_history_visible_to,
    player_is_visible_to,
    player_likely_duplicates,
    player_missing,
    player_number_checked,
    player_search,
    player_visible,
    players_visible_to,
)
from players.services.common import youth_birth_year_required
from players.services.lifecycle import (
    player_mark_deceased,
    player_reactivate,
    player_transfer,
    player_update,
)
from players.services.registration import player_register

# What a service refuses with: the registry's DomainError or a model's own validation.
REFUSALS = (DomainError, ValidationError)

# The add-player page opens only after a search of actives and inactives (App. C i).
SEARCHED_SESSION_KEY = "registry_searched"


def _visible_player(request: HttpRequest, abf_number: str) -> Player:
    """The player, if this login may read the full record; otherwise 404, never a hint."""
    return player_visible(user=request.user, number=abf_number)


@role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
def search(request: HttpRequest) -> HttpResponse:
    form = SearchForm(request.GET or None)
    results: list[dict] = []
    if form.is_bound and form.is_valid():
        try:
            players = list(player_search(query=form.cleaned_data["q"]))
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            request.session[SEARCHED_SESSION_KEY] = True
            results = [
                {"player": p, "full": player_is_visible_to(player=p, user=request.user)}
                for p in players
            ]
    return render(
        request,
        "players/search.html",
        {
            "form": form,
            "results": results,
            "searched": bool(form.is_bound and form.is_valid()),
            "truncated": len(results) >= SEARCH_LIMIT,
            "limit": SEARCH_LIMIT,
        },
    )


@club_secretary_required
def new(request: HttpRequest) -> HttpResponse:
    club = request.user.club
    if not request.session.get(SEARCHED_SESSION_KEY):
        messages.info(
            request,
            "Search the actives and inactives first: a player registered before, even many "
            f"years ago, must be reactivated or transferred, never given a second {number_name()}.",
        )
        return redirect("players:search")
    form = NewPlayerForm(request.POST or None, birth_year_required=youth_birth_year_required(club))
    duplicates: list[Player] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            player = player_register(
                club=club,
                by=request.user,
                given_names=data["given_names"],
                family_name=data["family_name"],
                birth_year=data["birth_year"],
                email=data["email"],
                postal_address=data["postal_address"],
                confirmed_never_registered=data["confirmed_never_registered"],
                duplicates_reviewed=data["duplicates_reviewed"],
            )
        except REFUSALS as error:
            if isinstance(error, DomainError) and "duplicates_reviewed" in error.fields:
                duplicates = list(
                    player_likely_duplicates(
                        given_names=" ".join(data["given_names"].split()),
                        family_name=" ".join(data["family_name"].split()),
                        birth_year=data["birth_year"],
                        seen_by=request.user,
                    )
                )
            form_add_error(form, error)
        else:
            messages.success(
                request,
                f"{player.full_name} is registered with {number_name()} {player.abf_number}.",
            )
            return redirect("players:detail", abf_number=player.abf_number)
    return render(
        request,
        "players/new.html",
        {
            "form": form,
            "duplicates": duplicates,
            "public_ids": {
                d.pk for d in duplicates if not player_is_visible_to(player=d, user=request.user)
            },
        },
    )


@role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
def detail(request: HttpRequest, abf_number: str) -> HttpResponse:
    player_number_checked(abf_number)
    player = players_visible_to(user=request.user).filter(abf_number=abf_number).first()
    if player is None:
        # A club the player has left sees the public record and its part of the history.
        player = Player.objects.select_related("home_club").filter(abf_number=abf_number).first()
        changes = player_history_visible_to(player=player, user=request.user) if player else []
        if not changes:
            raise player_missing(abf_number, no_player_visible(abf_number))
        return render(
            request,
            "players/detail.html",
            {"player": player, "changes": changes, "former": True, "can_change": False},
        )
    return render(
        request,
        "players/detail.html",
        {
            "player": player,
            "changes": player.changes.select_related("by", "club")[:200],
            "alternate_clubs": player.alternate_clubs.order_by("number"),
            "can_change": request.user.is_centre_staff
            or (request.user.is_club_secretary and player.status == Player.Status.ACTIVE),
        },
    )


def _changeable_player(request: HttpRequest, abf_number: str) -> Player:
    """The player, if this login may change the record. A player it may not read is not
    found, as on the record's own page; a state secretary reads the state's players but
    their changes are the home club's (App. C), so is refused."""
    player = _visible_player(request, abf_number)
    if request.user.is_state_secretary:
        raise PermissionDenied("The player's home club changes the record.")
    return player


@role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
def edit(request: HttpRequest, abf_number: str) -> HttpResponse:
    player = _changeable_player(request, abf_number)
    initial = {f: getattr(player, f) for f in PlayerDetailsForm.base_fields}
    form = PlayerDetailsForm(
        request.POST or None,
        initial=initial,
        # 1.3.6: a Youth Players' Club member's birth year is kept, and judged, on edits too.
        birth_year_required=player.is_active and youth_birth_year_required(player.home_club),
    )
    if request.method == "POST" and form.is_valid():
        try:
            player_update(
                player=player,
                by=request.user,
                club=acting_club(request.user),
                data=form.cleaned_data,
            )
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(request, f"The details of {player.abf_number} are saved.")
            return redirect("players:detail", abf_number=player.abf_number)
    return render(request, "players/edit.html", {"form": form, "player": player})


@role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
def deceased(request: HttpRequest, abf_number: str) -> HttpResponse:
    player = _changeable_player(request, abf_number)
    errors: list[str] = []
    if request.method == "POST":
        try:
            player_mark_deceased(player=player, by=request.user, club=acting_club(request.user))
        except REFUSALS as error:
            errors = [error.message] if isinstance(error, DomainError) else error.messages
        else:
            messages.success(
                request, f"{player.abf_number} {player.full_name} is recorded as deceased."
            )
            return redirect("players:search")
    return render(request, "players/deceased.html", {"player": player, "errors": errors})


def _by_number_page(request: HttpRequest, *, service, title: str, verb: str, explain: str):
    """Transfer in and reactivate: the secretary names the player by ABF number."""
    form = AbfNumberForm(request.POST or None, initial={"abf_number": request.GET.get("abf", "")})
    if request.method == "POST" and form.is_valid():
        try:
            player = player_by_abf_number(number=form.cleaned_data["abf_number"])
            service(player=player, club=request.user.club, by=request.user)
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(
                request,
                f"{player.abf_number} {player.full_name} {verb}; {request.user.club.name} is "
                "now the home club.",
            )
            return redirect("players:detail", abf_number=player.abf_number)
    return render(
        request, "players/by_number.html", {"form": form, "title": title, "explain": explain}
    )


@club_secretary_required
def transfer(request: HttpRequest) -> HttpResponse:
    return _by_number_page(
        request,
        service=player_transfer,
        title="Transfer in",
        verb="is transferred in",
        explain="For an active player whose home club is elsewhere and who wants to make your "
        "club their home club. An inactive player is reactivated instead.",
    )


@club_secretary_required
def reactivate(request: HttpRequest) -> HttpResponse:
    return _by_number_page(
        request,
        service=player_reactivate,
        title="Reactivate",
        verb="is reactivated",
        explain=with_clause(
            "For an inactive player rejoining the scheme through your club, which becomes "
            "their home club.",
            "1.3.2",
        )
        + " A player with a home club is transferred instead.",
    )
