"""The as-at pages' forms: a day, and an entry list with its cut-off day and limit."""

from __future__ import annotations

from django import forms

from awards.as_at.entry_lists import MAX_LINES, Limit
from centre.dates import InRegister
from centre.schemes import current_scheme, number_name
from scheme.core.points import PointsError, parse_points

# The largest entry list file read (numbers and a few columns a line).
MAX_FILE_BYTES = 500_000


class AsAtForm(forms.Form):
    on = forms.DateField(
        label="As at",
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The day", ahead=True)],
    )


class EntryListForm(forms.Form):
    """An entry list: numbers typed or pasted, or a file of them (CSV or one a line)."""

    on = forms.DateField(
        label="Cut-off day",
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The cut-off day", ahead=True)],
        help_text="The holdings are those of the events that ended by this day.",
    )
    limit_points = forms.CharField(
        label="Fewer than (points)",
        required=False,
        max_length=12,
        help_text="The event's limit in masterpoints: 100 for a novice event, 300 for a "
        "restricted one (Appendix A). Leave blank for none.",
    )
    limit_rank = forms.ChoiceField(
        label="Below the rank", required=False, help_text="A master event's rank limit, if any."
    )
    numbers = forms.CharField(
        label="Numbers",
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="One a line, or CSV.",
    )
    file = forms.FileField(label="Or a file", required=False, help_text="CSV or text.")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["numbers"].label = f"{number_name()}s"
        self.fields["limit_rank"].choices = [("", "No rank limit")] + [
            (rank.name, rank.name) for rank in current_scheme().ranks
        ]

    def clean_limit_points(self) -> int | None:
        value = self.cleaned_data["limit_points"].strip()
        if not value:
            return None
        try:
            points = parse_points(value)
        except PointsError as error:
            raise forms.ValidationError(f"{error}.") from None
        if points <= 0:
            raise forms.ValidationError("A limit is more than 0 points.")
        return points

    def clean(self) -> dict:
        data = super().clean()
        sent = data.get("file")
        if sent is not None:
            if sent.size > MAX_FILE_BYTES:
                self.add_error("file", f"An entry list file has at most {MAX_FILE_BYTES:,} bytes.")
                return data
            try:
                data["text"] = sent.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("file", "The file is not text (save it as CSV, UTF-8).")
                return data
        else:
            data["text"] = data.get("numbers") or ""
        if not data["text"].strip() and not self.errors:
            self.add_error("numbers", f"Give the players' {number_name()}s, or a file of them.")
        elif data["text"].count("\n") >= MAX_LINES:
            self.add_error("numbers", f"An entry list has at most {MAX_LINES:,} lines.")
        return data

    def limit(self) -> Limit:
        data = self.cleaned_data
        rank = None
        if data.get("limit_rank"):
            rank = next(r for r in current_scheme().ranks if r.name == data["limit_rank"])
        return Limit(points=data.get("limit_points"), rank=rank)
