"""End to end: the Lua bundled in the built save plays a scripted game in
real Lua 5.2 under the TTS fake, against the real rules server over HTTP on
127.0.0.1 with the project's compiled content. After every step the fake
table is compared with the server's state (tests/tts_fake/check.py)."""
from __future__ import annotations

from tests.tts_fake.game import SIDES, built, server, start_game  # noqa: F401  (fixtures)


def test_scripted_game_table_follows_the_server(built, server):
    """R-MOVE-1, R-MOVE-5, R-PLACE, R-CHECK, R-HAUNT-1 as played from the table:
    connect, seat, an illegal move snapped back, a legal move, discoveries
    with their tile rotation, card draws into the hand, a trait roll from
    the board button, the omen counter and the haunt roll."""
    game, view = start_game(built, server)
    fake = game.fake
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
    for turn in range(40):
        seat = game.current(view)
        sides = [a["args"]["side"] for a in game.get(f"/legal?seat={seat}")["actions"]
                 if a["action"] == "discover"]
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
    assert dealt, "no card reached a hand"
    assert rolls_by_button, "no trait roll came up"
    assert any(r.get("trait") for r in rolled)
    assert view["omen_count"] >= 1
    assert any(r["purpose"] == "haunt" for r in rolled), "the haunt roll never happened"
    # The dice on the table show the faces the server rolled last.
    last = next(e for e in reversed(rolled))
    faces = [fake.state_of(g)["face"] for g in game.tts["dice"][:len(last["faces"])]]
    assert faces == [str(f) for f in last["faces"]]
