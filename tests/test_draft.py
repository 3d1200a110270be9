"""The copy-on-touch draft behind every engine's `apply`: the input state is
never changed, and a copy equals what a snapshot restore would give."""
import json

import pytest

from kit.draft import Draft, deep_copy


def test_a_copy_is_equal_and_shares_nothing_mutable():
    src = {"players": {"Red": {"held": ["a"], "traits": {"might": 3}}}, "n": 1, "s": "中文"}
    copy = deep_copy(src)
    assert copy == src
    copy["players"]["Red"]["held"].append("b")
    copy["players"]["Red"]["traits"]["might"] = 0
    assert src["players"]["Red"] == {"held": ["a"], "traits": {"might": 3}}


def test_a_value_json_refuses_is_copied_by_walking_it():
    src = {"by_int": {1: ["x"]}, "big": [2 ** 70]}
    copy = deep_copy(src)
    assert copy == src and copy["by_int"][1] is not src["by_int"][1]


def test_a_draft_copies_what_it_touches_and_shares_the_rest():
    src = {"phase": "explore", "players": {"Red": {"room": "hall"}}, "decks": {"room": ["a", "b"]},
           "rules": {"big": [1, 2, 3]}}
    draft = Draft(src)
    draft["players"]["Red"]["room"] = "foyer"
    new = draft.settle()
    assert src["players"]["Red"]["room"] == "hall" and new["players"]["Red"]["room"] == "foyer"
    assert new["decks"] is src["decks"] and new["rules"] is src["rules"]


@pytest.fixture(scope="module")
def house():
    from pipeline.content.compile import compile_ruleset
    from pipeline.content.loader import load_ruleset
    return compile_ruleset(load_ruleset("house"))


@pytest.mark.parametrize("seed", range(6))
def test_apply_never_changes_its_input_over_whole_seeded_games(seed, house, monkeypatch):
    """Every action of seeded house games, through the public copying
    `apply`: the state it was given is byte for byte what it was."""
    import rulesets.house.engine as engine
    from rulesets.house.engine.sim import play

    real_apply, checked = engine.apply, []

    def watched(state, action, rng):
        before = json.dumps({k: v for k, v in state.items() if k != "rules"}, sort_keys=True)
        out = real_apply(state, action, rng)
        checked.append(json.dumps({k: v for k, v in state.items() if k != "rules"}, sort_keys=True) == before)
        return out
    monkeypatch.setattr(engine, "apply", watched)
    state, log, _ = play(house, seed, players=3 + seed % 4, turn_cap=60, copying=True)
    assert len(checked) == len(log) > 50 and all(checked)
