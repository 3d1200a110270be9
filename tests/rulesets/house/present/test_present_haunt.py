"""The haunt at the table (docs/rulesets/haunts.md, "Events the haunt
adds"): what everyone is told as it begins, each side's book to that side
only, the setup's tokens and items on the table, and the haunt's progress."""
from __future__ import annotations

from kit import ops as vocabulary
from kit.present import TableView
from rulesets.house import present

from test_present_ops import CONTENT, VIEW, WORDS

T = lambda zh, en: {"zh-Hans": zh, "zh-Hant": zh, "en": en}  # noqa: E731
HEROES_BOOK = T("你们要点燃三根烛芯。\n\n**快**：烛芯在钟楼。",
                "Light three wicks.\n\n**Hurry**: the wicks are in the tower.")
TRAITOR_BOOK = T("你要熄灭所有灯火。", "Put out every light.")
HAUNT = {"id": "lantern_vigil", "title": T("守灯夜", "The Lantern Vigil"),
         "intro": T("灯一盏接一盏熄灭了。", "One by one the lamps go out."),
         "traitor": "Blue", "revealer": "Red", "hidden": False, "track": 0,
         "monster_names": {}, "monsters": [], "destroyed": [], "escaped": [],
         "token_names": {"wick": T("烛芯", "Wick")},
         "tokens": {"wick_1": {"kind": "wick", "room": "smoking_room", "holder": None},
                    "wick_2": {"kind": "wick", "room": None, "holder": "Red"}}}
PLAYERS = {"Red": {"character": "batu", "side": 0, "room": "smoking_room", "alive": True},
           "Blue": {"character": None, "room": "smoking_room", "alive": True}}
HVIEW = {**VIEW, "phase": "haunt", "players": PLAYERS, "haunt": HAUNT, "order": ["Red", "Blue", "monsters"]}


def _answer(events, view=HVIEW, content=CONTENT):
    out = present.answer(events, TableView.fixed(view, content, WORDS), 12)
    assert not vocabulary.problems(out["ops"])
    return out


def _began(hidden=False, traitor="Blue"):
    return {"type": "haunt_began", "haunt": "lantern_vigil", "traitor": None if hidden else traitor,
            "revealer": "Red", "room": "smoking_room", "omen": "skull", "order": ["Red", "Blue", "monsters"],
            "hidden": hidden, "visible_to": None}


def test_everyone_is_told_the_haunts_title_traitor_intro_and_turn_order_R_HAUNT_8():
    out = _answer([_began()])
    says = [o["text"]["en"] for o in out["ops"] if o["op"] == "say"]
    assert says[0] == "The haunt begins in the Smoking Room: The Lantern Vigil! Blue is the traitor!"
    assert says[1] == "One by one the lamps go out."
    assert says[2] == "Turn order: Batu → Blue → the monsters."
    assert all(o.get("visible_to") is None for o in out["ops"])
    # A client that runs no ops reads the same in the messages.
    assert [m["en"] for m in out["messages"]] == says
    assert out["messages"][0]["zh-Hans"].startswith("作祟开始！在吸烟室：《守灯夜》。")
    (track,) = [o for o in out["ops"] if o["op"] == "set_clip"]
    assert track["piece"] == "track" and track["offset"] == {"x": 0, "z": 0}


def test_a_hidden_traitor_is_named_to_nobody_but_is_told_privately_R_HAUNT_3():
    out = _answer([_began(hidden=True), {"type": "traitor_chosen", "seat": "Blue", "visible_to": ["Blue"]}])
    public = [o for o in out["ops"] if o.get("visible_to") is None]
    assert "nobody knows who" in public[0]["text"]["en"] and "Blue" not in str(public[0])
    # The order starts left of the revealer: it names every seat and singles out nobody.
    assert public[2]["text"]["en"] == "Turn order: Batu → Blue → the monsters."
    (private,) = [o for o in out["ops"] if o.get("visible_to") is not None]
    assert private["op"] == "say" and private["visible_to"] == ["Blue"] and private["to"] == ["Blue"]
    assert "You are the traitor" in private["text"]["en"]
    assert len(out["messages"]) == 3 and "You are the traitor" not in str(out["messages"])


def test_with_no_traitor_everyone_faces_the_house_R_HAUNT_3():
    text, _, _ = _answer([_began(traitor=None)])["messages"]
    assert text["en"].endswith("There is no traitor: everyone faces the house.")


def test_each_book_is_a_show_text_for_that_sides_seats_only_R_HAUNT_7():
    out = _answer([{"type": "haunt_book", "side": "heroes", "book": HEROES_BOOK, "visible_to": ["Red"]},
                   {"type": "haunt_book", "side": "traitor", "book": TRAITOR_BOOK, "visible_to": ["Blue"]}])
    heroes, traitor = [o for o in out["ops"] if o["op"] == "show_text"]
    assert heroes["visible_to"] == ["Red"] and traitor["visible_to"] == ["Blue"]
    assert heroes["panel"] == "book" and heroes["title"]["en"] == "The Lantern Vigil · The heroes' book"
    # Paragraphs in words only: the markup goes.
    assert heroes["paragraphs"]["en"] == ["Light three wicks.", "Hurry: the wicks are in the tower."]
    assert traitor["paragraphs"]["zh-Hans"] == ["你要熄灭所有灯火。"]
    assert "Put out" not in str(heroes) and not out["messages"]


def test_tokens_are_spawned_on_the_floor_and_follow_whoever_holds_them_R_HAUNT_8():
    """Tokens are picked up, dropped and given like items (docs/rulesets/haunts.md)."""
    placed = _answer([{"type": "token_placed", "token": "wick_1", "kind": "wick", "room": "smoking_room",
                       "visible_to": None}])
    spawn, say = placed["ops"]
    assert spawn["op"] == "spawn" and spawn["token"] == "wick_1" and spawn["kind"] == "token"
    assert spawn["name"]["en"] == "Wick 1" and spawn["position"] is not None
    assert say["text"]["en"] == "Wick 1 appears in the Smoking Room."
    up = _answer([{"type": "token_picked_up", "token": "wick_2", "seat": "Red", "room": "smoking_room",
                   "visible_to": None}])["ops"]
    assert up[0]["op"] == "move" and up[0]["token"] == "wick_2" and up[0]["guid"] is None
    assert up[1]["text"]["en"] == "Batu picks up Wick 2."
    walked = _answer([{"type": "figure_moved", "seat": "Red", "from": "entrance_hall", "room": "smoking_room",
                       "cost": 1, "reason": "move", "visible_to": None}])["ops"]
    assert [o.get("token") for o in walked if o["op"] == "move"] == [None, "wick_2"]
    down = _answer([{"type": "token_dropped", "token": "wick_1", "seat": "Red", "room": "smoking_room",
                     "visible_to": None}])["ops"]
    assert down[0]["op"] == "move" and down[0]["position"] == spawn["position"]
    given = _answer([{"type": "token_given", "from": "Red", "to": "Blue", "token": "wick_2", "visible_to": None}])
    assert given["ops"][0]["op"] == "move" and given["messages"][0]["en"] == "Batu gives Wick 2 to Blue."


def test_placed_items_go_to_their_holder_or_room_and_progress_is_told_R_HAUNT_8():
    out = _answer([{"type": "item_placed", "card": "humming_walls", "room": "smoking_room", "seat": "Red",
                    "visible_to": None},
                   {"type": "ritual_progress", "side": "heroes", "objective": 0, "successes": 2, "needed": 3,
                    "visible_to": None},
                   {"type": "hero_escaped", "seat": "Red", "room": "smoking_room", "visible_to": None},
                   {"type": "track_advanced", "value": 4, "end": 10, "visible_to": None},
                   {"type": "traitor_revealed", "seat": "Blue", "reason": "attack", "visible_to": None}])
    ops = out["ops"]
    assert ops[0]["op"] == "move_card" and ops[0]["to"]["seat"] == "Red"
    assert [m["en"] for m in out["messages"]] == [
        "Batu receives Humming Walls.", "A ritual succeeds for the heroes: 2 of 3.",
        "Batu escapes the house through the Smoking Room!", "The track moves to 4 of 10.",
        "Blue is revealed as the traitor!"]
    # What an escaping hero holds leaves with it.
    assert {"op": "remove", "token": "wick_2"}.items() <= next(o for o in ops if o["op"] == "remove").items()
    (clip,) = [o for o in ops if o["op"] == "set_clip"]
    assert clip["offset"] == {"x": 4, "z": 0}


def test_a_destroyed_monster_leaves_the_table_named_R_MONSTER_2():
    view = {**HVIEW, "haunt": {**HAUNT, "monster_names": {"shade": T("暗影", "Shade")},
                               "destroyed": [{"id": "shade_2", "kind": "shade"}]}}
    out = _answer([{"type": "monster_destroyed", "monster": "shade_2", "visible_to": None}], view)
    assert out["ops"][0] == {"op": "remove", "token": "shade_2", "version": 12, "seq": 0}
    assert out["messages"][0]["en"] == "Shade 2 is destroyed for good."


def test_the_layout_puts_tokens_back_and_each_book_to_its_own_seat_R_HAUNT_7():
    seats = {"Red": {**HVIEW, "haunt": {**HAUNT, "side": "heroes", "book": HEROES_BOOK}},
             "Blue": {**HVIEW, "haunt": {**HAUNT, "side": "traitor", "book": TRAITOR_BOOK}}}
    out = present.layout(TableView.fixed(HVIEW, CONTENT, WORDS, seats), 20)
    assert not vocabulary.problems(out)
    assert sorted(o["token"] for o in out if o["op"] == "spawn") == ["wick_1", "wick_2"]
    books = {o["visible_to"][0]: o for o in out if o["op"] == "show_text"}
    assert set(books) == {"Red", "Blue"} and all(len(o["visible_to"]) == 1 for o in books.values())
    assert books["Blue"]["paragraphs"]["en"] == ["Put out every light."]
    assert "Put out" not in str(books["Red"])


def test_a_room_the_haunts_setup_adds_is_told_as_appearing_not_discovered_R_HAUNT_8():
    out = _answer([{"type": "tile_placed", "room": "smoking_room", "floor": "ground", "x": 1, "y": 0,
                    "rotation": 0, "by": "haunt", "visible_to": None}])
    assert out["ops"][0]["op"] == "place" and out["ops"][0]["piece"] == "smoking_room"
    assert out["messages"][0]["en"] == "The Smoking Room appears in the house."


SIZED = {"id": "lantern_vigil", "monsters": [{"id": "moth", "name": T("飞蛾", "Moth")}],
         "tokens": [{"id": "wick", "name": T("烛芯", "Wick")}],
         "setup": [{"step": "monsters", "kind": "moth", "count": {"3": 1, "4": 2, "5": 2, "6": 3}, "at": "traitor"},
                   {"step": "monsters", "kind": "moth", "count": 1, "at": "revealer"},
                   {"step": "tokens", "kind": "wick", "count": 3, "at": "smoking_room"}],
         "heroes_win": [{"objective": "collect", "kind": "wick", "count": {"3": 2, "4": 3, "5": 3, "6": 4}}],
         "traitor_wins": [{"objective": "ritual", "trait": "sanity", "target": 5, "room": "smoking_room",
                           "successes": {"3": 3, "4": 3, "5": 4, "6": 4}}],
         "clock": {"counts": "rounds", "end": {"3": 9, "4": 9, "5": 8, "6": 7}, "winner": "traitor"}}
FIVE = {**PLAYERS, **{s: {"character": None, "room": "smoking_room", "alive": True} for s in ("Green", "White", "Pink")}}


def _books(spec, players):
    out = _answer([{"type": "haunt_book", "side": "heroes", "book": HEROES_BOOK, "visible_to": ["Red"]},
                   {"type": "haunt_book", "side": "traitor", "book": TRAITOR_BOOK, "visible_to": ["Blue"]}],
                  {**HVIEW, "players": players, "haunt": {**HAUNT, "monster_names": {"moth": T("飞蛾", "Moth")}}},
                  {**CONTENT, "haunts": {"lantern_vigil": spec}})
    return [o["paragraphs"] for o in out["ops"] if o["op"] == "show_text"]


def test_a_book_sized_to_the_table_ends_with_this_tables_numbers_R_HAUNT_7_R_HAUNT_8():
    """The book gives every table size's numbers; the panel adds the ones for
    this table: the figures set up (both steps of a kind together), the
    reader's own side's goal, and where the track ends."""
    heroes, traitor = _books(SIZED, FIVE)
    assert heroes["en"] == ["Light three wicks.", "Hurry: the wicks are in the tower.",
                            "At this table of 5: 3 × Moth; collect 3 × Wick; the track ends at 8."]
    assert heroes["zh-Hans"][-1] == "本局5人：飞蛾×3；需集齐3个烛芯；轨道到第8格结束。"
    assert traitor["en"] == ["Put out every light.",
                             "At this table of 5: 3 × Moth; the ritual needs 4 successes; the track ends at 8."]
    three = {s: FIVE[s] for s in ("Red", "Blue", "Green")}
    assert _books(SIZED, three)[0]["en"][-1] == "At this table of 3: 2 × Moth; collect 2 × Wick; the track ends at 9."


def test_a_haunt_with_one_number_for_every_table_adds_nothing_to_its_book_R_HAUNT_7():
    fixed = {**SIZED, "setup": SIZED["setup"][1:], "heroes_win": [{**SIZED["heroes_win"][0], "count": 3}],
             "traitor_wins": [{**SIZED["traitor_wins"][0], "successes": 4}], "clock": {**SIZED["clock"], "end": 8}}
    heroes, traitor = _books(fixed, FIVE)
    assert heroes["en"] == ["Light three wicks.", "Hurry: the wicks are in the tower."]
    assert traitor["en"] == ["Put out every light."]
