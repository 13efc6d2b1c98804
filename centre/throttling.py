"""The API's throttles: DRF's, counting requests in fixed windows.

DRF's throttles keep each client's history, a list of the times of its requests in the last
period, read and written whole at every request: two round trips to the cache per throttle,
and two workers answering the same client at once can each write a history without the
other's request. These count instead: one atomic increment of the client's counter for the
current window (`centre.cache.count`), one round trip, exact across workers. A client gets
its rate in each window of the period ("120/min": 120 from 10:00:00 to 10:00:59), so at the
turn of a window it may send up to twice the rate within one period, which a throttle of
this kind accepts; the answer to the request over the rate says how long until the window
turns (Retry-After).

An anonymous request is counted by the anonymous rate only: the user rate, higher, is for
logins (DRF's would count an anonymous client under both).
"""

from __future__ import annotations

import math

from rest_framework import throttling

from centre.cache import count


class FixedWindowThrottle(throttling.SimpleRateThrottle):
    """DRF's SimpleRateThrottle (the rates, the scopes, the keys), counted by window."""

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        self.now = self.timer()
        window = int(self.now // self.duration)
        self.turn = (window + 1) * self.duration
        # Kept a second past its window's end: the clocks of two workers differ that little.
        requests = count(self.cache, f"{key}:{window}", self.duration + 1)
        return requests <= self.num_requests

    def wait(self) -> float | None:
        """The seconds until the window turns, whole (Retry-After)."""
        return max(1, math.ceil(self.turn - self.now))


# Each DRF throttle before FixedWindowThrottle, whose counting its own methods then call.
class AnonRateThrottle(throttling.AnonRateThrottle, FixedWindowThrottle):
    pass


class UserRateThrottle(throttling.UserRateThrottle, FixedWindowThrottle):
    def get_cache_key(self, request, view) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None  # counted by AnonRateThrottle
        return super().get_cache_key(request, view)


class ScopedRateThrottle(throttling.ScopedRateThrottle, FixedWindowThrottle):
    pass
