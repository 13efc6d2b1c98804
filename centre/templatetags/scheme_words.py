"""Words of the scheme a deployment runs, for the pages."""

import re

from django import template

from centre.schemes import current_scheme

register = template.Library()

# A citation at the end of a label: "entering Sundry awards (guide F7)".
CITATION = re.compile(r"\s*\([^()]*\)\s*$")


@register.filter
def cited(label: str) -> str:
    """The label with its citation of the ABF's manual or the NSW guide, under the ABF; under
    another scheme, whose pages follow neither, without it."""
    if current_scheme().cites_abf_manual:
        return label
    return CITATION.sub("", label)
