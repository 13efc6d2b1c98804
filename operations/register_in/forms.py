"""The register import page's form: the register's files, and whether to try them only."""

from __future__ import annotations

from django import forms


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Any number of files in one field (Django's own pattern for a multiple file input)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):  # type: ignore[no-untyped-def]
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data]
        return [single(data, initial)]


class RegisterInForm(forms.Form):
    files = MultipleFileField(
        label="The register's files",
        help_text="Choose every file at once, as the import reads them together.",
    )
    dry_run = forms.BooleanField(
        label="Dry run: report what each line would become, and write nothing",
        required=False,
        initial=True,
    )
