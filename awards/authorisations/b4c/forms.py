"""The B4c register's form: types only; the rules are in awards.authorisations.b4c.services."""

from django import forms

from awards.authorisations.b4c.services import MAX_B4C_GRANT


class B4cGrantForm(forms.Form):
    """2.6: extra B4c sessions for a club of the state, with the reason."""

    club_number = forms.IntegerField(label="Club number")
    year = forms.IntegerField(min_value=2000, max_value=2100)
    sessions = forms.IntegerField(min_value=1, max_value=MAX_B4C_GRANT)
    reason = forms.CharField(
        max_length=200,
        help_text="The anniversary Bridge Day (a multiple of 25 years) or the approved "
        "fundraising event.",
    )
