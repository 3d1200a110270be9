"""A token bucket per caller, so one runaway script cannot starve the rest.

Keyed by the hash of the presented token (never the token itself), or by the
peer address when no token is presented (table creation).
"""
from __future__ import annotations

import math
import time
from collections import OrderedDict


class RateLimiter:
    def __init__(self, rate: float, burst: int, clock=time.monotonic, max_keys: int = 100_000):
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def check(self, key: str) -> float:
        """Take one request for `key`; 0.0 if allowed, else seconds to wait."""
        now = self._clock()
        tokens, last = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            wait = 0.0
        else:
            self._buckets[key] = (tokens, now)
            wait = (1.0 - tokens) / self.rate
        while len(self._buckets) > self._max_keys:
            self._buckets.popitem(last=False)
        return wait

    @staticmethod
    def retry_after(wait: float) -> str:
        return str(max(1, math.ceil(wait)))
