from decimal import Decimal

from django import forms

from clubs.models import Club
from clubs.selectors import club_by_number


class PaymentForm(forms.Form):
    club_number = forms.IntegerField(label="Club number")
    amount = forms.DecimalField(max_digits=12, decimal_places=2, min_value=Decimal("0.01"))
    received_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    reference = forms.CharField(max_length=100, required=False)
    quoted_club_number = forms.BooleanField(
        required=False,
        initial=True,
        label="The payment quoted the club number",
        help_text="Unticked, the club is charged the administration fee of 8.4.",
    )

    def clean_club_number(self) -> Club:
        return club_by_number(self.cleaned_data["club_number"])
