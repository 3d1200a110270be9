"""The Lua keeping the table in step with the server: polling after actions
made elsewhere and after an outage, a hole in the event numbers and an undo
both laying the table out again from /state, a lost answer retried with the
same request_id, unknown ops skipped, and the offline sandbox."""
from __future__ import annotations

import json

from tests.tts_fake import Hold, TTSFake, WebCall
from tests.tts_fake.game import built, server, start_game  # noqa: F401  (fixtures)


def _broken(call: WebCall):
    raise ConnectionError("connection refused")


def _unreachable(calls: list):
    """A web handler for a server that refuses every connection, counting tries."""
    def handler(call: WebCall):
        calls.append(call)
        raise ConnectionError("connection refused")
    return handler


def _poll(fake, seconds=2.0, times=2):
    for _ in range(times):
        fake.settle(seconds)


def test_polling_catches_up_after_an_outage(built, server):
    game, view = start_game(built, server)
    fake = game.fake
    first = game.current(view)
    second = next(s for s in view["order"] if s != first)
    fig = game.figure(first, view)
    before = fake.state_of(fig)["pos"]

    fake.web = _broken                   # the server drops off the network
    game.post("/actions", {"action": "move", "player": first, "args": {"to": "foyer"}, "request_id": "x1"})
    game.post("/actions", {"action": "end_turn", "player": first, "args": {}, "request_id": "x2"})
    _poll(fake, times=5)                 # a poll and its two retries fail
    assert fake.state_of(fig)["pos"] == before
    assert any("poll failed" in entry["text"] for entry in fake.captured.logs)

    fake.web = server.handler            # back: the next polls apply both versions in order
    _poll(fake)
    view = game.check("catching up")
    assert view["players"][first]["room"] == "foyer"
    assert fake.api.Turns.turn_color == second == game.current(view)


def test_a_hole_in_the_event_numbers_lays_the_table_out_from_state(built, server):
    game, view = start_game(built, server)
    fake = game.fake
    first = game.current(view)
    applied = json.loads(fake.save_state())["version"]
    lost = applied + 1
    state_calls = []

    def lossy(call: WebCall):
        status, text, _ = server.handler(call)
        if "/events?" in call.url:
            body = json.loads(text)
            body["entries"] = [e for e in body["entries"] if e["version"] != lost]
            return status, json.dumps(body, ensure_ascii=False)
        if call.url.endswith("/state"):
            state_calls.append(call)
        return status, text

    fake.web = lossy
    game.post("/actions", {"action": "move", "player": first, "args": {"to": "foyer"}, "request_id": "g1"})
    game.post("/actions", {"action": "end_turn", "player": first, "args": {}, "request_id": "g2"})
    _poll(fake)
    fake.web = server.handler
    view = game.check("resync after a gap")
    assert len(state_calls) == 1
    assert view["players"][first]["room"] == "foyer"


def test_undo_brings_the_figure_back_through_a_sync(built, server):
    """Undo by consent (R-UNDO) answers with a `sync` effect; the table is laid out again."""
    game, view = start_game(built, server)
    fake = game.fake
    first = game.current(view)
    fig = game.figure(first, view)
    target = game.room_pos("foyer")
    fake.drag(fig, {"x": target["x"], "y": 3, "z": target["z"]}, first)
    view = game.check("move to the foyer")
    assert view["players"][first]["room"] == "foyer"

    undone = game.post("/undo", {"consent": list(view["order"]), "request_id": "u1"})
    assert undone["ops"][0]["op"] == "sync"
    _poll(fake)
    view = game.check("after the undo")
    assert view["players"][first]["room"] == "entrance_hall"
    hall = game.room_pos("entrance_hall")
    pos = fake.state_of(fig)["pos"]
    assert abs(pos["x"] - hall["x"]) < 1.4 and abs(pos["z"] - hall["z"]) < 1.4


def test_a_lost_answer_is_retried_with_the_same_request_id(built, server):
    game, view = start_game(built, server)
    fake = game.fake
    first = game.current(view)
    posts = []

    def lose_first_answer(call: WebCall):
        if call.url.endswith("/actions"):
            posts.append(call.json())
            status, text, _ = server.handler(call)   # the server applies it ...
            if len(posts) == 1:
                raise Hold()                          # ... but the answer never arrives
            return status, text
        return server.handler(call)

    fake.web = lose_first_answer
    target = game.room_pos("foyer")
    fake.drag(game.figure(first, view), {"x": target["x"], "y": 3, "z": target["z"]}, first)
    for _ in range(15):                               # timeout (10 s) + back-off
        fake.settle(1.0)
    fake.web = server.handler
    view = game.check("retried move")
    assert len(posts) == 2 and posts[0]["request_id"] == posts[1]["request_id"]
    assert view["players"][first]["room"] == "foyer"
    moves = [e for e in game.get("/log")["entries"] if e["action"] == "move"]
    assert len(moves) == 1


def test_unknown_ops_are_skipped_and_the_rest_applied(built, server):
    game, view = start_game(built, server)
    fake = game.fake
    first = game.current(view)

    def newer_server(call: WebCall):
        status, text, _ = server.handler(call)
        if "/events?" in call.url:
            body = json.loads(text)
            for entry in body["entries"]:
                entry["ops"].insert(0, {"op": "summon_fog", "version": entry["version"], "seq": 0})
                for i, e in enumerate(entry["ops"]):
                    e["seq"] = i
            return status, json.dumps(body, ensure_ascii=False)
        return status, text

    fake.web = newer_server
    game.post("/actions", {"action": "move", "player": first, "args": {"to": "foyer"}, "request_id": "n1"})
    _poll(fake)
    fake.web = server.handler
    view = game.check("unknown op")
    assert view["players"][first]["room"] == "foyer"
    assert any("unknown op summon_fog" in entry["text"] for entry in fake.captured.logs)


def test_without_a_server_the_table_is_a_sandbox_and_says_so_once(built):
    _, saves, content = built
    calls: list[WebCall] = []
    unreachable = _unreachable(calls)
    fake = TTSFake(saves["en"], web=unreachable, seated=["White", "Red"])
    fake.load_all()
    notice = "No rules server: this table is a hand-played sandbox."
    assert [b["text"] for b in fake.captured.broadcasts] == [notice]

    figure = content["tts"]["characters"]["batu"]["figurine"]
    fake.drag(figure, {"x": 3.0, "y": 2.0, "z": 4.0}, "Red")
    fake.settle(5.0)
    pos = fake.state_of(figure)["pos"]
    assert (pos["x"], pos["z"]) == (3.0, 4.0)       # the drop stands; nothing was sent
    assert calls == []

    fake.click("hk_connect")                         # a server that cannot be reached
    for _ in range(20):
        fake.settle(1.0)
    assert fake.ui("hk_status")["value"].startswith("Connection failed:")
    assert len(calls) == 1                           # creating a table is never retried blindly
    assert [b["text"] for b in fake.captured.broadcasts].count(notice) == 1
    assert fake.captured.errors == []


def test_resuming_retries_an_unreachable_server_then_stays_a_sandbox(built):
    _, saves, _ = built
    calls: list[WebCall] = []
    unreachable = _unreachable(calls)
    fake = TTSFake(saves["zh-Hant"], web=unreachable)
    fake.load_all(script_state=json.dumps({"url": "http://127.0.0.1:9", "table_id": "t1", "token": "k"}))
    for _ in range(20):
        fake.settle(1.0)
    assert [c.url for c in calls] == ["http://127.0.0.1:9/v1/tables/t1"] * 3   # first try + two retries
    assert fake.ui("hk_status")["value"].startswith("連線失敗")
    assert [b["to"] for b in fake.captured.broadcasts] == ["all"]             # the sandbox notice, once


def test_a_stale_table_catches_up_then_sends_the_action_again(built, server):
    """The table acts on version N while the server is at N+1: 409
    VERSION-STALE, the table polls, then sends the same action once more."""
    game, view = start_game(built, server)
    fake = game.fake
    first = game.current(view)
    game.post("/actions", {"action": "move", "player": first, "args": {"to": "foyer"}, "request_id": "s1"})
    stair = game.room_pos("grand_staircase")              # one step on from the foyer
    earlier = len(fake.calls)
    fake.drag(game.figure(first, view), {"x": stair["x"], "y": 3, "z": stair["z"]}, first)
    view = game.check("move after catching up")
    assert view["players"][first]["room"] == "grand_staircase"
    _, version = game.state()
    posted = [c.json() for c in fake.calls[earlier:] if c.url.endswith("/actions")]
    assert [p["expect_version"] for p in posted] == [version - 2, version - 1]
    assert posted[0]["request_id"] == posted[1]["request_id"]


def test_rate_limited_requests_wait_for_retry_after(built):
    _, saves, _ = built
    calls: list[WebCall] = []

    def busy(call: WebCall):
        calls.append(call)
        if len(calls) == 1:
            return 429, {"ok": False, "error": {"code": "RATE-LIMITED", "message": {"en": "slow down"}}}, \
                {"Retry-After": "5"}
        return 200, {"ok": True, "table_id": "t1", "version": 0}

    fake = TTSFake(saves["en"], web=busy)
    fake.load_all(script_state=json.dumps({"url": "http://rules", "table_id": "t1", "token": "k"}))
    fake.settle(4.0)
    assert len(calls) == 1                               # the back-off alone (1.5 s) would have retried
    fake.settle(1.5)
    assert len(calls) >= 2 and fake.ui("hk_status")["value"].startswith("Connected")


def test_a_reloaded_save_is_laid_out_and_asks_the_open_prompt_again(built, server):
    """Reload mid-discovery (R-PLACE-2 rotation prompt open): the new session
    starts from the save's own layout, catches up, is laid out from /state
    and shows the rotation dialog again; answering it places the tile."""
    game, view = start_game(built, server)
    first = game.current(view)
    legal = game.get(f"/legal?seat={first}")["actions"]
    side = next(a["args"]["side"] for a in legal if a["action"] == "discover")
    hall = game.room_pos(view["players"][first]["room"])
    step = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}[side]
    pitch = game.tts["tile"]["pitch"]
    game.fake.drag(game.figure(first, view), {"x": hall["x"] + step[0] * pitch, "y": 3,
                                              "z": hall["z"] + step[1] * pitch}, first)
    view = game.check("discover")
    assert view["pending"]["kind"] == "rotation"

    _, saves, content = built
    again = TTSFake(saves["zh-Hans"], web=server.handler, seated=["White", "Red", "Blue"])
    again.load_all(script_state=game.fake.save_state())
    game.fake = again
    view = game.check("reload")
    assert [d["color"] for d in again.dialogs()] == [first]
    assert not any("重新同步" in b["text"] for b in again.captured.broadcasts)   # routine, not announced
    tiles = len(view["tiles"])
    again.answer_dialog(first, 1)
    view = game.check("rotation chosen after the reload")
    assert len(view["tiles"]) == tiles + 1


def test_a_stopped_log_writer_is_told_at_once_not_retried(built):
    """503 STORAGE-FAILED: the host must restart the server; the table says
    so on the first answer instead of retrying for seconds."""
    _, saves, _ = built
    calls: list[WebCall] = []

    def failed(call: WebCall):
        calls.append(call)
        return 503, {"ok": False, "error": {"code": "STORAGE-FAILED",
                                            "message": {"en": "The server can no longer save the game; "
                                                              "the host must restart it."}}}

    fake = TTSFake(saves["en"], web=failed)
    fake.load_all(script_state=json.dumps({"url": "http://rules", "table_id": "t1", "token": "k"}))
    fake.settle(10.0)
    assert len(calls) == 1
    assert "restart" in fake.ui("hk_status")["value"]
