"""The haunt's setup and tokens through the server with the real engine:
the events the engine emits become the table's instructions (a room the
setup adds is placed, tokens spawned and moved with their holders, an
item dealt to its place), checked against the ops schema, and a layout
puts every token back where the engine has it. The haunt is one of the
content's own, given these setup steps, so the test needs no chart cell."""
from __future__ import annotations

import random

from server.app import TABLES
from test_house import _post, _setup, house_content, house_settings, make_house, source  # noqa: F401

WICK = {"zh-Hans": "烛芯", "zh-Hant": "燭芯", "en": "Wick"}


def _with_setup(table) -> tuple[str, str]:
    """Every haunt becomes the first one, set up with a room set aside,
    two wicks in the revealer's room and an item into the revealer's hands."""
    state = table.state
    haunts = state["rules"]["haunts"]
    hid = sorted(haunts)[0]
    room, card = state["decks"]["room"][-1], state["decks"]["item"][-1]
    # The room is set aside, so exploring never draws it: only the setup places it.
    state["decks"] = {**state["decks"], "room": state["decks"]["room"][:-1]}
    state["discards"] = {**state["discards"], "room": [*state["discards"]["room"], room]}
    spec = {**haunts[hid], "tokens": {"wick": WICK},
            "setup": [{"step": "add_room", "room": room},
                      {"step": "tokens", "kind": "wick", "count": 2, "at": "revealer"},
                      {"step": "item", "card": card, "at": "revealer"}, *haunts[hid]["setup"]]}
    state["rules"] = {**state["rules"], "haunts": {hid: spec}, "chart": {"omens": [], "rooms": [], "cells": {}}}
    return room, card


async def test_the_haunts_setup_and_tokens_reach_the_table_R_HAUNT_8(make_house, house_content, source):
    from rulesets.house.engine.sim import actor, pick
    client = await make_house()
    source.seed(7)
    tid, h = await _setup(client, house_content[1])
    table = client.server.app[TABLES].get(tid)
    room, card = _with_setup(table)
    bot, busy, last, answers = random.Random(7), 0, None, []
    for _ in range(2500):
        state = table.state
        if state["phase"] == "over" or (state["haunt"] and len(answers) > 150):
            break
        seat = actor(state)
        acts = (await (await client.get(f"/v1/tables/{tid}/legal?seat={seat}", headers=h)).json())["actions"]
        busy = busy + 1 if seat == last else 0
        last = seat
        # In the haunt the bots are keen on the wicks (picked up, dropped, given).
        keen = [a for a in acts if "wick_" in str(a.get("args")) and a["action"] != "choose"]
        act = bot.choice(keen) if state["haunt"] and keen and bot.random() < 0.7 else pick(bot, acts, busy)
        body = await _post(client, f"/v1/tables/{tid}/actions", h,
                           {"action": act["action"], "player": seat, "args": act.get("args", {})})
        if state["haunt"] or any(e["type"] == "haunt_began" for e in body["events"]):
            answers.append(body)
    assert answers, "no haunt within the cap"
    began = answers[0]
    ops = began["ops"]
    revealer = next(e for e in began["events"] if e["type"] == "haunt_began")["revealer"]
    assert any(o["op"] == "place" and o["piece"] == room and o["lock"] for o in ops)
    wicks = [o for o in ops if o["op"] == "spawn" and o["kind"] == "token"]
    assert sorted(o["token"] for o in wicks) == ["wick_1", "wick_2"]
    assert wicks[0]["name"]["en"] == "Wick 1"          # (positions: null without a built save)
    assert any(o["op"] == "move_card" and o["card"] == card and o["to"].get("seat") == revealer for o in ops)
    assert any("Wick 1" in m["en"] for m in began["messages"])
    # Every token event the engine emitted moved that token at the table.
    assert any(ev["type"] == "token_picked_up" for a in answers for ev in a["events"])
    for a in answers:
        for ev in a["events"]:
            if ev["type"] in ("token_picked_up", "token_dropped", "token_given"):
                assert any(o["op"] == "move" and o.get("token") == ev["token"] for o in a["ops"]), ev
    # The layout names every token where the engine has it.
    view = (await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json())
    laid = {o["token"] for o in view["ops"] if o["op"] == "spawn" and o["kind"] == "token"}
    haunt = view["view"]["haunt"]
    gone = {t for t, tok in haunt["tokens"].items() if tok["holder"] in (haunt.get("escaped") or [])}
    assert laid == set(haunt["tokens"]) - gone
