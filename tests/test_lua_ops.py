"""The table-instruction applier and the questions, one op at a time: the
real built save's scripts in Lua 5.2 under the TTS fake, fed by a scripted
server so each op of docs/PROTOCOL.md can be sent exactly as written (every
scripted op is checked against schemas/ops.schema.json first)."""
from __future__ import annotations

import json
import math

from tests.tts_fake.game import built  # noqa: F401  (fixture)
from tests.tts_fake.scripted import Scripted, entry, table


def test_reload_resumes_in_the_middle_of_a_version(built):
    """Ops already applied before a reload are not applied again."""
    _, _, content = built
    counter = content["tts"]["omen_counter"]
    server = Scripted(4, [entry(4, *({"op": "set_counter", "counter": "omens", "guid": counter, "value": v}
                                     for v in (1, 2, 3, 4)))])
    fake = table(built, server, version=3, seq=1)
    assert [v["value"] for v in fake.captured.values if v["guid"] == counter] == [3, 4]
    saved = json.loads(fake.save_state())
    assert (saved["version"], saved["seq"]) == (4, -1)


def test_track_dice_turn_and_tokens(built):
    _, _, content = built
    tts = content["tts"]
    track = tts["track"]
    room = tts["rooms"]["foyer"]
    server = Scripted(1, [entry(
        1,
        {"op": "set_clip", "piece": "track", "guid": track["clip"], "board": track["guid"],
         "offset": track["slots"][3]},
        {"op": "show_dice", "seat": "Red", "dice": tts["dice"][:3], "values": [2, 0, 1], "total": 3,
         "purpose": "haunt", "tray": tts["dice_tray"]},
        {"op": "mark_turn", "seat": "Blue", "turn": 4, "phase": "explore"},
        {"op": "spawn", "token": "hound_1", "kind": "monster",
         "name": {"zh-Hans": "猎犬", "zh-Hant": "獵犬", "en": "Hound"},
         "position": {"x": 1.0, "y": 2.1, "z": 3.0}, "color": None},
        {"op": "say", "text": {"zh-Hans": "嚎叫", "zh-Hant": "嚎叫", "en": "A howl"}, "to": ["Blue"],
         "color": None},
    ), entry(2, {"op": "move", "piece": "hound_1", "guid": None, "token": "hound_1",
                 "position": {"x": 2.0, "y": 2.1, "z": 2.8}},
             {"op": "flip", "token": "hound_1", "face_up": False}),
       entry(3, {"op": "remove", "token": "hound_1"},
             {"op": "game_over", "winners": ["Red", "Blue"], "side": "heroes", "scores": None,
              "text": {"zh-Hans": "胜", "zh-Hant": "勝", "en": "Won"}})])
    server.version = 3
    fake = table(built, server)

    board = fake.state_of(track["guid"])
    clip = fake.state_of(track["clip"])
    a = math.radians((board["rot"]["y"] - 180) % 360)
    off = track["slots"][3]
    want = (board["pos"]["x"] + off["x"] * math.cos(a) + off["z"] * math.sin(a),
            board["pos"]["z"] - off["x"] * math.sin(a) + off["z"] * math.cos(a))
    assert abs(clip["pos"]["x"] - want[0]) < 1e-6 and abs(clip["pos"]["z"] - want[1]) < 1e-6
    assert [fake.state_of(g)["face"] for g in tts["dice"][:3]] == ["2", "0", "1"]
    assert fake.api.Turns.turn_color == "Blue"
    assert {"to": "Blue", "text": "A howl"} in fake.captured.broadcasts
    spawned = [o for kind, o in fake.captured.other if kind == "spawn"]
    assert len(spawned) == 1
    moves = [m for m in fake.captured.moves if m["guid"] == spawned[0]["guid"]]
    assert (moves[-1]["x"], moves[-1]["z"]) == (2.0, 2.8)
    assert fake.state_of(spawned[0]["guid"]) is None          # removed at version 3
    assert any(b["text"] == "Won" for b in fake.captured.broadcasts)      # the sentence alone, not "Game over: " twice
    assert room["guid"]                                       # the foyer is a real tile of the save


def test_cards_are_dealt_moved_and_discarded_even_from_a_one_card_deck(built):
    _, _, content = built
    tts = content["tts"]
    omens = [c for c, v in tts["cards"].items() if v["deck"] == "omen"]
    deck = tts["decks"]["omen"]
    deal = [{"op": "deal", "card": c, "deck": "omen", "deck_guid": deck["guid"],
             "card_id": tts["cards"][c]["card_id"], "guid": tts["cards"][c]["guid"], "seat": "Red",
             "hand": tts["hands"]["Red"]}
            for c in omens]
    discard = {"op": "move_card", "card": omens[0], "card_id": 0, "guid": tts["cards"][omens[0]]["guid"],
               "to": {"place": "discard:omen", "position": deck["discard"], "face_up": True}}
    give = {"op": "move_card", "card": omens[1], "card_id": 0, "guid": tts["cards"][omens[1]]["guid"],
            "to": {"seat": "Blue"}}
    server = Scripted(3, [entry(1, *deal), entry(2, discard), entry(3, give)])
    fake = table(built, server)
    assert fake.state_of(deck["guid"]) is None                # TTS removes a deck left with one card
    held = [c for c in omens[2:] if fake.in_hand("Red", tts["cards"][c]["guid"])]
    assert held == omens[2:]
    assert fake.in_hand("Blue", tts["cards"][omens[1]]["guid"])
    pos = fake.state_of(tts["cards"][omens[0]]["guid"])["pos"]
    assert (pos["x"], pos["z"]) == (deck["discard"]["x"], deck["discard"]["z"])
    assert not any(entry["text"].startswith("op ") for entry in fake.captured.logs)


def test_a_damage_split_is_one_question_listing_the_servers_splits(built):
    """R-FIGHT-5: physical damage goes to Might and/or Speed; the table shows
    the splits the server lists in the question (named with the content's
    terms) and sends the one picked, asking the server nothing more."""
    splits = [{"might": m, "speed": 2 - m} for m in range(3)]
    labels = [{"zh-Hans": f"蛮力 {m}、速度 {2 - m}", "zh-Hant": f"蠻力 {m}、速度 {2 - m}", "en": f"Brawn {m}"}
              for m in range(3)]
    server = Scripted(1, [entry(1, {"op": "ask", "seat": "Red", "kind": "damage",
                                    "title": {"zh-Hans": "分配2点伤害", "zh-Hant": "分配2點傷害", "en": "Split 2"},
                                    "options": [{"label": lab, "action": "split_damage", "args": {"split": s}}
                                                for lab, s in zip(labels, splits)]})])
    fake = table(built, server, locale="zh-Hant")
    (dialog,) = fake.dialogs()
    assert dialog["color"] == "Red" and dialog["options"] == [lab["zh-Hant"] for lab in labels]
    assert dialog["text"] == "分配2點傷害"
    fake.answer_dialog("Red", 2)
    fake.settle(0.1)
    (sent,) = server.posted
    assert sent["action"] == "split_damage" and sent["player"] == "Red"
    assert sent["args"] == {"split": {"might": 1, "speed": 1}}
    assert sent["request_id"]
    assert not [c for c in fake.calls if "/legal" in c.url]


def test_a_choice_prompt_sends_the_option_the_server_attached(built):
    options = [{"label": {"zh-Hans": "力量", "zh-Hant": "力量", "en": "Might"}, "action": "choose",
                "args": {"option": "might"}},
               {"label": {"zh-Hans": "神志", "zh-Hant": "精神", "en": "Sanity"}, "action": "choose",
                "args": {"option": "sanity"}}]
    server = Scripted(1, [entry(1, {"op": "ask", "seat": "Blue", "kind": "choice", "options": options,
                                    "title": {"zh-Hans": "请选择", "zh-Hant": "請選擇", "en": "Choose"}})])
    fake = table(built, server, locale="zh-Hant")
    (dialog,) = fake.dialogs()
    assert dialog["options"] == ["力量", "精神"]
    fake.answer_dialog("Blue", 2)
    fake.settle(0.1)
    (sent,) = server.posted
    assert (sent["action"], sent["player"], sent["args"]) == ("choose", "Blue", {"option": "sanity"})


def test_a_dragged_monster_token_becomes_monster_move(built):
    """R-MONSTER-1: the traitor's seat moves a monster by dropping its token on a room."""
    _, _, content = built
    tts = content["tts"]
    hound = {"op": "spawn", "token": "hound_1", "kind": "monster",
             "name": {"zh-Hans": "猎犬", "zh-Hant": "獵犬", "en": "Hound"},
             "position": {"x": 0.5, "y": 2.1, "z": 0.2}, "color": None}
    server = Scripted(1, [entry(1, hound)], layout=entry(1, hound)["ops"],
                      legal=[{"action": "monster_move", "args": {"monster": "hound_1", "to": "foyer"}}])
    fake = table(built, server)
    fake.settle(0.1)                                       # the spawn callback tags the token
    (token,) = [o["guid"] for kind, o in fake.captured.other if kind == "spawn"]
    foyer = fake.state_of(tts["rooms"]["foyer"]["guid"])["pos"]
    fake.drag(token, {"x": foyer["x"], "y": 3, "z": foyer["z"]}, "Purple")
    fake.settle(0.1)
    (sent,) = server.posted
    assert (sent["action"], sent["player"], sent["args"]) == ("monster_move", "Purple",
                                                              {"monster": "hound_1", "to": "foyer"})
    back = fake.state_of(token)["pos"]                     # no op moved it: it goes back
    assert (back["x"], back["z"]) == (0.5, 0.2)

    # Accepted: the server's move for the monster puts the token, and it stays there.
    server.version = 2
    server.answer_ops = [{"op": "move", "piece": "hound_1", "guid": None, "token": "hound_1",
                          "position": {"x": foyer["x"] + 0.3, "y": 2.1, "z": foyer["z"]},
                          "version": 2, "seq": 0}]
    fake.drag(token, {"x": foyer["x"], "y": 3, "z": foyer["z"]}, "Purple")
    fake.settle(0.1)
    there = fake.state_of(token)["pos"]
    assert (there["x"], there["z"]) == (foyer["x"] + 0.3, foyer["z"])


def test_every_board_has_its_buttons_on_both_faces(built):
    _, _, content = built
    fake = table(built, Scripted(0, []), locale="zh-Hans")
    for ct in content["tts"]["characters"].values():
        buttons = fake.to_py(fake.object(ct["board"]).getButtons())
        fns = [b["click_function"] for b in buttons]
        assert sorted(set(fns)) == ["hk_btn_actions", "hk_btn_choose_a", "hk_btn_choose_b", "hk_btn_end_turn",
                                    "hk_btn_roll", "hk_btn_start"]
        assert all(fns.count(f) == 2 for f in fns)
        assert {"结束回合", "其他行动…"} <= {b["label"] for b in buttons}


def test_a_card_moved_face_down_is_turned_over_and_one_may_be_turned_to_a_seat(built):
    """`move_card` with `face_up: false` lays the card back down (a card
    returned to its deck must not show its face); `rot_y` turns a card laid
    before a north seat to face it."""
    _, _, content = built
    tts = content["tts"]
    first, second = [c for c, v in tts["cards"].items() if v["deck"] == "omen"][:2]
    deck = tts["decks"]["omen"]
    down = {"op": "move_card", "card": first, "card_id": 0, "guid": tts["cards"][first]["guid"],
            "to": {"place": "deck:omen", "position": deck["position"], "face_up": False}}
    turned = {"op": "move_card", "card": second, "card_id": 0, "guid": tts["cards"][second]["guid"],
              "to": {"place": "discard:omen", "position": deck["discard"], "face_up": True, "rot_y": 0}}
    fake = table(built, Scripted(1, [entry(1, down, turned)]))
    rot = fake.state_of(tts["cards"][first]["guid"])["rot"]
    assert round(rot["z"]) % 360 == 180 and round(rot["y"]) % 360 == 180
    rot = fake.state_of(tts["cards"][second]["guid"])["rot"]
    assert round(rot["z"]) % 360 == 0 and round(rot["y"]) % 360 == 0
