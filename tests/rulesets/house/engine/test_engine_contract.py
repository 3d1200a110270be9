"""The verbs' contract: purity, refusals, views, legal actions, rule coverage."""
import json
import subprocess
import sys
from pathlib import Path

from engine_helpers import E, Dice, act, haunt_spec, only_tiles, refused, start_haunt, table

ROOT = Path(__file__).resolve().parents[4]


def test_every_rule_id_has_a_citing_engine_test():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "rule_coverage.py"), "--quiet"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_apply_never_changes_its_input_and_refusals_carry_three_locales():
    s = table()
    before = json.dumps({k: v for k, v in s.items() if k != "rules"}, sort_keys=True)
    s2, ev = act(s, "Red", "move", to="foyer")
    assert json.dumps({k: v for k, v in s.items() if k != "rules"}, sort_keys=True) == before
    assert s2["players"]["Red"]["room"] == "foyer"
    err = refused(s, "Red", "teleport", "BAD-ARGS")
    assert err.status == 400
    err = refused(s, "Blue", "move", "NOT-YOUR-TURN", to="foyer")
    assert err.message["zh-Hans"] == "现在不是你的回合。" and err.message["zh-Hant"] == "現在不是你的回合。"
    refused(s, "Red", "roll", "NO-PENDING")
    refused(s, "Red", "sit", "NOT-LOBBY")


def test_a_move_reads_the_step_graph_without_copying_it_and_a_discovery_copies_it():
    """R-MOVE-1 R-PLACE-2: the copy-on-touch draft shares what an action only
    reads (a move checks the step graph); a part an action changes (a placed
    tile links into the graph) is copied first, so the input state stays as
    it was."""
    s = table()
    s2, _ = act(s, "Red", "move", to="foyer")
    assert s2["adj"] is s["adj"] and s2["players"] is not s["players"]
    adj_before = json.dumps(s2["adj"], sort_keys=True)
    only_tiles(s2, "library")
    s3, _ = act(s2, "Red", "discover", side="E")
    s3, _ = act(s3, "Red", "place_tile", rotation=0)
    assert "library" in s3["adj"] and s3["adj"] is not s2["adj"]
    assert json.dumps(s2["adj"], sort_keys=True) == adj_before


def test_a_pending_prompt_admits_only_its_answer_from_its_seat():
    s = table()
    only_tiles(s, "library")
    s, _ = act(s, "Red", "discover", side="E")
    assert E.legal_actions(s, "Red") == [{"action": "place_tile", "args": {"rotation": 0}},
                                         {"action": "place_tile", "args": {"rotation": 1}}]
    assert E.legal_actions(s, "Blue") == []
    refused(s, "Red", "end_turn", "PENDING")
    refused(s, "Blue", "place_tile", "NOT-YOUR-TURN", rotation=0)


def test_legal_moves_list_rooms_reachable_with_the_movement_left():
    s = table()
    moves = {a["args"].get("to") or a["args"]["path"][-1]: a["args"] for a in E.legal_actions(s, "Red")
             if a["action"] == "move"}
    assert moves == {"foyer": {"to": "foyer"}, "grand_staircase": {"path": ["foyer", "grand_staircase"]},
                     "upper_landing": {"path": ["foyer", "grand_staircase", "upper_landing"]}}
    discovers = sorted(a["args"]["side"] for a in E.legal_actions(s, "Red") if a["action"] == "discover")
    assert discovers == ["E", "W"]
    for a in E.legal_actions(s, "Red"):
        E.apply(s, {"action": a["action"], "player": "Red", "args": a["args"]}, Dice())


def test_a_view_hides_deck_orders_and_the_other_sides_rules():
    s = table()
    v = E.view(s, "Red")
    assert "decks" not in v and "rules" not in v and "stack" not in v
    assert v["deck_sizes"]["event"] == len(s["decks"]["event"])
    json.dumps(v)
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    assert E.view(s, "Blue")["haunt"]["book"] != E.view(s, "Red")["haunt"]["book"]


def test_is_over_and_the_registry():
    from rulesets import engine as get_engine
    import pytest
    assert get_engine("house") is E
    with pytest.raises(KeyError):
        get_engine("nope")
    assert not E.is_over(table())


def test_malformed_or_illegal_actions_are_refused_cleanly_at_every_point_of_a_game():
    """Whatever arrives, the answer is a RuleError and the state is untouched."""
    import random

    from content_fixture import content as fixture
    from kit.engine import RuleError, seeded
    from rulesets.house.engine.sim import play, replay
    state, log, _ = play(fixture(), 4, check=False)
    junk = [
        {"action": "move", "args": {"to": 5}}, {"action": "move", "args": {"path": []}},
        {"action": "move", "args": {"to": "nowhere"}}, {"action": "discover", "args": {"side": "Q"}},
        {"action": "place_tile", "args": {"rotation": "1"}}, {"action": "choose", "args": {"option": None}},
        {"action": "split_damage", "args": {"split": {"might": -1, "speed": 9}}},
        {"action": "use", "args": {"card": "nope"}}, {"action": "give", "args": {"card": "axe", "to": None}},
        {"action": "drop", "args": {"cards": "axe"}}, {"action": "pick_up", "args": {"cards": ["x", "x"]}},
        {"action": "attack", "args": {"target": "ghost"}}, {"action": "monster_move", "args": {}},
        {"action": "monster_attack", "args": {"monster": "m"}}, {"action": "room_action", "args": {}},
        {"action": "drop_through", "args": {}}, {"action": "roll", "args": {}}, {"action": None},
        {"action": "end_turn", "args": "x"}, {"action": "choose_character", "args": {"character": "ava"}},
        # a list or dict where a name belongs (names are used as keys)
        {"action": ["move"]}, {"action": "discover", "args": {"side": ["N"]}},
        {"action": "attack", "args": {"target": ["Red"]}}, {"action": "choose", "args": {"option": {"a": 1}}},
        {"action": "drop", "args": {"cards": [["axe"]]}}, {"action": "pick_up", "args": {"cards": [{}]}},
        {"action": "monster_attack", "args": {"monster": "m", "target": {"x": 1}}},
        {"action": "split_damage", "args": {"split": {"might": [1]}}},
        {"action": "choose_character", "args": {"character": ["ava"]}},
    ]
    rng = random.Random(1)
    probe = seeded(0)
    cut = sorted(rng.sample(range(1, len(log)), 12))
    for n in cut:
        s = replay(fixture(), 4, log[:n])
        before = repr({k: v for k, v in s.items() if k != "rules"})
        for seat in s["seats"] + [None, ["Red"]]:
            for a in junk:
                try:
                    E.apply(s, {**a, "player": seat}, probe)
                except RuleError as err:
                    assert set(err.message) == {"zh-Hans", "zh-Hant", "en"}
        assert repr({k: v for k, v in s.items() if k != "rules"}) == before


def test_every_event_type_the_engine_emits_is_documented():
    """The server's effects are written against docs/rulesets/house.md: keep it true."""
    import re
    doc = (ROOT / "docs" / "rulesets" / "house.md").read_text(encoding="utf-8")
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "rulesets" / "house" / "engine").glob("*.py"))
    emitted = set(re.findall(r'"type": "([a-z_]+)"', source))
    assert len(emitted) > 30
    missing = sorted(t for t in emitted if f"`{t}`" not in doc)
    assert not missing, missing


def test_choice_prompts_carry_the_contents_own_option_labels_and_leave_the_rest_to_the_presenter():
    from engine_helpers import discover, hand, on_top, put
    s = table()
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    s["turn"]["seat"] = "Red"
    put(s, "Blue", "entrance_hall")
    hand(s, "Blue", "candle")
    s, ev = act(s, "Red", "attack", Dice(2, 2, 0, 0, 0, 0), target="Blue")
    assert s["pending"]["options"] == ["damage", "steal:candle"]
    assert s["pending"]["labels"] == [None, None]          # words, not content: named by the presenter
    s2 = table()
    only_tiles(s2, "game_room")
    on_top(s2, "event", "old_photo")
    s2, _ = discover(s2, "Red", "E")
    assert [l["en"] for l in s2["pending"]["labels"]] == ["a", "b"]


def test_every_listed_legal_action_is_accepted():
    """What `legal_actions` offers (the table's menus), `apply` accepts, all through several games."""
    from content_fixture import content as fixture
    from kit.engine import seeded
    from rulesets.house.engine.sim import actor, play, replay
    tried = 0
    for seed in (1, 2, 8):
        _, log, _ = play(fixture(), seed, check=False)
        for n in range(len(log) // 2, len(log), max(1, len(log) // 25)):
            s = replay(fixture(), seed, log[:n])
            if E.is_over(s):
                continue
            seat = actor(s)
            for a in E.legal_actions(s, seat):
                E.apply(s, {"action": a["action"], "player": seat, "args": a["args"]}, seeded(n))
                tried += 1
    assert tried > 100
