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


# A citation of a clause or a book at the end of a label: "(1.5.1)", "(2.6; red points of
# B4c, B5i and B4s events)", "(App. D)", "(guide F7)".
CLAUSE = re.compile(r"\s*\(((?:\d+\.\d|App\. [A-F]|guide [A-Z]\d)[^()]*)\)\s*$")


@register.filter
def plain(label: str) -> str:
    """The label in plain words: without the clause it cites at its end ("Grade")."""
    return CLAUSE.sub("", str(label))


@register.filter
def clause(label: str) -> str:
    """The clause a label cites at its end ("1.5.1"), for its help; blank if none, or if the
    scheme's pages cite no ABF clauses."""
    found = CLAUSE.search(str(label))
    return found.group(1) if found and current_scheme().cites_abf_manual else ""
