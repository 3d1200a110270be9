"""One structured line per action, never a token; CORS only when configured."""
from __future__ import annotations

import json
import logging

from conftest import new_table


async def test_one_structured_line_per_action_without_token(client, caplog):
    tid, h = await new_table(client)
    token = h["Authorization"].split()[1]
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="hauntkit.actions"):
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "nope", "player": "Red"})
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "hauntkit.actions"]
    assert [(l["action"], l["result"], l["status"]) for l in lines] == [("add", "ok", 200), ("nope", "R-TEST-1", 422)]
    assert all(l["table"] == tid and l["seat"] == "Red" and l["latency_ms"] >= 0 for l in lines)
    assert token not in caplog.text


async def test_cors_off_by_default(client):
    r = await client.get("/healthz", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in r.headers


async def test_cors_on_for_configured_origin(make_client, settings):
    settings.cors_origins = ("https://viewer.example",)
    client = await make_client(settings)
    r = await client.get("/healthz", headers={"Origin": "https://viewer.example"})
    assert r.headers["Access-Control-Allow-Origin"] == "https://viewer.example"
    r = await client.get("/healthz", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in r.headers
