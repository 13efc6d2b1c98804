"""An overseas rank recognised (`Scheme.rank_recognition`): staff credit a new resident the
fewest points that reach the equivalent rank, with the reason."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from awards.errors import AwardsError
from awards.grants.services.recognition import rank_recognise, recognised_text
from centre.errors import form_add_error
from centre.permissions import staff_required
from centre.schemes import current_scheme, number_name


class RecognitionForm(forms.Form):
    number = forms.RegexField(regex=r"^[0-9]{7}$", max_length=7)
    rank = forms.TypedChoiceField(coerce=int, choices=())
    on = forms.DateField(
        label="Day recognised",
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=500)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        scheme = current_scheme()
        self.fields["number"].label = number_name()
        self.fields["rank"].choices = [(rank.order, rank.name) for rank in scheme.ranks]
        self.fields["rank"].label = "Rank recognised"
        self.fields["reason"].help_text = (
            "Who recognised which overseas rank, and on what evidence: shown on the player's "
            "statement."
        )


@staff_required
def rank_recognition(request: HttpRequest) -> HttpResponse:
    form = RecognitionForm(request.POST or None, initial={"on": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            credits = rank_recognise(
                by=request.user,
                number=data["number"],
                rank_order=data["rank"],
                reason=data["reason"],
                on=data["on"],
            )
        except AwardsError as error:
            form_add_error(form, error)
        else:
            messages.success(
                request,
                f"Credited {recognised_text(credits)} to {data['number']}: the points of the "
                "rank recognised, provisional until the month is closed.",
            )
            return redirect("awards:rank_recognition")
    return render(request, "awards/rank_recognition.html", {"form": form})
