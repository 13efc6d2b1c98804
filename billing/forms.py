from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError

from centre.dates import InRegister
from centre.schemes import current_scheme
from clubs.models import Club, CongressOrganiser, State
from clubs.selectors import club_by_number
from scheme.base import LEVIES


class PaymentForm(forms.Form):
    """A payment from a club (by its number), a state (by its code) or a congress organiser
    (8.1: each pays the invoices of what it ran); under a scheme with fees of its own, from a
    club or a region (by its code: NZ Bridge's rule 7)."""

    club_number = forms.IntegerField(label="Club number", required=False)
    state_code = forms.CharField(
        label="or state",
        max_length=3,
        required=False,
        help_text="For a state's payment of its events' invoices: the state's code.",
    )
    congress_organiser = forms.ModelChoiceField(
        queryset=CongressOrganiser.objects.select_related("state"),
        label="or congress organiser",
        required=False,
    )
    amount = forms.DecimalField(max_digits=12, decimal_places=2, min_value=Decimal("0.01"))
    received_on = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The day the payment was received")],
    )
    reference = forms.CharField(max_length=100, required=False)
    quoted_club_number = forms.BooleanField(
        required=False,
        initial=True,
        label="The payment quoted the club number",
        help_text="Unticked, the club is charged the administration fee of 8.4.",
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not current_scheme().has(LEVIES):
            # 8.4's fee for a payment without the club number is the ABF's, and so are the
            # invoices of the states' events and congresses (8.1).
            for name in ("quoted_club_number", "state_code", "congress_organiser"):
                del self.fields[name]
            if current_scheme().fees is not None:
                # A scheme with fees of its own invoices its regions too, for the tournaments
                # they ran (NZ Bridge's Outline rule 7: "Regions and Clubs").
                self.fields["region_code"] = forms.CharField(
                    label=f"or {current_scheme().region_name}",
                    max_length=3,
                    required=False,
                    help_text=(
                        f"For a {current_scheme().region_name}'s payment of its tournaments' "
                        f"fees: the {current_scheme().region_name}'s code."
                    ),
                )
                # Shown after the club number, before the amount.
                self.order_fields(["club_number", "region_code"])

    def clean_club_number(self) -> Club | None:
        number = self.cleaned_data["club_number"]
        return None if number is None else club_by_number(number)

    def clean_state_code(self) -> State | None:
        code = self.cleaned_data["state_code"].strip().upper()
        if not code:
            return None
        state = State.objects.filter(code=code).first()
        if state is None:
            raise ValidationError(f"There is no state {code}.")
        return state

    def clean_region_code(self) -> State | None:
        code = self.cleaned_data["region_code"].strip().upper()
        if not code:
            return None
        region = State.objects.filter(code=code).first()
        if region is None:
            raise ValidationError(f"There is no {current_scheme().region_name} {code}.")
        return region

    def clean(self) -> dict:
        data = super().clean()
        payers = [
            name
            for name in ("club_number", "state_code", "region_code", "congress_organiser")
            if data.get(name) is not None
        ]
        if len(payers) != 1 and not self.errors:
            if "region_code" in self.fields:
                region = current_scheme().region_name
                raise ValidationError(
                    "Give the club number of the club that paid. A "
                    f"{region}'s payment: give the {region}'s code, not a club number too."
                )
            if "state_code" not in self.fields:
                raise ValidationError("Give the club number of the club that paid.")
            raise ValidationError("Name one payer: a club number, a state or a congress organiser.")
        return data

    @property
    def payer(self) -> dict:
        data = self.cleaned_data
        return {
            "club": data.get("club_number"),
            "state": data.get("state_code") or data.get("region_code"),
            "congress_organiser": data.get("congress_organiser"),
        }
