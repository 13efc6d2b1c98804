"""A player's history in words: the fields changed named as the pages name them."""

from django import template

from players.emails import field_name

register = template.Library()


@register.filter
def changed_field(field: str) -> str:
    """`abf_number` -> the scheme's name of the number ("NZB number"), `given_names` ->
    "Given names"."""
    return field_name(field)
