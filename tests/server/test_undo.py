"""Undo by consent: never past a roll, a draw or a reveal; logged itself."""
from __future__ import annotations

from conftest import new_table


async def _act(client, tid, h, action, **args):
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": action, "player": "Red",
                                                                          "args": args})
    assert r.status == 200, await r.text()
    return await r.json()


async def _undo(client, tid, h, consent=("Red", "Blue"), **kw):
    return await client.post(f"/v1/tables/{tid}/undo", headers=h, json={"consent": list(consent), **kw})


async def test_undo_with_everyones_consent_restores_and_is_logged(client):
    tid, h = await new_table(client)
    await _act(client, tid, h, "add", n=2)
    await _act(client, tid, h, "add", n=3)
    r = await _undo(client, tid, h, request_id="u1")
    assert r.status == 200
    body = await r.json()
    assert body["version"] == 5 and body["undoes"] == 4 and body["ops"][0]["op"] == "sync"
    state = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["view"]["count"] == 2 and state["version"] == 5
    # A second undo walks further back; a third reaches the seats.
    assert (await _undo(client, tid, h)).status == 200
    state = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["view"]["count"] == 0
    log = await (await client.get(f"/v1/tables/{tid}/log", headers=h)).json()
    assert [e["kind"] for e in log["entries"]][-2:] == ["undo", "undo"]
    assert log["entries"][-1]["undoes"] == 3


async def test_undo_needs_every_seated_player(client):
    tid, h = await new_table(client)
    await _act(client, tid, h, "add")
    r = await _undo(client, tid, h, consent=["Red"])
    assert r.status == 422
    err = (await r.json())["error"]
    assert err["code"] == "UNDO-NO-CONSENT" and err["missing"] == ["Blue"]


async def test_no_undo_of_a_roll_or_a_draw(client):
    """No rerolls, no peeking: actions that used the dice or drew a card stay."""
    tid, h = await new_table(client)
    await _act(client, tid, h, "roll")
    r = await _undo(client, tid, h)
    assert r.status == 409 and (await r.json())["error"]["code"] == "UNDO-REVEALED"
    await _act(client, tid, h, "draw")
    r = await _undo(client, tid, h)
    assert r.status == 409 and (await r.json())["error"]["code"] == "UNDO-REVEALED"
    # An undo cannot walk back past the draw either.
    await _act(client, tid, h, "add")
    assert (await _undo(client, tid, h)).status == 200
    assert (await _undo(client, tid, h)).status == 409


async def test_undo_survives_restart(make_client, settings):
    client = await make_client(settings)
    tid, h = await new_table(client)
    await _act(client, tid, h, "add", n=4)
    await _act(client, tid, h, "add", n=5)
    assert (await _undo(client, tid, h)).status == 200
    await _act(client, tid, h, "add", n=1)
    await client.close()
    client2 = await make_client(settings)
    state = await (await client2.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["view"]["count"] == 5 and state["version"] == 6


async def test_nothing_to_undo(client):
    tid, h = await new_table(client, sit=False)
    r = await _undo(client, tid, h, consent=[])
    assert r.status == 409 and (await r.json())["error"]["code"] == "UNDO-NOTHING"


def _drop_snapshot(settings, tid, version):
    """As if that snapshot's write had failed (a full disk): the log alone must do."""
    import sqlite3
    db = sqlite3.connect(settings.db_path)
    assert db.execute("DELETE FROM snapshots WHERE table_id=? AND version=?", (tid, version)).rowcount == 1
    db.commit()
    db.close()


async def test_an_undo_comes_back_right_after_a_crash_without_its_snapshot(make_client, settings):
    """The undo's own snapshot lost (written in its own transaction after
    the log row): on restart it is rebuilt from the version it restored,
    not from the nearest snapshot below it (which here is the lobby)."""
    client = await make_client(settings)
    tid, h = await new_table(client)                 # versions 1, 2: both seated
    await _act(client, tid, h, "add", n=2)           # 3
    await _act(client, tid, h, "add", n=3)           # 4
    assert (await _undo(client, tid, h)).status == 200    # 5 restores 3
    before = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert before["view"]["count"] == 2
    await client.close()
    _drop_snapshot(settings, tid, 5)
    client2 = await make_client(settings)
    after = await (await client2.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert after == before
    assert (await _act(client2, tid, h, "add", n=1))["events"][0]["count"] == 3


async def test_an_undo_over_an_undo_whose_snapshot_was_skipped(client, settings):
    """Without a crash: undoing again walks through the earlier undo to the
    version it restored, whether or not that undo's snapshot was written."""
    tid, h = await new_table(client)
    await _act(client, tid, h, "add", n=2)           # 3
    await _act(client, tid, h, "add", n=3)           # 4
    assert (await _undo(client, tid, h)).status == 200    # 5 restores 3 (count 2)
    _drop_snapshot(settings, tid, 5)
    await _act(client, tid, h, "add", n=4)           # 6 (count 6)
    assert (await _undo(client, tid, h)).status == 200    # 7 restores 5, that is 3
    state = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["view"]["count"] == 2 and state["view"]["phase"] == "lobby" and len(state["view"]["players"]) == 2
    assert (await _undo(client, tid, h)).status == 200    # 8 restores 2: both seated, count 0
    state = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["view"]["count"] == 0 and len(state["view"]["players"]) == 2
