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


def _scenario_content():
    """The fixture content with haunts in the scenario format that use every
    setup step, special rule and objective kind, and a hidden traitor; chart
    cells the fixture leaves out play them in turn."""
    c = content()
    ghoul = {"id": "ghoul", "name": {"en": "Ghoul"}, "traits": {"might": 3, "speed": 2, "sanity": 2},
             "carries_items": True}
    books = {"intro": {"en": "i"}, "heroes_book": {"en": "h"}, "traitor_book": {"en": "t"}}
    c["haunts"] = {
        "wick_hunt": {"id": "wick_hunt", "title": {"en": "w"}, "traitor": {"rule": "left_of_revealer", "hidden": True},
                      "monsters": [ghoul], "tokens": [{"id": "wick", "name": {"en": "Wick"}}],
                      "setup": [{"add_room": {"room": "ballroom"}}, {"monsters": {"kind": "ghoul", "count": 2, "at": "traitor"}},
                                {"tokens": {"kind": "wick", "count": 1, "at": "each_hero"}},
                                {"item": {"card": "axe", "at": "omen_room"}},
                                {"trait": {"who": "traitor", "trait": "might", "steps": 1}}],
                      "rules": [{"destroy": {"kind": "ghoul", "by": "item:axe"}}, {"extra_attack": {"who": "heroes"}},
                                {"room_hurts": {"room": "foyer", "damage": "mental", "amount": 1, "who": "all"}},
                                {"room_heals": {"room": "entrance_hall", "trait": "might", "who": "heroes"}}],
                      "heroes_win": [{"carry": {"object": "wick", "to": "entrance_hall", "count": 2}},
                                     {"ritual": {"trait": "knowledge", "target": 2, "room": "foyer", "successes": 3}}],
                      "traitor_wins": [{"monsters_destroyed": {"kind": "ghoul"}}, {"collect": {"kind": "wick", "count": 2}}],
                      "clock": {"counts": "hero_damage", "end": 14, "winner": "house"}, **books},
        "way_out": {"id": "way_out", "title": {"en": "o"}, "traitor": {"rule": "revealer"},
                    "monsters": [ghoul],
                    "setup": [{"monsters": {"kind": "ghoul", "count": 3, "at": "revealer"}}],
                    "rules": [{"invulnerable": {"kind": "ghoul", "except": "trait:sanity"}},
                              {"attack_with": {"who": "heroes", "trait": "sanity", "target": "monsters"}},
                              {"weapon": {"card": "candle", "dice": 1}}, {"stunned_move": True},
                              {"order": "traitor_first"}, {"allies_attack": True}],
                    "heroes_win": [{"escape": {"room": "entrance_hall", "count": 1}}, {"survive": True}],
                    "traitor_wins": [{"heroes_dead": True}, {"monsters_stunned": {"kind": "ghoul"}}],
                    "clock": {"counts": "rounds", "end": 6, "winner": "heroes"}, **books},
    }
    c["haunt_chart"] = {**c["haunt_chart"], "cells": {}}
    return c


def test_seeded_games_of_every_scenario_part_keep_every_invariant():
    """R-HAUNT-8 R-HAUNT-9 R-HAUNT-10 R-AUTH-1: setup steps, special rules,
    objectives, tokens, escapes and a hidden traitor in random play; every
    token stays in exactly one place."""
    c = _scenario_content()
    winners, haunts = {}, set()
    for seed in range(80):
        state, log, omens = play(c, seed, players=3 + seed % 4, check=True)
        check_invariants(state, omens)
        if state["haunt"]:
            haunts.add(state["haunt"]["id"])
        if state["phase"] == "over":
            winners[state["winner"]] = winners.get(state["winner"], 0) + 1
    assert haunts == {"wick_hunt", "way_out"}
    assert len(winners) >= 2, winners
