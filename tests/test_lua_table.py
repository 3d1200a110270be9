"""What a real table does at once, one defect at a time, against a scripted
server: the built save's Lua in Lua 5.2 under the TTS fake, which behaves as
the TTS API documents (a locked object can still be lifted, a spawned
object's GUID is right only once it has spawned, TTS's own turn passing,
dice rolled by hand)."""
from __future__ import annotations

import json

import rulesets
from kit.engine import seeded
from kit.present import TableView
from kit.words import catalog
from rulesets.house.engine import effects
from rulesets.house.engine.content import normalize
from tests.tts_fake.game import built  # noqa: F401  (fixture)
from tests.tts_fake.scripted import Scripted, entry, table

HOUND = {"op": "spawn", "token": "hound_1", "kind": "monster",
         "name": {"zh-Hans": "猎犬", "zh-Hant": "獵犬", "en": "Hound"},
         "position": {"x": 0.5, "y": 2.1, "z": 0.2}, "color": None}


def _tokens(fake) -> list[dict]:
    """The spawned tokens on the table: GMNotes and position."""
    out = []
    for obj in fake.api.getObjectsWithTag("token").values():
        st = fake.state_of(obj.getGUID())
        out.append({"notes": obj.getGMNotes(), "x": st["pos"]["x"], "z": st["pos"]["z"],
                    "face_up": round(st["rot"]["z"]) % 360 == 0})
    return out


def _asked_by_the_engine(content: dict, steps: list[dict]) -> tuple[list[dict], list[dict]]:
    """A started three-seat house game in which Red resolves `steps` (as a
    card would): the ops the presenter builds from what the engine asks, and
    the answers the engine's legal list offers."""
    engine, presenter = rulesets.engine("house"), rulesets.presenter("house")
    rng = seeded(5)
    seats = ("Red", "Blue", "Green")
    state = engine.new_table(content, {"seats": list(seats), "locale": "zh-Hans"}, rng)
    for seat, cid in zip(seats, sorted(content["characters"])):
        state, _ = engine.apply(state, {"action": "sit", "player": seat}, rng)
        state, _ = engine.apply(state, {"action": "choose_character", "player": seat,
                                        "args": {"character": cid, "side": 0}}, rng)
    state, _ = engine.apply(state, {"action": "start", "player": "Red", "args": {"first": "Red"}}, rng)
    events: list[dict] = []
    effects.push(state, "Red", steps)
    effects.run(state, rng, events)
    for ev in events:
        ev["visible_to"] = None
    table_view = TableView(engine, state, content, catalog(rulesets.info("house").folder))
    ops = presenter.answer(events, table_view, 1)["ops"]
    return [{k: v for k, v in o.items() if k not in ("version", "seq")} for o in ops], \
        engine.legal_actions(state, "Red")


def content_card_effect(content: dict, card: str) -> list[dict]:
    """A card's steps as the engine reads them (compiled, then normalized)."""
    return normalize(content)["cards"][card]["effect"]


def test_a_cards_choice_is_titled_with_the_card_and_shows_its_options(built):
    """Defect 1: the engine's question names the card asking, the presenter
    puts it in the title, and the dialog shows the card's own options."""
    _, _, content = built
    ops, _ = _asked_by_the_engine(content, content_card_effect(content, "extra_door"))
    server = Scripted(1, [entry(1, *ops)])
    fake = table(built, server, locale="zh-Hans")
    (dialog,) = fake.dialogs()
    assert dialog["color"] == "Red"
    assert dialog["text"] == "多出来的门：请选择"
    assert dialog["options"] == ["打开它", "走开"]
    fake.answer_dialog("Red", 2)
    fake.settle(0.1)
    (sent,) = server.posted
    assert (sent["action"], sent["args"]) == ("choose", {"option": "1"})


def test_a_damage_question_offers_every_legal_split_and_asks_nothing_more(built):
    """Defect 10 (R-FIGHT-5): the dialog lists every split the engine would
    accept, in its order; the one picked is sent, no legal list fetched."""
    _, _, content = built
    ops, legal = _asked_by_the_engine(content, [{"op": "damage", "kind": "physical", "amount": 2}])
    server = Scripted(1, [entry(1, *ops)])
    fake = table(built, server, locale="en")
    (dialog,) = fake.dialogs()
    assert dialog["text"] == "Split 2 damage"
    assert len(dialog["options"]) == len(legal) == 3
    fake.answer_dialog("Red", 2)
    fake.settle(0.1)
    (sent,) = server.posted
    assert {"action": sent["action"], "args": sent["args"]} == legal[1]
    assert not [c for c in fake.calls if "/legal" in c.url]


def test_a_card_let_go_on_bare_table_goes_back_to_the_hand(built):
    """Defect 4: the server still has the card in the player's hand."""
    _, _, content = built
    tts = content["tts"]
    card = next(c for c, v in tts["cards"].items() if v["deck"] == "item")
    deal = {"op": "deal", "card": card, "deck": "item", "deck_guid": tts["decks"]["item"]["guid"],
            "card_id": tts["cards"][card]["card_id"], "guid": tts["cards"][card]["guid"], "seat": "Red",
            "hand": tts["hands"]["Red"]}
    server = Scripted(1, [entry(1, deal)])
    fake = table(built, server)
    guid = tts["cards"][card]["guid"]
    assert fake.in_hand("Red", guid)
    fake.drag(guid, {"x": 60.0, "y": 2.0, "z": 0.0}, "Red")          # far from every room and hand
    fake.settle(0.1)
    assert fake.in_hand("Red", guid)
    assert server.posted == []                                      # nothing to ask the server


def test_a_token_spawned_and_moved_in_one_answer_ends_where_the_move_says(built):
    """Defect 5: the move (and the flip) for a token arrive with its spawn,
    before TTS has given the new object its GUID; they wait for the spawn."""
    move = {"op": "move", "piece": "hound_1", "guid": None, "token": "hound_1",
            "position": {"x": 4.0, "y": 2.1, "z": -3.0}}
    flip = {"op": "flip", "token": "hound_1", "face_up": False}
    server = Scripted(1, [entry(1, HOUND, move, flip)], layout=entry(1, {**HOUND, "position": move["position"]},
                                                                     flip)["ops"])
    fake = table(built, server)
    fake.settle(0.1)
    assert _tokens(fake) == [{"notes": "token:hound_1", "x": 4.0, "z": -3.0, "face_up": False}]
    assert not [l for l in fake.captured.logs if l["text"].startswith("move: no object")]


def test_after_a_reload_or_a_rewind_the_tokens_follow_the_server(built):
    """Defect 6: the token map survives in the script state, so a reloaded
    table moves the token it has instead of spawning a second one; the
    layout names every token, so one it no longer names (an undo, a rewind
    past its spawn) is taken off."""
    server = Scripted(1, [entry(1, HOUND)], layout=entry(1, HOUND)["ops"])
    fake = table(built, server)
    fake.settle(0.1)
    (guid,) = json.loads(fake.save_state())["tokens"].values()
    server.layout = entry(1, {**HOUND, "position": {"x": 7.0, "y": 2.1, "z": 1.0}},
                          {"op": "flip", "token": "hound_1", "face_up": False})["ops"]
    again = fake.reloaded()
    again.settle(0.1)
    assert _tokens(again) == [{"notes": "token:hound_1", "x": 7.0, "z": 1.0, "face_up": False}]
    assert json.loads(again.save_state())["tokens"] == {"hound_1": guid}
    assert not [kind for kind, _ in again.captured.other if kind == "spawn"]
    # A map lost with an older save: the token is found by its GMNotes.
    saved = again.saved()
    state = json.loads(saved["LuaScriptState"])
    state["tokens"] = {}
    saved["LuaScriptState"] = json.dumps(state)
    from tests.tts_fake import TTSFake
    older = TTSFake(saved, web=server, seated=["White", "Red", "Blue"])
    older.load_all()
    older.settle(0.1)
    assert len(_tokens(older)) == 1 and json.loads(older.save_state())["tokens"] == {"hound_1": guid}
    server.layout = []
    gone = older.reloaded()
    gone.settle(0.1)
    assert _tokens(gone) == [] and json.loads(gone.save_state())["tokens"] == []


def test_the_turn_passes_only_through_the_server(built):
    """Defect 7: TTS's own turn passing is off in the save; when the host
    moves the turn anyway, it goes back to the server's seat and the table
    is told how turns pass."""
    _, saves, _ = built
    assert all(save["Turns"]["PassTurns"] is False for save in saves.values())
    server = Scripted(1, [entry(1, {"op": "mark_turn", "seat": "Blue", "turn": 3, "phase": "explore"})])
    fake = table(built, server)
    assert fake.api.Turns.turn_color == "Blue" and fake.api.Turns.pass_turns is False
    assert fake.pass_turn("Blue") is False                  # the player cannot
    heard = len(fake.captured.broadcasts)
    assert fake.pass_turn("White") is True                  # the host can, in TTS
    fake.settle(0.1)
    assert fake.api.Turns.turn_color == "Blue"
    assert [b["text"] for b in fake.captured.broadcasts[heard:]] == [
        "The rules server passes the turn: end yours with the table's End turn button."]
    assert server.posted == []


def test_a_die_rolled_by_hand_is_put_back_and_the_player_told(built):
    """Defect 8: the server rolls; a hand roll changes nothing."""
    _, _, content = built
    tts = content["tts"]
    server = Scripted(1, [entry(1, {"op": "show_dice", "seat": "Red", "dice": tts["dice"][:2], "values": [2, 1],
                                    "total": 3, "purpose": "check", "tray": tts["dice_tray"]})])
    fake = table(built, server)
    die = tts["dice"][0]
    assert fake.state_of(die)["face"] == "2"
    fake.randomize(die, "Red")
    assert fake.state_of(die)["face"] != "2"                 # still tumbling
    fake.step(0.1, frames=5)                                 # once it has come to rest
    assert fake.state_of(die)["face"] == "2"
    assert fake.captured.broadcasts[-1]["to"] == "Red"
    assert "server rolls" in fake.captured.broadcasts[-1]["text"]
    before = fake.state_of(die)["pos"]
    fake.drag(die, {"x": before["x"] + 3, "y": 3, "z": before["z"]}, "Blue")    # thrown across the table
    fake.step(0.1, frames=5)
    after = fake.state_of(die)
    assert (after["pos"]["x"], after["pos"]["z"], after["face"]) == (before["x"], before["z"], "2")
    again = fake.reloaded()                                  # the face is kept in the script state
    again.settle(0.1)
    again.randomize(die, "Red")
    again.step(0.1, frames=5)
    assert again.state_of(die)["face"] == "2"
    assert server.posted == []


def test_a_monster_dropped_rooms_away_is_sent_with_its_destination_alone(built):
    """Defects 9 and 10: one request per drop, no legal list fetched; the
    engine finds the way (R-MONSTER-1)."""
    _, _, content = built
    tts = content["tts"]
    server = Scripted(1, [entry(1, HOUND)], layout=entry(1, HOUND)["ops"])
    fake = table(built, server)
    fake.settle(0.1)
    (token,) = json.loads(fake.save_state())["tokens"].values()
    upper = fake.state_of(tts["rooms"]["upper_landing"]["guid"])["pos"]
    asked = len(fake.calls)
    fake.drag(token, {"x": upper["x"], "y": 3, "z": upper["z"]}, "Purple")
    fake.settle(0.1)
    (sent,) = server.posted
    assert (sent["action"], sent["player"], sent["args"]) == ("monster_move", "Purple",
                                                              {"monster": "hound_1", "to": "upper_landing"})
    assert [c.url for c in fake.calls[asked:] if "/legal" in c.url] == []


def test_every_board_button_has_a_tooltip_in_the_saves_language(built):
    _, _, content = built
    for locale in ("zh-Hans", "en"):
        fake = table(built, Scripted(0, []), locale=locale)
        for ct in content["tts"]["characters"].values():
            buttons = fake.to_py(fake.object(ct["board"]).getButtons())
            assert buttons and all(b.get("tooltip") for b in buttons)
            assert all(b["tooltip"] != b["label"] and not b["tooltip"].startswith("tip_") for b in buttons)
        panel = [fake.ui(i)["attributes"].get("tooltip") for i in ("hk_undo", "hk_new_token")]
        assert all(panel) and not any("{{" in t for t in panel)
