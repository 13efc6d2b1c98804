"""The schemes a deployment may run, by code. The Django side calls
`get_scheme(settings.MASTERPOINT_SCHEME)`; nothing here imports Django."""

from __future__ import annotations

from collections.abc import Mapping

from scheme.abf.scheme import ABF_SCHEME
from scheme.acbl.scheme import ACBL_SCHEME
from scheme.base import Scheme
from scheme.nz.scheme import NZ_SCHEME

default_scheme_code = "abf"

SCHEMES: Mapping[str, Scheme] = {
    scheme.code: scheme for scheme in (ABF_SCHEME, NZ_SCHEME, ACBL_SCHEME)
}


class UnknownScheme(LookupError):
    """A scheme code no module implements."""


def get_scheme(code: str | None = None) -> Scheme:
    """The scheme of `code` (the default, "abf", when None)."""
    key = default_scheme_code if code is None else str(code).strip().lower()
    try:
        return SCHEMES[key]
    except KeyError:
        known = ", ".join(sorted(SCHEMES))
        raise UnknownScheme(f"unknown masterpoint scheme {code!r} (known: {known})") from None
