from django import forms

from centre.schemes import point_kind_choices
from clubs.models import State
from ranks.standings import GROUPS


class StandingsForm(forms.Form):
    """1.7.2, 1.7.3: which top list of a year: by colour, state and ranking group."""

    colour = forms.ChoiceField(required=False, choices=[])
    state = forms.ChoiceField(required=False, choices=[])
    group = forms.ChoiceField(required=False, choices=[], label="Ranking group at 1 January")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The choices are the deployment's, read when the form is made (not when the module is
        # first imported, under whichever scheme was current then).
        self.fields["colour"].choices = [("", "All colours"), *point_kind_choices()]
        self.fields["state"].choices = [("", "All states")] + [
            (code, code) for code in State.objects.order_by("code").values_list("code", flat=True)
        ]
        self.fields["group"].choices = [("", "All groups")] + [(g, g) for g in GROUPS]
