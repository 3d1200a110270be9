"""The verbs' contract: purity, refusals, who acts, outcomes, what an undo
may not cross, events' audiences, and the rule-coverage gate."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from escape_fixture import content
from escape_helpers import E, Dice, act, play_round_to, refused, snapshot, table
from kit.engine import RecordingRng, RuleError, seeded
from rulesets.escape.engine import sim

ROOT = Path(__file__).resolve().parents[3]


def test_every_escape_rule_id_has_a_citing_test():
    env = {**os.environ, "HAUNTKIT_RULESETS": "escape=rulesets.escape"}
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "rule_coverage.py"), "--quiet", "escape"],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stdout + out.stderr


def test_apply_never_changes_its_input_and_every_event_names_its_audience():
    for seed in range(4):
        state, log = sim.play(content(), seed, players=2 + seed % 4, check=False)
        rng = seeded(seed)
        s = sim.new_table(sim.normalize(content()), {"seats": list(sim.SEATS[:2 + seed % 4]), "locale": "en"}, rng)
        for action in log:
            before = snapshot(s)
            s2, events = E.apply(s, action, rng)
            assert snapshot(s) == before
            for ev in events:
                assert "visible_to" in ev
                assert ev["visible_to"] is None or (isinstance(ev["visible_to"], list) and ev["visible_to"])
            s = s2
        assert snapshot(s) == snapshot(state)


def test_refusals_name_a_code_and_carry_three_locales():
    s = table()
    err = refused(s, "Red", "teleport", "BAD-ARGS")
    assert err.status == 400
    refused(s, "Red", "keep", "BAD-ARGS", card=["food"])
    err = refused(s, "Blue", "keep", "NOT-YOUR-TURN", card="food")
    assert err.message["zh-Hans"] == "现在不是你行动。" and err.message["zh-Hant"] == "現在不是你行動。"
    assert refused(s, "Pink", "keep", "NOT-YOUR-TURN", card="food").status == 403
    refused(s, "Red", "sit", "NOT-LOBBY")
    with pytest.raises(RuleError) as err:
        E.apply(s, {"action": "keep", "player": "Red", "args": [1]}, Dice())
    assert err.value.code == "BAD-ARGS"


def test_to_act_seated_outcome_and_views():
    s = E.new_table(content(), {"seats": ["Red", "Blue", "Green"]}, Dice())
    assert E.to_act(s) == ["Red", "Blue", "Green"] and E.seated(s) == []
    s, _ = act(s, "Blue", "sit")
    assert E.seated(s) == ["Blue"] and E.legal_actions(s, "Blue") == []
    assert E.to_act(s) == ["Red", "Green"]                     # Blue cannot start alone
    s, _ = act(s, "Red", "sit")
    assert E.to_act(s) == ["Green", "Red", "Blue"]             # those still to sit first
    s = table()
    assert E.to_act(s) == ["Red"] and E.seated(s) == ["Red", "Blue", "Green"] and E.outcome(s) is None
    assert E.legal_actions(s, "Blue") == []
    spectator = E.view(s, None)
    assert all("hand" not in p for p in spectator["players"].values())
    assert "cards" not in spectator["pending"] and "decks" not in spectator
    over, _ = sim.play(content(), 3, players=3, check=False)
    assert E.to_act(over) == [] and E.outcome(over)["winners"] and set(E.outcome(over)["scores"]) == set(
        over["players"])


def test_reveals_marks_what_an_undo_must_not_cross():
    s = play_round_to(table(explore=("ev_quiet",)), "lead_explore")
    rng = RecordingRng(random.Random(1))
    s, events = E.apply(s, {"action": "explore", "player": "Red", "args": {}}, rng)
    assert E.reveals(events, rng.tape)                      # a card was shown
    rng = RecordingRng(random.Random(1))
    s2, events = E.apply(s, {"action": "pass", "player": "Red", "args": {}}, rng)
    assert rng.tape == [] and not E.reveals(events, rng.tape)
    rng = RecordingRng(random.Random(1))
    _, events = E.apply(s2, {"action": "search", "player": "Blue", "args": {}}, rng)
    assert E.reveals(events, [])                            # an item drawn into a hidden hand
    assert E.reveals([], [3])                               # any use of the random source


def test_every_legal_action_is_accepted_and_other_seats_actions_are_refused_unchanged():
    for seed in range(6):
        state, log = sim.play(content(), seed, players=3, check=False)
        rng = seeded(seed)
        s = sim.new_table(sim.normalize(content()), {"seats": ["Red", "Blue", "Green"], "locale": "en"}, rng)
        for i, action in enumerate(log):
            if i % 7 == 3 and s["pending"] is not None:
                other = next(x for x in s["seats"] if x != s["pending"]["seat"])
                refused(s, other, action["action"], "NOT-YOUR-TURN", **action["args"])
            if s["phase"] not in ("lobby",) and s["pending"] is not None:
                assert {"action": action["action"], "args": action["args"]} in E.legal_actions(s, action["player"])
            s, _ = E.apply(s, action, rng)


def test_states_and_events_are_json_values():
    state, log = sim.play(content(), 11, players=4, check=False)
    assert json.loads(json.dumps(state)) == state
    assert json.loads(json.dumps(E.view(state, "Red"))) == E.view(state, "Red")


def test_every_refusal_and_game_word_is_in_the_word_catalog_in_three_locales():
    import re
    from kit.words import catalog
    from rulesets.escape import INFO
    words = catalog(INFO.folder)
    used = set()
    for path in (ROOT / "rulesets" / "escape" / "engine").glob("*.py"):
        used |= set(re.findall(r'refuse\([^,]+, "([a-z_0-9]+)"', path.read_text(encoding="utf-8")))
    assert len(used) > 30
    for key in used | {f"game.{w}" for w in ("stamina", "leader", "infected", "revelation", "stairs_up")}:
        entry = words.raw(key if key.startswith("game.") else f"refuse.{key}")
        assert all(entry[loc] for loc in ("zh-Hans", "zh-Hant", "en")), key
    assert words.text("game.stamina")["zh-Hant"] == "體力"
