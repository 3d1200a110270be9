"""Haunt fields a mod author writes in haunts.yaml and the engine obeys
(docs/rulesets/haunts.md): `setup` (R-HAUNT-8), `clock` (R-HAUNT-9),
`rules` (R-AUTH-1), the objectives (R-HAUNT-10) and a monster's
`carries_items` (R-MONSTER-3) and `attackable_with` (R-FIGHT-4).

Each is checked from YAML through the real loader and compiler into the
engine, so a key the compiler misnames or misplaces fails here. Broken
values are in fixtures/cases.yaml.
"""
import json
import shutil
from pathlib import Path

from pipeline.content.compile import write_compiled
from pipeline.content.loader import load_ruleset
from rulesets import engine as get_engine
from kit.engine import seeded
from rulesets.house.engine import haunt as H
from rulesets.house.engine.content import normalize
from test_content_broken import make_tree

REPO = Path(__file__).resolve().parents[4]
E = get_engine("house")
MINI_ANCHOR = "    heroes_win:\n      - traitor_dead: true\n"
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


def test_the_house_haunts_keep_the_general_rules_they_do_not_replace_R_AUTH_1(tmp_path):
    """R-AUTH-1: a haunt that names no rule of its own changes none, and one
    that names rules changes only those, each compiled to one flat entry;
    no house monster carries items."""
    rs = load_ruleset("house")
    data = compiled(REPO, "rulesets/house/content", tmp_path)
    plain = 0
    for hid, haunt in rs.haunts.items():
        assert haunt.clock is not None
        assert all(m.carries_items is False for m in haunt.monsters)
        out = data["haunts"][hid]
        assert out["rules"] == haunt.rules and set(out["clock"]) == {"counts", "end", "winner"}
        named = {r["rule"] for r in haunt.rules}
        rules = normalize(data)["haunts"][hid]["rules"]
        assert rules["allies_attack"] is ("allies_attack" in named)
        assert rules["stunned_move"] is ("stunned_move" in named)
        assert (rules["order"] == "standard") is ("order" not in named)
        assert (rules["monsters_can_win"] is None) is ("monsters_can_win" not in named)
        for name in ("attack_with", "destroy", "invulnerable", "room_hurts", "room_heals", "extra_attack"):
            assert len(rules[name]) == sum(r["rule"] == name for r in haunt.rules), (hid, name)
        assert bool(rules["weapon"]) is ("weapon" in named)
        plain += not haunt.rules
    assert plain >= 6


def test_every_haunt_field_compiles_where_the_engine_reads_it(tmp_path):
    """R-HAUNT-8, R-HAUNT-9, R-HAUNT-10, R-AUTH-1, R-MONSTER-3 on the small fixture ruleset."""
    root = make_tree(tmp_path, [
        {"file": "content/haunts.yaml", "old": MINI_ANCHOR,
         "new": "    rules:\n      - allies_attack: true\n      - order: traitor_first\n"
                "      - monsters_can_win: false\n" + MINI_ANCHOR},
        {"file": "content/haunts.yaml", "old": "speed: 3}}", "new": "speed: 3}, carries_items: true}"},
    ])
    data = compiled(root, "content", tmp_path / "build")
    rules = normalize(data)
    spec = rules["haunts"]["the_long_night"]
    assert spec["clock"] == {"counts": "rounds", "end": 10, "winner": "heroes"}
    assert (spec["rules"]["allies_attack"], spec["rules"]["order"], spec["rules"]["monsters_can_win"]) == \
        (True, "traitor_first", False)
    assert spec["monsters"][0]["carries_items"] is True
    assert spec["setup"] == [{"step": "monsters", "kind": "shade", "count": 2, "at": "traitor"}]
    other = data["haunts"]["rising_water"]
    assert other["setup"][0] == {"step": "add_room", "room": "crypt"}
    assert other["rules"][0] == {"rule": "destroy", "kind": "drowned", "by": "item:ritual_dagger"}
    assert other["heroes_win"] == [{"objective": "escape", "room": "entrance_hall", "count": "all"},
                                   {"objective": "carry", "object": "pail", "to": "foyer", "count": 2}]
    assert other["traitor_wins"][1] == {"objective": "survive"}
    assert other["tokens"][0]["id"] == "pail" and other["traitor"]["hidden"] is False
    assert rules["haunts"]["rising_water"]["rules"]["room_hurts"][0]["room"] == "crypt"


def test_a_number_per_table_size_compiles_with_string_keys_and_plays_at_that_size_R_HAUNT_8(tmp_path):
    """R-HAUNT-8, R-HAUNT-9: `{3: n, ..., 6: n}` (the sizes quoted or not)
    compiles to string keys (as JSON keeps them); a table of three places
    and counts the numbers for three, a table of four those for four, and
    the view tells each its end."""
    tree = house_tree(tmp_path)
    haunts = tree / "content/haunts.yaml"
    text = haunts.read_text(encoding="utf-8")
    for old, by_size in (("monsters: {kind: drowned_singer, count: 3, at: traitor}",
                          "monsters: {kind: drowned_singer, count: {3: 1, 4: 4, 5: 4, 6: 5}, at: traitor}"),
                         ("clock: {counts: hero_damage, end: 15, winner: traitor}",
                          'clock: {counts: rounds, end: {"3": 2, "4": 3, "5": 3, "6": 4}, winner: traitor}')):
        assert text.count(old) == 1
        text = text.replace(old, by_size)
    haunts.write_text(text, encoding="utf-8")
    content = compiled(tree, "content", tmp_path / "b")
    sp = content["haunts"]["drowned_choir"]
    assert sp["setup"][0]["count"] == {"3": 1, "4": 4, "5": 4, "6": 5}
    assert sp["clock"]["end"] == {"3": 2, "4": 3, "5": 3, "6": 4}
    for seats, singers, end in ((("Red", "Blue", "Green"), 1, 2), (("Red", "Blue", "Green", "White"), 4, 3)):
        state, rng = haunted_table(content, "drowned_choir", seats)
        assert sum(m["kind"] == "drowned_singer" for m in state["haunt"]["monsters"]) == singers
        assert E.view(state, "Blue")["haunt"]["clock"]["end"] == end
        state, events = end_turns(state, rng, 60)
        assert [e["value"] for e in events if e["type"] == "track_advanced"] == list(range(1, end + 1))
        assert {e["end"] for e in events if e["type"] == "track_advanced"} == {end}
        assert events[-1]["reason"] == "clock" and state["winner"] == "traitor"


def test_a_compiled_clock_ends_the_game_at_its_end_R_HAUNT_9(tmp_path):
    """R-HAUNT-9: a `rounds` clock advances as the traitor's turn begins; at
    `end` its `winner` wins."""
    tree = house_tree(tmp_path)
    haunts = tree / "content/haunts.yaml"
    text = haunts.read_text(encoding="utf-8")
    old = "clock: {counts: hero_damage, end: 15, winner: traitor}\n    intro:\n      zh-Hans: \"湿漉漉"
    assert text.count(old) == 1
    haunts.write_text(text.replace(old,
                                   "clock: {counts: rounds, end: 2, winner: traitor}\n    intro:\n      zh-Hans: \"湿漉漉", 1),
                      encoding="utf-8")
    content = compiled(tree, "content", tmp_path / "b")
    state, rng = haunted_table(content, "drowned_choir")
    assert state["order"] == ["Blue", "Green", "Red", "monsters"]
    state, events = end_turns(state, rng, 40)
    advanced = [e["value"] for e in events if e["type"] == "track_advanced"]
    assert advanced == [1, 2]
    assert state["phase"] == "over" and state["winner"] == "traitor"
    assert events[-1] == {"type": "game_over", "winner": "traitor", "reason": "clock", "visible_to": None}
