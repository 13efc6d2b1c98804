"""Versions of the public data, kept in the cache: a cached page or a kept table names the
versions it was built from, and is used only while they are still current.

A version is bumped when a change is made and again after its commit: a reader that builds
a page between the two stores it under a version that the second bump leaves behind, and a
reader that sees the last version also sees the committed data. A version starts from the
clock, so a cache that was emptied never hands out a number an older page was stored under.
The cache must be one for every process that writes (Redis in production, REDIS_URL).

A request reads every version once, at its first public read, in the same round trip as the
value it looks for and the marks of kept tables (`read_along`): its public reads all name the
same versions, and each one after the first costs one round trip of its own at most. A change
made in the request forgets what it read.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import TypeVar

from asgiref.local import Local
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import transaction

# The approved totals (they change at a month close), the lifetime totals (approved and
# provisional: every credit), and the registry's details of players.
APPROVED = "approved"
LIFETIME = "lifetime"
PLAYERS = "players"
# The pre-1982 red points, on which the rank at 1 January of the standings depends (1.8).
PRE_1982 = "pre_1982"

NAMES = (APPROVED, LIFETIME, PLAYERS, PRE_1982)

_PREFIX = "data-version:"
_VERSION_KEYS = tuple(_PREFIX + name for name in NAMES)

# The cache keys of marks read with the versions, once a request (`read_along`).
_ALONG: set[str] = set()
# What the current request has read of the versions and the marks; None outside a request.
_request = Local()
_ABSENT = object()


def read_along(key: str) -> None:
    """Read the cache's `key` (a kept table's mark of the versions it was kept from) with the
    versions, once a request."""
    _ALONG.add(key)


def _request_began(**kwargs: object) -> None:
    _request.read = {}
    _request.ahead = ()


def _request_ended(**kwargs: object) -> None:
    _request.read = None


request_started.connect(_request_began, dispatch_uid="centre.versions.began")
request_finished.connect(_request_ended, dispatch_uid="centre.versions.ended")


def forget() -> None:
    """Drop what the current request has read of the versions and marks (a change of them)."""
    if getattr(_request, "read", None) is not None:
        _request.read = {}


def _read(key: str | None) -> tuple[dict[str, object], object]:
    """Every version and mark, and the cache's value of `key` (None: none), in one round trip;
    in a request, the versions and marks as it first read them, with the values it said it
    would read (`public_read_ahead`)."""
    known = getattr(_request, "read", None)
    if known:
        if key in known:
            held = known[key]
            return known, None if held is _ABSENT else held
        found = cache.get(key) if key is not None else None
        return known, found
    ahead = getattr(_request, "ahead", ()) if known is not None else ()
    keys = [*_VERSION_KEYS, *sorted(_ALONG), *ahead] + ([key] if key is not None else [])
    found = cache.get_many(keys)
    for version in _VERSION_KEYS:
        if version not in found:
            cache.add(version, time.time_ns(), timeout=None)
            found[version] = cache.get(version)
    read = {name: found.get(name, _ABSENT) for name in keys if name != key}
    if known is not None:
        _request.read = read
    return read, found.get(key) if key is not None else None


def _stamp(read: dict[str, object], names: tuple[str, ...]) -> str:
    return "-".join(str(read[_PREFIX + name]) for name in names)


def data_version(*names: str) -> str:
    """The current versions of `names`, as one string for a cache key."""
    read, _ = _read(None)
    return _stamp(read, names)


def data_version_and_mark(names: tuple[str, ...], key: str) -> tuple[str, object]:
    """`data_version(*names)` and the cache's value of `key`, a mark registered by
    `read_along` (None when it is not in the cache), in one read of the cache."""
    read, _ = _read(None)
    mark = read.get(key, _ABSENT)
    if mark is _ABSENT:  # not registered, or not in the cache
        mark = None if key in _ALONG else cache.get(key)
    return _stamp(read, names), mark


def _bump(names: tuple[str, ...]) -> None:
    forget()
    for name in names:
        key = _PREFIX + name
        try:
            cache.incr(key)
        except ValueError:
            # Not in the cache (emptied): start again from the clock, past any number a
            # reader may have just added.
            cache.set(key, time.time_ns(), timeout=None)


def data_changed(*names: str) -> None:
    """Bump the versions of `names` now and once the current transaction commits."""
    _bump(names)
    transaction.on_commit(lambda: _bump(names))


# How long a public page's data is kept at most; a change of its versions drops it sooner.
PUBLIC_TIMEOUT = 60 * 60

T = TypeVar("T")


def _public_key(key: str) -> str:
    return f"public:{hashlib.sha256(key.encode()).hexdigest()[:32]}"


def public_read_ahead(key: str) -> None:
    """Read `public_cached`'s value of `key` with the versions, at the request's first read of
    them: a request that reads the versions (a place, a kept table's mark) before it knows
    whether the value it keeps is still good saves a round trip."""
    if getattr(_request, "read", None) == {}:
        _request.ahead = (*getattr(_request, "ahead", ()), _public_key(key))


def public_cached(
    key: str,
    build: Callable[[], T],
    *,
    versions: tuple[str, ...],
    keep: Callable[[T], bool] | None = None,
    good: Callable[[T], bool] | None = None,
) -> T:
    """What `build` returns for a public read, kept in the cache under `key` with the current
    versions of the data it reads; built again whenever one of them has moved on, or `good`
    refuses what was kept. One round trip to the cache when it is current (the versions and
    the value read together). A value that `keep` refuses (an answer to input that was
    refused) is returned, not kept."""
    full = _public_key(key)
    # The versions first (or with it): the data read after them is at least as new.
    read, held = _read(full)
    stamp = _stamp(read, versions)
    if isinstance(held, tuple) and held[0] == stamp and (good is None or good(held[1])):
        return held[1]
    value = build()
    if keep is None or keep(value):
        cache.set(full, (stamp, value), PUBLIC_TIMEOUT)
    return value
