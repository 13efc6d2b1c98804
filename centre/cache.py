"""Django's Redis cache, keeping one Redis client per connection pool, with a counter that
takes one round trip.

Django's backend builds a new `redis.Redis` for every operation; redis-py fills a table of
about 170 response callbacks in each, which costs more CPU than the command itself. Every
API request reads and writes its throttles' histories (four operations) and a cached public
read its data versions, so the clients are built once per process and reused: the pool
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

    def count(self, key: str, timeout: int) -> int:
        """Add one to the counter `key`, created at nothing for `timeout` seconds if it is
        not there, and return it: one round trip (Django's add and incr take three)."""
        key = self.make_and_validate_key(key)
        pipeline = self._cache.get_client(key, write=True).pipeline(transaction=True)
        pipeline.set(key, 0, ex=timeout, nx=True)
        pipeline.incr(key)
        return pipeline.execute()[1]


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
