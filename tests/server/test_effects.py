"""Engine events → table instructions, read from the `tts` section as
docs/ARCHITECTURE.md ("The tts section") lays it out."""
from __future__ import annotations

from server import effects

TTS = {
    "format": 1,
    "tile": {"pitch": 5.0, "scale": 2.4, "rotation_offset": 180},
    "floors": {"ground": {"origin": {"x": 10.0, "y": 1.0, "z": -4.0}},
               "basement": {"origin": {"x": -40.0, "y": 1.0, "z": -4.0}}},
    "room_bag": "bag001",
    "rooms": {"smoking_room": {"guid": "t00001", "start": None},
              "entrance_hall": {"guid": "t00002", "start": {"floor": "ground", "x": 0, "y": 0, "rotation": 0}}},
    "decks": {"event": {"guid": "dk0001", "keys": [11], "position": {"x": 0, "y": 1, "z": 20},
                        "discard": {"x": 3, "y": 1, "z": 20}}},
    "cards": {"humming_walls": {"deck": "event", "card_id": 1104, "guid": "c00104"}},
    "characters": {"batu": {"board": "bd0001", "figurine": "fg0001",
                            "clips": {"might": "cl0001"},
                            "slots": {"might": [{"x": -1.0 + 0.25 * i, "z": 0.5} for i in range(9)]}}},
    "dice": [f"di000{i}" for i in range(8)],
    "dice_tray": {"x": 0, "y": 1, "z": 30},
    "omen_counter": "oc0001",
    "hands": {"Red": "hd0001"},
    "track": {"guid": "tr0001", "clip": "tc0001", "slots": [{"x": i, "z": 0} for i in range(12)]},
}
CONTENT = {"tts": TTS, "rooms": {"smoking_room": {"name": {"zh-Hans": "吸烟室", "zh-Hant": "吸菸室", "en": "Smoking Room"}}},
           "events": {"humming_walls": {"title": {"zh-Hans": "嗡鸣的墙", "zh-Hant": "嗡鳴的牆", "en": "Humming Walls"}}},
           "characters": {"batu": {"sides": [{"name": {"zh-Hans": "巴图", "zh-Hant": "巴圖", "en": "Batu"},
                                              "traits": {"might": {"track": [2, 3, 3, 4, 5, 6, 6, 7], "start": 3}}}]}}}
STATE = {"seats": ["Red", "Blue"], "phase": "explore",
         "players": {"Red": {"character": "batu", "side": 0, "traits": {"might": 3}, "room": "smoking_room"}},
         "tiles": {"entrance_hall": ["ground", 0, 0, 0], "smoking_room": ["ground", 1, 0, 1]}}


def _ops(events, version=7):
    return effects.build(events, STATE, CONTENT, version)


def test_tile_goes_from_the_bag_to_its_cell_turned_by_its_rotation():
    (tile, *_) = _ops([{"type": "tile_placed", "room": "smoking_room", "floor": "ground", "x": 1, "y": 0,
                        "rotation": 1, "by": "Red"}])
    assert tile["op"] == "place_tile" and tile["guid"] == "t00001" and tile["bag"] == "bag001"
    assert tile["position"] == {"x": 15.0, "y": 1.0, "z": -4.0}
    assert tile["rotation"] == 90 and tile["rot_y"] == 270
    assert tile["version"] == 7 and tile["seq"] == 0


def test_figure_moves_into_its_room_offset_by_seat():
    (fig,) = [e for e in _ops([{"type": "figure_moved", "seat": "Red", "from": "entrance_hall",
                                 "room": "smoking_room", "cost": 1, "reason": "move"}]) if e["op"] == "move_figure"]
    assert fig["figure"] == "fg0001" and fig["room"] == "smoking_room"
    assert abs(fig["position"]["x"] - 15.0) < 5 * 0.3 and fig["position"]["y"] > 1.0


def test_card_drawn_is_dealt_by_card_id_and_narrated():
    ops = _ops([{"type": "card_drawn", "seat": "Red", "deck": "event", "card": "humming_walls"}])
    deal = ops[0]
    assert deal == {"op": "deal_card", "card": "humming_walls", "deck": "event", "deck_guid": "dk0001",
                    "card_id": 1104, "guid": "c00104", "to_seat": "Red", "hand": "hd0001", "version": 7, "seq": 0}
    say = ops[1]
    assert say["op"] == "broadcast" and "嗡鸣的墙" in say["text"]["zh-Hans"] and "巴圖" in say["text"]["zh-Hant"]


def test_trait_clip_uses_the_slot_after_the_skull():
    (clip, *_) = _ops([{"type": "trait_changed", "seat": "Red", "trait": "might", "index": 2, "value": 3}])
    assert clip["op"] == "set_trait" and clip["clip"] == "cl0001" and clip["board"] == "bd0001"
    assert clip["offset"] == {"x": -1.0 + 0.25 * 3, "z": 0.5}
    (skull, *_) = _ops([{"type": "trait_changed", "seat": "Red", "trait": "might", "index": -1, "value": None}])
    assert skull["offset"] == {"x": -1.0, "z": 0.5}


def test_dice_show_their_faces_on_the_first_dice():
    (dice, *_) = _ops([{"type": "dice_rolled", "seat": "Red", "purpose": "check", "trait": "might", "dice": 3,
                        "faces": [2, 0, 1], "total": 3, "target": 4, "success": False}])
    assert dice["dice"] == ["di0000", "di0001", "di0002"] and dice["faces"] == [2, 0, 1] and dice["total"] == 3


def test_counter_track_turn_and_prompt():
    ops = _ops([{"type": "omen_count", "count": 3}, {"type": "track_advanced", "value": 4, "end": 10},
                {"type": "turn_began", "seat": "Blue", "turn": 5},
                {"type": "prompt", "seat": "Red", "kind": "rotation", "room": "smoking_room", "rotations": [0, 1]}])
    by = {e["op"]: e for e in ops}
    assert by["set_counter"]["guid"] == "oc0001" and by["set_counter"]["value"] == 3
    assert by["set_track"]["offset"] == {"x": 4, "z": 0}
    assert by["mark_turn"]["seat"] == "Blue"
    assert [o["args"] for o in by["prompt"]["options"]] == [{"rotation": 0}, {"rotation": 1}]
    assert by["prompt"]["options"][1]["label"]["en"] == "rotate 90°"


def test_roll_and_damage_prompts_carry_the_trait_names_from_the_content_terms():
    """R-FIGHT-5: the damage split's buttons (and a roll's title) name the traits
    with the content's terms, so the Lua keeps no game words."""
    terms = {"might": {"zh-Hans": "力量", "zh-Hant": "力量", "en": "Might"},
             "speed": {"zh-Hans": "速度", "zh-Hant": "速度", "en": "Speed"},
             "sanity": {"zh-Hans": "神志", "zh-Hant": "精神", "en": "Sanity"}}
    ops = effects.build([{"type": "prompt", "seat": "Red", "kind": "roll", "trait": "sanity", "purpose": "event"},
                         {"type": "prompt", "seat": "Red", "kind": "damage", "damage_kind": "physical",
                          "amount": 2, "traits": ["might", "speed"]}], STATE, {**CONTENT, "terms": terms}, 7)
    roll, damage = [o for o in ops if o["op"] == "prompt"]
    assert roll["trait_names"] == {"sanity": terms["sanity"]}
    assert damage["trait_names"] == {"might": terms["might"], "speed": terms["speed"]}


def test_without_a_tts_section_effects_still_come_with_null_objects():
    ops = effects.build([{"type": "card_drawn", "seat": "Red", "deck": "event", "card": "humming_walls"}],
                        STATE, {k: v for k, v in CONTENT.items() if k != "tts"}, 1)
    assert ops[0]["op"] == "deal_card" and ops[0]["guid"] is None and ops[0]["card_id"] is None


def test_monsters_are_named_from_their_haunt_in_every_locale():
    from server import narrate
    state = {**STATE, "haunt": {"spec": {"monsters": [{"id": "shade", "name": {"zh-Hans": "暗影", "zh-Hant": "暗影",
                                                                              "en": "Shade"}}]},
                                "monsters": [{"id": "shade_2", "kind": "shade", "room": "smoking_room"}]}}
    text = narrate.message({"type": "attack", "attacker": "shade_2", "defender": "Red", "trait": "might",
                            "attacker_total": 4, "defender_total": 2}, CONTENT, state)
    assert text["en"] == "Shade 2 attacks Batu: 4 against 2."
    assert text["zh-Hans"] == "暗影 2袭击巴图：4对2。"
