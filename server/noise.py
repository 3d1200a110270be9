"""What misbehaving clients leave in the log: one DEBUG line, no traceback.

aiohttp logs every malformed request (a line too long, a bad header, a
scanner speaking TLS to the HTTP port) and every client that vanished
mid-request as an ERROR with a traceback: 18 MB of log for 20,000 such
requests, and a monitor watching for ERRORs woken by strangers. The client
gets its 400 either way; only the server's own faults stay ERRORs.
"""
from __future__ import annotations

import logging

from aiohttp import http_exceptions, web_protocol

CLIENT_FAULTS = (http_exceptions.HttpProcessingError, web_protocol.RequestPayloadError, ConnectionError)


class ClientFaults(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, CLIENT_FAULTS):
            record.msg = f"{record.getMessage()}: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            record.args = None
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


_FILTER = ClientFaults()


def install() -> None:
    """Once per process (each call after the first does nothing)."""
    logger = logging.getLogger("aiohttp.server")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)
