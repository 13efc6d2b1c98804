"""`{% address 'name' argument %}`: `{% url %}` for the pages every visitor reads, its
address worked out once a process (centre.addresses)."""

from __future__ import annotations

from django import template

from centre.addresses import address as address_of

register = template.Library()


@register.simple_tag
def address(name: str, argument: object = None) -> str:
    return address_of(name, None if argument is None else str(argument))
