"""The form a state secretary issues an authorisation number with (2.6)."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.http import Http404

from awards.authorisations.models import AUTHORISED_GRADES
from centre.access import club_for
from centre.models import User
from clubs.models import Club


class AuthorisationForm(forms.Form):
    """2.6: a state secretary authorises a set of red-point credits for a club of the state."""

    club_number = forms.IntegerField(label="Club number")
    event_name = forms.CharField(max_length=160)
    grade = forms.ChoiceField(choices=[(g, g) for g in AUTHORISED_GRADES])
    amount = forms.DecimalField(
        label="Red points approved", min_value=Decimal("0.01"), decimal_places=2, max_digits=8
    )
    # 2.6: counted against the club's B4c sessions for a warning; not kept.
    sessions = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=20,
        help_text="B4c: the sessions of the event, checked against the club's B4c sessions.",
    )

    def __init__(self, *args, user: User, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_club_number(self) -> Club:
        """The club itself, if this login sees it (a state secretary, the state's clubs)."""
        try:
            return club_for(self.user, self.cleaned_data["club_number"])
        except Http404:
            raise forms.ValidationError("No club of your state has that number.") from None
