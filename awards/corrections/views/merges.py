"""Two records of one person merged by centre staff (issue 25, 1)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from awards.corrections.forms import MergeForm
from awards.corrections.services.common import refused
from awards.corrections.services.merges import players_merge, players_merge_preview
from awards.corrections.views.common import preview_then_confirm
from centre.permissions import staff_required
from centre.schemes import number_name
from players.models import Player


def _player(number: str, field: str) -> Player:
    player = Player.objects.select_related("home_club").filter(abf_number=number).first()
    if player is None:
        raise refused(field, f"No player has the {number_name()} {number}.")
    return player


@staff_required
def merge_page(request: HttpRequest) -> HttpResponse:
    def records(data: dict) -> tuple[Player, Player]:
        return (
            _player(data["retired_number"], "retired_number"),
            _player(data["kept_number"], "kept_number"),
        )

    def preview(data: dict):
        retired, kept = records(data)
        return players_merge_preview(retired=retired, kept=kept)

    def make(data: dict):
        retired, kept = records(data)
        return players_merge(retired=retired, kept=kept, reason=data["reason"], by=request.user)

    return preview_then_confirm(
        request,
        form=MergeForm(request.POST or None),
        template="awards/corrections/merge.html",
        context={},
        preview=preview,
        make=make,
    )
