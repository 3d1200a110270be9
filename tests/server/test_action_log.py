"""`python -m server` writes each action's JSON line straight to its
descriptor (one write, no logging record); the line is the same one the
logger path gives, and the logger's level still turns it off."""
from __future__ import annotations

import json
import logging
import os

from conftest import new_table

from server import actionlog


async def test_direct_action_lines_one_per_action_without_token(client):
    tid, h = await new_table(client)
    token = h["Authorization"].split()[1]
    read_fd, write_fd = os.pipe()
    logger = actionlog.logger
    level = logger.level
    logger.setLevel(logging.INFO)
    actionlog.write_to(write_fd)
    try:
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "nope", "player": "Red"})
        logger.setLevel(logging.WARNING)
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
    finally:
        actionlog.write_to(None)
        logger.setLevel(level)
        os.close(write_fd)
    with os.fdopen(read_fd, "rb") as pipe:
        raw = pipe.read()
    lines = [json.loads(line) for line in raw.splitlines()]
    assert [(l["action"], l["result"], l["status"]) for l in lines] == [("add", "ok", 200), ("nope", "R-TEST-1", 422)]
    assert lines[0]["version"] == lines[1]["version"]       # the refusal changed nothing
    assert token.encode() not in raw and raw.endswith(b"\n")
