"""The corrections' forms: the reason every correction gives, what each kind asks, and the
staff page's filters."""

from __future__ import annotations

import hashlib
import json

from django import forms

from awards.corrections.models import Correction
from centre.dates import InRegister
from centre.schemes import current_scheme, number_name
from players import abf_numbers
from scheme.core.points import PointsError, parse_points


def number_clean(value: str) -> str:
    """A number as typed (123 is 0000123, App. D), refused naming what is wrong with it."""
    number = abf_numbers.normalise(value or "")
    problem = abf_numbers.validation_error(number)
    if problem:
        raise forms.ValidationError(problem[:1].upper() + problem[1:] + ".")
    return number


class NumberField(forms.CharField):
    def clean(self, value: object) -> str:
        return number_clean(super().clean(value))


class ReasonForm(forms.Form):
    """Why: every correction says it, and the players' statements show it."""

    reason = forms.CharField(
        label="Reason",
        max_length=Correction._meta.get_field("reason").max_length,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Shown on each player's statement and in the email to the club.",
    )
    # The values previewed: a confirmation of other values is previewed again.
    previewed = forms.CharField(required=False, widget=forms.HiddenInput)

    def fingerprint(self) -> str:
        data = {k: str(v) for k, v in sorted(self.cleaned_data.items()) if k != "previewed"}
        return hashlib.sha256(json.dumps(data).encode()).hexdigest()

    def confirmed(self, post: dict) -> bool:
        """The confirm button, pressed on the values just previewed."""
        return "confirm" in post and self.cleaned_data.get("previewed") == self.fingerprint()


class MoveForm(ReasonForm):
    abf_number = NumberField(
        label="The right player's number",
        max_length=20,
        help_text="Seven digits; the points go to this player.",
    )

    field_order = ["abf_number", "reason"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["abf_number"].label = f"The right player's {number_name()}"


class AmountForm(ReasonForm):
    points = forms.CharField(
        label="The right amount",
        max_length=12,
        help_text="In points, such as 1.20; 0 takes the points away.",
    )

    field_order = ["points", "reason"]

    def clean_points(self) -> int:
        try:
            return parse_points(self.cleaned_data["points"])
        except PointsError as error:
            raise forms.ValidationError(f"{error}.") from None


class GradeForm(ReasonForm):
    grade = forms.ChoiceField(label="The right grade")

    field_order = ["grade", "reason"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        scheme = current_scheme()
        self.fields["grade"].choices = scheme.grade_choices()
        self.fields["grade"].label = f"The right {scheme.grade_word}"


class MergeForm(ReasonForm):
    retired_number = NumberField(
        label="Number to retire",
        max_length=20,
        help_text="The record made by mistake; its number answers with the kept one from now on.",
    )
    kept_number = NumberField(
        label="Number kept", max_length=20, help_text="The player's number from now on."
    )

    field_order = ["retired_number", "kept_number", "reason"]


class FiltersForm(forms.Form):
    """The list's filters; each optional."""

    club = forms.IntegerField(label="Club number", required=False, min_value=1)
    player = forms.CharField(label="Player", required=False, max_length=20)
    kind = forms.ChoiceField(
        label="Kind", required=False, choices=[("", "Any kind"), *Correction.Kind.choices]
    )
    month = forms.RegexField(
        label="Credited to the month",
        regex=r"^[0-9]{4}-(0[1-9]|1[0-2])$",
        required=False,
        max_length=7,
        help_text="As 2026-11.",
        error_messages={"invalid": "Give the month as 2026-11."},
    )
    start = forms.DateField(
        label="From",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The first day", ahead=True)],
    )
    end = forms.DateField(
        label="To",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The last day", ahead=True)],
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].label = number_name()

    def clean_player(self) -> str:
        value = self.cleaned_data["player"]
        return number_clean(value) if value.strip() else ""

    def clean(self) -> dict:
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and start > end:
            self.add_error("start", "The first day is after the last.")
        return data
