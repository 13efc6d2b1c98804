"""The scheme this deployment runs (settings.MASTERPOINT_SCHEME), for the models and pages.

The models take their choices from here as callables, so a migration records the callable
and not one scheme's constants: a deployment on another scheme migrates the same tables.
"""

import functools

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.functional import lazy

from scheme import Scheme, get_scheme


def current_scheme() -> Scheme:
    return _scheme_of_settings()


# A request asks for the scheme dozens of times (a lookup's page, 75): it is read from the
# settings once, and again only when they change it (a test's override).
@functools.cache
def _scheme_of_settings() -> Scheme:
    return get_scheme(settings.MASTERPOINT_SCHEME)


@receiver(setting_changed)
def _scheme_setting_changed(*, setting: str, **kwargs: object) -> None:
    if setting == "MASTERPOINT_SCHEME":
        _scheme_of_settings.cache_clear()


def point_kind_choices() -> list[tuple[str, str]]:
    """The scheme's kinds of point, in its order (ABF: green, red, gold)."""
    return current_scheme().point_kind_choices()


def grade_choices() -> list[tuple[str, str]]:
    """The scheme's tournament grades (ABF 1.5.1)."""
    return current_scheme().grade_choices()


def point_kind_codes() -> tuple[str, ...]:
    """The codes of the scheme's kinds of point, in its order (ABF: green, red, gold)."""
    return _point_kind_codes(current_scheme().code)


@functools.cache
def _point_kind_codes(code: str) -> tuple[str, ...]:
    # Read for every total a page or the lookup shows: worked out once for each scheme.
    return tuple(kind for kind, _ in get_scheme(code).point_kind_choices())


def scheme_context(request) -> dict:
    """Every page's words for the scheme: its kinds of point (with their labels and colours),
    what it calls a region, and its features (`{% if features.levies %}`). The same for every
    page of a scheme: made once for each, and only read."""
    return _scheme_context(current_scheme().code)


@functools.cache
def _scheme_context(code: str) -> dict:
    scheme = get_scheme(code)
    return {
        "scheme": scheme,
        "point_kinds": scheme.kinds_in_order,
        "features": {feature: True for feature in scheme.features},
        "region_name": scheme.region_name,
        "kind_word": scheme.kind_word,
        "number_name": scheme.number_name,
    }


def number_name() -> str:
    """The registry's number of a player in the scheme's words ("ABF number")."""
    return current_scheme().number_name


def kind_word() -> str:
    """What the pages call a kind of point: the ABF's and the ACBL's are colours, New
    Zealand's A, B and C points are not."""
    return current_scheme().kind_word


def has_feature(feature: str) -> bool:
    """Whether the deployment's scheme has one of the registry's optional features."""
    return current_scheme().has(feature)


def with_clause(text: str, clause: str) -> str:
    """A message read on a path every scheme shares, with the ABF manual's clause at its end
    ("Give the day (2.6)."), under a scheme whose pages cite the ABF manual; under another,
    whose rules are not the ABF's clauses, the words alone."""
    if not current_scheme().cites_abf_manual:
        return text
    words, stop = (text[:-1], ".") if text.endswith(".") else (text, "")
    return f"{words} ({clause}){stop}"


# The same, for a help text written once for the class and read under the deployment's scheme.
with_clause_lazy = lazy(with_clause, str)
