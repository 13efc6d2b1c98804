"""Work waiting for a login: requests to decide, uploads not yet credited, months to close.

The kernel keeps the list and the apps above it fill it, each in its `AppConfig.ready()`
(the kernel never imports them): the home pages list what waits, and the menu shows each
count as a badge beside the page where it is done.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

from centre.models import Role, User


@dataclass(frozen=True)
class Waiting:
    """One kind of work: who does it, where (a URL name), and how many wait for a login."""

    url_name: str
    roles: tuple[Role, ...]
    # "{n} authorisation request{s} to decide": n the count, s "s" unless it is one.
    words: str
    count: Callable[[User], int]


WAITING: dict[str, Waiting] = {}


def waiting_register(waiting: Waiting) -> None:
    """Add a kind of work (again under the same URL name and roles: replaced, so that a
    second `ready()` in the tests does not count it twice)."""
    WAITING[f"{waiting.url_name}:{','.join(waiting.roles)}"] = waiting


def waiting_for(user: User) -> list[dict]:
    """What waits for this login, each kind with its count, words and address; only the
    kinds with something waiting."""
    if not user.is_authenticated:
        return []
    found = []
    for waiting in WAITING.values():
        if user.role not in waiting.roles:
            continue
        count = waiting.count(user)
        if not count:
            continue
        try:
            url = reverse(waiting.url_name)
        except NoReverseMatch:
            continue
        found.append(
            {
                "url_name": waiting.url_name,
                "url": url,
                "count": count,
                "text": waiting.words.format(n=count, s="" if count == 1 else "s"),
            }
        )
    return found


def waiting_of(request: HttpRequest) -> list[dict]:
    """waiting_for the request's login, counted once a request (the menu and the page)."""
    if not hasattr(request, "_waiting"):
        request._waiting = waiting_for(request.user)
    return request._waiting
