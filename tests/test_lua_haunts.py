"""The haunt at the table, for several haunts: the Lua bundled in the built
save, in Lua 5.2 under the TTS fake, against the real rules server over
HTTP with the project's compiled content, from exploration through the
haunt to a winner. Bots choose among the server's legal actions. In the
haunt what a gesture does is done at the table (questions answered in the
dialogs the table shows, trait rolls and End turn on the boards, the
reading panels closed and reopened); the rest is sent as another client
would, and the table follows by polling and lays everything out.

Which haunt a game reaches depends on the omen and room on the chart, and
the content changes, so no seed is fixed: games are played (a bounded
number) until three different haunts have each ended with a winner. In
each, R-HAUNT-7: every colour's reading panel holds its own side's book
(the traitor's the traitor's book, the heroes' never), the link in it opens
that colour's own page and nobody else's, and the panels come back after a
reload without new seat tokens."""
from __future__ import annotations

import json
import random

import requests

from kit.words import catalog
from rulesets.house import INFO
from rulesets.house.engine.sim import pick
from rulesets.house.present.names import Namer
from rulesets.house.present.reading import at_this_table, paragraphs
from tests.tts_fake.game import built, connect, server  # noqa: F401  (fixtures)

SEATS = ("Red", "Blue", "Green")
COLOURS = ("White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink")
GAMES = 12           # at most this many games to find three haunts
ACTIONS = 1500       # at most this many actions a game


def _panel(fake, colour: str) -> dict:
    return {"open": fake.ui(f"hk_read_{colour}")["attributes"].get("active") == "true",
            "title": fake.ui(f"hk_read_{colour}_title")["value"],
            "text": fake.ui(f"hk_read_{colour}_text")["value"],
            "link": fake.ui(f"hk_read_{colour}_link")["attributes"].get("text", "")}


def _book(content: dict, book: dict) -> str:
    """A book as the panel shows it (zh-Hans, the save's locale)."""
    return "\n\n".join(paragraphs(book, Namer(content, {}, catalog(INFO.folder)))["zh-Hans"])


def _sit(game, content: dict) -> None:
    chars = sorted(content["characters"])
    for i, seat in enumerate(SEATS):
        game.post("/seats", {"player": seat})
        game.post("/actions", {"action": "choose_character", "player": seat,
                               "args": {"character": chars[i], "side": 0}})
    game.post("/actions", {"action": "start", "player": "Red", "args": {"first": "Red"}})


def _catch_up(game) -> None:
    """Let the table poll until it shows the server's last version."""
    for _ in range(40):
        version = game.get("")["version"]
        if json.loads(game.fake.save_state())["version"] >= version:
            return
        game.fake.settle(2.0)
    raise AssertionError("the table never caught up with the server")


def _by_hand(game, bot: random.Random, seat: str, act: dict) -> bool:
    """In the haunt, what a gesture does is done by hand at the table: a
    question answered in the dialog the table shows that colour (a trait
    roll with the board's button), End turn on the board. False when no
    gesture does `act` (the bot then sends it as another client would)."""
    table = server_table(game)
    state = table.state
    player = state["players"].get(seat) or {}
    pending = state.get("pending") or {}
    if not player.get("character") or (act["action"] != "end_turn" and pending.get("seat") != seat):
        return False
    _catch_up(game)
    fake, before = game.fake, table.version
    board = game.tts["characters"][player["character"]]["board"]
    if pending.get("seat") == seat and pending.get("kind") == "roll" and pending.get("trait"):
        fake.click_button(board, "hk_btn_roll", seat)
    elif pending.get("seat") == seat:
        shown = [d for d in fake.dialogs() if d["color"] == seat]
        if not shown:
            return False
        fake.answer_dialog(seat, bot.randrange(len(shown[-1]["options"])) + 1)
    else:
        fake.click_button(board, "hk_btn_end_turn", seat)
    fake.settle()
    done = server_table(game).version > before
    game.by_hand += done
    return done


def _act(game, bot: random.Random, seat: str, busy: int, haunt: bool) -> bool:
    """One bot action by `seat`, which the server waits for."""
    acts = game.get(f"/legal?seat={seat}")["actions"]
    if haunt and acts and _by_hand(game, bot, seat, pick(bot, acts, busy)):
        return True
    table_id, token = game.ids
    while acts:
        act = pick(bot, acts, busy)
        r = game.srv.session.post(f"{game.srv.base_url}/v1/tables/{table_id}/actions",
                                  json={"action": act["action"], "player": seat, "args": act.get("args", {})},
                                  headers={"Authorization": f"Bearer {token}"}, timeout=30)
        if r.status_code == 200:
            return True
        acts = [a for a in acts if a is not act]      # an engine bug on a legal action: another one
    return False


def _sized(spec: dict, side: str) -> bool:
    """Whether the haunt gives a number per table size that `side` plays by:
    a count set up, its own goal's, or the clock's end."""
    goals = spec["traitor_wins" if side == "traitor" else "heroes_win"]
    return isinstance(spec["clock"]["end"], dict) or any(
        isinstance(step.get("count"), dict) for step in spec["setup"] if step["step"] in ("monsters", "tokens")) \
        or any(isinstance(o.get(k), dict) for o in goals for k in ("successes", "count"))


def _check_panels(game, content: dict, haunt: dict, asked_before: int) -> None:
    """R-HAUNT-7 at the table: each player's panel holds its side's book and
    nothing of the other's; a colour nobody plays has an empty panel."""
    fake, spec = game.fake, content["haunts"][haunt["id"]]
    traitor = server_table(game).state["haunt"]["traitor"]       # a hidden one too
    for colour in COLOURS:
        panel = _panel(fake, colour)
        if colour not in SEATS:
            assert panel["text"] == "" and panel["link"] == "" and not panel["open"], colour
            continue
        side = "traitor" if colour == traitor else "heroes"
        other = "heroes" if side == "traitor" else "traitor"
        # A haunt sized to the table ends the book with this table's numbers.
        seen = {"players": server_table(game).state["players"], "haunt": haunt}     # as a seat's view
        table = at_this_table(haunt, side, Namer(content, seen, catalog(INFO.folder)))
        sized = "" if table is None else "\n\n" + table["zh-Hans"]
        assert (table is not None) == _sized(spec, side), (colour, spec["id"])
        assert panel["text"] == _book(content, spec[f"{side}_book"]) + sized, (colour, side)
        assert spec["title"]["zh-Hans"] in panel["title"]
        if spec.get(f"{other}_book"):
            for line in _book(content, spec[f"{other}_book"]).split("\n\n"):
                assert line not in panel["text"] and line not in panel["title"], (colour, line)
        # The link is this colour's own page, with its own seat token.
        assert f"/page?seat={colour}&token=" in panel["link"]
        page = requests.get(panel["link"], timeout=30)
        assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
        assert _book(content, spec[f"{side}_book"]).split("\n\n")[0] in page.text
        for other_colour in SEATS:
            if other_colour != colour:
                r = requests.get(panel["link"].replace(f"seat={colour}", f"seat={other_colour}"), timeout=30)
                assert r.status_code == 403 and r.json()["error"]["code"] == "SEAT-FORBIDDEN"
    asked = [c for c in fake.calls if c.url.endswith("/seat-tokens")]
    assert len(asked) - asked_before == len(SEATS)      # one seat token per seated colour, by the host


def _hide_the_traitor(game) -> str:
    """Whatever the chart says, the haunt is the content's first with a
    hidden traitor (R-HAUNT-3); with none in the content, its first with a
    traitor, told in secret (left of the revealer), its setup placed at the
    revealer's, since nothing public may single a hidden traitor out."""
    state = server_table(game).state
    haunts = state["rules"]["haunts"]
    hid = next((k for k in sorted(haunts) if haunts[k]["traitor"].get("hidden")), None)
    if hid is not None:
        state["rules"] = {**state["rules"], "haunts": {hid: haunts[hid]},
                          "chart": {"omens": [], "rooms": [], "cells": {}}}
        return hid
    hid = next(k for k in sorted(haunts) if haunts[k].get("traitor_book"))
    setup = [{**step, "at": "revealer"} if step.get("at") in ("traitor", "each_hero") else step
             for step in haunts[hid]["setup"]]
    spec = {**haunts[hid], "setup": setup,
            "traitor": {**haunts[hid]["traitor"], "rule": "left_of_revealer", "hidden": True,
                        "except_revealer": False}}
    state["rules"] = {**state["rules"], "haunts": {hid: spec}, "chart": {"omens": [], "rooms": [], "cells": {}}}
    return hid


def _play(built, server, bot: random.Random, hidden: bool = False) -> tuple[str, str] | None:
    """One game to its end: (haunt id, winning side), or None when it had
    no haunt or no end within the cap."""
    _, _, content = built
    game = connect(built, server, seated=("White", "Red", "Blue", "Green"))
    _sit(game, content)
    if hidden:
        _hide_the_traitor(game)
    game.by_hand = 0          # actions of the haunt made by gestures at the table
    asked_before = len([c for c in game.fake.calls if c.url.endswith("/seat-tokens")])
    busy, last, checked, reloaded = 0, None, False, False
    for _ in range(ACTIONS):
        summary = game.get("")
        if summary["over"] or not summary["to_act"]:
            break
        seat = summary["to_act"][0]
        busy = busy + 1 if seat == last else 0
        last = seat
        if not _act(game, bot, seat, busy, checked):
            break
        phase = server_table(game).state["phase"]
        if phase == "haunt" and not checked:
            _catch_up(game)
            view = game.check("the haunt begins")
            # Everyone read the haunt's title, its intro and the new turn order (R-HAUNT-8).
            spec = content["haunts"][view["haunt"]["id"]]
            secret = server_table(game).state["haunt"]["hidden"]
            assert secret == (hidden or bool(spec["traitor"].get("hidden")))
            said = "\n".join(b["text"] for b in game.fake.captured.broadcasts if b.get("to") == "all")
            assert "《" + spec["title"]["zh-Hans"] + "》" in said and "回合顺序：" in said
            assert _book(content, spec["intro"]).split("\n\n")[0].split("\n")[0] in said
            if secret:                  # the table names no traitor, and tells the traitor alone
                assert view["haunt"]["traitor"] is None
                told = [b for b in game.fake.captured.broadcasts if "奸徒" in b["text"] and b.get("to") != "all"]
                assert {b["to"] for b in told} == {server_table(game).state["haunt"]["traitor"]}
            _check_panels(game, content, view["haunt"], asked_before)
            _close_and_reopen(game)
            checked = True
        elif checked and not reloaded and phase == "haunt":
            game.fake = game.fake.reloaded(seated=["White", "Red", "Blue", "Green"])
            _catch_up(game)
            game.check("a reload in the haunt")
            for seat in SEATS:          # laid out again, closed, the same links (no new seat token)
                panel = _panel(game.fake, seat)
                assert panel["text"] and not panel["open"] and "token=" in panel["link"]
                assert game.fake.ui(f"hk_read_{seat}_reopen")["attributes"].get("active") == "true"
            assert not [c for c in game.fake.calls if c.url.endswith("/seat-tokens")]
            reloaded = True
    if not checked or not game.get("")["over"]:
        return None                 # no haunt, or no end, within the cap: this game does not count
    _catch_up(game)
    view = game.check("the end")
    outcome = game.get("")["outcome"]
    assert outcome["side"] in ("heroes", "traitor", "house")
    assert game.by_hand > 0, "no action of the haunt was made by hand at the table"
    return view["haunt"]["id"], outcome["side"]


def _close_and_reopen(game) -> None:
    """Close and reopen: each colour's own buttons, for its own panel only."""
    fake = game.fake
    fake.click("hk_read_Red_close", "Red")
    assert not _panel(fake, "Red")["open"] and _panel(fake, "Blue")["open"]
    assert fake.ui("hk_read_Red_reopen")["attributes"].get("active") == "true"
    fake.click("hk_read_Red_reopen", "Red")
    assert _panel(fake, "Red")["open"]
    assert fake.ui("hk_read_Red_reopen")["attributes"].get("active") == "false"


def server_table(game):
    from server.app import TABLES
    table_id, _ = game.ids
    return game.srv.app[TABLES].get(table_id)


def test_three_haunts_played_to_a_winner_each_panel_holding_its_own_book_R_HAUNT_7(built, server):
    """R-HAUNT-2/3/7/8/10 from the table: a haunt with a hidden traitor, then
    three different haunts (the chart decides which), each played to a winner."""
    # First a haunt whose traitor is hidden, then the chart's own.
    hidden = _play(built, server, random.Random(100), hidden=True)
    assert hidden is not None, "the hidden traitor's game did not end"
    played: dict[str, str] = {}
    for n in range(GAMES):
        ended = _play(built, server, random.Random(n))
        if ended is not None:
            played.setdefault(*ended)
        if len(played) >= 3:
            break
    assert len(played) >= 3, f"only {sorted(played)} in {GAMES} games"
