"""What the corrections' pages share: preview first, then confirm the values previewed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from awards.corrections.forms import ReasonForm
from awards.corrections.models import Correction
from centre.errors import DomainError, form_add_error


def preview_then_confirm(
    request: HttpRequest,
    *,
    form: ReasonForm,
    template: str,
    context: dict[str, Any],
    preview: Callable[[dict], Any],
    make: Callable[[dict], Correction],
) -> HttpResponse:
    """A correction's page: the values are previewed (what would be written, refused as the
    correction would be), and written only when the same values are confirmed. A refusal
    shows on the form and writes nothing."""
    previewed = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if form.confirmed(request.POST):
                correction = make(data)
            else:
                previewed = preview(data)
        except DomainError as error:
            form_add_error(form, error)
        else:
            if previewed is None:
                messages.success(
                    request,
                    f"Correction {correction.pk} made: "
                    f"{correction.details.get('summary', correction.get_kind_display())}",
                )
                return redirect("awards:correction", correction.pk)
            form = type(form)({**request.POST.dict(), "previewed": form.fingerprint()})
            form.is_valid()
    return render(request, template, {**context, "form": form, "preview": previewed})
