"""A club's history as its secretary reads it: a day as the federation writes it."""

from typing import Any

from django import template

from clubs.emails import change_value

register = template.Library()


@register.filter(name="change_value")
def change_value_filter(value: Any, field: str) -> str:
    """`{{ values.0|change_value:field }}`: "(none)" for nothing, a day in the scheme's format."""
    return change_value(field, value)
