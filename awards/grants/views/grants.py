"""Grants (1.3.3, 1.3.4 note 2, 1.3.5): staff grant a player the points of a rank, with a
reason; the page lists the grants made."""

from __future__ import annotations

import hashlib
import json

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from awards.grants.models import Grant
from awards.grants.services.grants import grant_make, grant_preview
from centre.errors import DomainError, form_add_error
from centre.permissions import staff_required
from players.models import Player
from scheme.abf.grants import GRAND_MASTER
from scheme.abf.ranks import RANKS
from scheme.core.points import points_text


class GrantForm(forms.Form):
    abf_number = forms.RegexField(label="ABF number", regex=r"^[0-9]{7}$", max_length=7)
    basis = forms.ChoiceField(label="Basis", choices=Grant.Basis.choices)
    rank_name = forms.ChoiceField(
        label="Rank granted",
        choices=[(r.name, r.name) for r in RANKS if r.order <= GRAND_MASTER.order][::-1],
        initial=GRAND_MASTER.name,
        help_text="A visitor is granted Grand Master; a resident the ranking achieved at home "
        "(at most Grand Master); an immigrant assessed by the state National, Life or Grand "
        "Master.",
    )
    country = forms.CharField(label="Country", max_length=60, required=False)
    nz_a_points = forms.DecimalField(
        label="NZ A points",
        required=False,
        min_value=0,
        max_digits=9,
        decimal_places=2,
        help_text="A New Zealand player taking up residence: at least one gold point each.",
    )
    assessed_by = forms.CharField(
        label="Assessed by",
        max_length=120,
        required=False,
        help_text="The State Association's nominated person (1.3.4 note 2).",
    )
    reason = forms.CharField(
        label="Reason", widget=forms.Textarea(attrs={"rows": 3}), max_length=2000
    )
    # Set when the values were previewed; confirming other values previews them again.
    previewed = forms.CharField(required=False, widget=forms.HiddenInput)


def _fingerprint(data: dict) -> str:
    """The form's values as previewed: a confirmation of other values is previewed anew."""
    return hashlib.sha256(
        json.dumps({k: str(v) for k, v in sorted(data.items()) if k != "previewed"}).encode()
    ).hexdigest()


@staff_required
def grants(request: HttpRequest) -> HttpResponse:
    """Staff grant the points of a rank and see the grants made: a grant is first previewed
    (the points by colour, the rank they give and the working) and made when confirmed."""
    form = GrantForm(request.POST or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        player = Player.objects.filter(abf_number=data["abf_number"]).first()
        confirmed = "confirm" in request.POST and data["previewed"] == _fingerprint(data)
        arguments = {
            "by": request.user,
            "player": player,
            "basis": data["basis"],
            "rank_name": data["rank_name"],
            "reason": data["reason"],
            "nz_a_points": data["nz_a_points"],
            "assessed_by": data["assessed_by"],
        }
        if player is None:
            form.add_error("abf_number", "No player has that ABF number.")
        elif not confirmed:
            try:
                preview = grant_preview(**arguments)
            except DomainError as error:
                form_add_error(form, error)
            else:
                form = GrantForm({**request.POST.dict(), "previewed": _fingerprint(data)})
                form.is_valid()
        else:
            try:
                grant = grant_make(country=data["country"], **arguments)
            except DomainError as error:
                form_add_error(form, error)
            else:
                messages.success(
                    request,
                    f"Granted {points_text(grant.gold)} gold, {points_text(grant.red)} red "
                    f"and {points_text(grant.green)} green to {player.abf_number} "
                    f"{player.full_name}: provisional until the month closes.",
                )
                return redirect("awards:grants")
    made = Grant.objects.select_related("player", "granted_by").order_by("-granted_at", "-id")[:50]
    return render(
        request,
        "awards/grants.html",
        {"form": form, "grants": made, "preview": preview, "player": preview and player},
    )
