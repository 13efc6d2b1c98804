"""A player's credits, each corrected by centre staff: moved to the right player, its amount
corrected, or its event's grade corrected (issue 25, 1)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from awards.corrections.forms import AmountForm, GradeForm, MoveForm, number_clean
from awards.corrections.selectors import kept_number_for, player_holdings
from awards.corrections.services.common import refused
from awards.corrections.services.credits import (
    credit_amount_correct,
    credit_move,
    event_grade_correct,
)
from awards.corrections.views.common import preview_then_confirm
from awards.ledger.models import Credit, Event
from awards.ledger.selectors import player_totals
from centre.permissions import staff_required
from centre.schemes import number_name
from players.models import Player
from scheme.core.points import points_text


@staff_required
def player_credits(request: HttpRequest) -> HttpResponse:
    """A player's events, each with what the player holds from it and the ways to correct it."""
    raw = request.GET.get("number", "").strip()
    player, problem, holdings = None, "", []
    if raw:
        try:
            number = number_clean(raw)
        except ValidationError as error:
            problem = " ".join(error.messages)
        else:
            kept = kept_number_for(number)
            if kept is not None:
                return redirect(f"{request.path}?number={kept}")
            player = Player.objects.select_related("home_club").filter(abf_number=number).first()
            if player is None:
                problem = f"No player has the {number_name()} {number}."
            else:
                holdings = player_holdings(player=player)
    return render(
        request,
        "awards/corrections/player_credits.html",
        {
            "number": raw,
            "player": player,
            "problem": problem,
            "holdings": holdings,
            "totals": player_totals(player=player).lifetime if player else None,
        },
    )


def _credit(pk: int) -> Credit:
    return get_object_or_404(Credit.objects.select_related("player", "event", "upload"), pk=pk)


@staff_required
def credit_move_page(request: HttpRequest, pk: int) -> HttpResponse:
    credit = _credit(pk)

    def right_player(data: dict) -> Player:
        player = Player.objects.filter(abf_number=data["abf_number"]).first()
        if player is None:
            raise refused("abf_number", f"No player has the {number_name()} {data['abf_number']}.")
        return player

    def preview(data: dict) -> dict:
        player = right_player(data)
        if player.pk == credit.player_id:
            raise refused("abf_number", "That is the player the points are credited to now.")
        return {"to": player}

    return preview_then_confirm(
        request,
        form=MoveForm(request.POST or None),
        template="awards/corrections/credit_move.html",
        context={"credit": credit},
        preview=preview,
        make=lambda data: credit_move(
            credit=credit, to_player=right_player(data), reason=data["reason"], by=request.user
        ),
    )


@staff_required
def credit_amount_page(request: HttpRequest, pk: int) -> HttpResponse:
    credit = _credit(pk)

    def preview(data: dict) -> dict:
        return {"points": data["points"], "points_shown": points_text(data["points"])}

    return preview_then_confirm(
        request,
        form=AmountForm(request.POST or None),
        template="awards/corrections/credit_amount.html",
        context={"credit": credit},
        preview=preview,
        make=lambda data: credit_amount_correct(
            credit=credit, points=data["points"], reason=data["reason"], by=request.user
        ),
    )


@staff_required
def event_grade_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club", "state"), pk=pk)

    def preview(data: dict) -> dict:
        if data["grade"] == event.grade:
            raise refused("grade", f"The event is of grade {event.grade} already.")
        return {
            "grade": data["grade"],
            "players": event.credits.values("player").distinct().count(),
        }

    return preview_then_confirm(
        request,
        form=GradeForm(request.POST or None),
        template="awards/corrections/event_grade.html",
        context={"event": event},
        preview=preview,
        make=lambda data: event_grade_correct(
            event=event, grade=data["grade"], reason=data["reason"], by=request.user
        ),
    )
