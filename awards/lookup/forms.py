"""The lookup's forms: the period of a player's statement."""

from __future__ import annotations

from django import forms

from centre.dates import InRegister


class StatementPeriodForm(forms.Form):
    # The statement API's own words and range (awards.lookup.api).
    start = forms.DateField(
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The statement's first day", ahead=True)],
    )
    end = forms.DateField(
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The statement's last day", ahead=True)],
    )
