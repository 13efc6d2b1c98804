"""The one domain error, and its one shape on a form and in the API.

A service refuses a request by raising `DomainError` (or a subclass naming its `code`); nothing
has been changed when it is raised. The API's exception handler (`centre.api`) turns it into
the one error shape, and `form_add_error` puts it on a page's form: on the field it names when
the form has that field, above the form otherwise. A service names fields as the API does
("event.starts_on", "authorisation"); `form_field` finds the form's own field for such a name
and `field_label` the words the page shows for it, so a page never speaks a service's names.
Django's `ValidationError`, raised by model validation and a few services, and the award
rules' `RulesError` take the same two paths.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Self

from django import forms
from django.core.exceptions import ValidationError
from django.http import Http404

from scheme.core.errors import RulesError


class NotFound(Http404):
    """A 404 whose message is meant for the reader (the portal's 404 page and the API's error
    shape show it): what is wrong with the address, or that there is nothing there. It never
    tells a record the reader may not see from one that does not exist."""


class DomainError(Exception):
    """A request the scheme's rules or the registry refuse; the message says why."""

    code = "invalid"
    status = 400

    def __init__(
        self,
        message: str,
        *,
        fields: Mapping[str, Sequence[str]] | None = None,
        code: str | None = None,
        links: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.fields = {name: list(messages) for name, messages in (fields or {}).items()}
        # A field's refusal that points at another record (an upload repeated): its address.
        self.links = dict(links or {})
        if code:
            self.code = code

    @classmethod
    def on_field(cls, field: str, message: str, **kwargs: Any) -> Self:
        """A refusal of one field: its message shown beside the field and in the answer's
        `fields`."""
        return cls(message, fields={field: [message]}, **kwargs)


def rules_error_path(error: RulesError) -> str:
    """'sessions[0].fields[1].tables' as the API names fields: 'sessions.0.fields.1.tables'."""
    return re.sub(r"\[([^\]]+)\]", r".\1", error.field)


def error_fields(error: Exception) -> tuple[str, dict[str, list[str]]]:
    """The general message and the messages by field of a refusal, whatever raised it."""
    if isinstance(error, DomainError):
        return error.message, error.fields
    if isinstance(error, RulesError):
        return error.message, {rules_error_path(error): [error.message]}
    if isinstance(error, ValidationError):
        if hasattr(error, "error_dict"):
            fields = {
                ("" if name == "__all__" else name): messages
                for name, messages in error.message_dict.items()
            }
            general = fields.pop("", None)
            return (general[0] if general else "The request has errors; see fields."), fields
        return "; ".join(error.messages), {}
    return str(error), {}


def form_field(form: forms.Form, name: str) -> str | None:
    """The form's field a service's field name stands for, or None when it has none.

    The name itself; else the form's own name for it (`service_field_names`, a class
    attribute mapping a service's name to a field); else its last part ("event.starts_on" is
    the form's "starts_on").
    """
    if not name:
        return None
    aliases: Mapping[str, str] = getattr(form, "service_field_names", {})
    for candidate in (name, aliases.get(name), name.rsplit(".", 1)[-1]):
        if candidate and candidate in form.fields:
            return candidate
    return None


def field_label(form: forms.Form | None, name: str) -> str:
    """What the page calls a service's field: the form's label ("Event date") when the form
    has the field, else the name in words ("event.club_number" -> "Club number")."""
    field = form_field(form, name) if isinstance(form, forms.BaseForm) else None
    if field is not None:
        return str(form[field].label)
    parts = name.split(".")
    if len(parts) > 1 and parts[-1].isdigit():
        # "lines.12" is line 12 of a file.
        words = f"{parts[-2].removesuffix('s')} {parts[-1]}"
    else:
        words = parts[-1]
    words = words.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def form_add_error(form: forms.Form, error: DomainError | ValidationError | RulesError) -> None:
    """Show a refusal on the form: each message on its field when the form has one, and
    above the form, after the field's label, when it has not."""
    message, fields = error_fields(error)
    for name, messages in fields.items():
        field = form_field(form, name)
        if field is None and name:
            messages = [f"{field_label(form, name)}: {text}" for text in messages]
        form.add_error(field, messages)
    if not fields:
        form.add_error(None, message)
