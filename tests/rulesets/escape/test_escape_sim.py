"""A thousand seeded games on the real content with every invariant checked
after every step, and seeded replays that rebuild the very same game."""
import json
import os
from collections import Counter

import pytest

import rulesets
from escape_fixture import content
from rulesets.escape.engine import sim


@pytest.fixture(scope="module")
def compiled():
    from pipeline.content.compile import compile_ruleset
    from pipeline.content.loader import load_ruleset
    old = os.environ.get("HAUNTKIT_RULESETS")
    if "escape" not in rulesets.RULESETS:
        os.environ["HAUNTKIT_RULESETS"] = ",".join(filter(None, [old, "escape=rulesets.escape"]))
    try:
        return sim.normalize(json.loads(json.dumps(compile_ruleset(load_ruleset("escape")))))
    finally:
        if old is None:
            os.environ.pop("HAUNTKIT_RULESETS", None)
        else:
            os.environ["HAUNTKIT_RULESETS"] = old


def _strip(state):
    return json.dumps({k: v for k, v in state.items() if k != "rules"}, sort_keys=True)


def test_E_END_1_E_END_2_a_thousand_seeded_games_end_with_no_invariant_broken(compiled):
    """Invariants after every step: the column is a permutation of its
    members, hands within the limit (E-HAND-1) but while one is being
    resolved, at most 3 equipped (E-MEMBER-4), the item deck only shrinks
    from the top (E-DECK-1), every card in exactly one place; and every game
    ends as E-END says (the fourth stairs up, or nobody left)."""
    reasons, fights, eliminated = Counter(), 0, 0
    for seed in range(1000):
        state, log = sim.play(compiled, seed, players=2 + seed % 4)
        assert state["phase"] == "over"
        reasons[state["result"]["reason"]] += 1
        fights += state["phase2_n"] > 0
        eliminated += state["eliminated_n"]
    assert reasons["stairs"] > 100 and reasons["no_one_left"] > 100
    assert fights > 300 and eliminated > 100


def test_seeded_replay_through_the_public_apply_gives_the_same_game(compiled):
    for seed in range(0, 40, 3):
        state, log = sim.play(compiled, seed, players=2 + seed % 4, check=False)
        again, log2 = sim.play(compiled, seed, players=2 + seed % 4, check=False, copying=True)
        assert log2 == log and _strip(again) == _strip(state)
        assert _strip(sim.replay(compiled, seed, log)) == _strip(state)


def test_playouts_reach_several_infected_at_once_hiding_flight_and_turning(compiled):
    """E-INFECT-3 E-ADJ-3 E-ADJ-4 E-INFECT-5: bots on the real content get
    into every part of phase 2."""
    from kit import sim as kit_sim
    seen = {"at_once": 0, "hidden": 0, "fled": 0, "turned": 0, "rejoined": 0}

    def watch(state, events):
        seen["at_once"] = max(seen["at_once"], len(state["infected"]))
        for e in events:
            seen["hidden"] += e["type"] == "hide" and e["success"]
            seen["fled"] += e["type"] == "flee_accepted"
            seen["turned"] += e["type"] == "player_turned"
            seen["rejoined"] += e["type"] == "rejoined" and bool(e["seats"])

    for seed in range(200):
        state, _ = kit_sim.playout(sim.ENGINE, compiled, list(sim.SEATS[:2 + seed % 4]), seed,
                                   lambda bot, st, seat, acts: sim.pick(bot, acts), watch)
        assert state["phase"] == "over"
    assert seen["at_once"] >= 3 and all(seen.values()), seen


def test_the_fixture_content_plays_with_no_invariant_broken():
    for seed in range(100):
        state, _ = sim.play(content(), seed, players=2 + seed % 4)
        assert state["phase"] == "over"
