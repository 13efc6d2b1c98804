"""The Redis cache (centre.cache): Django's, with one client per connection pool kept for the
life of the process instead of one built for every operation."""

import pytest
from django.conf import settings

from centre.cache import RedisCache


@pytest.fixture
def redis_cache():
    if not settings.REDIS_URL:
        pytest.skip("the Redis cache is configured by REDIS_URL")
    return RedisCache(settings.REDIS_URL, {"KEY_PREFIX": "test-cache-client"})


def test_the_configured_cache_is_the_one_that_keeps_its_clients():
    if not settings.REDIS_URL:
        pytest.skip("the Redis cache is configured by REDIS_URL")
    assert settings.CACHES["default"]["BACKEND"] == "centre.cache.RedisCache"


def test_the_cache_answers_as_django_s_and_reuses_its_client(redis_cache):
    redis_cache.set("history", [1.5, 2.5], 30)
    redis_cache.set("count", 7, 30)

    assert redis_cache.get("history") == [1.5, 2.5]
    assert redis_cache.incr("count") == 8
    assert redis_cache.add("count", 1, 30) is False
    assert redis_cache.get_many(["history", "count", "missing"]) == {
        "history": [1.5, 2.5],
        "count": 8,
    }
    redis_cache.delete_many(["history", "count"])
    assert redis_cache.get("history") is None
    client = redis_cache._cache
    assert client.get_client() is client.get_client(write=True)
