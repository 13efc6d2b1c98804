from decimal import Decimal

from django import forms

from clubs.models import Club


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
        number = self.cleaned_data["club_number"]
        try:
            return Club.objects.get(number=number)
        except Club.DoesNotExist:
            raise forms.ValidationError(f"There is no club number {number}.") from None
