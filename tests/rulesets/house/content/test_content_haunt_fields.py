"""Haunt fields a mod author writes in haunts.yaml and the engine obeys:
`track` (R-HAUNT-9), `rules` (R-AUTH-1, R-HAUNT-8) and a monster's
`carries_items` (R-MONSTER-3) and `attackable_with` (R-FIGHT-4).

Each is checked from YAML through the real loader and compiler into the
engine, so a key the compiler misnames or misplaces fails here. Broken
values are in fixtures/cases.yaml.
"""
import json
import shutil
from pathlib import Path

import pytest

from pipeline.content.compile import write_compiled
from pipeline.content.loader import load_ruleset
from rulesets.house.kinds.model import HauntRules
from rulesets import engine as get_engine
from kit.engine import seeded
from rulesets.house.engine import fight as F
from rulesets.house.engine import haunt as H
from rulesets.house.engine.content import normalize
from test_content_broken import make_tree

REPO = Path(__file__).resolve().parents[4]
E = get_engine("house")
MINI_ANCHOR = "    heroes_text: {zh-Hans: 击昏所有暗影。"
HOUSE_ANCHOR = "    traitor: {rule: revealer}\n    monsters:\n      - id: drowned_singer\n"


def compiled(root: Path, folder: str, build: Path) -> dict:
    path = write_compiled(load_ruleset("house", root / folder, root), root, build)
    return json.loads(path.read_text(encoding="utf-8"))


def house_tree(tmp_path: Path, extra: str = "", monster_extra: str = "") -> Path:
    """A copy of the repository's house content whose drowned_choir haunt
    (traitor = revealer, three monsters) gets the given YAML lines."""
    root = tmp_path / "house"
    shutil.copytree(REPO / "rulesets/house/content", root / "content")
    haunts = root / "content/haunts.yaml"
    text = haunts.read_text(encoding="utf-8")
    assert text.count(HOUSE_ANCHOR) == 1
    new = HOUSE_ANCHOR.replace("    monsters:\n", extra + "    monsters:\n") + monster_extra
    haunts.write_text(text.replace(HOUSE_ANCHOR, new), encoding="utf-8")
    return root


def haunted_table(content: dict, haunt_id: str, seats=("Red", "Blue", "Green")):
    """A started table whose haunt `haunt_id` has just been revealed by the
    first seat, looked up on the compiled chart as a failed haunt roll would."""
    rng = seeded(7)
    state = E.new_table(content, {"seats": list(seats), "locale": "en"}, rng)
    for seat, character in zip(seats, sorted(content["characters"])):
        state, _ = E.apply(state, {"action": "sit", "player": seat}, rng)
        state, _ = E.apply(state, {"action": "choose_character", "player": seat,
                                   "args": {"character": character, "side": 0}}, rng)
    state, _ = E.apply(state, {"action": "start", "player": seats[0], "args": {"first": seats[0]}}, rng)
    cell = next((room, omen) for room, row in content["haunt_chart"]["cells"].items()
                for omen, hid in row.items() if hid == haunt_id)
    state["turn"]["omen"] = [cell[1], cell[0]]
    events = []
    H.begin(state, rng, seats[0], events)
    assert state["haunt"]["id"] == haunt_id
    return state, rng


def end_turns(state, rng, count):
    """Every seat (the traitor for the monsters) just ends its turn."""
    events = []
    for _ in range(count):
        if state["phase"] == "over":
            break
        seat = state["turn"]["seat"]
        actor = state["haunt"]["traitor"] if seat == "monsters" else seat
        state, ev = E.apply(state, {"action": "end_turn", "player": actor}, rng)
        events += ev
    return state, events


def test_the_house_haunts_keep_the_general_rules_R_AUTH_1(tmp_path):
    """R-AUTH-1: a haunt that names no rule of its own changes none; the
    house content writes none, so it plays exactly as before."""
    rs = load_ruleset("house")
    data = compiled(REPO, "rulesets/house/content", tmp_path)
    for hid, haunt in rs.haunts.items():
        assert haunt.track is None and haunt.rules == HauntRules()
        assert all(m.carries_items is False for m in haunt.monsters)
        out = data["haunts"][hid]
        assert out["track"] is None
        assert out["rules"] == {"allies_attack": False, "order": "standard", "monsters_can_win": None}
        assert [m["carries_items"] for m in out["monsters"]] == [False] * len(out["monsters"])


def test_every_haunt_field_compiles_where_the_engine_reads_it(tmp_path):
    """R-HAUNT-9, R-HAUNT-8, R-AUTH-1, R-MONSTER-3 on the small fixture ruleset."""
    root = make_tree(tmp_path, [
        {"file": "content/haunts.yaml", "old": MINI_ANCHOR,
         "new": "    track: {end: 3, winner: traitor}\n"
                "    rules: {allies_attack: true, order: traitor_first, monsters_can_win: false}\n" + MINI_ANCHOR},
        {"file": "content/haunts.yaml", "old": "speed: 3}, start: traitor}",
         "new": "speed: 3}, start: traitor, carries_items: true}"},
    ])
    rules = normalize(compiled(root, "content", tmp_path / "build"))
    spec = rules["haunts"]["the_long_night"]
    assert spec["track"] == {"end": 3, "winner": "traitor"}
    assert spec["rules"] == {"allies_attack": True, "order": "traitor_first", "monsters_can_win": False}
    assert spec["monsters"][0]["carries_items"] is True
    other = rules["haunts"]["rising_water"]           # untouched: the defaults
    assert other["track"] is None and other["monsters"][0]["carries_items"] is False
    assert other["rules"] == {"allies_attack": False, "order": "standard", "monsters_can_win": None}


def test_a_compiled_track_ends_the_game_at_its_end_R_HAUNT_9(tmp_path):
    """R-HAUNT-9: the track advances as the traitor's turn begins; at `end`
    its `winner` wins. Without a track the same turns end nothing."""
    content = compiled(house_tree(tmp_path, "    track: {end: 2, winner: traitor}\n"), "content", tmp_path / "b")
    state, rng = haunted_table(content, "drowned_choir")
    assert state["order"] == ["Blue", "Green", "Red", "monsters"]
    state, events = end_turns(state, rng, 40)
    advanced = [e["value"] for e in events if e["type"] == "track_advanced"]
    assert advanced == [1, 2]
    assert state["phase"] == "over" and state["winner"] == "traitor"
    assert events[-1] == {"type": "game_over", "winner": "traitor", "reason": "track_end", "visible_to": None}
    turns = sum(e["type"] == "turn_ended" for e in events)

    plain = compiled(REPO, "rulesets/house/content", tmp_path / "plain")
    state, rng = haunted_table(plain, "drowned_choir")
    state, events = end_turns(state, rng, turns + 4)
    assert state["phase"] == "haunt" and "track_advanced" not in [e["type"] for e in events]


def test_a_compiled_traitor_first_order_replaces_the_turn_order_R_HAUNT_8(tmp_path):
    """R-HAUNT-8: a haunt's own order replaces the general one entirely."""
    root = house_tree(tmp_path, "    rules: {order: traitor_first}\n")
    state, _ = haunted_table(compiled(root, "content", tmp_path / "b"), "drowned_choir")
    assert state["order"] == ["Red", "monsters", "Blue", "Green"]


def test_compiled_monsters_can_win_false_stops_the_monster_turn_R_HAUNT_8(tmp_path):
    """R-HAUNT-8: with the traitor dead, `monsters_can_win: false` overrides
    the `heroes_dead` condition that would otherwise keep the monsters going."""
    said = compiled(house_tree(tmp_path / "a", "    rules: {monsters_can_win: false}\n"), "content", tmp_path / "b")
    state, _ = haunted_table(said, "drowned_choir")
    state["players"]["Red"]["alive"] = False
    assert H.monsters_play(state) is False
    state, _ = haunted_table(compiled(REPO, "rulesets/house/content", tmp_path / "plain"), "drowned_choir")
    state["players"]["Red"]["alive"] = False
    assert H.monsters_play(state) is True


def test_compiled_allies_attack_lifts_the_sides_R_AUTH_1(tmp_path):
    """R-AUTH-1 / R-FIGHT-2: heroes may attack each other only when the haunt says so."""
    def hero_targets(content):
        state, rng = haunted_table(content, "drowned_choir")
        state, _ = end_turns(state, rng, 1)                 # Red's turn ends; Blue's begins
        for seat in ("Blue", "Green"):
            state["players"][seat]["room"] = state["players"]["Red"]["room"]
        return state, {a["args"]["target"] for a in E.legal_actions(state, "Blue") if a["action"] == "attack"}
    state, targets = hero_targets(compiled(house_tree(tmp_path / "a", "    rules: {allies_attack: true}\n"),
                                           "content", tmp_path / "b"))
    assert F.overrides(state)["allies_attack"] is True and "Green" in targets
    state, targets = hero_targets(compiled(REPO, "rulesets/house/content", tmp_path / "plain"))
    assert "Green" not in targets and "Red" in targets


def test_compiled_carries_items_lets_monsters_carry_R_MONSTER_3(tmp_path):
    """R-MONSTER-3: monsters carry items only when their haunt says so."""
    root = house_tree(tmp_path / "a", monster_extra="        carries_items: true\n")
    state, _ = haunted_table(compiled(root, "content", tmp_path / "b"), "drowned_choir")
    assert [m["carries"] for m in state["haunt"]["monsters"]] == [True, True, True]
    state, _ = haunted_table(compiled(REPO, "rulesets/house/content", tmp_path / "plain"), "drowned_choir")
    assert [m["carries"] for m in state["haunt"]["monsters"]] == [False, False, False]


def test_compiled_attackable_with_lets_heroes_attack_with_that_trait_R_FIGHT_4(tmp_path):
    """R-FIGHT-4: a monster's `attackable_with` reaches the engine; without it
    the same monster is attacked with Might only."""
    root = house_tree(tmp_path / "a", monster_extra="        attackable_with: [speed]\n")
    content = compiled(root, "content", tmp_path / "b")
    assert content["haunts"]["drowned_choir"]["monsters"][0]["attackable_with"] == ["speed"]
    state, _ = haunted_table(content, "drowned_choir")
    assert [m["attackable_with"] for m in state["haunt"]["monsters"]] == [["speed"]] * 3
    plain = compiled(REPO, "rulesets/house/content", tmp_path / "plain")
    assert plain["haunts"]["drowned_choir"]["monsters"][0]["attackable_with"] == []
