"""What every table route does first: the caller's rate, its token, the
table it opens and the seat a seat token acts as; and which events and ops
an audience may see."""
from __future__ import annotations

from aiohttp import web

from kit.engine import visible

from . import auth, seats
from .lifecycle import Lifecycle
from .ratelimit import RateLimiter, client_address
from .settings import Settings
from .tables import COLOURS, Table, Tables
from .wire import ProtocolError, as_str, read_body

SETTINGS = web.AppKey("settings", Settings)
TABLES = web.AppKey("tables", Tables)
LIMITER = web.AppKey("limiter", RateLimiter)
ADDRESSES = web.AppKey("addresses", RateLimiter)
CREATIONS = web.AppKey("creations", RateLimiter)
LIFECYCLE = web.AppKey("lifecycle", Lifecycle)


def rate(request: web.Request, key: str, limiter=LIMITER) -> None:
    wait = request.app[limiter].check(key)
    if wait > 0:
        retry = RateLimiter.retry_after(wait)
        raise ProtocolError(429, "RATE-LIMITED", f"retry after {retry} s", headers={"Retry-After": retry})


def address(request: web.Request) -> str:
    return client_address(request, request.app[SETTINGS].trusted_proxies)


async def table_call(request: web.Request, with_body: bool, query_token: bool = False) -> tuple[Table, dict]:
    """The table, the request's fields, after rate and token checks: the
    caller's address first (before anything is read), then the token (before
    the table is looked at: without one, every id answers 401), then the
    token's own bucket, which only a token that opens the table gets."""
    tables = request.app[TABLES]
    rate(request, address(request), ADDRESSES)
    fields = await read_body(request, request.app[SETTINGS].body_seconds) if with_body else {}
    if query_token and isinstance(request.query.get("token"), str):
        # A link opened from the table cannot carry a header: the page routes take `?token=`.
        fields = {**fields, "token": request.query["token"]}
    token = auth.presented_token(request, fields)
    if token is None:
        raise ProtocolError(401, "AUTH-MISSING", "send Authorization: Bearer <table token>",
                            headers={"WWW-Authenticate": "Bearer"})
    # Hashed once: the comparison with the stored hash and the rate limiter's key.
    token_hash = auth.hash_token(token)
    table, seat = tables.open(request.match_info["table_id"], token_hash)
    rate(request, token_hash)
    if seat is not None:
        request[seats.SEAT] = seat
    return table, fields


def seat_field(value, name: str = "seat", required: bool = False) -> str | None:
    seat = as_str(value, name, required=required)
    if seat is not None and seat not in COLOURS:
        raise ProtocolError(400, "BAD-REQUEST", f"{name}: expected a TTS colour ({', '.join(COLOURS)})")
    return seat


def for_seat(items: list[dict], seat: str | None, everyone: bool = True) -> list[dict]:
    """Events or ops one audience may see: everything for the table itself
    (the host's TTS lays out every piece, hidden hands included: it relays
    every seat, the trust model of any TTS mod), else what `seat` (None: a
    spectator) may see by each item's `visible_to`."""
    if everyone and seat is None:
        return items
    return visible(items, seat)


def audience(request: web.Request) -> tuple[str | None, bool]:
    """(?seat=, whether the whole table is asked for): with no seat the host
    sees all; `?seat=` narrows to that seat, `?public=1` to a spectator."""
    seat = seats.as_seat(request, seat_field(request.query.get("seat")), "seat")
    public = request.query.get("public") in ("1", "true")
    # A seat token reads as its seat, never as the whole table.
    return seat, seat is None and not public and request.get(seats.SEAT) is None
