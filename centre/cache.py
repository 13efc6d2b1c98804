"""Django's Redis cache, keeping one Redis client per connection pool, with a counter that
takes one command.

Django's backend builds a new `redis.Redis` for every operation; redis-py fills a table of
about 170 response callbacks in each, which costs more CPU than the command itself. Every
API request counts itself against its throttle (centre.throttling) and a cached public read
reads its data versions, so the clients are built once per process and reused: the pool
beneath them is the same either way.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends import redis
from django.core.cache.backends.base import BaseCache


class RedisCacheClient(redis.RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: str | None = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        # The pools are kept for the life of the cache, so each one's id names it.
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(redis.RedisCache):
    def __init__(self, server: str | list[str], params: dict) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
        self._count_scripts: dict[int, Any] = {}

    def count(self, key: str, timeout: int) -> int:
        """Add one to the counter `key`, created for `timeout` seconds by its first count, and
        return it: one command (Django's add and incr take three round trips)."""
        key = self.make_and_validate_key(key)
        client = self._cache.get_client(key, write=True)
        script = self._count_scripts.get(id(client))
        if script is None:
            # redis-py sends the script's digest, and the script itself when the server has
            # not got it (a restarted Redis).
            script = self._count_scripts[id(client)] = client.register_script(_COUNT)
        return int(script(keys=[key], args=[timeout]))


# The counter's script: the increment, and the expiry of a new counter, in one atomic command,
# so that no counter is ever left without its expiry.
_COUNT = """
local counted = redis.call('INCR', KEYS[1])
if counted == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return counted
"""


def count(cache: BaseCache, key: str, timeout: int) -> int:
    """`RedisCache.count` on any cache (Django's `cache`, a proxy of the configured one, too):
    another backend adds and increments (the tests' and the demo's memory cache, one
    process)."""
    counter = getattr(cache, "count", None)
    if counter is not None:
        return counter(key, timeout)
    cache.add(key, 0, timeout)
    try:
        return cache.incr(key)
    except ValueError:  # expired between the two
        cache.add(key, 1, timeout)
        return 1
