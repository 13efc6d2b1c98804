"""Reciprocity: staff credit points earned under another federation at the scheme's rates."""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from awards.errors import AwardsError
from awards.grants.services.reciprocity import credit_reciprocity
from centre.permissions import staff_required
from centre.schemes import current_scheme, number_name
from players.models import Player
from scheme.core.points import points_text


@staff_required
def reciprocity(request: HttpRequest) -> HttpResponse:
    """Staff credit points earned under another federation at the scheme's rates."""
    error = ""
    if request.method == "POST":
        player = Player.objects.filter(abf_number=request.POST.get("abf_number", "")).first()
        try:
            if player is None:
                raise AwardsError(f"No player has that {number_name()}.")
            credit = credit_reciprocity(
                by=request.user,
                player=player,
                kind=request.POST.get("kind", ""),
                amount=Decimal(request.POST.get("amount", "")),
                event_name=request.POST.get("event_name", ""),
                won_on=date.fromisoformat(request.POST.get("won_on", "")),
            )
        except (AwardsError, InvalidOperation, ValueError) as problem:
            error = str(problem) or "Check the amount and the date."
        else:
            messages.success(
                request,
                f"Credited {points_text(credit.points)} {credit.colour} points "
                f"to {player.abf_number}: {credit.conversion}.",
            )
            return redirect("awards:reciprocity")
    kinds = [
        (
            overseas.key,
            overseas.name,
            current_scheme().point_kind(overseas.kind).label,
            overseas.rate,
        )
        for overseas in current_scheme().overseas_kinds
    ]
    return render(request, "awards/reciprocity.html", {"kinds": kinds, "error": error})
