"""relay's engine, rule by rule, and the contract every engine keeps
(docs/RULESETS.md §2): pure, seeded, replayable, every event with its
visibility."""
from __future__ import annotations

import copy
import json
import random

import pytest

from kit.engine import RecordingRng, RuleError, TapeRng, visible
from relay_helpers import act, compiled, started
from tests.fixtures.rulesets.relay import engine

SEATS = ("Red", "Blue", "Green")


@pytest.fixture(scope="module")
def content():
    return compiled()


def roll(value: int) -> TapeRng:
    """The die showing `value` (faces 1..6, in face order)."""
    return TapeRng([value - 1])


def stacked(state: dict, deck: list[str], **hands) -> dict:
    """The same state with a chosen deck order (and hands): tests only."""
    s = copy.deepcopy(state)
    s["deck"] = list(deck) + [c for c in s["deck"] if c not in deck and all(c not in h for h in hands.values())]
    for seat, cards in hands.items():
        s["hands"][seat] = list(cards)
    return s


def refused(state, seat, action, code, rng=None, **args) -> RuleError:
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as info:
        act(state, seat, action, rng, **args)
    assert info.value.code == code, info.value
    assert set(info.value.message) == {"zh-Hans", "zh-Hant", "en"}
    assert state == before, "a refused action changed its input"
    return info.value


# -- seating and setup ---------------------------------------------------------
def test_L_SEAT_1_a_listed_seat_sits_once_and_at_most_four(content):
    rng = random.Random(1)
    seats = ["White", "Red", "Blue", "Green", "Yellow"]
    state = engine.new_table(content, {"seats": seats}, rng)
    refused(state, "Pink", "sit", "L-SEAT-1")
    for seat in seats[:4]:
        state, events = act(state, seat, "sit")
        assert events == [{"type": "seated", "seat": seat, "visible_to": None}]
    refused(state, "Red", "sit", "L-SEAT-1")
    refused(state, "Yellow", "sit", "L-SEAT-1")
    assert engine.legal_actions(state, "Yellow") == []
    state, _ = act(state, "White", "start")
    refused(state, "Yellow", "sit", "L-SEAT-1")
    refused(state, "Yellow", "roll", "L-SEAT-1")


def test_L_SETUP_1_start_needs_two_seated_and_the_starter_goes_first(content):
    rng = random.Random(2)
    state = engine.new_table(content, {"seats": list(SEATS)}, rng)
    state, _ = act(state, "Blue", "sit")
    refused(state, "Red", "start", "L-SETUP-1")           # not seated
    refused(state, "Blue", "start", "L-SETUP-1")          # alone
    refused(state, "Blue", "roll", "L-SETUP-1")           # not started
    assert engine.legal_actions(state, "Blue") == []
    for seat in ("Green", "Red"):
        state, _ = act(state, seat, "sit")
    assert engine.legal_actions(state, "Blue") == [{"action": "start", "args": {}}]
    state, events = act(state, "Blue", "start", rng)
    assert state["order"] == ["Blue", "Green", "Red"]     # table order, from the starter
    assert events[0] == {"type": "game_started", "order": ["Blue", "Green", "Red"], "visible_to": None}
    assert events[-1] == {"type": "turn_began", "seat": "Blue", "turn": 1, "visible_to": None}
    assert engine.to_act(state) == ["Blue"]


def test_L_SETUP_2_deck_shuffled_and_start_hand_dealt_face_down(content):
    state, events = started(content, seed=3)
    start_hand = content["settings"]["start_hand"]
    assert all(len(state["hands"][s]) == start_hand for s in SEATS)
    assert len(state["deck"]) == len(content["cards"]) - 3 * start_hand
    assert state["deck"] != [c for c in content["cards"] if c not in sum(state["hands"].values(), [])]
    dealt = [e for e in events if e["type"] == "card_drawn"]
    assert [(e["seat"], e["visible_to"]) for e in dealt] == [(s, [s]) for s in SEATS for _ in range(start_hand)]
    assert [e for e in events if e["type"] == "drew"] == [
        {"type": "drew", "seat": s, "count": start_hand, "left": n, "visible_to": None}
        for s, n in zip(SEATS, range(len(content["cards"]) - start_hand, 0, -start_hand))]


# -- a turn --------------------------------------------------------------------
def test_L_TURN_1_only_the_current_seat_rolls_then_the_turn_passes(content):
    state, _ = started(content)
    refused(state, "Blue", "roll", "L-TURN-1", roll(2))
    state = stacked(state, ["rope_coil"])
    state, events = act(state, "Red", "roll", roll(2))
    assert events[-1] == {"type": "turn_began", "seat": "Blue", "turn": 2, "visible_to": None}
    assert engine.to_act(state) == ["Blue"] and engine.legal_actions(state, "Red") == []


@pytest.mark.parametrize("value", [1, 2, 3])
def test_L_ROLL_1_one_to_three_draws_one(content, value):
    state = stacked(started(content)[0], ["rope_coil", "firework"])
    state, events = act(state, "Red", "roll", roll(value))
    assert events[0] == {"type": "dice_rolled", "seat": "Red", "faces": [value], "total": value,
                         "purpose": "turn", "visible_to": None}
    assert state["hands"]["Red"][-1] == "rope_coil" and "firework" in state["deck"]
    assert state["last_roll"] == value


@pytest.mark.parametrize("value", [4, 5])
def test_L_ROLL_2_four_or_five_draws_two_or_what_is_left(content, value):
    state = stacked(started(content)[0], ["rope_coil", "firework", "rice_bowl"])
    after, _ = act(state, "Red", "roll", roll(value))
    assert after["hands"]["Red"][-2:] == ["rope_coil", "firework"] and after["deck"][0] == "rice_bowl"
    last = copy.deepcopy(state)
    last["deck"] = ["rope_coil"]
    after, events = act(last, "Red", "roll", roll(value))
    assert after["hands"]["Red"][-1] == "rope_coil" and after["deck"] == []
    assert [e["count"] for e in events if e["type"] == "drew"] == [1]


def test_L_ROLL_3_a_six_offers_a_card_or_draws_with_an_empty_hand(content):
    state, _ = started(content)
    after, events = act(state, "Red", "roll", roll(6))
    assert after["pending"] == {"kind": "offer", "seat": "Red", "to": "Blue"}
    assert events[-1] == {"type": "offer_due", "seat": "Red", "to": "Blue", "visible_to": None}
    assert engine.legal_actions(after, "Red") == [{"action": "offer", "args": {"card": c}}
                                                 for c in after["hands"]["Red"]]
    assert engine.to_act(after) == ["Red"]
    empty = stacked(state, ["rope_coil"], Red=[])
    after, events = act(empty, "Red", "roll", roll(6))
    assert after["pending"] is None and after["hands"]["Red"] == ["rope_coil"]
    assert events[-1]["type"] == "turn_began" and events[-1]["seat"] == "Blue"


# -- the question put to the next seat -----------------------------------------
def _offer(content, card="firework"):
    state = stacked(started(content)[0], [], Red=[card, "rope_coil"])
    state, _ = act(state, "Red", "roll", roll(6))
    return state


def test_L_OFFER_1_the_offer_is_a_held_card_seen_by_the_roller_only(content):
    state = _offer(content)
    refused(state, "Red", "offer", "L-OFFER-1", card="night_bat")
    refused(state, "Red", "roll", "L-OFFER-1")
    refused(state, "Blue", "answer", "L-OFFER-1", accept=True)
    state, events = act(state, "Red", "offer", card="firework")
    assert events == [
        {"type": "card_offered", "seat": "Red", "to": "Blue", "card": "firework", "visible_to": ["Red"]},
        {"type": "offer_made", "seat": "Red", "to": "Blue", "visible_to": None}]
    assert visible(events, "Blue") == visible(events, None) == events[1:]
    assert engine.view(state, "Red")["pending"]["card"] == "firework"
    for seat in ("Blue", "Green", None):
        assert "firework" not in json.dumps(engine.view(state, seat)), seat
    refused(state, "Red", "offer", "L-OFFER-2", card="rope_coil")


def test_L_OFFER_2_only_the_next_seat_answers_and_accepting_pays_a_bonus(content):
    state, _ = act(_offer(content), "Red", "offer", card="firework")
    assert engine.to_act(state) == ["Blue"] and state["current"] == "Red"
    assert engine.legal_actions(state, "Blue") == [{"action": "answer", "args": {"accept": True}},
                                                   {"action": "answer", "args": {"accept": False}}]
    refused(state, "Red", "answer", "L-OFFER-2", accept=True)
    refused(state, "Green", "answer", "L-OFFER-2", accept=True)
    refused(state, "Blue", "roll", "L-OFFER-2")
    refused(state, "Blue", "answer", "BAD-ARGS", accept="yes")
    took, events = act(state, "Blue", "answer", accept=True)
    bonus = content["settings"]["accept_bonus"]
    assert "firework" in took["hands"]["Blue"] and "firework" not in took["hands"]["Red"]
    assert took["bonus"]["Blue"] == bonus and took["pending"] is None
    assert events[0] == {"type": "card_passed", "seat": "Red", "to": "Blue", "card": "firework",
                         "visible_to": ["Red", "Blue"]}
    assert events[1] == {"type": "offer_accepted", "seat": "Red", "to": "Blue", "bonus": bonus, "total": bonus,
                         "visible_to": None}
    assert events[-1]["type"] == "turn_began" and events[-1]["seat"] == "Blue"
    assert "firework" not in json.dumps(visible(events, "Green"))
    left, events = act(state, "Blue", "answer", accept=False)
    assert left["discard"] == ["firework"] and left["bonus"]["Blue"] == 0
    assert "firework" not in left["hands"]["Red"] + left["hands"]["Blue"]
    assert events[0] == {"type": "offer_refused", "seat": "Red", "to": "Blue", "card": "firework",
                         "value": content["cards"]["firework"]["value"], "visible_to": None}
    assert engine.view(left, "Green")["discard"] == ["firework"]


# -- card steps, hidden hands, the end -------------------------------------------
def test_L_CARD_1_a_drawn_cards_steps_run_draw_more_and_again(content):
    assert content["cards"]["night_ticket"]["steps"] == [{"op": "draw", "count": 1}]
    assert content["cards"]["brass_bell"]["steps"] == [{"op": "again"}]
    state = stacked(started(content)[0], ["night_ticket", "rope_coil", "firework"])
    state, events = act(state, "Red", "roll", roll(1))
    assert state["hands"]["Red"][-2:] == ["night_ticket", "rope_coil"] and state["deck"][0] == "firework"
    assert [e["count"] for e in events if e["type"] == "drew"] == [2]
    state = stacked(state, ["brass_bell", "rope_coil"])
    state, events = act(state, "Blue", "roll", roll(2))
    assert events[-2:] == [{"type": "again", "seat": "Blue", "visible_to": None},
                           {"type": "turn_began", "seat": "Blue", "turn": 3, "visible_to": None}]
    state, events = act(state, "Blue", "roll", roll(2))
    assert events[-1]["seat"] == "Green"                    # once only


def test_L_HAND_1_a_hand_is_seen_by_its_holder_only(content):
    state, events = started(content)
    for seat in SEATS:
        v = engine.view(state, seat)
        assert set(v["hands"]) == {seat} and v["hands"][seat] == state["hands"][seat]
        assert v["hand_sizes"] == {s: len(state["hands"][s]) for s in SEATS}
        assert "deck" not in v and v["deck_size"] == len(state["deck"])
        others = [c for s in SEATS if s != seat for c in state["hands"][s]]
        seen = json.dumps([v, visible(events, seat)])
        assert not [c for c in others if f'"{c}"' in seen], seat
    spectator = json.dumps([engine.view(state, None), visible(events, None)])
    assert not [c for c in content["cards"] if f'"{c}"' in spectator]


def test_L_END_1_the_game_ends_when_the_deck_is_empty_and_nothing_follows(content):
    state = stacked(started(content)[0], [])
    state["deck"] = ["rope_coil"]
    over, events = act(state, "Red", "roll", roll(2))
    assert engine.is_over(over) and events[-1]["type"] == "game_over"
    assert engine.to_act(over) == [] and all(engine.legal_actions(over, s) == [] for s in SEATS)
    refused(over, "Blue", "roll", "L-END-1")
    refused(over, "Red", "sit", "L-END-1")


def test_L_END_2_scores_are_hand_values_plus_bonus_ties_share_hands_shown(content):
    state, _ = started(content)
    state = stacked(state, [], Red=["firework", "night_bat"], Blue=["pocket_watch", "stray_spark"],
                    Green=["candle_stub"])
    state["deck"], state["bonus"] = ["rope_coil"], {"Red": 0, "Blue": 3, "Green": 1}
    over, events = act(state, "Red", "roll", roll(1))
    # Red 6-2+0 = 4, Blue 5-3+3 = 5, Green 1+1 = 2
    expect = {"winners": ["Blue"], "side": None, "scores": {"Red": 4, "Blue": 5, "Green": 2}}
    assert engine.outcome(over) == expect and engine.outcome(state) is None
    assert events[-1] == {"type": "game_over", **expect, "hands": over["hands"], "visible_to": None}
    for seat in (*SEATS, None):
        assert engine.view(over, seat)["hands"] == over["hands"]
    tie = copy.deepcopy(state)
    tie["bonus"]["Red"] = 1
    over, _ = act(tie, "Red", "roll", roll(1))
    assert engine.outcome(over)["winners"] == ["Red", "Blue"]


# -- the contract ----------------------------------------------------------------
def _game(content, seed: int):
    """A whole game by random legal choices: (actions with tapes, states)."""
    rng = random.Random(seed)
    rec = RecordingRng(random.Random(seed + 1000))
    seats = SEATS[: 2 + seed % 2]
    state = engine.new_table(content, {"seats": list(seats)}, rec)
    log, states = [], [state]
    while not engine.is_over(state):
        who = {s: engine.legal_actions(state, s) for s in state["seats"]}
        assert sorted(engine.to_act(state)) == sorted(s for s, acts in who.items() if acts)
        seat = engine.to_act(state)[0]
        pick = rng.choice(who[seat])
        action = {"action": pick["action"], "player": seat, "args": pick["args"]}
        before, rec.tape = copy.deepcopy(state), []
        state, events = engine.apply(state, action, rec)
        assert states[-1] == before, "apply changed its input"
        assert all("visible_to" in e for e in events) and json.loads(json.dumps(events)) == events
        assert engine.reveals(events, rec.tape) == (bool(rec.tape) or any(
            e["type"] in ("card_drawn", "card_passed", "offer_refused", "game_over") for e in events))
        log.append((action, list(rec.tape)))
        states.append(state)
        assert len(log) < 500
    return log, states


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_and_replay_exactly_from_their_tapes(content, seed):
    log, states = _game(content, seed)
    final = states[-1]
    assert engine.outcome(final)["scores"].keys() == set(final["order"])
    assert engine.seated(final) == [s for s in final["seats"] if s in final["players"]]
    state = engine.new_table(content, {"seats": list(states[0]["seats"])}, TapeRng([]))
    for (action, tape), expected in zip(log, states[1:]):
        state, _ = engine.apply(state, action, TapeRng(tape))
        assert state == expected
    assert json.loads(json.dumps(final)) == final


def test_L_ROLL_1_an_undo_barrier_follows_every_roll_but_not_an_offer(content):
    state = _offer(content)
    _, events = act(state, "Red", "offer", card="firework")
    assert engine.reveals(events, []) is False
    _, events = act(started(content)[0], "Red", "roll", roll(1))
    assert engine.reveals(events, [0]) is True


def test_bad_shapes_and_unknown_actions_are_refused(content):
    state, _ = started(content)
    refused(state, "Red", "dance", "BAD-ARGS")
    refused(state, "Red", "offer", "BAD-ARGS", card=["firework"])
    with pytest.raises(RuleError) as info:
        engine.apply(state, {"action": "roll", "player": None, "args": {}}, random.Random(0))
    assert info.value.code == "BAD-ARGS" and info.value.status == 400
