"""The action contract of the design, end to end through the real app."""
from __future__ import annotations

import json

from conftest import new_table


async def test_create_returns_id_and_a_token_shown_once(client):
    r = await client.post("/v1/tables", json={"ruleset": "counter", "locale": "en", "seats": ["Red", "Blue"]})
    assert r.status == 201
    body = await r.json()
    assert body["ok"] and body["version"] == 0 and len(body["host_token"]) >= 32
    assert body["table_url"].endswith(f"/v1/tables/{body['table_id']}")
    # The token is never shown again: the summary does not carry it.
    r = await client.get(f"/v1/tables/{body['table_id']}", headers={"Authorization": "Bearer " + body["host_token"]})
    summary = await r.json()
    assert "host_token" not in json.dumps(summary) and body["host_token"] not in json.dumps(summary)
    assert summary["seats"] == ["Red", "Blue"] and summary["locale"] == "en"


async def test_accepted_action_answers_version_events_ops_messages(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                          json={"action": "add", "player": "Red", "args": {"n": 3},
                                "request_id": "a1", "expect_version": 2})
    assert r.status == 200
    body = await r.json()
    assert body["ok"] is True and body["version"] == 3
    assert body["events"] == [{"type": "counted", "seat": "Red", "count": 3, "visible_to": None}]
    assert body["ops"][0]["op"] == "set_counter" and body["ops"][0]["value"] == 3
    assert isinstance(body["messages"], list) and "effects" not in body


async def test_rule_refusal_carries_rule_id_and_every_locale_and_changes_nothing(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red",
                                                                          "args": {"n": 50}})
    assert r.status == 422
    err = (await r.json())["error"]
    assert err["code"] == "BAD-ARGS" and set(err["message"]) == {"zh-Hans", "zh-Hant", "en"}
    state = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["version"] == 2 and state["view"]["count"] == 0


async def test_state_is_the_callers_view_without_hidden_deck(client):
    tid, h = await new_table(client)
    await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "draw", "player": "Red"})
    red = (await (await client.get(f"/v1/tables/{tid}/state?seat=Red", headers=h)).json())["view"]
    blue = (await (await client.get(f"/v1/tables/{tid}/state?seat=Blue", headers=h)).json())["view"]
    assert "deck" not in red and red["deck_size"] == 11
    assert isinstance(red["hands"]["Red"], list) and blue["hands"]["Red"] == 1


async def test_legal_lists_the_seats_actions(client):
    tid, h = await new_table(client)
    body = await (await client.get(f"/v1/tables/{tid}/legal?seat=Blue", headers=h)).json()
    assert {"action": "add", "args": {"n": 2}} in [{k: a[k] for k in ("action", "args")} for a in body["actions"]]
    assert body["seat"] == "Blue"
    r = await client.get(f"/v1/tables/{tid}/legal", headers=h)
    assert r.status == 400 and (await r.json())["error"]["code"] == "BAD-REQUEST"


async def test_events_after_n_returns_later_entries_in_order(client):
    tid, h = await new_table(client)
    for n in (1, 2, 3):
        await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red",
                                                                          "args": {"n": n}})
    body = await (await client.get(f"/v1/tables/{tid}/events?after=3", headers=h)).json()
    assert body["version"] == 5
    assert [e["version"] for e in body["entries"]] == [4, 5]
    assert body["entries"][1]["events"][0]["count"] == 6
    body = await (await client.get(f"/v1/tables/{tid}/events?after=0&limit=2", headers=h)).json()
    assert [e["version"] for e in body["entries"]] == [1, 2]


async def test_log_is_public_no_tapes(client):
    tid, h = await new_table(client)
    await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "roll", "player": "Blue"})
    body = await (await client.get(f"/v1/tables/{tid}/log", headers=h)).json()
    assert [e["action"] for e in body["entries"]] == ["sit", "sit", "roll"]
    assert "tape" not in json.dumps(body)
    assert body["entries"][2]["events"][0]["type"] == "dice_rolled"


async def test_answers_are_utf8_without_u_escapes(client):
    tid, h = await new_table(client)
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red",
                                                                          "args": {"n": 99}})
    raw = await r.read()
    assert r.headers["Content-Type"] == "application/json; charset=utf-8"
    assert b"\\u" not in raw and "不行".encode("utf-8") in raw


async def test_messages_come_in_every_locale(client):
    tid, h = await new_table(client)
    body = await (await client.post(f"/v1/tables/{tid}/actions", headers=h,
                                    json={"action": "say", "player": "Red", "args": {"text": "hi"}})).json()
    assert body["messages"] == [{"zh-Hans": "Red: hi", "zh-Hant": "Red: hi", "en": "Red: hi"}]
    body = await (await client.post(f"/v1/tables/{tid}/actions", headers=h,
                                    json={"action": "roll", "player": "Red"})).json()
    show = [e for e in body["ops"] if e["op"] == "show_dice"]
    assert show and show[0]["values"] == body["events"][0]["faces"]
    assert [e["seq"] for e in body["ops"]] == list(range(len(body["ops"])))


async def test_healthz_and_openapi(client):
    body = await (await client.get("/healthz")).json()
    assert body["ok"] and "counter" in body["rulesets"]
    spec = await (await client.get("/openapi.json")).json()
    assert spec["openapi"].startswith("3.")


async def test_the_presenter_is_shown_the_table_before_the_action_and_the_seats_legal_actions(client):
    """A presenter may move exactly what changed: its view of an answer
    carries the table as it stood before the action (`before`), and lists a
    seat's legal actions (`legal`) for the question it puts."""
    from counter_engine import CounterPresenter
    seen = []
    original = CounterPresenter.answer

    def answer(self, events, table, version):
        seen.append((table.before.public["count"], table.public["count"], table.legal("Red")))
        return original(self, events, table, version)

    CounterPresenter.answer = answer
    try:
        tid, h = await new_table(client)
        for n in (2, 3):
            r = await client.post(f"/v1/tables/{tid}/actions", headers=h,
                                  json={"action": "add", "player": "Red", "args": {"n": n}})
            assert r.status == 200
    finally:
        CounterPresenter.answer = original
    assert [(before, after) for before, after, _ in seen[-2:]] == [(0, 2), (2, 5)]
    assert {"action": "add", "args": {"n": 1}} in seen[-1][2]
