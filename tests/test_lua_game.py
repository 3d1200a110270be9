"""End to end: the Lua bundled in the built save plays a scripted game in
real Lua 5.2 under the TTS fake, against the real rules server over HTTP on
127.0.0.1 with the project's compiled content. After every step the fake
table is compared with the server's state (tests/tts_fake/check.py)."""
from __future__ import annotations

import json

import pytest

from server.engine.api import seeded
from tests.tts_fake import TTSFake
from tests.tts_fake.check import mismatches
from tests.tts_fake.live import LiveServer, real_build

SIDES = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    build = tmp_path_factory.mktemp("game") / "build"
    saves = real_build(build)
    content = json.loads((build / "content" / "house.json").read_text(encoding="utf-8"))
    return build, saves, content


@pytest.fixture
def server(built, tmp_path):
    build, _, _ = built
    srv = LiveServer(tmp_path, build / "content", rng_source=seeded(11)).start()
    yield srv
    srv.stop()


class Game:
    """The fake table plus what the test needs to read the server's side."""

    def __init__(self, fake: TTSFake, srv: LiveServer, content: dict):
        self.fake, self.srv, self.content, self.tts = fake, srv, content, content["tts"]
        self.seen: list[dict] = []        # every entry of the table's log, for milestones

    @property
    def ids(self) -> tuple[str, str]:
        st = json.loads(self.fake.save_state())
        return st["table_id"], st["token"]

    def get(self, path: str) -> dict:
        table_id, token = self.ids
        return self.srv.get(f"/v1/tables/{table_id}{path}", token)

    def state(self) -> tuple[dict, int]:
        answer = self.get("/state")
        return answer["view"], answer["version"]

    def check(self, step: str) -> dict:
        """Settle, then the table must match the server."""
        self.fake.settle(0.1)
        view, version = self.state()
        bad = mismatches(self.fake, view, self.tts, version)
        assert not bad, f"after {step}: " + "; ".join(bad)
        assert self.fake.captured.errors == [], self.fake.captured.errors
        failed = [entry for entry in self.fake.captured.logs if "failed" in entry["text"]]
        assert not failed, failed
        return view

    def board(self, seat: str, view: dict) -> str:
        return self.tts["characters"][view["players"][seat]["character"]]["board"]

    def figure(self, seat: str, view: dict) -> str:
        return self.tts["characters"][view["players"][seat]["character"]]["figurine"]

    def room_pos(self, room: str) -> dict:
        return self.fake.state_of(self.tts["rooms"][room]["guid"])["pos"]

    def current(self, view: dict) -> str:
        return view["order"][view["turn_i"]]

    def resolve_prompts(self, rolls_by_button: list) -> None:
        """Answer whatever the server asks, the way players do on the table:
        a trait roll with the board's roll button, everything else in the
        dialog the Lua opened."""
        for _ in range(40):
            view = self.check("a prompt")
            pending = view.get("pending")
            if not pending:
                return
            seat = pending["seat"]
            if pending["kind"] == "roll" and pending.get("trait"):
                self.fake.click_button(self.board(seat, view), "hk_btn_roll", seat)
                rolls_by_button.append(pending)
                continue
            open_for = [d for d in self.fake.dialogs() if d["color"] == seat]
            assert open_for, f"the server waits for {seat} ({pending['kind']}) but no dialog is open"
            self.fake.answer_dialog(seat, 1)
        raise AssertionError("prompts never ended")


def start_game(built, srv) -> tuple[Game, dict]:
    _, saves, content = built
    fake = TTSFake(saves["zh-Hans"], web=srv.handler, seated=["White", "Red", "Blue"], float_numbers=True)
    fake.load_all()
    game = Game(fake, srv, content)
    fake.type_into("hk_url", srv.base_url)
    fake.click("hk_connect")
    fake.settle()
    assert fake.ui("hk_status")["value"].startswith("已连接")
    game.check("connect")
    boards = {cid: ct["board"] for cid, ct in content["tts"]["characters"].items()}
    for seat, cid in (("Red", "batu"), ("Blue", "chen_jiayan")):
        fake.click_button(boards[cid], "hk_btn_choose_a", seat)
        fake.settle()
        view = game.check(f"{seat} chooses {cid}")
        assert view["players"][seat]["character"] == cid
    fake.click_button(boards["batu"], "hk_btn_start", "Red")
    view = game.check("start")
    assert view["phase"] == "explore"
    return game, view


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
