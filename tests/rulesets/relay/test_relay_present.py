"""relay's presenter on its own (docs/RULESETS.md §5): every op in the
shared vocabulary (schemas/ops.schema.json), private ops marked with the
seats that may see them, the table laid out from scratch, labelled actions."""
from __future__ import annotations

import json
import random

import pytest

from kit import ops as vocabulary
from kit.engine import RecordingRng
from kit.present import TableView
from kit.words import LOCALES
from relay_helpers import compiled
from tests.fixtures.rulesets.relay import engine, present
from tests.fixtures.rulesets.relay.phrases import words
from tests.fixtures.rulesets.relay.table import make_plan, section

SEATS = ("Red", "Blue", "Green")


@pytest.fixture(scope="module")
def content():
    doc = compiled()
    manifest = {"ruleset": "relay", "locales": {loc: {"decks": {"market": {"sheets": [{"cards": list(doc["cards"])}]}}}
                                                for loc in LOCALES}}
    doc["tts"] = section(make_plan(doc, manifest), "test")
    return doc


def view(content, state) -> TableView:
    return TableView(engine, state, content, words())


def for_seat(ops: list[dict], seat) -> list[dict]:
    return [o for o in ops if o.get("visible_to") is None or (seat is not None and seat in o["visible_to"])]


def titles(content, card: str) -> list[str]:
    return [f'"{card}"'] + list(content["cards"][card]["title"].values())


def play(content, seed: int):
    """A whole game by random legal choices: [(state, events, ops)], the
    engine's states before every action included."""
    rng, rec = random.Random(seed), RecordingRng(random.Random(seed))
    state = engine.new_table(content, {"seats": list(SEATS)}, rec)
    out, version = [], 0
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        pick = rng.choice(engine.legal_actions(state, seat))
        state, events = engine.apply(state, {"action": pick["action"], "player": seat, "args": pick["args"]}, rec)
        version += 1
        answer = present.answer(events, view(content, state), version)
        assert answer["messages"] == [o["text"] for o in answer["ops"] if o["op"] == "say" and "visible_to" not in o]
        out.append((state, events, answer["ops"]))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_L_HAND_1_every_op_is_in_the_vocabulary_and_hides_what_a_seat_may_not_see(content, seed):
    known = {s: set() for s in (*SEATS, None)}      # cards each audience has been shown
    kinds = set()
    for version, (state, events, ops) in enumerate(play(content, seed), 1):
        assert vocabulary.problems(ops) == [], ops
        assert [(o["version"], o["seq"]) for o in ops] == [(version, i) for i in range(len(ops))]
        for audience in known:
            shown = state["hands"].get(audience, []) if audience else []
            if engine.is_over(state):
                shown = content["cards"]
            known[audience] |= set(shown) | set(state["discard"])
            seen = json.dumps(for_seat(ops, audience), ensure_ascii=False)
            leaked = [c for c in content["cards"] if c not in known[audience]
                      and any(t in seen for t in titles(content, c))]
            assert not leaked, (audience, leaked, events)
        kinds |= {o["op"] for o in ops}
    assert {"deal", "say", "mark_turn", "show_dice", "set_counter", "game_over"} <= kinds


def test_L_OFFER_2_the_question_goes_to_the_next_seat_and_names_no_card(content):
    for state, events, ops in play(content, 7):
        if any(e["type"] == "offer_made" for e in events):
            (ask,) = [o for o in ops if o["op"] == "ask"]
            assert ask["seat"] == state["pending"]["seat"] != state["current"]
            assert "visible_to" not in ask
            assert [o["args"] for o in ask["options"]] == [{"accept": True}, {"accept": False}]
            assert state["pending"]["card"] not in json.dumps(ask)
            break
    else:
        pytest.fail("no offer in this game")


def test_L_OFFER_1_the_offer_question_is_for_the_roller_only(content):
    for state, events, ops in play(content, 7):
        if any(e["type"] == "offer_due" for e in events):
            (ask,) = [o for o in ops if o["op"] == "ask"]
            assert ask["visible_to"] == [ask["seat"]] == [state["current"]]
            assert [o["args"]["card"] for o in ask["options"]] == state["hands"][state["current"]]
            break
    else:
        pytest.fail("no six in this game")


def test_L_END_2_game_over_sets_every_counter_to_the_score(content):
    state, events, ops = play(content, 2)[-1]
    result = engine.outcome(state)
    (over,) = [o for o in ops if o["op"] == "game_over"]
    assert (over["winners"], over["scores"], over["side"]) == (result["winners"], result["scores"], None)
    counters = {o["counter"]: o["value"] for o in ops if o["op"] == "set_counter"}
    assert counters == result["scores"]
    assert {o["guid"] for o in ops if o["op"] == "set_counter"} <= set(content["tts"]["counters"].values())
    assert present.answer(events, view(content, state), 99)["messages"][-1] == over["text"]


@pytest.mark.parametrize("seed", range(3))
def test_L_HAND_1_layout_puts_each_card_in_its_hand_for_its_holder_only(content, seed):
    for version, (state, _, _) in enumerate(play(content, seed), 1):
        ops = present.layout(view(content, state), version)
        assert vocabulary.problems(ops) == []
        for seat in SEATS:
            mine = [o["card"] for o in for_seat(ops, seat) if o["op"] == "move_card" and o["to"].get("seat") == seat]
            assert mine == state["hands"].get(seat, [])
            guids = {o["guid"] for o in for_seat(ops, seat) if o["op"] == "move_card" and o["to"].get("seat") == seat}
            assert guids == {content["tts"]["cards"][c]["guid"] for c in state["hands"].get(seat, [])}
        public = json.dumps(for_seat(ops, None), ensure_ascii=False)
        if not engine.is_over(state):
            assert not [c for s in SEATS for c in state["hands"].get(s, []) if f'"{c}"' in public]
            assert [o["seat"] for o in ops if o["op"] == "mark_turn"] == [s for s in [state["current"]] if s]
        discards = [o["card"] for o in ops if o["op"] == "move_card" and o["to"].get("place") == "discard"]
        assert discards == state["discard"]


def test_L_TURN_1_labels_name_each_legal_action_in_every_locale(content):
    for state, _, _ in play(content, 7)[:40]:
        for seat in SEATS:
            legal = engine.legal_actions(state, seat)
            labelled = present.label(legal, view(content, state), seat)
            assert [{k: v for k, v in a.items() if k != "label"} for a in labelled] == legal
            for a in labelled:
                assert set(a["label"]) == set(LOCALES) and all(a["label"].values())
                if a["action"] == "offer":
                    card = content["cards"][a["args"]["card"]]
                    assert card["title"]["en"] in a["label"]["en"]


def test_L_SETUP_1_narration_names_seats_by_colour_in_each_locale(content):
    state = engine.new_table(content, {"seats": list(SEATS)}, random.Random(0))
    state, events = engine.apply(state, {"action": "sit", "player": "Red", "args": {}}, random.Random(0))
    assert present.answer(events, view(content, state), 1)["messages"] == [
        {"zh-Hans": "红色入座。", "zh-Hant": "紅色入座。", "en": "Red sits down."}]
