"""The registry's page forms: types and lengths only; the rules are in players.services.

A service's refusal is put on a form with centre.errors.form_add_error."""

from django import forms

from centre.schemes import number_name


class SearchForm(forms.Form):
    q = forms.CharField(label="ABF number or part of a name", max_length=100, required=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["q"].label = f"{number_name()} or part of a name"


class PlayerDetailsForm(forms.Form):
    given_names = forms.CharField(max_length=80)
    family_name = forms.CharField(max_length=80)
    # The rule for an impossible year is the service's, so that page and API say the same.
    birth_year = forms.IntegerField(required=False, help_text="Optional.")
    email = forms.CharField(max_length=254, required=False, help_text="Optional.")
    # 1.4.2, App. C, guide F6.1: private like the email. Its lines are the service's rule.
    postal_address = forms.CharField(
        max_length=300,
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 40}),
        help_text="Optional: up to 4 lines, such as the street, then the town and its "
        "postcode. Private: never shown to another club or the public.",
    )

    def __init__(self, *args, birth_year_required: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        # A name of spaces reaches the service, which says which rule it breaks.
        for name in ("given_names", "family_name"):
            self.fields[name].strip = False
        if birth_year_required:
            # 1.3.6: the Youth Players' Club takes players under 26 on 1 January, so it
            # asks its members' birth year, when they join and when it is edited; the
            # service still judges the year.
            field = self.fields["birth_year"]
            field.required = True
            field.help_text = "Required: the Youth Players' Club is for players under 26 (1.3.6)."
            field.error_messages["required"] = (
                "Give the player's birth year: the Youth Players' Club is for players under 26 "
                "on 1 January (1.3.6)."
            )
        if "confirmed_never_registered" in self.fields:
            self.fields["confirmed_never_registered"].label = (
                "I have searched the actives and inactives, and this person has never had an "
                f"{number_name()}."
            )


class NewPlayerForm(PlayerDetailsForm):
    confirmed_never_registered = forms.BooleanField(
        required=False,
        label="I have searched the actives and inactives, and this person has never had an "
        "ABF number.",
    )
    duplicates_reviewed = forms.BooleanField(
        required=False,
        label="None of the players listed above is this person.",
        widget=forms.HiddenInput,
    )


class AbfNumberForm(forms.Form):
    abf_number = forms.CharField(label="ABF number", max_length=20)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["abf_number"].label = number_name()
