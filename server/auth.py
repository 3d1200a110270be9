"""Table tokens: random, stored only as a hash, compared in constant time.

Every request comes from the host's TTS, which holds the one table token it
was shown at creation. The token is 192 random bits, so an unsalted SHA-256
is enough to make a stolen database useless for calling the server; a slow
password hash would only cost latency on every action.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

from aiohttp import web

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def hash_matches(token_hash: str, stored_hash: str) -> bool:
    return hmac.compare_digest(token_hash, stored_hash)


def presented_token(request: web.Request, fields: dict | None = None) -> str | None:
    """The token from `Authorization: Bearer …`, `X-Table-Token`, or a
    `token` form/JSON field (WebRequest.post cannot set headers)."""
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    token = request.headers.get("X-Table-Token", "").strip()
    if token:
        return token
    if fields and isinstance(fields.get("token"), str) and fields["token"].strip():
        return fields["token"].strip()
    return None
