"""The server around the real escape engine and the real compiled escape
content: the same routes as every ruleset, nothing escape-specific."""
from __future__ import annotations

import json
import os
import random

import pytest

import rulesets
from server.app import TABLES, create_app

SEATS = ["Red", "Blue", "Green", "Yellow"]


@pytest.fixture(scope="module")
def escape_content(tmp_path_factory):
    from pipeline.content.compile import write_compiled
    from pipeline.content.loader import load_ruleset
    build = tmp_path_factory.mktemp("build")
    path = write_compiled(load_ruleset("escape"), None, build)
    return path.parent, json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", autouse=True)
def registered():
    """Until escape is in the registry, the server finds it through the
    registry's environment variable (as any ruleset under development)."""
    old = os.environ.get("HAUNTKIT_RULESETS")
    if "escape" not in rulesets.RULESETS:
        os.environ["HAUNTKIT_RULESETS"] = ",".join(filter(None, [old, "escape=rulesets.escape"]))
    yield
    if old is None:
        os.environ.pop("HAUNTKIT_RULESETS", None)
    else:
        os.environ["HAUNTKIT_RULESETS"] = old


@pytest.fixture
def source():
    return random.Random(7)


@pytest.fixture
def make_escape(aiohttp_client, settings, escape_content, source):
    settings.content_dir = escape_content[0]

    async def make(db=None):
        if db is not None:
            settings.db_path = db
        return await aiohttp_client(create_app(settings, rng_source=source))
    return make


async def _post(client, path, h, body, status=200):
    r = await client.post(path, headers=h, json=body)
    text = await r.text()
    assert r.status == status, text
    return json.loads(text)


async def _get(client, path, h):
    r = await client.get(path, headers=h)
    assert r.status == 200, await r.text()
    return await r.json()


async def _setup(client):
    created = await _post(client, "/v1/tables", {}, {"ruleset": "escape", "locale": "zh-Hans", "seats": SEATS}, 201)
    tid, h = created["table_id"], {"Authorization": "Bearer " + created["host_token"]}
    for seat in SEATS:
        await _post(client, f"/v1/tables/{tid}/seats", h, {"player": seat})
    seats = await _get(client, f"/v1/tables/{tid}/seats", h)
    assert [s["seated"] for s in seats["seats"]] == [True] * 4
    await _post(client, f"/v1/tables/{tid}/actions", h, {"action": "start", "player": "Red", "args": {}})
    return tid, h


async def _to_act(client, tid, h) -> str | None:
    """The one seat with legal actions (the API's own answer, seat by seat)."""
    acting = []
    for seat in SEATS:
        if (await _get(client, f"/v1/tables/{tid}/legal?seat={seat}", h))["actions"]:
            acting.append(seat)
    assert len(acting) <= 1, acting
    return acting[0] if acting else None


async def _play(client, tid, h, bot, steps):
    from rulesets.escape.engine.sim import pick
    answers = []
    for _ in range(steps):
        seat = await _to_act(client, tid, h)
        if seat is None:
            break
        acts = (await _get(client, f"/v1/tables/{tid}/legal?seat={seat}", h))["actions"]
        a = pick(bot, acts)
        answers.append(await _post(client, f"/v1/tables/{tid}/actions", h,
                                   {"action": a["action"], "player": seat, "args": a.get("args", {})}))
    return answers


async def test_a_seeded_escape_game_plays_from_setup_to_a_scored_end_through_the_server(make_escape, source):
    client = await make_escape()
    tid, h = await _setup(client)
    answers = await _play(client, tid, h, random.Random(3), 2000)
    summary = await _get(client, f"/v1/tables/{tid}", h)
    assert summary["over"] is True and summary["ruleset"] == "escape"
    over = next(e for a in answers for e in a["events"] if e["type"] == "game_over")
    assert set(over["scores"]) == set(SEATS) and over["winners"]
    assert max(over["scores"].values()) == over["scores"][over["winners"][0]]
    for a in answers:
        assert all("visible_to" in e for e in a["events"])
        assert all(e["version"] == a["version"] for e in a["ops"])
    # The log replays to the live state, and survives a restart.
    tables = client.app[TABLES]
    live = tables.get(tid)
    rebuilt = tables.state_at(live.row, live.engine, live.version)
    assert json.dumps(rebuilt, sort_keys=True) == json.dumps(live.state, sort_keys=True)
    log = await _get(client, f"/v1/tables/{tid}/log", h)
    assert log["ruleset"] == "escape" and len(log["entries"]) == live.version
    final = {s: await _get(client, f"/v1/tables/{tid}/state?seat={s}", h) for s in SEATS}
    db = tables.store.path
    await client.close()
    restarted = await make_escape(db)
    for s in SEATS:
        assert await _get(restarted, f"/v1/tables/{tid}/state?seat={s}", h) == final[s]


async def test_escape_views_hide_other_hands_and_refusals_carry_the_rule_id(make_escape):
    """E-HAND-2 through the API: a seat's view shows its own hand only."""
    client = await make_escape()
    tid, h = await _setup(client)
    await _play(client, tid, h, random.Random(1), 12)
    views = {s: (await _get(client, f"/v1/tables/{tid}/state?seat={s}", h))["view"] for s in SEATS}
    for s in SEATS:
        for other in SEATS:
            assert ("hand" in views[s]["players"][other]) == (s == other)
        assert "decks" not in views[s]
    host = await _get(client, f"/v1/tables/{tid}/events", h)
    private = [e for entry in host["entries"] for e in entry["events"] if e["visible_to"]]
    assert any(e["type"] == "cards_received" for e in private)
    for s in SEATS:
        mine = await _get(client, f"/v1/tables/{tid}/events?seat={s}", h)
        for entry in mine["entries"]:
            assert all(e["visible_to"] is None or s in e["visible_to"] for e in entry["events"])
            assert all(op.get("visible_to") in (None, [s]) or s in op["visible_to"] for op in entry["ops"])
    seat = await _to_act(client, tid, h)
    other = next(s for s in SEATS if s != seat)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "search", "player": other})
    body = await r.json()
    assert r.status == 409 and body["error"]["code"] == "NOT-YOUR-TURN"
    assert set(body["error"]["message"]) == {"zh-Hans", "zh-Hant", "en"}


async def test_escape_undo_takes_back_a_pass_but_never_a_draw(make_escape):
    client = await make_escape()
    tid, h = await _setup(client)
    tables = client.app[TABLES]
    bot = random.Random(2)
    for _ in range(300):                                   # to a leader's optional action
        state = tables.get(tid).state
        pd = state["pending"]
        if pd and pd["kind"] == "free" and pd["role"] == "leader":
            break
        await _play(client, tid, h, bot, 1)
    seat = state["pending"]["seat"]
    before = await _get(client, f"/v1/tables/{tid}/state?seat={seat}", h)
    await _post(client, f"/v1/tables/{tid}/actions", h, {"action": "pass", "player": seat})
    body = await _post(client, f"/v1/tables/{tid}/undo", h, {"consent": SEATS})
    assert body["ops"][0]["op"] == "sync"
    after = await _get(client, f"/v1/tables/{tid}/state?seat={seat}", h)
    assert after["view"] == before["view"] and after["version"] == before["version"] + 2
    await _post(client, f"/v1/tables/{tid}/actions", h, {"action": "pass", "player": seat})
    member = tables.get(tid).state["pending"]["seat"]
    await _post(client, f"/v1/tables/{tid}/actions", h, {"action": "search", "player": member})
    r = await client.post(f"/v1/tables/{tid}/undo", headers=h, json={"consent": SEATS})
    assert r.status == 409 and (await r.json())["error"]["code"] == "UNDO-REVEALED"
