"""What a real table does at once, played through the save's own panel and
gestures under the TTS fake against the real rules server: a figure waiting
at the door it opened, placed tiles that stay put, one request per drop, the
host's Undo with every player's consent, a late player, a new table token."""
from __future__ import annotations

import json

import requests

from tests.tts_fake.game import SIDES, built, connect, server, start_game  # noqa: F401  (fixtures)


def _discover(game, view):
    """The first player drops their figure beyond an open door of the hall."""
    first = game.current(view)
    legal = game.get(f"/legal?seat={first}")["actions"]
    side = next(a["args"]["side"] for a in legal if a["action"] == "discover")
    hall = game.room_pos(view["players"][first]["room"])
    dx, dz = SIDES[side]
    pitch = game.tts["tile"]["pitch"]
    game.fake.drag(game.figure(first, view), {"x": hall["x"] + dx * pitch, "y": 3, "z": hall["z"] + dz * pitch},
                   first)
    return first, side, hall


def test_a_discovering_figure_waits_at_the_door_while_the_rotation_is_asked(built, server):
    """Defect 2 (R-PLACE-2): the answer moves the figure to the door; it
    neither bounces back (which reads as a refusal) nor leaves its room."""
    game, view = start_game(built, server)
    first, side, hall = _discover(game, view)
    view = game.check("discover")
    assert view["pending"]["kind"] == "rotation"
    pos = game.fake.state_of(game.figure(first, view))["pos"]
    dx, dz = SIDES[side]
    along = (pos["x"] - hall["x"]) * dx + (pos["z"] - hall["z"]) * dz
    assert 0.3 * game.tts["tile"]["pitch"] < along < 0.5 * game.tts["tile"]["pitch"]
    room = view["pending"]["room"]
    game.fake.answer_dialog(first, 1)
    view = game.check("rotation chosen")
    assert view["players"][first]["room"] == room                 # and the figure went in with it


def test_placed_tiles_cannot_be_picked_up_and_carry_nothing_away(built, server):
    """Defect 3: in TTS a locked tile can still be lifted, and it carries the
    figures standing on it; placed tiles are not interactable instead, the
    starting ones from the moment the table is connected."""
    game, view = start_game(built, server)
    fake = game.fake
    hall = game.tts["rooms"]["entrance_hall"]["guid"]
    assert fake.drag(hall, {"x": 40.0, "y": 3, "z": 40.0}, "Red") is False
    first, _, _ = _discover(game, view)
    game.check("discover")
    fake.answer_dialog(first, 1)
    view = game.check("placed")
    new = next(r for r in view["tiles"] if game.tts["rooms"][r]["start"] is None)
    guid = game.tts["rooms"][new]["guid"]
    assert fake.drag(guid, {"x": 40.0, "y": 3, "z": 40.0}, first) is False
    game.check("the tile stayed, with the figure on it")


def test_a_figure_dropped_rooms_away_is_one_request_naming_the_room(built, server):
    """Defect 10 (R-MOVE-1): no legal list is fetched first; the engine walks
    the cheapest path to the room."""
    game, view = start_game(built, server)
    fake = game.fake
    first = game.current(view)
    stair = game.room_pos("grand_staircase")                      # two rooms from the hall
    asked = len(fake.calls)
    fake.drag(game.figure(first, view), {"x": stair["x"], "y": 3, "z": stair["z"]}, first)
    view = game.check("a walk of two rooms")
    assert view["players"][first]["room"] == "grand_staircase"
    calls = fake.calls[asked:]
    assert [c.url for c in calls if "/legal" in c.url] == []
    (post,) = [c.json() for c in calls if c.url.endswith("/actions")]
    assert (post["action"], post["args"]) == ("move", {"to": "grand_staircase"})


def test_undo_asks_every_seated_player_in_their_own_dialog(built, server):
    """The host's Undo: one dialog per seated colour; one refusal ends the
    round, agreement from all calls the server's undo (R-UNDO)."""
    game, view = start_game(built, server)
    fake = game.fake
    first = game.current(view)
    foyer = game.room_pos("foyer")
    fake.drag(game.figure(first, view), {"x": foyer["x"], "y": 3, "z": foyer["z"]}, first)
    view = game.check("move")
    seated = [s for s, p in view["players"].items()]
    fake.click("hk_undo", "White")
    fake.settle()
    assert sorted(d["color"] for d in fake.dialogs()) == sorted(seated)
    assert all(d["options"] == ["同意", "不同意"] for d in fake.dialogs())
    fake.answer_dialog(seated[0], 1)
    fake.answer_dialog(seated[1], 2)                  # one says no
    fake.settle()
    assert not [c for c in fake.calls if c.url.endswith("/undo")]
    assert game.state()[0]["players"][first]["room"] == "foyer"
    fake.click("hk_undo", "White")
    fake.settle()
    for seat in seated:
        fake.answer_dialog(seat, 1)
    view = game.check("undone")
    (undo,) = [c.json() for c in fake.calls if c.url.endswith("/undo")]
    assert sorted(undo["consent"]) == sorted(seated)
    assert view["players"][first]["room"] == "entrance_hall"


def test_a_late_player_sits_down_after_the_table_is_connected(built, server):
    """A colour that was empty when the host connected takes a seat and a
    character from the board buttons like everyone else (R-SETUP-2)."""
    game = connect(built, server, locale="en")
    fake = game.fake
    boards = {cid: ct["board"] for cid, ct in game.tts["characters"].items()}
    fake.seated.append("Green")                       # someone sits down at the table afterwards
    fake.click_button(boards["batu"], "hk_btn_choose_a", "Green")
    fake.settle()
    seats = {s["seat"]: s for s in game.get("/seats")["seats"]}
    assert seats["Green"]["seated"] is True
    view = game.check("a late player chose")
    assert view["players"]["Green"]["character"] == "batu"


def test_the_host_replaces_the_table_token_from_the_panel(built, server):
    """A save shared after play must not let a stranger act: the old token
    opens nothing once the host has a new one."""
    game, view = start_game(built, server)
    fake = game.fake
    table_id, old = game.ids
    fake.click("hk_new_token", "White")
    fake.settle()
    _, new = game.ids
    assert new != old and fake.ui("hk_token")["attributes"]["text"] == new
    assert fake.captured.broadcasts[-1]["to"] == "White"
    r = requests.get(f"{server.base_url}/v1/tables/{table_id}", headers={"Authorization": f"Bearer {old}"},
                     timeout=10)
    assert r.status_code == 403
    game.check("still connected with the new token")
    saved = json.loads(fake.save_state())
    assert saved["token"] == new
