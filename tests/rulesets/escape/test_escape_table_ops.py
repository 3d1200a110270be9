"""The presenter's table instructions over whole seeded games on the real
content and table section: applied one answer after another they leave
every piece where a layout from scratch puts it (nothing moved is left
out), a card goes into or out of a hidden hand only in an instruction for
its holders (E-HAND-2), and questions naming a hidden hand go to that seat
alone."""
from __future__ import annotations

import pytest

import rulesets.escape.engine as E
from escape_build import stand_in_build
from kit import ops as kit_ops
from kit.engine import seeded
from kit.present import TableView
from rulesets.escape import present
from rulesets.escape.engine import sim
from rulesets.escape.present.table import card_places


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    _, doc, section = stand_in_build(tmp_path_factory.mktemp("escape-ops") / "build")
    return {**doc, "tts": section}


def _apply(model: dict, ops: list[dict]) -> None:
    """What each instruction leaves on a table: a hand, or a place (x, z, face)."""
    for op in ops:
        if op["op"] == "deal":
            model[op["guid"]] = ("hand", op["seat"])
        elif op["op"] == "move_card":
            to = op["to"]
            model[op["guid"]] = ("hand", to["seat"]) if "seat" in to else \
                (round(to["position"]["x"], 2), round(to["position"]["z"], 2), to["face_up"])
        elif op["op"] == "move":
            model[op["guid"]] = (round(op["position"]["x"], 2), round(op["position"]["z"], 2))
        elif op["op"] == "set_counter":
            model[op["guid"]] = op["value"]


GAMES = [(3, 4), (8, 5), (11, 2), (25, 3), (30, 4)]      # (seed, players)


@pytest.mark.parametrize("seed,players", GAMES)
def test_E_HAND_2_answers_move_exactly_what_changed_and_hands_only_for_their_holders(content, seed, players):
    _, log = sim.play(content, seed, players=players)
    rng = seeded(seed)
    seats = list(sim.SEATS[:players])
    s = sim.new_table(sim.normalize(content), {"seats": seats, "locale": "en"}, rng)
    model: dict = {}
    guid_of = {v["guid"]: c for c, v in content["tts"]["cards"].items()}
    for version, action in enumerate(log, 1):
        before = TableView(E, s, content)
        s, events = E.apply(s, action, rng)
        view = TableView(E, s, content, before=before)
        out = present.ops(events, view, version)
        kit_ops.check(out)
        hidden_now = {c: loc.owner for c, loc in card_places(view).items() if loc.place == "hand"}
        hidden_before = {c: loc.owner for c, loc in card_places(before).items() if loc.place == "hand"}
        for op in out:
            card = guid_of.get(op.get("guid"))
            if card is None:
                continue
            holders = {hidden_now.get(card), hidden_before.get(card)} - {None}
            into_hand = op["op"] == "deal" or "seat" in op.get("to", {})
            if into_hand or (holders and op.get("to", {}).get("face_up") is False):
                assert op.get("visible_to") and set(op["visible_to"]) <= holders, (version, op)
            elif op.get("visible_to") is None:
                assert card not in hidden_now, (version, op)
        for op in out:
            if op["op"] == "ask" and op["kind"] in ("keep", "hand_limit", "trade"):
                assert op["visible_to"] == [op["seat"]]
        _apply(model, out)
    final = {}
    _apply(final, present.layout(TableView(E, s, content), len(log)))
    wrong = {g: (model.get(g), want) for g, want in final.items() if model.get(g) != want}
    assert not wrong, list(wrong.items())[:5]
    assert s["phase"] == "over"


def test_a_layout_from_scratch_deals_each_hand_to_its_holder_only(content):
    _, log = sim.play(content, 3, players=4)
    rng = seeded(3)
    state = sim.new_table(sim.normalize(content), {"seats": list(sim.SEATS[:4]), "locale": "en"}, rng)
    for action in log[:60]:                      # mid-game: hands full, cards on the table
        state, _ = E.apply(state, action, rng)
    view = TableView(E, state, content)
    out = present.layout(view, 60)
    kit_ops.check(out)
    hands = {c: loc.owner for c, loc in card_places(view).items() if loc.place == "hand"}
    moved = {o["card"]: o for o in out if o["op"] in ("deal", "move_card")}
    assert hands and set(hands) <= set(moved)
    for card, seat in hands.items():
        assert moved[card]["visible_to"] == [seat]
    public = [o for o in out if o["op"] in ("deal", "move_card") and o.get("visible_to") is None]
    assert public and not any(o["card"] in hands for o in public)
