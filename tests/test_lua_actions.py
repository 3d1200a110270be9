"""The board's "Actions…" button, headless: the real Lua under the TTS fake
against the real rules server. Play goes on until an action no gesture
covers is legal (R-ITEM-1/2 `use`, R-ITEM-3 `pick_up`, R-SPECIAL-6/7/8,
R-FIGHT), then the player picks it from the dialog the button opens; the
table and the server must agree afterwards."""
from __future__ import annotations

from tests.tts_fake.game import built, server, start_game  # noqa: F401  (fixtures)

MENU = {"attack", "use", "pick_up", "room_action", "drop_through", "monster_attack", "monster_pick_up"}


def _advance(game, view) -> None:
    """One step of play straight on the server, as another client would:
    answer a prompt, else discover a room (cards get drawn), else end the turn."""
    pending = view.get("pending")
    seat = pending["seat"] if pending else game.current(view)
    legal = game.get(f"/legal?seat={seat}")["actions"]
    if not pending:
        legal = [a for a in legal if a["action"] == "discover"] or [a for a in legal if a["action"] == "end_turn"]
    pick = legal[0]
    game.post("/actions", {"action": pick["action"], "player": seat, "args": pick["args"]})


def _menu_for(game, view) -> tuple[str, list[dict]] | None:
    if view.get("pending"):
        return None
    seat = game.current(view)
    acts = [a for a in game.get(f"/legal?seat={seat}")["actions"] if a["action"] in MENU]
    return (seat, acts) if acts else None


def test_actions_button_sends_a_legal_action_no_gesture_covers(built, server):
    game, view = start_game(built, server)
    fake = game.fake
    found = None
    for _ in range(150):
        found = _menu_for(game, view)
        if found:
            break
        _advance(game, view)
        view, _version = game.state()
    assert found, "play never reached an action only the menu offers"
    seat, acts = found
    fake.settle(2.5)                        # the table polls the server's moves in
    view = game.check("the table catches up")
    before = game.get("/log")["entries"][-1]["version"]

    # Someone else asking gets their own (empty) menu, and changes nothing.
    other = next(s for s in view["order"] if s != seat)
    heard = len(fake.captured.broadcasts)
    fake.click_button(game.board(other, view), "hk_btn_actions", other)
    fake.settle()
    assert not [d for d in fake.dialogs() if d["color"] == other and d["text"] == "其他行动…"]
    told = fake.captured.broadcasts[heard:]
    assert told and told[-1]["to"] == other and "没有" in told[-1]["text"]

    fake.click_button(game.board(seat, view), "hk_btn_actions", seat)
    fake.settle()
    dialogs = [d for d in fake.dialogs() if d["color"] == seat]
    assert len(dialogs) == 1 and dialogs[0]["text"] == "其他行动…"
    # The list is the server's, in its order, by its zh-Hans labels.
    assert list(dialogs[0]["options"]) == [a["label"]["zh-Hans"] for a in acts]
    pick = acts[-1]
    fake.answer_dialog(seat, len(acts))
    fake.settle()
    view = game.check(f"{seat} picks {pick['label']['en']}")
    entry = game.get("/log")["entries"][-1]
    assert entry["version"] == before + 1
    assert (entry["action"], entry["player"], entry["args"]) == (pick["action"], seat, pick["args"])
