"""What a client can do to a connection: leave it unfinished, send bytes
that are not HTTP, or vanish. Nothing of it is an ERROR in the log."""
from __future__ import annotations

import asyncio
import logging

from conftest import new_table


async def _raw(client, data: bytes, wait: float = 5.0) -> bytes:
    reader, writer = await asyncio.open_connection(client.server.host, client.server.port)
    writer.write(data)
    await writer.drain()
    try:
        answer = await asyncio.wait_for(reader.read(65536), wait)
    finally:
        writer.close()
    return answer


async def test_malformed_http_and_vanishing_clients_leave_no_error_in_the_log(client, caplog):
    tid, h = await new_table(client)
    caplog.set_level(logging.INFO)
    bad = [b"\x16\x03\x01\x02\x00\x01" + b"\x00" * 64,
           b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
           b"GET /healthz HTTP/1.1\r\nBad Header: x\r\n\r\n",
           b"POST /v1/tables HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n"]
    for data in bad:
        answer = await _raw(client, data)
        assert answer.split(b" ", 2)[1] == b"400", answer[:80]
    # Content-Encoding: gzip on bytes that are not gzip: 400, not 500.
    body = b'{"action": "add"}'
    answer = await _raw(client, f"POST /v1/tables/{tid}/actions HTTP/1.1\r\nHost: x\r\n"
                        f"Authorization: {h['Authorization']}\r\nContent-Encoding: gzip\r\n"
                        f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
    # Gone mid-body, and gone before the answer.
    for data in (b"POST /v1/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 400\r\n\r\n{\"rule",
                 b"GET /v1/tables/" + tid.encode() + b"/log HTTP/1.1\r\nHost: x\r\n\r\n"):
        reader, writer = await asyncio.open_connection(client.server.host, client.server.port)
        writer.write(data)
        await writer.drain()
        writer.transport.abort()
    await asyncio.sleep(0.2)
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert loud == [], [r.getMessage() for r in loud]


async def test_a_request_that_never_completes_is_closed(aiohttp_client, settings):
    """`python -m server` sets keepalive_timeout from --idle-timeout (30 s):
    aiohttp then closes a connection whose request is not whole by then."""
    from aiohttp.test_utils import TestServer
    from counter_engine import engines
    from server.app import create_app
    server = TestServer(create_app(settings, lookup=engines))
    await server.start_server(keepalive_timeout=0.5)
    client = await aiohttp_client(server)
    loop = asyncio.get_running_loop()
    start = loop.time()
    answer = await _raw(client, b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ", wait=5)
    assert answer == b"" and loop.time() - start < 3


async def test_a_body_that_never_arrives_is_refused_with_408(make_client, settings):
    settings.body_seconds = 0.3
    client = await make_client(settings)
    answer = await _raw(client, b"POST /v1/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                b"Content-Length: 100\r\n\r\n{\"ruleset\"")
    assert answer.startswith(b"HTTP/1.1 408") and b'"TIMEOUT"' in answer
