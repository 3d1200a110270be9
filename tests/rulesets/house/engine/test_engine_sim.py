"""Seeded random playouts with invariants checked after every step."""
import json

import pytest

from content_fixture import content
from rulesets.house.engine.sim import check_invariants, play, replay

GAMES = 200


@pytest.fixture(scope="module")
def fixture_content():
    return content()


def test_two_hundred_seeded_games_keep_every_invariant(fixture_content):
    """R-FIGHT-8 R-HAUNT-10: no death before the haunt, games end by a side winning."""
    outcomes = {}
    for seed in range(GAMES):
        state, log, omens = play(fixture_content, seed, players=3 + seed % 4, check=True)
        check_invariants(state, omens)
        key = state["winner"] or "cap"
        outcomes[key] = outcomes.get(key, 0) + 1
    assert outcomes.get("heroes", 0) > 0 and outcomes.get("traitor", 0) > 0


@pytest.mark.parametrize("seed", [3, 6, 11])
def test_replaying_a_game_from_its_seed_rebuilds_its_final_state(fixture_content, seed):
    state, log, _ = play(fixture_content, seed, check=False)
    again = replay(fixture_content, seed, log)
    strip = lambda s: json.dumps({k: v for k, v in s.items() if k != "rules"}, sort_keys=True)
    assert strip(again) == strip(state)


def test_a_game_state_is_json_serialisable(fixture_content):
    state, _, _ = play(fixture_content, 5, check=False)
    json.dumps(state)


@pytest.fixture(scope="module")
def real_content(tmp_path_factory):
    """The compiled content of the repository's own YAML."""
    from pathlib import Path

    from pipeline.content.compile import write_compiled
    from pipeline.content.loader import load_ruleset
    root = Path(__file__).resolve().parents[4]
    path = write_compiled(load_ruleset("house"), root, tmp_path_factory.mktemp("build"))
    return json.loads(path.read_text(encoding="utf-8"))


def test_seeded_games_on_the_real_content_keep_every_invariant(real_content):
    """R-HAUNT-2 R-HAUNT-3: the chart's haunts and traitor rules from the content play out."""
    haunts = set()
    for seed in range(60):
        state, log, omens = play(real_content, seed, players=3 + seed % 4, check=True)
        check_invariants(state, omens)
        if state["haunt"]:
            haunts.add(state["haunt"]["id"])
    assert haunts & set(real_content["haunts"])
