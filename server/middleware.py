"""Middlewares: every refusal leaves as one JSON shape, and CORS.

Kept apart from the routes so that what a client sees when anything goes
wrong (ours, aiohttp's, the disk's) is decided in one place.
"""
from __future__ import annotations

import logging

from aiohttp import web

from .calls import SETTINGS
from .wire import ProtocolError, respond
from .writer import StorageError, WriterFailed

log = logging.getLogger("hauntkit.server")

HTTP_CODES = {400: "BAD-REQUEST", 401: "AUTH-MISSING", 403: "AUTH-FORBIDDEN", 404: "NOT-FOUND",
              405: "METHOD-NOT-ALLOWED", 408: "TIMEOUT", 413: "TOO-LARGE", 429: "RATE-LIMITED"}


@web.middleware
async def refusals(request: web.Request, handler):
    """Every refusal, ours or aiohttp's, leaves as the same JSON shape."""
    try:
        return await handler(request)
    except ProtocolError as exc:
        return respond(exc.body(), status=exc.status, headers=exc.headers)
    except WriterFailed as exc:
        return respond(storage_failed(exc).body(), status=503)
    except StorageError as exc:
        err = storage_failed(exc)
        return respond(err.body(), status=503, headers=err.headers)
    except ConnectionError:
        # The client went away (mid-body, or before its answer): nobody to answer.
        log.debug("client left during %s %s", request.method, request.path)
        return web.Response(status=400)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        code = HTTP_CODES.get(exc.status, "BAD-REQUEST")
        err = ProtocolError(exc.status, code, "" if code != "TOO-LARGE" else
                            f"at most {request.app[SETTINGS].max_body_bytes} bytes")
        return respond(err.body(), status=exc.status)
    except Exception:
        log.exception("unhandled error on %s %s", request.method, request.path)
        return respond(ProtocolError(500, "INTERNAL").body(), status=500)


def storage_failed(exc: Exception) -> ProtocolError:
    """STORAGE-FAILED: the writer stopped, only a restart helps; STORAGE-FULL:
    the disk refused this write (full, read-only), nothing of it was kept,
    and a retry may succeed once the disk takes writes again."""
    if isinstance(exc, StorageError):
        return ProtocolError(503, "STORAGE-FULL", str(exc), headers={"Retry-After": "5"})
    return ProtocolError(503, "STORAGE-FAILED", str(exc))


def cors_middleware(origins: tuple[str, ...]):
    @web.middleware
    async def cors(request: web.Request, handler):
        origin = request.headers.get("Origin")
        allowed = origin and ("*" in origins or origin in origins)
        if request.method == "OPTIONS" and allowed:
            resp = web.Response(status=204)
        else:
            resp = await handler(request)
        if allowed:
            resp.headers["Access-Control-Allow-Origin"] = origin
            resp.headers["Vary"] = "Origin"
            resp.headers["Access-Control-Allow-Headers"] = "Authorization, Content-Type, X-Table-Token"
            resp.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        return resp
    return cors
