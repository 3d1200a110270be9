"""End to end: the Lua bundled in the built save plays a scripted game in
real Lua 5.2 under the TTS fake, against the real rules server over HTTP on
127.0.0.1 with the project's compiled content. After every step the fake
table is compared with the server's state (tests/tts_fake/check.py)."""
from __future__ import annotations

from tests.tts_fake.game import SIDES, built, server, start_game  # noqa: F401  (fixtures)


def _distance(adj: dict, a: str, b: str) -> int:
    """Steps between two rooms through the server's adjacency (test-side only)."""
    seen, frontier, d = {a}, [a], 0
    while frontier:
        if b in frontier:
            return d
        frontier = [n for r in frontier for n in adj.get(r, []) if n not in seen]
        seen.update(frontier)
        d += 1
    return 99


def test_scripted_game_table_follows_the_server(built, server):
    """R-MOVE-1, R-MOVE-5, R-PLACE, R-CHECK, R-ITEM-3, R-HAUNT-1 as played
    from the table: connect, seat, an illegal move snapped back, a legal
    move, discoveries with their tile rotation, card draws into the hand, an
    item given to a player in the same room and one dropped on a tile, a
    trait roll from the board button, the omen counter and the haunt roll.
    The seed is fixed, so the same game is played every time."""
    game, view = start_game(built, server)
    fake = game.fake
    # The save and the server come from the same build: connected, not outdated (mod version).
    assert fake.ui("hk_status")["attributes"]["color"] == "#7dcea0", fake.ui("hk_status")
    first = game.current(view)
    second = next(s for s in view["order"] if s != first)

    # Illegal: not your turn. The figure snaps back and the refusal is told to that player only.
    fig = game.figure(second, view)
    before = fake.state_of(fig)["pos"]
    heard = len(fake.captured.broadcasts)
    target = game.room_pos("foyer")
    fake.drag(fig, {"x": target["x"], "y": 3, "z": target["z"]}, second)
    view = game.check("illegal move")
    after = fake.state_of(fig)["pos"]
    assert (after["x"], after["z"]) == (before["x"], before["z"])
    told = fake.captured.broadcasts[heard:]
    assert told and all(b["to"] == second for b in told) and told[0]["text"].startswith("不行：")

    # Legal: the first player walks into the foyer.
    fig = game.figure(first, view)
    fake.drag(fig, {"x": target["x"], "y": 3, "z": target["z"]}, first)
    view = game.check("legal move")
    assert view["players"][first]["room"] == "foyer"

    rolls_by_button: list = []
    discovered = 0
    dealt = set()
    dropped = gave = None
    for turn in range(40):
        seat = game.current(view)
        items = [c for c in view["players"][seat]["held"] if c in game.content["items"]]
        if items and dropped is None and gave is not None:
            # R-ITEM-3: an item dropped on the holder's room stays on that tile.
            dropped, room = items.pop(0), view["players"][seat]["room"]
            pos = game.room_pos(room)
            fake.drag(game.tts["cards"][dropped]["guid"], {"x": pos["x"] + 0.4, "y": 3, "z": pos["z"]}, seat)
            view = game.check(f"{seat} drops {dropped}")
            assert dropped in view["floor_items"][room]
        mates = [s for s, p in view["players"].items()
                 if s != seat and p["room"] == view["players"][seat]["room"]]
        if items and mates and gave is None:
            # R-ITEM-3: giving to a player in the same room, who accepts.
            gave, to = items[0], mates[0]
            hand = game.fake.to_py(fake.api.hand_transform(to))["position"]
            fake.drag(game.tts["cards"][gave]["guid"], {"x": hand["x"], "y": 3, "z": hand["z"]}, seat)
            game.resolve_prompts(rolls_by_button)
            view = game.check(f"{seat} gives {gave} to {to}")
        legal = game.get(f"/legal?seat={seat}")["actions"]
        holders = [p["room"] for s, p in view["players"].items()
                   if s != seat and any(c in game.content["items"] for c in p["held"])]
        here = view["players"][seat]["room"]
        if gave is None and holders and holders[0] != here:
            # Walk towards a player holding an item, so it can be given.
            dests = [(a["args"].get("path") or [a["args"].get("to")])[-1] for a in legal if a["action"] == "move"]
            best = min(dests, key=lambda r: _distance(view["adj"], r, holders[0]), default=None)
            if best is not None and _distance(view["adj"], best, holders[0]) < _distance(view["adj"], here, holders[0]):
                pos = game.room_pos(best)
                fake.drag(game.figure(seat, view), {"x": pos["x"], "y": 3, "z": pos["z"]}, seat)
                game.resolve_prompts(rolls_by_button)
                view = game.check(f"{seat} walks to {best}")
        # Until an item is given, its holder waits and the others walk to it.
        waiting = gave is None and (holders or items)
        sides = [] if waiting else [a["args"]["side"] for a in legal if a["action"] == "discover"]
        if sides:
            room = view["players"][seat]["room"]
            pos = game.room_pos(room)
            dx, dz = SIDES[sides[0]]
            pitch = game.tts["tile"]["pitch"]
            placed = len(view["tiles"])
            fake.drag(game.figure(seat, view), {"x": pos["x"] + dx * pitch, "y": 3,
                                               "z": pos["z"] + dz * pitch}, seat)
            game.check(f"discover {sides[0]} from {room}")
            game.resolve_prompts(rolls_by_button)
            view = game.check("after the discovery")
            assert len(view["tiles"]) == placed + 1
            discovered += 1
        for p in view["players"].values():
            dealt.update(p["held"] + p["kept"])
        if view["phase"] != "explore":
            break
        board = game.board(seat, view)
        fake.click_button(board, "hk_btn_end_turn", seat)
        game.resolve_prompts(rolls_by_button)
        view = game.check(f"turn {turn} ends")
        if view["phase"] != "explore":
            break

    log = game.get("/log")["entries"]
    rolled = [ev for e in log for ev in e["events"] if ev["type"] == "dice_rolled"]
    assert discovered >= 2
    assert gave and dropped, "no item was given and dropped from the table"
    assert dealt, "no card reached a hand"
    assert rolls_by_button, "no trait roll came up"
    assert any(r.get("trait") for r in rolled)
    assert view["omen_count"] >= 1
    assert any(r["purpose"] == "haunt" for r in rolled), "the haunt roll never happened"
    # The dice on the table show the faces the server rolled last.
    last = next(e for e in reversed(rolled))
    faces = [fake.state_of(g)["face"] for g in game.tts["dice"][:len(last["faces"])]]
    assert faces == [str(f) for f in last["faces"]]
