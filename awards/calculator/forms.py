"""The calculators' own forms, whatever the scheme: which scheme's rules to use, and an event
typed as the JSON a scheme's calculator reads. A scheme whose events are typed session by
session has its forms in awards.calculator.sessions.forms."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from scheme import SCHEMES, Scheme

# The largest event typed as JSON: the API's limit on a body (DATA_UPLOAD_MAX_MEMORY_SIZE).
MAX_EVENT_TEXT = 1_000_000


class SchemePickForm(forms.Form):
    """Which scheme's rules the calculators use: any scheme, whatever the deployment's."""

    scheme = forms.ChoiceField(label="Scheme", choices=())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["scheme"].choices = [(s.code, s.name) for s in SCHEMES.values()]
        self.fields["scheme"].widget.attrs["id"] = "id_pick_scheme"


class SchemeEventForm(forms.Form):
    """An event of a scheme other than the ABF, as its calculator reads it."""

    rules = forms.ChoiceField(label="Rules", choices=())
    event = forms.CharField(
        label="The event, as JSON",
        widget=forms.Textarea(attrs={"rows": 24, "spellcheck": "false"}),
        max_length=MAX_EVENT_TEXT,
        help_text="As the API takes it (POST /api/v1/calculator/awards); the example filled "
        "in shows the fields. The rules chosen above apply, whatever the event's own "
        '"rules" says.',
    )

    def __init__(self, *args: Any, scheme: Scheme, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = scheme.edition_choices()

    def clean_event(self) -> dict[str, Any]:
        text = self.cleaned_data["event"]
        try:
            event = json.loads(text)
        except RecursionError:
            raise forms.ValidationError("The JSON is nested too deeply.") from None
        except ValueError as error:
            line, column = getattr(error, "lineno", None), getattr(error, "colno", None)
            where = f" (line {line}, column {column})" if line else ""
            message = getattr(error, "msg", str(error))
            raise forms.ValidationError(f"This is not JSON: {message}{where}.") from None
        if not isinstance(event, dict):
            raise forms.ValidationError('The event is a JSON object: {"sessions": ...}.')
        return event
