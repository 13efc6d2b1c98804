"""Versions of the public data, kept in the cache: a cached page or a kept table names the
versions it was built from, and is used only while they are still current.

A version is bumped when a change is made and again after its commit: a reader that builds
a page between the two stores it under a version that the second bump leaves behind, and a
reader that sees the last version also sees the committed data. A version starts from the
clock, so a cache that was emptied never hands out a number an older page was stored under.
The cache must be one for every process that writes (Redis in production, REDIS_URL).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction

# The approved totals (they change at a month close), the lifetime totals (approved and
# provisional: every credit), and the registry's details of players.
APPROVED = "approved"
LIFETIME = "lifetime"
PLAYERS = "players"
# The pre-1982 red points, on which the rank at 1 January of the standings depends (1.8).
PRE_1982 = "pre_1982"

_PREFIX = "data-version:"


def data_version(*names: str) -> str:
    """The current versions of `names`, as one string for a cache key."""
    keys = [_PREFIX + name for name in names]
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:
            cache.add(key, time.time_ns(), timeout=None)
            found[key] = cache.get(key)
    return "-".join(str(found[key]) for key in keys)


def _bump(names: tuple[str, ...]) -> None:
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


def public_cached(key: str, build: Callable[[], T], *, versions: tuple[str, ...]) -> T:
    """What `build` returns for a public read, kept in the cache under `key` and the current
    versions of the data it reads; built again whenever one of them has moved on."""
    stamp = data_version(*versions)  # first: the data read after it is at least as new
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    full = f"public:{digest}:{stamp}"
    value = cache.get(full)
    if value is None:
        value = build()
        cache.set(full, value, PUBLIC_TIMEOUT)
    return value
