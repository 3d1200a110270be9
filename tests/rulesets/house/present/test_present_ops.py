"""House events → table instructions (kit/ops.py), with GUIDs and positions
from the table section as docs/ARCHITECTURE.md lays it out, and where pieces
stand from the engine's public view."""
from __future__ import annotations

from kit import ops as vocabulary
from kit.present import TableView
from kit.words import catalog
from rulesets.house import INFO, present

WORDS = catalog(INFO.folder)

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
VIEW = {"seats": ["Red", "Blue"], "phase": "explore",
        "players": {"Red": {"character": "batu", "side": 0, "traits": {"might": 3}, "room": "smoking_room"}},
        "tiles": {"entrance_hall": ["ground", 0, 0, 0], "smoking_room": ["ground", 1, 0, 1]}}


def _ops(events, version=7, view=VIEW, content=CONTENT):
    out = present.answer([{**e, "visible_to": None} for e in events], TableView.fixed(view, content, WORDS),
                         version)["ops"]
    assert not vocabulary.problems(out)
    return out


def test_tile_goes_from_the_bag_to_its_cell_turned_by_its_rotation():
    (tile, *_) = _ops([{"type": "tile_placed", "room": "smoking_room", "floor": "ground", "x": 1, "y": 0,
                        "rotation": 1, "by": "Red"}])
    assert tile["op"] == "place" and tile["piece"] == "smoking_room" and tile["guid"] == "t00001"
    assert tile["bag"] == "bag001" and tile["lock"] is True
    assert tile["position"] == {"x": 15.0, "y": 1.0, "z": -4.0}
    assert tile["rot_y"] == 270
    assert tile["version"] == 7 and tile["seq"] == 0


def test_figure_moves_into_its_room_offset_by_seat():
    (fig,) = [e for e in _ops([{"type": "figure_moved", "seat": "Red", "from": "entrance_hall",
                                 "room": "smoking_room", "cost": 1, "reason": "move"}]) if e["op"] == "move"]
    assert fig["guid"] == "fg0001" and fig["piece"] == "Red" and fig["token"] is None
    assert abs(fig["position"]["x"] - 15.0) < 5 * 0.3 and fig["position"]["y"] > 1.0


def test_card_drawn_is_dealt_by_card_id_and_narrated():
    ops = _ops([{"type": "card_drawn", "seat": "Red", "deck": "event", "card": "humming_walls"}])
    deal = ops[0]
    assert deal == {"op": "deal", "card": "humming_walls", "deck": "event", "deck_guid": "dk0001",
                    "card_id": 1104, "guid": "c00104", "seat": "Red", "hand": "hd0001", "version": 7, "seq": 0}
    say = ops[1]
    assert say["op"] == "say" and "嗡鸣的墙" in say["text"]["zh-Hans"] and "巴圖" in say["text"]["zh-Hant"]


def test_trait_clip_uses_the_slot_after_the_skull():
    (clip, *_) = _ops([{"type": "trait_changed", "seat": "Red", "trait": "might", "index": 2, "value": 3}])
    assert clip["op"] == "set_clip" and clip["guid"] == "cl0001" and clip["board"] == "bd0001"
    assert clip["piece"] == "Red.might"
    assert clip["offset"] == {"x": -1.0 + 0.25 * 3, "z": 0.5}
    (skull, *_) = _ops([{"type": "trait_changed", "seat": "Red", "trait": "might", "index": -1, "value": None}])
    assert skull["offset"] == {"x": -1.0, "z": 0.5}


def test_dice_show_their_faces_on_the_first_dice():
    (dice, *_) = _ops([{"type": "dice_rolled", "seat": "Red", "purpose": "check", "trait": "might", "dice": 3,
                        "faces": [2, 0, 1], "total": 3, "target": 4, "success": False}])
    assert dice["dice"] == ["di0000", "di0001", "di0002"] and dice["values"] == [2, 0, 1] and dice["total"] == 3


def test_counter_track_turn_and_prompt():
    ops = _ops([{"type": "omen_count", "count": 3}, {"type": "track_advanced", "value": 4, "end": 10},
                {"type": "turn_began", "seat": "Blue", "turn": 5},
                {"type": "prompt", "seat": "Red", "kind": "rotation", "room": "smoking_room", "rotations": [0, 1]}])
    by = {e["op"]: e for e in ops}
    assert by["set_counter"]["guid"] == "oc0001" and by["set_counter"]["value"] == 3
    assert by["set_clip"]["piece"] == "track" and by["set_clip"]["guid"] == "tc0001"
    assert by["set_clip"]["board"] == "tr0001" and by["set_clip"]["offset"] == {"x": 4, "z": 0}
    assert by["mark_turn"]["seat"] == "Blue"
    assert [o["args"] for o in by["ask"]["options"]] == [{"rotation": 0}, {"rotation": 1}]
    assert by["ask"]["options"][1]["label"]["en"] == "Rotate 90°"
    assert by["ask"]["seat"] == "Red" and by["ask"]["kind"] == "rotation"


def test_roll_and_damage_questions_name_the_traits_and_list_every_split_R_FIGHT_5():
    """R-FIGHT-5: the damage split's options are every legal split, named with
    the content's terms; a roll's title names its trait. The Lua keeps no
    game words and asks the server nothing more."""
    terms = {"might": {"zh-Hans": "力量", "zh-Hant": "力量", "en": "Might"},
             "speed": {"zh-Hans": "速度", "zh-Hant": "速度", "en": "Speed"},
             "sanity": {"zh-Hans": "神志", "zh-Hant": "精神", "en": "Sanity"}}
    ops = _ops([{"type": "prompt", "seat": "Red", "kind": "roll", "trait": "sanity", "purpose": "event"},
                {"type": "prompt", "seat": "Red", "kind": "damage", "damage_kind": "physical",
                 "amount": 2, "traits": ["might", "speed"]}], content={**CONTENT, "terms": terms})
    roll, damage = [o for o in ops if o["op"] == "ask"]
    assert roll["title"]["zh-Hant"] == "進行精神檢定" and roll["options"][0]["action"] == "roll"
    assert [o["args"]["split"] for o in damage["options"]] == [
        {"might": 0, "speed": 2}, {"might": 1, "speed": 1}, {"might": 2, "speed": 0}]
    assert [o["label"]["en"] for o in damage["options"]] == ["Speed 2", "Might 1, Speed 1", "Might 2"]
    assert {o["action"] for o in damage["options"]} == {"split_damage"}
    assert damage["title"]["en"] == "Split 2 damage"


def test_choice_questions_show_the_prompts_labels_or_name_the_options():
    """A card's choice carries its own words; other options (a steal, a
    term) are named from the content and the words, never shown as 0/1."""
    (ask,) = [o for o in _ops([{"type": "prompt", "seat": "Red", "kind": "choice", "purpose": "card",
                                "options": ["0", "1"], "labels": [{"zh-Hans": "躺下", "zh-Hant": "躺下", "en": "Lie down"},
                                                                 {"zh-Hans": "离开", "zh-Hant": "離開", "en": "Leave"}]}])
              if o["op"] == "ask"]
    assert [o["label"]["en"] for o in ask["options"]] == ["Lie down", "Leave"]
    assert [o["args"] for o in ask["options"]] == [{"option": "0"}, {"option": "1"}]
    (steal,) = [o for o in _ops([{"type": "prompt", "seat": "Red", "kind": "choice", "purpose": "attack",
                                  "options": ["damage", "steal:humming_walls"], "labels": [None, None]}])
                if o["op"] == "ask"]
    assert [o["label"]["en"] for o in steal["options"]] == ["Deal damage", "Steal: Humming Walls"]
    assert steal["options"][1]["label"]["zh-Hans"] == "偷窃：嗡鸣的墙"


def test_without_a_tts_section_effects_still_come_with_null_objects():
    ops = _ops([{"type": "card_drawn", "seat": "Red", "deck": "event", "card": "humming_walls"}],
               content={k: v for k, v in CONTENT.items() if k != "tts"})
    assert ops[0]["op"] == "deal" and ops[0]["guid"] is None and ops[0]["card_id"] is None


def test_monsters_are_named_from_their_haunt_in_every_locale():
    view = {**VIEW, "haunt": {"monster_names": {"shade": {"zh-Hans": "暗影", "zh-Hant": "暗影", "en": "Shade"}},
                              "monsters": [{"id": "shade_2", "kind": "shade", "room": "smoking_room"}]}}
    (text,) = present.answer([{"type": "attack", "attacker": "shade_2", "defender": "Red", "trait": "might",
                               "attacker_total": 4, "defender_total": 2, "visible_to": None}],
                             TableView.fixed(view, CONTENT, WORDS), 3)["messages"]
    assert text["en"] == "Shade 2 attacks Batu: 4 against 2."
    assert text["zh-Hans"] == "暗影 2袭击巴图：4对2。"


def test_the_layout_lays_out_monsters_and_the_track_too():
    """After a reload every piece the server knows is put back: tiles,
    figures, clips, monster tokens (stunned ones face down) and the track."""
    view = {**VIEW, "omen_count": 2, "order": ["Red", "Blue"], "turn_i": 0, "turn_n": 4, "pending": None,
            "haunt": {"monster_names": {"shade": {"zh-Hans": "暗影", "zh-Hant": "暗影", "en": "Shade"}},
                      "monsters": [{"id": "shade_1", "kind": "shade", "room": "smoking_room", "stunned": True}],
                      "track": 3}}
    out = present.layout(TableView.fixed(view, CONTENT, WORDS), 9)
    assert not vocabulary.problems(out)
    kinds = [o["op"] for o in out]
    assert kinds.count("place") == 2 and "spawn" in kinds
    (flip,) = [o for o in out if o["op"] == "flip"]
    assert flip == {"op": "flip", "token": "shade_1", "face_up": False, "version": 9, "seq": flip["seq"]}
    (track,) = [o for o in out if o["op"] == "set_clip" and o["piece"] == "track"]
    assert track["offset"] == {"x": 3, "z": 0}


def test_a_dead_characters_marker_is_laid_out_again_in_its_room_R_ITEM_7():
    """R-ITEM-7: the marker spawned where a character died is part of the
    layout, so a reload (which keeps only the tokens the layout names) keeps it."""
    view = {**VIEW, "players": {"Red": {**VIEW["players"]["Red"], "alive": False}}}
    out = present.layout(TableView.fixed(view, CONTENT, WORDS), 9)
    assert not vocabulary.problems(out)
    (marker,) = [o for o in out if o["op"] == "spawn"]
    assert marker["token"] == "dead_Red" and marker["kind"] == "marker" and marker["color"] == "Red"
    assert marker["position"] == {"x": 15.0, "y": 1.0, "z": -4.0}
    died = _ops([{"type": "character_died", "seat": "Red", "room": "smoking_room"}], view=view)
    assert [o for o in died if o["op"] == "spawn"] == [{**marker, "version": 7, "seq": 0}]


def test_a_discovering_figure_waits_at_the_door_while_the_rotation_is_asked_R_PLACE_2():
    """R-PLACE-2: while the new room's rotation is asked, the figure stands at
    the door it opened (still in its room, towards the new cell), and the
    layout after a reload puts it there again."""
    view = {**VIEW, "pending": {"seat": "Red", "kind": "rotation", "room": "entrance_hall", "floor": "ground",
                                "x": 1, "y": 1, "rotations": [0, 2]}}
    prompt = {"type": "prompt", **view["pending"]}
    for ops in (_ops([prompt], view=view), present.layout(TableView.fixed(view, CONTENT, WORDS), 7)):
        moves = [o for o in ops if o["op"] == "move"]
        door = moves[-1]["position"]
        assert moves[-1]["guid"] == "fg0001"
        assert (door["x"], door["z"]) == (15.0, -4.0 + 0.4 * 5.0)      # 0.4 of a cell north of the room's centre
        assert [o["op"] for o in ops].index("ask") > ops.index(moves[-1])


def test_a_cards_question_is_titled_with_the_card_asking():
    """A choice from a card (or a room) names it in the dialog's title."""
    (ask,) = [o for o in _ops([{"type": "prompt", "seat": "Red", "kind": "choice", "purpose": "card",
                                "source": "humming_walls", "options": ["0", "1"], "labels": [None, None]}])
              if o["op"] == "ask"]
    assert ask["title"]["en"] == "Humming Walls: choose" and ask["title"]["zh-Hans"] == "嗡鸣的墙：请选择"
    (room,) = [o for o in _ops([{"type": "prompt", "seat": "Red", "kind": "choice", "purpose": "boon",
                                 "source": "smoking_room", "options": ["might"], "labels": [None]}])
               if o["op"] == "ask"]
    assert room["title"]["zh-Hant"] == "吸菸室：請選擇"
