"""Addresses of the site's pages worked out once a process, for the pages every visitor reads.

`reverse()` looks a name up and fills in and checks its pattern at each call, about 40 us
(a fifth of a million instructions): the player page named three of its player's other pages
and the frame the home page. An address that takes one argument is the same text around it
for every argument, so the text around it is worked out once for each set of addresses (the
URL configuration and the script prefix, as the menu's are) and the argument quoted into it
as `reverse()` quotes it. The argument is one that the name's pattern accepts (`<str:...>`):
the address of a player's number, say, and not a text with a slash.
"""

from __future__ import annotations

import functools
from urllib.parse import quote

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.http import RFC3986_SUBDELIMS

# What stands for the argument while its pattern is filled in: a text no address holds.
_ARGUMENT = "~argument~"
# The characters `reverse()` leaves unquoted in an address (django.urls.resolvers).
_SAFE = RFC3986_SUBDELIMS + "/~:@"


def address(name: str, argument: str | None = None) -> str:
    """The address of the page `name`, of `argument` where it takes one: `reverse(name)` or
    `reverse(name, args=[argument])`."""
    where = (get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())
    if argument is None:
        return _address(name, *where)
    before, after = _around(name, *where)
    return before + quote(str(argument), safe=_SAFE) + after


@functools.lru_cache(maxsize=256)
def _address(name: str, urlconf: str, prefix: str) -> str:
    return reverse(name, urlconf=urlconf)


@functools.lru_cache(maxsize=256)
def _around(name: str, urlconf: str, prefix: str) -> tuple[str, str]:
    before, after = reverse(name, urlconf=urlconf, args=[_ARGUMENT]).split(_ARGUMENT)
    return before, after
