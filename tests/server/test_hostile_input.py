"""Input no client should be able to turn into a 500: every one is a 4xx
with a message naming what was wrong, and the table stays as it was."""
from __future__ import annotations

import asyncio
import os

import pytest

from conftest import new_table


async def _refused(r, status=400, code="BAD-REQUEST"):
    body = await r.json()
    assert r.status == status, body
    assert body["ok"] is False and body["error"]["code"] == code, body
    assert set(body["error"]["message"]) == {"zh-Hans", "zh-Hant", "en"}
    return body["error"]["message"]["en"]


async def _version(client, tid, h):
    return (await (await client.get(f"/v1/tables/{tid}", headers=h)).json())["version"]


async def test_json_nested_600_deep_is_refused(client):
    tid, h = await new_table(client)
    deep = "[" * 600 + "]" * 600
    body = '{"action": "add", "player": "Red", "args": {"x": %s}}' % deep
    r = await client.post(f"/v1/tables/{tid}/actions", headers={**h, "Content-Type": "application/json"},
                          data=body)
    assert "nested" in await _refused(r)
    assert await _version(client, tid, h) == 2


async def test_form_args_with_3000_brackets_is_refused(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          data={"action": "add", "player": "Red", "args": "[" * 3000})
    assert "nested" in await _refused(r)
    assert await _version(client, tid, h) == 2


async def _raw(client, data: bytes) -> bytes:
    reader, writer = await asyncio.open_connection(client.server.host, client.server.port)
    writer.write(data)
    await writer.drain()
    answer = await reader.read(65536)
    writer.close()
    return answer


async def test_invalid_utf8_in_the_token_header_is_refused(client):
    tid, h = await new_table(client)
    for header in (b"Authorization: Bearer \xff\xfe", b"X-Table-Token: \xc3\x28"):
        answer = await _raw(client, b"GET /v1/tables/" + tid.encode() + b"/state HTTP/1.1\r\nHost: x\r\n"
                            + header + b"\r\nConnection: close\r\n\r\n")
        status = int(answer.split()[1])
        assert status in (400, 403), answer


async def test_nested_seat_lists_on_creation_are_refused(client):
    r = await client.post("/v1/tables", json={"ruleset": "counter", "seats": [["Red"]]})
    assert "seats" in await _refused(r)


async def test_after_beyond_2_63_is_refused(client):
    tid, h = await new_table(client)
    r = await client.get(f"/v1/tables/{tid}/events?after={2**64}", headers=h)
    assert "after" in await _refused(r)


async def test_integers_beyond_64_bits_in_args_are_refused_before_the_engine(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "say", "player": "Red", "args": {"text": "x", "n": 2**70}})
    assert "integer" in await _refused(r)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          data={"action": "say", "player": "Red", "args": '{"n": 1e30}'})
    await _refused(r)
    assert await _version(client, tid, h) == 2


async def test_a_lone_surrogate_in_form_args_is_refused(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          data={"action": "say", "player": "Red", "args": '{"text": "\\ud800"}'})
    assert "surrogate" in await _refused(r)
    assert await _version(client, tid, h) == 2


async def test_a_5000_character_asset_name_is_404(client):
    r = await client.get("/assets/" + "a" * 5000 + ".png")
    await _refused(r, 404, "NOT-FOUND")


async def test_an_asset_symlink_loop_is_404(client, settings):
    os.symlink("loop_b", settings.asset_dir / "loop_a")
    os.symlink("loop_a", settings.asset_dir / "loop_b")
    r = await client.get("/assets/loop_a")
    await _refused(r, 404, "NOT-FOUND")
    r = await client.get("/assets/loop_a/x.png")
    await _refused(r, 404, "NOT-FOUND")
