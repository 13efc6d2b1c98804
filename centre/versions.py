"""Versions of the public data, kept in the cache: a cached page or a kept table names the
versions it was built from, and is used only while they are still current.

A version is bumped after the commit of the change it stands for, never before: a reader
that sees the new version also sees the new data. It starts from the clock, so a cache that
was emptied never hands out a number that an older page was stored under. The cache must be
one for every process that writes (Redis in production, REDIS_URL).
"""

from __future__ import annotations

import time

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
    """Bump the versions of `names` once the current transaction commits (or now, outside
    one)."""
    transaction.on_commit(lambda: _bump(names))
