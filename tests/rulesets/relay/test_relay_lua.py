"""relay's save, its bundled Lua running in real Lua 5.2 under the TTS fake,
against the real rules server over HTTP: connect, sit and start with the
buttons, roll by throwing the die or with its button, offer a card by
dropping it into the next hand or from the question the table asks, the
question answered by the other colour, to the end. After every step each
object lies where the server's state says (tests/tts_fake)."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from kit.engine import seeded
from relay_helpers import FOLDER, ROOT, full_build
from tests.tts_fake import TTSFake
from tests.tts_fake.live import LiveServer

PLAYERS = ["White", "Red", "Blue"]
NEAR = 0.5


@pytest.fixture(scope="module")
def built(relay_registered, tmp_path_factory):
    build = tmp_path_factory.mktemp("relay-lua") / "build"
    _, section = full_build(build)
    save = json.loads((build / "tts" / "relay.zh-Hans.json").read_text(encoding="utf-8"))
    content = json.loads((build / "content" / "relay.json").read_text(encoding="utf-8"))
    return build, save, content, section


@pytest.fixture
def server(built, tmp_path):
    srv = LiveServer(tmp_path, built[0] / "content", rng_source=seeded(21)).start()
    yield srv
    srv.stop()


class Table:
    """The fake table, and the server's side of it read over HTTP."""

    def __init__(self, fake: TTSFake, srv: LiveServer, content: dict, tts: dict):
        self.fake, self.srv, self.content, self.tts = fake, srv, content, tts

    def get(self, route: str) -> dict:
        st = json.loads(self.fake.save_state())
        return self.srv.get(f"/v1/tables/{st['table_id']}{route}", st["token"])

    def near(self, guid: str, pos: dict) -> bool:
        got = self.fake.state_of(guid)
        return got is not None and abs(got["pos"]["x"] - pos["x"]) <= NEAR and abs(got["pos"]["z"] - pos["z"]) <= NEAR

    def check(self, step: str) -> dict:
        """Settle; then every card, counter and the die must be where the server says."""
        fake = self.fake
        fake.settle(0.1)
        summary = self.get("")
        views = {s: self.get(f"/state?seat={s}")["view"] for s in PLAYERS}
        public = self.get("/state")["view"]
        cards, bad = self.tts["cards"], []
        held = set()
        for seat, view in views.items():
            for card in view["hands"].get(seat, []):
                held.add(card)
                if not fake.in_hand(seat, cards[card]["guid"]):
                    bad.append(f"{seat} holds {card}, not in their hand zone")
        for card in public["discard"]:
            got = fake.state_of(cards[card]["guid"])
            if not self.near(cards[card]["guid"], self.tts["deck"]["discard"]) or round(got["rot"]["z"]) % 360:
                bad.append(f"{card} is discarded but not face up on the discard pile")
        deck = set(fake.contents(self.tts["deck"]["guid"]) or [])
        for card in set(cards) - held - set(public["discard"]):
            guid = cards[card]["guid"]
            if guid not in deck and not self.near(guid, self.tts["deck"]["position"]):
                bad.append(f"{card} is in the deck on the server, not on the table's deck")
        if len(set(cards) - held - set(public["discard"])) != public["deck_size"]:
            bad.append("the server's deck size does not match its own hands")
        scores = (summary["outcome"] or {}).get("scores") or public["bonus"]
        for seat in public["order"]:
            value = fake.state_of(self.tts["counters"][seat])["value"] or 0
            if value != scores[seat]:
                bad.append(f"{seat}'s counter shows {value}, the server {scores[seat]}")
        if public["last_roll"] is not None:
            face = fake.state_of(self.tts["dice"][0])["face"]
            if str(face) != str(public["last_roll"]):
                bad.append(f"the die shows {face}, the server rolled {public['last_roll']}")
        applied = json.loads(fake.save_state())["version"]
        if applied != summary["version"]:
            bad.append(f"the table applied version {applied}, the server is at {summary['version']}")
        assert not bad, f"after {step}: " + "; ".join(bad)
        assert fake.captured.errors == [], fake.captured.errors
        failed = [e["text"] for e in fake.captured.logs if e["text"].startswith(("op ", "unknown op"))]
        assert not failed, failed
        return summary

    def dialog(self, seat: str) -> dict:
        (open_for,) = [d for d in self.fake.dialogs() if d["color"] == seat]
        return open_for


def test_L_OFFER_2_a_whole_game_from_the_table_follows_the_server(built, server):
    """L-SEAT-1, L-SETUP-1, L-TURN-1, L-ROLL-3, L-OFFER-1, L-OFFER-2, L-END-2
    as played from the table, with a fixed seed: the same game every time."""
    _, save, content, tts = built
    fake = TTSFake(save, web=server.handler, seated=PLAYERS, float_numbers=True)
    fake.load_all()
    table = Table(fake, server, content, tts)
    fake.type_into("hk_url", server.base_url)
    fake.click("hk_connect")
    fake.settle()
    assert fake.ui("hk_status")["value"].startswith("已连接") and fake.ui("hk_status")["attributes"]["color"] == "#7dcea0"
    die = tts["dice"][0]

    for seat in PLAYERS:
        fake.click_button(tts["counters"][seat], "hk_relay_sit", seat)
        table.check(f"{seat} sits")
    heard = len(fake.captured.broadcasts)
    fake.click_button(die, "hk_relay_roll", "Red")           # not started: refused, told to Red only
    summary = table.check("a roll before the start")
    told = fake.captured.broadcasts[heard:]
    assert told and all(b["to"] == "Red" for b in told) and summary["version"] == 3
    fake.click_button(die, "hk_relay_start", "Red")
    summary = table.check("start")
    assert summary["to_act"] == ["Red"]

    rolls = dragged = offered = answered = 0
    answers = []
    for step in range(200):
        summary = table.check(f"step {step}")
        if summary["over"]:
            break
        (seat,) = summary["to_act"]
        view = table.get(f"/state?seat={seat}")["view"]
        pending = view["pending"]
        if pending is None:
            if rolls % 2:
                fake.drag(die, {"x": 1.0, "y": 3, "z": -4.0}, seat)     # thrown
            else:
                fake.click_button(die, "hk_relay_roll", seat)
            rolls += 1
        elif pending["kind"] == "offer":
            options = table.dialog(seat)["options"]
            assert len(options) == len(view["hands"][seat])
            if offered % 2 == 0:
                # Dropped into the next player's hand: offered, and back in the roller's hand.
                card = view["hands"][seat][-1]
                hand = fake.to_py(fake.api.hand_transform(pending["to"]))["position"]
                fake.drag(tts["cards"][card]["guid"], {"x": hand["x"], "y": 3, "z": hand["z"]}, seat)
                dragged += 1
            else:
                fake.answer_dialog(seat, 1)
            offered += 1
        else:
            # The question is the other colour's: the dialog is open for them, with two answers.
            assert seat != view["current"] and len(table.dialog(seat)["options"]) == 2
            accept = answered % 2 == 0
            fake.answer_dialog(seat, 1 if accept else 2)
            answers.append(accept)
            answered += 1
    else:
        pytest.fail("the game did not end")

    outcome = summary["outcome"]
    assert set(outcome["scores"]) == set(PLAYERS) and outcome["winners"]
    assert any("游戏结束" in b["text"] for b in fake.captured.broadcasts)
    assert rolls >= 6 and dragged >= 1 and offered >= 2 and True in answers and False in answers, (
        rolls, dragged, offered, answers)


def test_luacheck_passes_on_relays_lua():
    exe = shutil.which("luacheck")
    assert exe, "luacheck is missing: `make setup` installs it"
    run = subprocess.run([exe, "--no-color", str(FOLDER.relative_to(ROOT) / "lua")], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
