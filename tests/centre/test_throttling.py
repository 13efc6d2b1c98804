"""The API's throttles (centre.throttling): each client's requests counted in fixed windows
of the rate's period, one atomic count a request; the request past the rate is refused with
429 and told when the window turns."""

import pytest
from django.conf import settings
from django.core.cache import cache
from rest_framework.test import APIClient

from centre.cache import RedisCache, count
from centre.throttling import AnonRateThrottle, FixedWindowThrottle, UserRateThrottle
from tests.factories import ClubSecretaryFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings, monkeypatch):
    """The anonymous rate 3 a minute and the user rate 5, at 10:00:45 of a fixed clock."""
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": "3/min", "user": "5/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    # DRF reads the rates once, into the throttle classes: point them at these.
    for throttle in (AnonRateThrottle, UserRateThrottle):
        monkeypatch.setattr(throttle, "THROTTLE_RATES", rates)
    clock = {"now": 1_800_000_000 + 45.0}  # 45 s into a minute
    monkeypatch.setattr(FixedWindowThrottle, "timer", lambda self: clock["now"])
    return clock


def _get(client, number):
    return client.get(f"/api/v1/masterpoints/{number}")


def test_an_anonymous_client_gets_its_rate_then_429_until_the_minute_turns(rates):
    number = PlayerFactory().abf_number
    client = APIClient()

    assert [_get(client, number).status_code for _ in range(3)] == [200, 200, 200]
    refused = _get(client, number)

    assert refused.status_code == 429
    assert refused.json()["error"]["status"] == 429
    assert refused["Retry-After"] == "15"  # 10:00:45 to 10:01:00
    rates["now"] += 15
    assert _get(client, number).status_code == 200


def test_a_login_is_counted_by_the_user_rate_not_the_anonymous_one(rates):
    number = PlayerFactory().abf_number
    client = APIClient()
    client.force_authenticate(ClubSecretaryFactory())

    assert [_get(client, number).status_code for _ in range(6)] == [200] * 5 + [429]
    # Its address's anonymous visitors still have their own three.
    assert _get(APIClient(), number).status_code == 200


def test_the_count_is_one_per_request_and_held_for_the_window(rates):
    counted = [count(cache, "test-throttle:window", 60) for _ in range(4)]

    assert counted == [1, 2, 3, 4]
    assert cache.get("test-throttle:window") == 4


def test_the_redis_counter_is_created_with_its_expiry():
    if not settings.REDIS_URL:
        pytest.skip("the Redis cache is configured by REDIS_URL")
    redis_cache = RedisCache(settings.REDIS_URL, {"KEY_PREFIX": "test-throttle"})
    redis_cache.delete("window")

    assert [redis_cache.count("window", 30) for _ in range(3)] == [1, 2, 3]
    key = redis_cache.make_and_validate_key("window")
    ttl = redis_cache._cache.get_client(key).ttl(key)
    assert 0 < ttl <= 30  # set by the first count, not moved by the others
    assert redis_cache.get("window") == 3  # a whole number, as Django's incr keeps it
    # A restarted Redis has forgotten the counter's script: it is sent again.
    redis_cache._cache.get_client(key).script_flush()
    assert redis_cache.count("window", 30) == 4
    redis_cache.delete("window")
