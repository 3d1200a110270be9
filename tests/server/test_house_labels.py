"""Labels on /legal: every legal action named in the three locales with the
content's words, so the table can list them without knowing the rules."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import new_table
from kit.present import TableView
from kit.words import catalog
from rulesets.house import INFO
from rulesets.house import present
from test_house import SEATS, _setup, house_content, house_settings, make_house, source  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parents[2]
WORDS = catalog(INFO.folder)


class Labeller:
    """The presenter's labels for one view, as the /legal route builds them."""

    def __init__(self, content, view, seat):
        self.table, self.seat = TableView.fixed(view, content, WORDS), seat

    def label(self, action):
        return present.label([action], self.table, self.seat)[0]["label"]


def label_actions(actions, content, view, seat):
    return present.label(actions, TableView.fixed(view, content, WORDS), seat)


@pytest.fixture(scope="module")
def content(house_content):
    return house_content[1]


def _state(content):
    """A haunt-phase view with just what naming reads: characters and monsters."""
    return {"players": {"Red": {"character": "batu", "side": 0, "room": "strongroom"},
                        "Blue": {"character": "chen_jiayan", "side": 0, "room": "ivy_balcony"},
                        "Green": {}},
            "haunt": {"monster_names": {"shade": {"zh-Hans": "怨灵", "zh-Hant": "怨靈", "en": "Shade"}},
                      "monsters": [{"id": "shade_1", "kind": "shade"}]}}


def test_attack_label_names_target_trait_and_weapon_r_fight(content):
    """R-FIGHT: the weapon decides the trait (the crossbow's Speed); unarmed is Might."""
    lab = Labeller(content, _state(content), "Blue")
    armed = lab.label({"action": "attack", "args": {"target": "Red", "weapon": "hunting_crossbow"}})
    batu = content["characters"]["batu"]["sides"][0]["name"]
    assert armed == {"zh-Hans": f"袭击 {batu['zh-Hans']}（速度，用猎弩）",
                     "zh-Hant": f"攻擊 {batu['zh-Hant']}（速度，用獵弩）",
                     "en": f"Attack {batu['en']} (Speed, with the Hunting Crossbow)"}
    bare = lab.label({"action": "attack", "args": {"target": "Green"}})
    assert bare == {"zh-Hans": "袭击 绿色（力量）", "zh-Hant": "攻擊 綠色（力量）", "en": "Attack Green (Might)"}
    monster = lab.label({"action": "attack", "args": {"target": "shade_1", "weapon": "coal_shovel"}})
    assert monster["en"] == "Attack Shade 1 (Might, with the Coal Shovel)"
    assert monster["zh-Hans"] == "袭击 怨灵 1（力量，用煤铲）"


def test_item_room_and_monster_labels_use_content_names(content):
    """R-ITEM-1/3, R-SPECIAL-6/8, R-FIGHT-2, R-MONSTER-3 actions as the table lists them."""
    state = _state(content)
    red = Labeller(content, state, "Red")
    assert red.label({"action": "use", "args": {"card": "bitter_tonic"}})["zh-Hant"] == "使用 苦味補藥"
    assert red.label({"action": "pick_up", "args": {"cards": ["coal_shovel", "hunting_crossbow"]}}) == {
        "zh-Hans": "捡起 煤铲、猎弩", "zh-Hant": "撿起 煤鏟、獵弩", "en": "Pick up Coal Shovel, Hunting Crossbow"}
    store = content["rooms"]["strongroom"]["name"]
    assert red.label({"action": "room_action", "args": {}})["en"] == f"Room action: {store['en']}"
    gallery = content["rooms"]["ivy_balcony"]["name"]
    assert Labeller(content, state, "Blue").label({"action": "drop_through", "args": {}})["zh-Hans"] == \
        f"从{gallery['zh-Hans']}坠落"
    hit = red.label({"action": "monster_attack", "args": {"monster": "shade_1", "target": "Green"}})
    assert hit == {"zh-Hans": "怨灵 1袭击 绿色", "zh-Hant": "怨靈 1攻擊 綠色", "en": "Shade 1 attacks Green"}
    took = red.label({"action": "monster_pick_up", "args": {"monster": "shade_1", "cards": ["coal_shovel"]}})
    assert took["en"] == "Shade 1 picks up Coal Shovel"


def test_unknown_action_or_bad_args_keep_the_engine_name(content):
    lab = Labeller(content, _state(content), "Red")
    assert lab.label({"action": "dance", "args": {}}) == {"zh-Hans": "dance", "zh-Hant": "dance", "en": "dance"}
    assert lab.label({"action": "use", "args": {}})["en"] == "use"
    out = label_actions([{"action": "end_turn", "args": {}}, "junk"], content, {}, "Red")
    assert out == [{"action": "end_turn", "args": {}, "label": {"zh-Hans": "结束回合", "zh-Hant": "結束回合",
                                                                "en": "End turn"}}]


async def test_legal_route_labels_the_house_actions(make_house, house_content):
    """R-MOVE-1, R-MOVE-5: the first turn's moves and discoveries, labelled with room names."""
    client = await make_house()
    tid, h = await _setup(client, house_content[1])
    body = await (await client.get(f"/v1/tables/{tid}/legal?seat=Red", headers=h)).json()
    acts = body["actions"]
    assert acts and all(set(a["label"]) == {"zh-Hans", "zh-Hant", "en"} for a in acts)
    rooms = house_content[1]["rooms"]
    for a in acts:
        if a["action"] == "move":
            dest = a["args"].get("to") or a["args"]["path"][-1]
            assert a["label"]["zh-Hans"] == "移动到" + rooms[dest]["name"]["zh-Hans"]
    assert {"action": "end_turn", "args": {}, "label": {"zh-Hans": "结束回合", "zh-Hant": "結束回合",
                                                        "en": "End turn"}} in acts
    other = await (await client.get(f"/v1/tables/{tid}/legal?seat={SEATS[1]}", headers=h)).json()
    assert other["actions"] == []


async def test_legal_route_labels_other_engines_by_name(client):
    tid, h = await new_table(client)
    body = await (await client.get(f"/v1/tables/{tid}/legal?seat=Red", headers=h)).json()
    labels = {a["action"]: a["label"] for a in body["actions"]}
    assert labels["add"] == {"zh-Hans": "add", "zh-Hant": "add", "en": "add"}
    assert labels["roll"] == {"zh-Hans": "roll", "zh-Hant": "roll", "en": "roll"}     # the counter game's own labels


def test_choice_options_take_the_prompts_own_labels(content):
    """A `choice` prompt labels each option itself (docs/rulesets/house.md); the menu reuses those words."""
    state = {**_state(content), "pending": {"seat": "Red", "kind": "choice", "options": ["might", "speed"],
                                            "labels": [{"zh-Hans": "力量", "zh-Hant": "力量", "en": "Might"},
                                                       {"zh-Hans": "速度", "zh-Hant": "速度", "en": "Speed"}]}}
    lab = Labeller(content, state, "Red")
    assert lab.label({"action": "choose", "args": {"option": "speed"}})["en"] == "Speed"
    assert lab.label({"action": "choose", "args": {"option": "other"}})["en"] == "other"
