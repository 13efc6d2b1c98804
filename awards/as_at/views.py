"""The record as at a date on pages: a player's points by kind and rank on any day (public,
as the lookup is), and an entry list checked against an event's limit (uploaders)."""

from __future__ import annotations

import csv
import io

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone

from awards.as_at.entry_lists import EntryListCheck, entry_list_check
from awards.as_at.forms import AsAtForm, EntryListForm
from awards.as_at.selectors import holdings_as_at
from awards.corrections.selectors import kept_number_for
from centre.errors import DomainError, form_add_error
from centre.permissions import UPLOADERS, role_required
from centre.responses import file_response
from centre.schemes import point_kind_codes
from players.selectors import player_public
from scheme.core.points import points_text


def player_as_at(request: HttpRequest, abf_number: str) -> HttpResponse:
    kept = kept_number_for(abf_number)
    if kept is not None:
        query = request.META.get("QUERY_STRING", "")
        return redirect(
            reverse("awards:player_as_at", args=[kept]) + (f"?{query}" if query else "")
        )
    player = player_public(number=abf_number)
    form = AsAtForm(request.GET if "on" in request.GET else {"on": timezone.localdate()})
    holdings = (
        holdings_as_at(player=player, on=form.cleaned_data["on"]) if form.is_valid() else None
    )
    return render(
        request,
        "awards/as_at/player.html",
        {"player": player, "form": form, "holdings": holdings},
    )


@role_required(*UPLOADERS)
def entry_list(request: HttpRequest) -> HttpResponse:
    form = EntryListForm(request.POST or None, request.FILES or None)
    checked = None
    if request.method == "POST" and form.is_valid():
        try:
            checked = entry_list_check(
                text=form.cleaned_data["text"], on=form.cleaned_data["on"], limit=form.limit()
            )
        except DomainError as error:
            form_add_error(form, error)
        else:
            if "csv" in request.POST:
                return file_response(_csv(checked), f"entry-list-{checked.on.isoformat()}.csv")
    return render(request, "awards/as_at/entry_list.html", {"form": form, "checked": checked})


def _csv(checked: EntryListCheck) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    kinds = point_kind_codes()
    writer.writerow(["line", "number", "name", *kinds, "total", "rank", "breach", "problem"])
    for entry in checked.entries:
        held = entry.holdings
        writer.writerow(
            [
                entry.line,
                entry.number,
                held.player.full_name if held else "",
                *(points_text(held.by_kind.get(kind, 0)) if held else "" for kind in kinds),
                points_text(held.total) if held else "",
                (held.rank.name if held.rank else "") if held else "",
                entry.breach,
                entry.problem,
            ]
        )
    return out.getvalue()
