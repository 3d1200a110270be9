"""Token buckets per caller, so one runaway script cannot starve the rest.

Three limiters use them: one per client address on every /v1 request, run
before the body is read; one per table token (its hash, never the token
itself), only for a token that opened its table, so inventing tokens earns
no fresh bucket; and one per address for creating tables.
"""
from __future__ import annotations

import ipaddress
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


def client_address(request, trusted: tuple[str, ...] = ()) -> str:
    """The peer's address; behind a proxy listed in `trusted` (a TLS
    terminator, whose own address every client would otherwise share), the
    last address in X-Forwarded-For that is not one of those proxies."""
    peer = request.remote or "?"
    if peer not in trusted:
        return peer
    hops = [h.strip() for h in ",".join(request.headers.getall("X-Forwarded-For", [])).split(",") if h.strip()]
    for hop in reversed(hops):
        if hop in trusted:
            continue
        try:
            return str(ipaddress.ip_address(hop))
        except ValueError:
            break       # not an address: believe nothing further left
    return peer
