"""Durability: WAL, idempotent retries, restart from the log, snapshots."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from conftest import new_table


async def test_store_is_wal(client, settings):
    db = sqlite3.connect(settings.db_path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_retry_with_same_request_id_returns_first_answer_and_applies_once(client):
    tid, h = await new_table(client)
    body = {"action": "roll", "player": "Red", "request_id": "r-1", "expect_version": 2}
    first = await (await client.post(f"/v1/tables/{tid}/actions", headers=h, json=body)).json()
    # The retry's expect_version is now stale, yet it still gets the first answer.
    again = await client.post(f"/v1/tables/{tid}/actions", headers=h, json=body)
    assert again.status == 200 and await again.json() == first
    log = await (await client.get(f"/v1/tables/{tid}/log", headers=h)).json()
    assert [e["action"] for e in log["entries"]].count("roll") == 1 and log["version"] == 3


async def test_concurrent_retries_apply_once(client):
    tid, h = await new_table(client)
    body = {"action": "add", "player": "Red", "args": {"n": 1}, "request_id": "same"}
    answers = await asyncio.gather(*[client.post(f"/v1/tables/{tid}/actions", headers=h, json=body)
                                     for _ in range(8)])
    assert {r.status for r in answers} == {200}
    state = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["view"]["count"] == 1 and state["version"] == 3


async def test_tables_proceed_independently_and_versions_stay_dense(client):
    tables = [await new_table(client) for _ in range(3)]

    async def play(tid, h, n):
        for _ in range(n):
            r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Blue"})
            assert r.status == 200

    await asyncio.gather(*[play(tid, h, 7) for tid, h in tables])
    for tid, h in tables:
        log = await (await client.get(f"/v1/tables/{tid}/log", headers=h)).json()
        assert [e["version"] for e in log["entries"]] == list(range(1, 10))


async def test_restart_rebuilds_same_state_and_same_next_answers(make_client, settings):
    client = await make_client(settings)
    tid, h = await new_table(client)
    for i in range(12):   # crosses two snapshots (every 5)
        action = ("roll", "draw", "add")[i % 3]
        r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": action, "player": "Red",
                                                                              "request_id": f"q{i}"})
        assert r.status == 200
    before = {seat: await (await client.get(f"/v1/tables/{tid}/state?seat={seat}", headers=h)).json()
              for seat in ("Red", "Blue", "")}
    legal = await (await client.get(f"/v1/tables/{tid}/legal?seat=Red", headers=h)).json()
    await client.close()

    client2 = await make_client(settings)
    for seat, view in before.items():
        assert await (await client2.get(f"/v1/tables/{tid}/state?seat={seat}", headers=h)).json() == view
    assert await (await client2.get(f"/v1/tables/{tid}/legal?seat=Red", headers=h)).json() == legal
    # A retry from before the restart still gets its first answer…
    r = await client2.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "draw", "player": "Red",
                                                                           "request_id": "q1"})
    assert (await r.json())["version"] == 4
    # …and the next draw continues the same hidden deck order.
    nxt = await (await client2.post(f"/v1/tables/{tid}/actions", headers=h,
                                    json={"action": "draw", "player": "Red"})).json()
    assert nxt["version"] == 15
    hand = before["Red"]["view"]["hands"]["Red"]
    assert nxt["events"][0]["card"] not in hand


async def test_restart_replays_to_the_same_state_as_live(make_client, settings):
    """The rebuild is a pure fold of the log: replay from snapshot 0 gives
    the very state the live table holds."""
    from server.app import TABLES
    client = await make_client(settings)
    tid, h = await new_table(client)
    for action in ("roll", "draw", "roll", "add", "draw", "draw", "roll"):
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": action, "player": "Blue"})
    tables = client.app[TABLES]
    live = tables.get(tid)
    assert tables.state_at(live.row, live.engine, live.version) == live.state
    db = sqlite3.connect(settings.db_path)
    snaps = [r[0] for r in db.execute("SELECT version FROM snapshots WHERE table_id=? ORDER BY version", (tid,))]
    assert snaps == [0, 5]


def _break_writes(db_path) -> sqlite3.Connection:
    """Every later INSERT into the log fails in SQLite itself, whoever
    writes it (its trigger overflows an integer: an error, not a conflict)."""
    db = sqlite3.connect(db_path)
    db.execute("CREATE TRIGGER broken BEFORE INSERT ON actions BEGIN SELECT abs(-9223372036854775808); END")
    db.commit()
    return db


@pytest.mark.parametrize("sync", ["NORMAL", "FULL"])
async def test_a_failed_write_changes_nothing(make_client, settings, sync):
    """A batch the database refuses answers 500 (with FULL, no fsync is
    waited for), and the table, its log and the next action are as if the
    request never came."""
    from server.app import TABLES
    settings.sqlite_sync = sync
    client = await make_client(settings)
    tid, h = await new_table(client)
    db = _break_writes(settings.db_path)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
    assert r.status == 500 and (await r.json())["error"]["code"] == "INTERNAL"
    db.execute("DROP TRIGGER broken")
    db.commit()
    state = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["version"] == 2 and state["view"]["count"] == 0
    assert [e.version for e in client.app[TABLES].store.entries(tid)] == [1, 2]
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "add", "player": "Red", "args": {"n": 3}})
    assert r.status == 200 and (await r.json())["version"] == 3


async def test_group_commit_writes_a_burst_of_tables_together(client):
    """Actions arriving together share a transaction; each still gets its own
    version and a failed item would fail alone."""
    from server.app import TABLES
    tables = [await new_table(client) for _ in range(6)]
    writer = client.app[TABLES].writer
    batches_before, appends_before = writer.batches, writer.appends
    answers = await asyncio.gather(*[client.post(f"/v1/tables/{tid}/actions", headers=h,
                                                 json={"action": "add", "player": "Red"}) for tid, h in tables])
    assert [r.status for r in answers] == [200] * 6
    assert writer.appends - appends_before == 6
    assert writer.batches - batches_before <= 6


def test_append_many_fails_only_the_conflicting_item(tmp_path):
    from server.store import Entry, Store, TableRow, VersionConflict
    store = Store(tmp_path / "s.sqlite3")
    for tid in ("a", "b"):
        store.create_table(TableRow(tid, "counter", "en", ["Red"], {}, "h", None, [], 0), {"n": 0})

    def entry(v):
        return Entry(v, None, "action", {"action": "add"}, [], None, False, {"ok": True, "version": v})
    results = store.append_many([("a", entry(1), None), ("b", entry(2), None), ("b", entry(1), None)])
    assert results[0] is None and isinstance(results[1], VersionConflict) and results[2] is None
    assert store.table("a").version == 1 and store.table("b").version == 1
    assert [e.version for e in store.entries("b")] == [1]


async def test_full_sync_answers_after_the_wal_fsync_and_restarts(make_client, settings):
    from server.app import TABLES
    settings.sqlite_sync = "FULL"
    client = await make_client(settings)
    writer = client.app[TABLES].writer
    assert writer.durable
    tables = [await new_table(client) for _ in range(4)]
    answers = await asyncio.gather(*[client.post(f"/v1/tables/{tid}/actions", headers=h,
                                                 json={"action": "add", "player": "Blue", "args": {"n": 2}})
                                     for tid, h in tables for _ in range(3)])
    assert {r.status for r in answers} == {200}
    assert 1 <= writer.syncs <= writer.batches + len(tables)   # a new table waits for an fsync too
    await client.close()
    client2 = await make_client(settings)
    for tid, h in tables:
        state = await (await client2.get(f"/v1/tables/{tid}/state", headers=h)).json()
        assert state["version"] == 5 and state["view"]["count"] == 6


async def test_tables_long_lived_objects_are_out_of_the_cyclic_collector(client):
    """A full GC pass over every table's rules would stall all tables (tail
    latency): the sweep after tables were created or rebuilt freezes them."""
    import gc
    from server.app import LIFECYCLE
    gc.unfreeze()
    await new_table(client, sit=False)
    await client.app[LIFECYCLE].sweep()
    assert gc.get_freeze_count() > 0
    gc.unfreeze()


async def test_a_table_that_cannot_be_replayed_does_not_keep_the_others_offline(make_client, settings):
    client = await make_client(settings)
    good, gh = await new_table(client)
    bad, bh = await new_table(client)
    await client.close()
    db = sqlite3.connect(settings.db_path)
    db.execute("UPDATE actions SET action=? WHERE table_id=? AND version=1",
               ('{"action": "nope", "player": "Red", "args": {}}', bad))
    db.commit()
    db.close()
    client2 = await make_client(settings)
    assert (await client2.get(f"/v1/tables/{good}", headers=gh)).status == 200
    r = await client2.get(f"/v1/tables/{bad}", headers=bh)
    assert r.status == 500 and "rebuilt" in (await r.json())["error"]["message"]["en"]
    assert (await client2.get(f"/v1/tables/{good}/state", headers=gh)).status == 200


async def test_two_servers_on_one_file_never_both_claim_a_version(make_client, settings):
    """The conditional version bump refuses a writer whose cache is stale;
    it reloads the table from the log and the next try goes through."""
    a = await make_client(settings)
    tid, h = await new_table(a)
    b = await make_client(settings)
    assert (await b.get(f"/v1/tables/{tid}", headers=h)).status == 200     # loads the table as it is now
    r = await a.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
    assert (await r.json())["version"] == 3
    r = await b.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Blue",
                                                                    "args": {"n": 5}})
    assert r.status == 409 and (await r.json())["error"]["version"] == 3
    r = await b.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Blue",
                                                                    "args": {"n": 5}})
    assert r.status == 200 and (await r.json())["events"][0]["count"] == 6


def test_append_many_request_id_conflict_leaves_nothing(tmp_path):
    """A reused request_id in a batch fails that item alone: no row, no version bump."""
    from server.store import Entry, Store, TableRow, VersionConflict
    store = Store(tmp_path / "s.sqlite3")
    store.create_table(TableRow("a", "counter", "en", ["Red"], {}, "h", None, [], 0), {"n": 0})

    def entry(v, rid):
        return Entry(v, rid, "action", {"action": "add"}, [], None, False, {"ok": True, "version": v})
    results = store.append_many([("a", entry(1, "r1"), None), ("a", entry(2, "r1"), None), ("a", entry(2, "r2"), None)])
    assert results[0] is None and isinstance(results[1], VersionConflict) and results[2] is None
    assert store.table("a").version == 2
    assert [(e.version, e.request_id) for e in store.entries("a")] == [(1, "r1"), (2, "r2")]


async def test_collector_tuning_spares_requests_in_flight_young_collections(client):
    """With many actions in flight, allocations run thousands ahead of frees;
    at CPython's default threshold that set off a young collection every few
    dozen actions. After `tune_collector` the same burst sets off a fraction."""
    import gc
    from server.tables import tune_collector
    tables = [await new_table(client) for _ in range(32)]
    before = gc.get_threshold()
    starts = []

    def count(phase, info):
        if phase == "start":
            starts.append(info["generation"])

    async def burst():
        gc.collect()
        starts.clear()
        for _ in range(4):
            answers = await asyncio.gather(*[client.post(f"/v1/tables/{tid}/actions", headers=h,
                                                         json={"action": "add", "player": "Red"})
                                             for tid, h in tables])
            assert {r.status for r in answers} == {200}
        return len(starts)
    gc.callbacks.append(count)
    try:
        gc.set_threshold(700, 10, 10)
        default = await burst()
        tune_collector()
        tuned = await burst()
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*before)
    assert default >= 10 and tuned * 4 <= default, (default, tuned)


async def test_events_and_log_stop_at_the_answered_version(client, settings):
    """With FULL a committed row waits for its fsync before it is answered
    (and before the table's version moves); /events and /log must not show
    it earlier, since a power cut could still take it back."""
    tid, h = await new_table(client)
    db = sqlite3.connect(settings.db_path)     # a row committed, not yet answered
    db.execute("INSERT INTO actions VALUES (?,3,NULL,'action',?,'[]',NULL,0,?,0)",
               (tid, '{"action": "add", "player": "Red", "args": {}}', '{"ok": true, "version": 3}'))
    db.commit()
    events = await (await client.get(f"/v1/tables/{tid}/events?after=0", headers=h)).json()
    log = await (await client.get(f"/v1/tables/{tid}/log", headers=h)).json()
    assert events["version"] == 2 and [e["version"] for e in events["entries"]] == [1, 2]
    assert [e["version"] for e in log["entries"]] == [1, 2]
