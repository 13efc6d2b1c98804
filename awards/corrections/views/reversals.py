"""A credited upload reversed by centre staff, with a reason (issue 25, 1)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from awards.corrections.forms import ReasonForm
from awards.corrections.selectors import upload_reversal
from awards.corrections.services.common import Holding
from awards.corrections.services.reversals import upload_reverse, upload_reverse_preview
from awards.intake.models import CreditUpload
from centre.errors import DomainError, form_add_error
from centre.permissions import staff_required
from players.models import Player

# The players a preview lists; the totals count them all.
PREVIEW_LINES = 200


def _lines(holdings: list[Holding]) -> list[dict]:
    players = Player.objects.in_bulk({holding.player_id for holding in holdings})
    return [
        {
            "player": players[holding.player_id],
            "colour": holding.colour,
            "points": holding.points,
        }
        for holding in holdings
    ]


@staff_required
def upload_reverse_page(request: HttpRequest, pk: int) -> HttpResponse:
    upload = get_object_or_404(
        CreditUpload.objects.select_related("event", "club", "uploaded_by").defer("content"), pk=pk
    )
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            correction = upload_reverse(
                upload=upload, reason=form.cleaned_data["reason"], by=request.user
            )
        except DomainError as error:
            form_add_error(form, error)
        else:
            messages.success(
                request, f"Correction {correction.pk} made: {correction.details['summary']}"
            )
            return redirect("awards:correction", correction.pk)
    preview, refusal = None, ""
    try:
        preview = upload_reverse_preview(upload=upload)
    except DomainError as error:
        refusal = error.message
    return render(
        request,
        "awards/corrections/reverse.html",
        {
            "upload": upload,
            "form": form,
            "preview": preview,
            "lines": _lines(preview.holdings[:PREVIEW_LINES]) if preview else [],
            "refusal": refusal,
            "reversal": upload_reversal(upload_id=upload.pk),
        },
    )
