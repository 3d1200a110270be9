"""End to end: the Lua bundled in the built save plays a whole three-seat
game in real Lua 5.2 under the TTS fake, against the real rules server over
HTTP on 127.0.0.1 with the project's compiled content, from the connect
panel to the end of the haunt. Every step is a gesture at the table (a drag,
a board button, a dialog, the host's panel, a reload); after each one the
whole table is compared with the server's /state (tests/tts_fake/check.py):
tiles, figures, clips, hands, cards on tiles, the omen counter, monster
tokens, markers, the track and whose turn TTS marks. The seed is fixed, so
the same game is played every time."""
from __future__ import annotations

from tests.tts_fake.game import built, connect, server  # noqa: F401  (fixtures)
from tests.tts_fake.play import Table, path_between

CHARACTERS = (("Red", "batu"), ("Blue", "chen_jiayan"))


def _seat_everyone(t: Table) -> dict:
    """Red and Blue were at the table when the host connected; Green sits
    down afterwards (a late player), then all three choose and Red starts."""
    fake, tts = t.fake, t.game.tts
    boards = {cid: ct["board"] for cid, ct in tts["characters"].items()}
    third = next(c for c in sorted(boards) if c not in dict(CHARACTERS).values())
    fake.seated.append("Green")
    for seat, cid in (*CHARACTERS, ("Green", third)):
        fake.click_button(boards[cid], "hk_btn_choose_a", seat)
        fake.settle()
        view = t.check(f"{seat} chooses {cid}")
        assert view["players"][seat]["character"] == cid
    t.done.add("late seat")
    fake.click_button(boards["batu"], "hk_btn_start", "Red")
    return t.resolve()


def _first_turn(t: Table, view: dict) -> dict:
    """What a table tries on its first turn and the server keeps from it."""
    fake, game = t.fake, t.game
    first = game.current(view)
    second = next(s for s in view["order"] if s != first)
    # Not your turn: the figure goes back and only that player hears why.
    before = fake.state_of(game.figure(second, view))["pos"]
    heard = len(fake.captured.broadcasts)
    view = t.drop_figure(second, view, "foyer")
    after = fake.state_of(game.figure(second, view))["pos"]
    assert (after["x"], after["z"]) == (before["x"], before["z"])
    told = fake.captured.broadcasts[heard:]
    assert told and all(b["to"] == second for b in told) and told[0]["text"].startswith("不行：")
    # TTS's own turn passing: off for players.
    assert fake.pass_turn(first) is False
    t.done.add("tts turn pass")
    # A starting tile cannot be lifted, nor a die rolled by hand.
    assert fake.drag(game.tts["rooms"]["entrance_hall"]["guid"], {"x": 50, "y": 3, "z": 50}, first) is False
    t.done.add("tile drag")
    fake.randomize(game.tts["dice"][0], first)
    t.done.add("hand roll")
    view = t.check("a die rolled by hand")
    # Walk to the foyer, then undo it with everyone's consent from the host's panel.
    view = t.drop_figure(first, view, "foyer")
    assert view["players"][first]["room"] == "foyer"
    fake.click("hk_undo", "White")
    fake.settle()
    for seat in list(view["players"]):
        fake.answer_dialog(seat, 1)
    t.done.add("undo")
    view = t.check("undo")
    assert view["players"][first]["room"] == view["players"][second]["room"]
    return view


def _cards_by_hand(t: Table, view: dict, seat: str) -> dict:
    """Items: one given to a player in the same room, one taken out of the
    hand and let go on bare table (it goes back), one dropped on the room."""
    game = t.game
    items = [c for c in view["players"][seat]["held"] if c in game.content["items"]]
    if not items:
        return view
    here = view["players"][seat]["room"]
    mates = [s for s, p in view["players"].items() if s != seat and p["room"] == here and p.get("alive")]
    give = [a for a in t.legal(seat) if a["action"] == "give"]
    if "give" not in t.done and give and mates:
        card, to = give[0]["args"]["card"], give[0]["args"]["to"]
        hand = game.fake.to_py(game.fake.api.hand_transform(to))["position"]
        t.drag_card(seat, card, {"x": hand["x"], "z": hand["z"]}, "give")
        view = t.resolve()
        assert card in view["players"][to]["held"] or card in view["players"][seat]["held"]
        return view
    if "bare table" not in t.done:
        view = t.drag_card(seat, items[0], {"x": 60.0, "z": 0.0}, "bare table")
        assert items[0] in view["players"][seat]["held"]
        return view
    if "drop" not in t.done and "give" in t.done and any(a["action"] == "drop" for a in t.legal(seat)):
        pos = game.room_pos(here)
        view = t.drag_card(seat, items[0], {"x": pos["x"] + 0.4, "z": pos["z"]}, "drop")
        assert items[0] in view["floor_items"][here]
    return view


def _explore_turn(t: Table, view: dict, turn: int) -> dict:
    """Discover where a door is open; but until an item has changed hands
    (for a while at most), its holder waits and the others walk to it. Then
    end the turn."""
    seat = t.game.current(view)
    view = _cards_by_hand(t, view, seat)
    items = t.game.content["items"]
    holders = {p["room"] for s, p in view["players"].items() if s != seat and any(c in items for c in p["held"])}
    mine = any(c in items for c in view["players"][seat]["held"])
    waiting = "give" not in t.done and (holders or mine) and turn < 40
    sides = [a["args"]["side"] for a in t.legal(seat) if a["action"] == "discover"]
    if waiting and holders:
        view = t.toward(seat, view, holders)
    elif sides and not waiting:
        view = t.discover(seat, view, sides[0])
        view = t.resolve()
    elif not waiting:
        view = t.wander(seat, view)          # no door to open here: look elsewhere
    if view["phase"] == "explore" and t.game.current(view) == seat and not view.get("pending"):
        view = t.button(seat, view, "hk_btn_end_turn")
    return t.resolve()


def _haunt_turn(t: Table, view: dict) -> dict:
    seat = t.game.current(view)
    if seat == "monsters":
        return t.monsters_turn(view)
    view = t.attack_if_possible(seat, view)
    if view["phase"] == "haunt" and t.game.current(view) == seat:
        here = view["players"][seat]["room"]
        foes = {r for r in t.opponents(seat, view) if path_between(view["adj"], here, r) is not None}
        sides = [a["args"]["side"] for a in t.legal(seat) if a["action"] == "discover"]
        if foes:
            view = t.toward(seat, view, foes)
            view = t.attack_if_possible(seat, view)
        elif sides:                           # no way to a foe yet: open the house further
            view = t.discover(seat, view, sides[0])
            view = t.resolve()
        else:
            view = t.wander(seat, view)
    if view["phase"] == "haunt" and t.game.current(view) == seat and not view.get("pending"):
        view = t.button(seat, view, "hk_btn_end_turn")
    return t.resolve()


def test_a_three_seat_game_with_every_gesture_ends_where_the_server_says(built, server):
    """R-SETUP-2, R-MOVE-1, R-MOVE-5, R-PLACE-2, R-CHECK, R-ITEM-3, R-HAUNT-1,
    R-HAUNT-8, R-FIGHT-2, R-MONSTER-1 as played from the table, to the end."""
    game = connect(built, server, seated=("White", "Red", "Blue"))
    t = Table(game)
    view = _seat_everyone(t)
    assert sorted(view["players"]) == ["Blue", "Green", "Red"]
    view = _first_turn(t, view)
    reloaded = False
    for turn in range(400):
        if view["phase"] == "over":
            break
        if view["phase"] == "haunt" and not reloaded:
            # A reload in the haunt: the same objects, the script state, then the server's layout.
            game.fake = game.fake.reloaded()
            view = t.check("the reload in the haunt")
            assert game.fake.tokens(), "the monsters' tokens are not on the reloaded table"
            reloaded = True
            t.done.add("reload")
        if view["phase"] == "explore":
            view = _explore_turn(t, view, turn)
        else:
            view = _haunt_turn(t, view)
    assert view["phase"] == "over", f"the game did not end in {turn} turns"
    view = t.check("the end")
    fake = game.fake
    assert game.get("")["over"] is True
    # The table's token changes nothing any more: a press is refused, and the table says why.
    seat = next(s for s, p in view["players"].items() if p.get("alive"))
    heard = len(fake.captured.broadcasts)
    fake.click_button(game.board(seat, view), "hk_btn_end_turn", seat)
    fake.settle()
    assert [b["text"] for b in fake.captured.broadcasts[heard:]] == ["不行：这局游戏已经结束，牌桌不再接受任何操作。"]
    expected = {"late seat", "tts turn pass", "tile drag", "hand roll", "undo", "move", "discover",
                "give", "bare table", "drop", "hk_btn_end_turn", "hk_btn_roll", "reload", "monster_move",
                "menu:attack"}
    assert expected <= t.done, expected - t.done
    log = game.get("/log")["entries"]
    rolled = [ev for e in log for ev in e["events"] if ev["type"] == "dice_rolled"]
    assert any(r["purpose"] == "haunt" for r in rolled)
    last = rolled[-1]
    faces = [fake.state_of(g)["face"] for g in game.tts["dice"][:len(last["faces"])]]
    assert faces == [str(f) for f in last["faces"]]
