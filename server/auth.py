"""Table tokens: random, stored only as a hash, compared in constant time.

The host's TTS holds the table token it was shown at creation, and relays
every seat's actions with it. With it the host may issue a seat token per
seat, which acts only as that seat and reads only what that seat may see
(a web page, a bot, a player's own device). Tokens are 192 random bits, so
an unsalted SHA-256 is enough to make a stolen database useless for calling
the server; a slow password hash would only cost latency on every action.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from aiohttp import web

from .wire import ProtocolError

TOKEN_BYTES = 24  # 192 bits
# What new_token makes, with length to spare; anything else opens nothing.
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{1,128}$")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def hash_matches(token_hash: str, stored_hash: str) -> bool:
    return hmac.compare_digest(token_hash, stored_hash)


def forbidden() -> ProtocolError:
    return ProtocolError(403, "AUTH-FORBIDDEN")


def opens(token_hash: str, host_hash: str, seat_hashes: dict[str, str]) -> str | None:
    """None for the host's token, the seat for one of its seat tokens, else 403."""
    if hash_matches(token_hash, host_hash):
        return None
    seat = None
    for name, stored in seat_hashes.items():    # every one compared: the time says nothing
        if hash_matches(token_hash, stored):
            seat = name
    if seat is None:
        raise forbidden()
    return seat


def presented_token(request: web.Request, fields: dict | None = None) -> str | None:
    """The token from `Authorization: Bearer …`, `X-Table-Token`, or a
    `token` form/JSON field (WebRequest.post cannot set headers)."""
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        token = header[7:].strip()
    else:
        token = request.headers.get("X-Table-Token", "").strip()
        if not token and fields and isinstance(fields.get("token"), str):
            token = fields["token"].strip()
    if not token:
        return None
    if not TOKEN_RE.match(token):
        # Header bytes that are not UTF-8 arrive here as surrogate escapes.
        raise ProtocolError(400, "BAD-REQUEST", "token: expected the table token as issued "
                            "(ASCII letters, digits, - and _)")
    return token
