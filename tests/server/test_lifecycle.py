"""Tables leave memory when idle and come back from the store; abandoned
tables (never played, or over and idle) expire and their rows go."""
from __future__ import annotations

import gc
import sqlite3
import time
import weakref

from conftest import new_table
from server.app import LIFECYCLE, TABLES


async def _state(client, tid, h):
    r = await client.get(f"/v1/tables/{tid}/state?seat=Red", headers=h)
    assert r.status == 200, await r.text()
    return await r.json()


async def test_an_idle_table_leaves_memory_and_comes_back_from_the_store(client):
    tables, lifecycle = client.app[TABLES], client.app[LIFECYCLE]
    tid, h = await new_table(client)
    for n in (1, 2, 3, 4, 5, 6):          # crosses the snapshot at 5 (every 5 in tests)
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red",
                                                                          "args": {"n": n}})
    before = await _state(client, tid, h)
    gone = weakref.ref(tables.live[tid])
    lifecycle.idle_seconds = 0
    assert (await lifecycle.sweep())["evicted"] == 1 and tid not in tables.live
    gc.collect()
    assert gone() is None, "the evicted table is still referenced"
    assert await _state(client, tid, h) == before and tid in tables.live
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
    assert (await r.json())["version"] == 9


async def test_at_most_max_live_tables_stay_in_memory(client):
    tables = client.app[TABLES]
    tables.max_live = 2
    made = [await new_table(client) for _ in range(5)]
    assert len(tables.live) <= 2
    for tid, h in made:
        r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Blue"})
        assert r.status == 200 and (await r.json())["version"] == 3
        assert len(tables.live) <= 2


async def test_a_table_with_an_action_under_way_is_never_evicted(client):
    tables = client.app[TABLES]
    tid, h = await new_table(client)
    table = tables.live[tid]
    async with tables._turn(table):
        assert tables.trim(idle_before=float("inf")) == 0 and tid in tables.live
    assert tables.trim(idle_before=float("inf")) == 1 and tid not in tables.live


async def test_unplayed_and_finished_tables_expire_unfinished_ones_stay(client, settings):
    tables, lifecycle = client.app[TABLES], client.app[LIFECYCLE]
    now = [time.time()]
    lifecycle._clock = lambda: now[0]
    unplayed, uh = await new_table(client, sit=False)
    unfinished, fh = await new_table(client)
    finished, dh = await new_table(client)
    for _ in range(10):
        r = await client.post(f"/v1/tables/{finished}/actions", headers=dh, json={"action": "add", "player": "Red",
                                                                                  "args": {"n": 10}})
        assert r.status == 200
    assert (await (await client.get(f"/v1/tables/{finished}", headers=dh)).json())["over"] is True
    db = sqlite3.connect(settings.db_path)
    assert db.execute("SELECT over_at IS NOT NULL FROM tables WHERE id=?", (finished,)).fetchone() == (1,)
    blobs = db.execute("SELECT count(*) FROM blobs").fetchone()[0]
    lifecycle.expire_unplayed, lifecycle.expire_over = 3600, 86400
    assert await lifecycle.expire() == []          # all young
    now[0] += 7200
    assert await lifecycle.expire() == [unplayed]
    now[0] += 10 * 86400
    assert await lifecycle.expire() == [finished]
    for tid, h in ((unplayed, uh), (finished, dh)):
        r = await client.get(f"/v1/tables/{tid}", headers=h)
        assert r.status == 403 and tid not in tables.live
        assert db.execute("SELECT (SELECT count(*) FROM actions WHERE table_id=?) + "
                          "(SELECT count(*) FROM snapshots WHERE table_id=?) + "
                          "(SELECT count(*) FROM tables WHERE id=?)", (tid, tid, tid)).fetchone() == (0,)
    assert db.execute("SELECT count(*) FROM blobs").fetchone()[0] < blobs
    assert (await client.get(f"/v1/tables/{unfinished}", headers=fh)).status == 200
    db.close()
