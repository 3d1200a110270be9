"""Seeded random playouts with invariants checked after every step."""
import json

import pytest

from content_fixture import content
from server.engine.house.sim import check_invariants, play, replay

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
