"""The register's forms: types only; the rules are in awards.authorisations.approvals.services."""

from django import forms

from awards.authorisations.models import Approval
from centre.dates import InRegister


class ApprovalForm(forms.Form):
    """An event the state secretary approves in advance."""

    kind = forms.ChoiceField(choices=Approval.Kind.choices)
    name = forms.CharField(max_length=160, label="Event")
    starts_on = forms.DateField(
        label="First day",
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The first day", ahead=True)],
    )
    ends_on = forms.DateField(
        label="Last day",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The last day", ahead=True)],
    )
    sessions = forms.IntegerField(min_value=1, max_value=99)
    club = forms.IntegerField(
        label="Organising club number",
        required=False,
        help_text="Needed for a B5i event and a B4c session at other times.",
    )
    clubs = forms.CharField(
        label="Other clubs taking part (B5i)",
        required=False,
        max_length=400,
        help_text="Their club numbers, separated by spaces or commas.",
    )
    convener = forms.CharField(
        max_length=120, required=False, help_text="A Bridge Tour's convener (5.1.2)."
    )

    def clean_clubs(self) -> list[int]:
        text = self.cleaned_data.get("clubs", "").replace(",", " ")
        numbers = []
        for part in text.split():
            if not part.isdigit():
                raise forms.ValidationError(f"{part!r} is not a club number.")
            numbers.append(int(part))
        return numbers


class CancelForm(forms.Form):
    """Why an approval is cancelled: a defunct event (guide B3.2), a withdrawn approval."""

    reason = forms.CharField(max_length=200)


class RegionForm(forms.Form):
    """2.4: a region of the state and the clubs within it."""

    name = forms.CharField(max_length=80, label="Region")
    clubs = forms.CharField(
        label="Clubs within it",
        required=False,
        max_length=1000,
        help_text="Their club numbers, separated by spaces or commas.",
    )

    clean_clubs = ApprovalForm.clean_clubs
