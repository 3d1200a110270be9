"""The scripted-game harness shared by the headless Lua tests: the real
content built once per module, the real server per test, and a `Game` that
drives the fake table like players do and compares it with the server."""
from __future__ import annotations

import json

import pytest

from kit.engine import seeded

from . import TTSFake
from .check import mismatches
from .live import LiveServer, real_build
from server.content import load_compiled

SIDES = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    build = tmp_path_factory.mktemp("game") / "build"
    saves = real_build(build)
    content = load_compiled(build / "content", "house")
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

    def post(self, path: str, body: dict) -> dict:
        """Act on the server directly, as another gesture or client would."""
        table_id, token = self.ids
        r = self.srv.session.post(f"{self.srv.base_url}/v1/tables/{table_id}{path}", json=body,
                                  headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()

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
        failed = [entry for entry in self.fake.captured.logs
                  if entry["text"].startswith("effect ") and "failed" in entry["text"]]
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


def connect(built, srv, seated=("White", "Red", "Blue"), locale: str = "zh-Hans") -> Game:
    """The save loaded at a table where `seated` sit; the host connects it
    to the server, which creates a table for them."""
    _, saves, content = built
    fake = TTSFake(saves[locale], web=srv.handler, seated=list(seated), float_numbers=True)
    fake.load_all()
    game = Game(fake, srv, content)
    fake.type_into("hk_url", srv.base_url)
    fake.click("hk_connect")
    fake.settle()
    assert fake.ui("hk_status")["attributes"]["color"] == "#7dcea0", fake.ui("hk_status")
    return game


def start_game(built, srv) -> tuple[Game, dict]:
    _, _, content = built
    game = connect(built, srv)
    fake = game.fake
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
