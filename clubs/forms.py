"""Club detail forms: types only; the rules are in clubs.services."""

from django import forms

from centre.dates import InRegister
from centre.schemes import current_scheme
from clubs.models import Club, CongressOrganiser, State
from scheme.base import AUTHORISATIONS


class SecretaryClubForm(forms.ModelForm):
    """Guide F4: the secretary keeps the masterpoint secretary's contact details."""

    class Meta:
        model = Club
        fields = ["secretary_name", "secretary_email", "postal_address"]


class StaffClubForm(forms.ModelForm):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The scheme's word for the club's region: an ABF state, an NZ Region, an ACBL unit.
        scheme = current_scheme()
        self.fields["state"].label = scheme.region_name.capitalize()
        # Only the scheme's own kinds of club (the ABF's special clubs, 1.3.3, 1.3.6), and the
        # club's own kind whatever it is, so that an edit never changes it unasked.
        kinds = {Club.Kind.ORDINARY.value: Club.Kind.ORDINARY.label, **scheme.special_clubs}
        if self.instance.pk and self.instance.kind not in kinds:
            kinds[self.instance.kind] = self.instance.get_kind_display()
        self.fields["kind"].choices = list(kinds.items())
        self.fields["affiliated_since"].validators.append(InRegister("The affiliation's day"))
        if scheme.clubs_keep_own_time:
            self.fields["time_zone"].help_text = (
                "The club's own clock, which decides the month of its awards: an IANA name "
                f"such as America/Los_Angeles; empty for {scheme.time_words}."
            )
        else:
            del self.fields["time_zone"]

    class Meta:
        model = Club
        fields = [
            "name",
            "state",
            "kind",
            "secretary_name",
            "secretary_email",
            "postal_address",
            "affiliated",
            "affiliated_since",
            "sessions_per_year",
            "remote",
            "founded_year",
            "time_zone",
        ]


class NewClubForm(StaffClubForm):
    class Meta(StaffClubForm.Meta):
        fields = ["number", *StaffClubForm.Meta.fields]


class _RegionForm(forms.ModelForm):
    """A region's details; whether it authorises red-point credit sets (2.6) only under a
    scheme with authorisations."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not current_scheme().has(AUTHORISATIONS):
            del self.fields["requires_authorisation"]


class StateForm(_RegionForm):
    class Meta:
        model = State
        fields = ["code", "name", "requires_authorisation"]


class StateEditForm(_RegionForm):
    class Meta:
        model = State
        fields = ["name", "requires_authorisation"]


class CongressOrganiserForm(forms.ModelForm):
    class Meta:
        model = CongressOrganiser
        fields = ["name", "convener_name", "convener_email", "postal_address"]
        widgets = {"postal_address": forms.Textarea(attrs={"rows": 3})}


class StaffCongressOrganiserForm(CongressOrganiserForm):
    """Staff add a congress organiser to any state."""

    state = forms.ModelChoiceField(label="State", queryset=State.objects.order_by("code"))

    class Meta(CongressOrganiserForm.Meta):
        fields = ["state", *CongressOrganiserForm.Meta.fields]


class OrganiserForm(forms.Form):
    """5.4.1: a nominee of the state secretary, by login name and email."""

    username = forms.CharField(label="Login name", max_length=150)
    email = forms.EmailField(label="Email address")
