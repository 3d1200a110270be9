"""Fixtures: the real app on a temporary database, with the counter engine
(tests of the server contract) or the real house engine (test_house_*)."""
from __future__ import annotations

import json

import pytest

from counter_engine import CONTENT, engines
from server.app import create_app
from kit.engine import seeded
from server.settings import Settings


@pytest.fixture
def settings(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "counter.json").write_text(json.dumps(CONTENT), encoding="utf-8")
    assets = tmp_path / "assets"
    assets.mkdir()
    return Settings(db_path=tmp_path / "db" / "tables.sqlite3", content_dir=content, asset_dir=assets,
                    rate_per_second=1000, rate_burst=1000, address_rate=10_000, address_burst=10_000,
                    create_rate=1000, create_burst=1000, sqlite_sync="NORMAL", snapshot_every=5)


@pytest.fixture
def make_client(aiohttp_client):
    async def make(settings, seed=None, **kw):
        app = create_app(settings, lookup=engines, rng_source=seeded(seed) if seed is not None else None, **kw)
        return await aiohttp_client(app)
    return make


@pytest.fixture
async def client(make_client, settings):
    return await make_client(settings)


async def new_table(client, seats=("Red", "Blue"), sit=True):
    """Create a counter table and seat everyone; returns (table_id, headers)."""
    r = await client.post("/v1/tables", json={"ruleset": "counter", "locale": "zh-Hans", "seats": list(seats)})
    assert r.status == 201, await r.text()
    body = await r.json()
    headers = {"Authorization": f"Bearer {body['host_token']}"}
    if sit:
        for seat in seats:
            r = await client.post(f"/v1/tables/{body['table_id']}/seats", json={"player": seat}, headers=headers)
            assert r.status == 200, await r.text()
    return body["table_id"], headers
