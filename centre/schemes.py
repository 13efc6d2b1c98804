"""The scheme this deployment runs (settings.MASTERPOINT_SCHEME), for the models and pages.

The models take their choices from here as callables, so a migration records the callable
and not one scheme's constants: a deployment on another scheme migrates the same tables.
"""

from django.conf import settings

from scheme import Scheme, get_scheme


def current_scheme() -> Scheme:
    return get_scheme(settings.MASTERPOINT_SCHEME)


def point_kind_choices() -> list[tuple[str, str]]:
    """The scheme's kinds of point, in its order (ABF: green, red, gold)."""
    return current_scheme().point_kind_choices()


def grade_choices() -> list[tuple[str, str]]:
    """The scheme's tournament grades (ABF 1.5.1)."""
    return current_scheme().grade_choices()
