"""A whole four-seat escape game played from the table: the save's bundled
Lua in real Lua 5.2 under the TTS fake, against the real rules server over
HTTP. Every action goes through what a player would do — the area's
buttons, a card dropped on the equipment area, on an infected card or into
another hand, a token dragged to another slot, the thrown die, the dialogs
the table shows — from setup through phase 1, a phase 2 with an infected,
back to phase 1, to the fourth stairs up and the scores. After every step
every card, token and counter lies where the server's /state says, and no
answer the Lua gets for one seat's view, no dialog and no chat line shown
to one colour, names a card hidden in another seat's hand (E-HAND-2)."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from escape_build import stand_in_build
from kit.engine import seeded
from rulesets.escape.engine.sim import pick
from tests.tts_fake import TTSFake
from tests.tts_fake.live import LiveServer
from tests.tts_fake.saves import strings

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = ["White", "Red", "Blue", "Green"]
SERVER_SEED, BOT_SEED = 37, 2     # a game with a phase 2 that ends, then the fourth stairs up
NEAR = 0.5
# Prompts the table asks with a dialog (an `ask` instruction to that colour).
ASKED = {"place", "keep", "trade", "hand_limit", "choose", "flee_offer", "swap_offer", "infect_attack",
         "token_roll", "lead_explore", "member"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    build = tmp_path_factory.mktemp("escape-lua") / "build"
    saves, content, section = stand_in_build(build)
    return build, saves["zh-Hans"], content, section


class Recording:
    """The fake's web handler: forwards to the live server and keeps every
    answer, so the test can read what the Lua was told."""

    def __init__(self, srv: LiveServer, on_seat_view):
        self.srv, self.on_seat_view = srv, on_seat_view

    def __call__(self, call):
        seat = _seat_of(call.url)
        if seat is not None:
            self.on_seat_view(seat)
        status, body, headers = self.srv.handler(call)
        if seat is not None:
            self.on_seat_view(seat, call.url, body)
        return status, body, headers


def _seat_of(url: str) -> str | None:
    if "seat=" not in url:
        return None
    return url.split("seat=", 1)[1].split("&", 1)[0]


class Table:
    """The fake table, the server's side of it read over HTTP, and the checks."""

    def __init__(self, srv: LiveServer, save: dict, content: dict, tts: dict):
        self.srv, self.content, self.tts = srv, content, tts
        self.started = False                           # seat views checked once the game is on
        self.heard = 0                                  # broadcasts already checked
        self.last_roll, self.rolls_read = None, 0       # the server's last throw of the die
        self.hidden_at_request: dict[str, dict[str, set]] = {}
        self.leaks: list[str] = []
        self.seat_views = 0
        self.fake = TTSFake(save, web=Recording(srv, self._seat_view), seated=PLAYERS, float_numbers=True)
        self.titles = {cid: (c.get("title") or c.get("name"))["zh-Hans"]
                       for kind in ("items", "explore", "infected", "characters") for cid, c in content[kind].items()}
        self.known = {s: set() for s in PLAYERS}       # cards each seat's own events have named to it
        self.read_to = {s: 0 for s in PLAYERS}

    # -- the server's side -------------------------------------------------------------
    def get(self, route: str) -> dict:
        st = json.loads(self.fake.save_state())
        return self.srv.get(f"/v1/tables/{st['table_id']}{route}", st["token"])

    def hidden(self) -> dict[str, set]:
        """Each seat's hidden cards (its hand, the cards handed to it, the
        explore cards it scouted), from its own view."""
        out = {}
        for s in PLAYERS:
            v = self.get(f"/state?seat={s}")["view"]
            cards = set(v["players"].get(s, {}).get("hand", []))
            pd = v.get("pending") or {}
            if pd.get("seat") == s and (pd.get("kind") == "keep" or pd.get("purpose") == "scout"):
                cards |= set(pd.get("cards") or pd.get("options") or [])
            out[s] = cards
        return out

    def learn(self) -> None:
        """What each seat has been told: every card its own events named
        (its draws, a card offered to it in a trade, a promise made to it)."""
        for s in PLAYERS:
            got = self.get(f"/events?seat={s}&after={self.read_to[s]}&limit=500")
            for entry in got["entries"]:
                self.known[s] |= set(strings(entry["events"])) & set(self.titles)
                self.read_to[s] = entry["version"]

    def secret_for(self, seat: str, hidden: dict[str, set]) -> set:
        """Cards in other seats' hidden hands that `seat` was never told of."""
        return {c for other, cards in hidden.items() if other != seat for c in cards} - self.known[seat]

    def _seat_view(self, seat, url=None, body=None):
        if url is None:                                 # before the request: what is hidden now
            if self.started:
                self.learn()
            self.hidden_at_request[seat] = self.hidden() if self.started else {}
            return
        self.seat_views += 1
        hidden = self.hidden_at_request.pop(seat, {})
        secret = self.secret_for(seat, hidden)
        guids = {self.tts["cards"][c]["guid"]: c for c in secret}
        named = set(strings(json.loads(body)))
        for c in secret & named:
            self.leaks.append(f"{url} names {c}, hidden in another hand")
        for g in set(guids) & named:
            self.leaks.append(f"{url} names the object of {guids[g]}, hidden in another hand")

    # -- where things are ------------------------------------------------------------
    def state_of(self, guid: str) -> dict:
        got = self.fake.state_of(guid)
        assert got is not None, f"object {guid} is not on the table"
        return got

    def near(self, guid: str, pos: dict, tol: float = NEAR) -> bool:
        p = self.state_of(guid)["pos"]
        return abs(p["x"] - pos["x"]) <= tol and abs(p["z"] - pos["z"]) <= tol

    def face_up(self, guid: str) -> bool:
        return round(self.state_of(guid)["rot"]["z"]) % 360 == 0

    def in_deck(self, card: str, deck: str) -> bool:
        info = self.tts["decks"][deck]
        guid = self.tts["cards"][card]["guid"]
        inside = guid in set(self.fake.contents(info["guid"]) or [])
        return inside or (self.near(guid, info["position"]) and not self.face_up(guid))

    def check(self, step: str) -> dict:
        fake, tts = self.fake, self.tts
        fake.settle(0.1)
        summary = self.get("")
        public = self.get("/state")["view"]
        hidden = self.hidden()
        cards, bad, placed = tts["cards"], [], set()

        def at(card, pos, tol=NEAR, face_up=True):
            placed.add(card)
            guid = cards[card]["guid"]
            if not self.near(guid, pos, tol):
                bad.append(f"{card} is not at {pos} (it is at {self.state_of(guid)['pos']})")
            elif face_up and not self.face_up(guid):
                bad.append(f"{card} lies face down")

        for seat, held in hidden.items():
            for card in held:
                placed.add(card)
                if not fake.in_hand(seat, cards[card]["guid"]):
                    bad.append(f"{seat} holds {card}, not in their hand zone")
        for seat, p in public["players"].items():
            if not p.get("character"):
                continue
            place = tts["seats"][seat]
            at(p["character"], place["character"])
            for i, card in enumerate(p.get("equipment", [])):
                at(card, place["equipment"][i] if i < 3 else place["equipment"][-1], 3.0 if i >= 3 else NEAR)
            for card in p.get("revelations", []):
                at(card, place["character"], 2.5)
        for spot in ("front", "end"):
            for card in public["spots"][spot]:
                at(card, tts["places"][spot], 2.5)
        for card in public["stairs"]:
            at(card, tts["places"]["stairs"], 2.5)
        for card in public["resolving"]:
            at(card, tts["places"]["resolving"], 2.5)
        for deck, pile in public["discards"].items():
            for card in pile:
                at(card, tts["decks"][deck]["discard"])
        for card in public["out"]:
            at(card, tts["decks"]["infected"]["discard"])
        slots, off = tts["column"]["slots"], tts["infected_card"]
        for member, inf in public["infected"].items():
            if inf.get("seat") is not None:                      # a turned player: on its character card
                where = tts["seats"][inf["seat"]]["character"]
            else:                                                # a token: its card north of its slot
                slot = slots[public["column"].index(member)]
                if not any(self.near(g, slot) for g in tts["infected_tokens"]):
                    bad.append(f"no infected token stands in {member}'s slot")
                where = {"x": slot["x"] + off["x"], "z": slot["z"] + off["z"]}
            if inf.get("card"):
                at(inf["card"], where)
            for card in inf.get("hits", []):
                at(card, where, 2.5)
        for i, member in enumerate(public["column"]):
            if member in public["players"] and any(self.near(g, slots[i]) for g in tts["infected_tokens"]):
                bad.append(f"an infected token stands in {member}'s slot")
        for card, entry in cards.items():
            if card not in placed and not self.in_deck(card, entry["deck"]):
                bad.append(f"{card} is in the {entry['deck']} deck on the server, not on the table's deck")
        for seat, p in public["players"].items():
            cid = p.get("character")
            if cid is None:
                continue
            guid = tts["tokens"][cid]
            if seat in public["column"]:
                i = public["column"].index(seat)
                if not self.near(guid, slots[i]):
                    bad.append(f"{seat}'s token is not in slot {i + 1}")
            elif not self.near(guid, tts["seats"][seat]["token"]):
                bad.append(f"{seat} is out of the column but its token is not on its area")
            place = tts["seats"][seat]
            vp = (summary["outcome"] or {}).get("scores", {}).get(seat, p.get("fight_vp", 0)) \
                if summary["outcome"] else p.get("fight_vp", 0)
            stamina = p["stamina"] if p["status"] in ("alive", "hidden", "dead") else 0
            for which, want in (("vp", vp), ("stamina", stamina)):
                got = self.state_of(place["counters"][which])["value"] or 0
                if got != want:
                    bad.append(f"{seat}'s {which} counter shows {got}, the server {want}")
        got = self.get(f"/events?public=1&after={self.rolls_read}&limit=500")
        for entry in got["entries"]:
            rolls = [e["faces"][0] for e in entry["events"] if e["type"] == "dice_rolled"]
            self.last_roll = rolls[-1] if rolls else self.last_roll
            self.rolls_read = entry["version"]
        face = self.state_of(tts["dice"][0]).get("face")
        if self.last_roll is not None and str(face) != str(self.last_roll):
            bad.append(f"the die shows {face}, the server rolled {self.last_roll}")
        applied = json.loads(fake.save_state())["version"]
        if applied != summary["version"]:
            bad.append(f"the table applied version {applied}, the server is at {summary['version']}")
        assert not bad, f"after {step}: " + "; ".join(bad[:8])
        assert fake.captured.errors == [], fake.captured.errors
        failed = [e["text"] for e in fake.captured.logs if e["text"].startswith(("op ", "unknown op", "card "))]
        assert not failed, failed
        self.check_shown(hidden)
        return summary

    def check_shown(self, hidden: dict[str, set]) -> None:
        """No dialog or chat line shown to one colour names another's hidden card."""
        self.learn()
        for d in self.fake.dialogs():
            secret = self.secret_for(d["color"], hidden)
            text = " ".join([d["text"], *map(str, d["options"])])
            for c in secret:
                if self.titles[c] in text and not any(self.titles[c] == self.titles[o] for o in hidden[d["color"]]):
                    self.leaks.append(f"a dialog to {d['color']} names {c}")
        for b in self.fake.captured.broadcasts[self.heard:]:
            if b["to"] == "all":
                continue
            secret = self.secret_for(b["to"], hidden)
            for c in secret:
                if self.titles[c] in b["text"] and not any(self.titles[c] == self.titles[o] for o in hidden[b["to"]]):
                    self.leaks.append(f"a line to {b['to']} names {c}: {b['text']}")
        self.heard = len(self.fake.captured.broadcasts)

    # -- a player's gestures ----------------------------------------------------------
    def dialog(self, seat: str) -> dict | None:
        open_for = [d for d in self.fake.dialogs() if d["color"] == seat]
        return open_for[-1] if open_for else None

    def answer(self, seat: str, label: dict) -> None:
        d = self.dialog(seat)
        assert d is not None, f"no dialog open for {seat}"
        want = label["zh-Hans"]
        assert want in d["options"], (want, d["options"])
        self.fake.answer_dialog(seat, d["options"].index(want) + 1)

    def button(self, seat: str, fn: str) -> None:
        self.fake.click_button(self.tts["seats"][seat]["mat"], fn, seat)

    def drag(self, guid: str, to: dict, seat: str) -> None:
        self.fake.drag(guid, {"x": to["x"], "y": 3, "z": to["z"]}, seat)


def test_E_HAND_2_a_whole_game_from_the_table_follows_the_server(built, tmp_path):
    """E-SETUP-1, E-SETUP-2, E-LEAD-1, E-LEAD-2, E-MEMBER-1..4, E-INFECT-1, E-INFECT-4, E-ADJ-2,
    E-ATK-5, E-END-2, E-END-4 as played from the table, with a fixed seed: the same game every time."""
    build, save, content, tts = built
    srv = LiveServer(tmp_path, build / "content", rng_source=seeded(SERVER_SEED)).start()
    try:
        _play(Table(srv, save, content, tts), tts)
    finally:
        srv.stop()


def _play(t: Table, tts: dict) -> None:
    fake = t.fake
    fake.load_all()
    fake.type_into("hk_url", t.srv.base_url)
    fake.click("hk_connect")
    fake.settle()
    assert fake.ui("hk_status")["value"].startswith("已连接")
    for seat in PLAYERS:
        t.button(seat, "hk_escape_sit")
        t.check(f"{seat} sits")
    heard = len(fake.captured.broadcasts)
    t.button("Red", "hk_escape_search")                  # not started: refused, told to Red only
    t.check("a search before the start")
    told = fake.captured.broadcasts[heard:]
    assert told and all(b["to"] == "Red" for b in told)
    t.button("White", "hk_escape_start")
    t.started = True
    summary = t.check("start")
    bot = random.Random(BOT_SEED)
    used: dict[str, int] = {}
    phases = []
    for step in range(600):
        if summary["over"]:
            break
        (seat,) = summary["to_act"]
        legal = t.get(f"/legal?seat={seat}")["actions"]
        view = t.get(f"/state?seat={seat}")["view"]
        a = pick(bot, legal)
        how = _perform(t, seat, a, view, legal, step)
        used[how] = used.get(how, 0) + 1
        summary = t.check(f"step {step}: {seat} {a['action']} {a.get('args')} by {how}")
        phase = t.get("/state")["view"]["phase"]
        if not phases or phases[-1] != phase:
            phases.append(phase)
    else:
        pytest.fail("the game did not end")
    outcome = summary["outcome"]
    assert set(outcome["scores"]) == set(PLAYERS) and outcome["winners"]
    final = t.get("/state")["view"]
    assert len(final["stairs"]) >= 4 and final["result"]["reason"] == "stairs", final["result"]
    assert phases[:4] == ["setup", "explore", "fight", "explore"] and final["phase2_n"] >= 1, phases
    assert any("游戏结束" in b["text"] for b in fake.captured.broadcasts)
    for gesture in ("equip-drop", "attack-drop", "trade-drop", "token-drag", "die-throw", "dialog", "button",
                    "actions-menu"):
        assert used.get(gesture), (gesture, used)
    assert t.seat_views > 50 and not t.leaks, t.leaks[:5]


def _perform(t: Table, seat: str, a: dict, view: dict, legal: list, step: int) -> str:
    """Do `a` the way a player at the table would; returns how."""
    tts, name, args = t.tts, a["action"], a.get("args") or {}
    pd = view.get("pending") or {}
    kind = pd.get("kind")
    alt = step % 2 == 0
    if kind in ("lead_explore", "member") and name in ("explore", "search") and alt:
        t.answer(seat, a["label"])
        return "dialog"
    if name in ("search", "draw", "explore", "hide", "flee"):
        fn = {"draw": "search"}.get(name, name)
        t.button(seat, f"hk_escape_{fn}")
        t.fake.settle()
        if t.fake.dialogs() and any(d["color"] == seat for d in t.fake.dialogs()) and \
                len([x for x in legal if x["action"] == name]) > 1:
            t.answer(seat, a["label"])
        return "button"
    if name == "equip":
        t.drag(tts["cards"][args["card"]]["guid"], tts["seats"][seat]["equipment_area"], seat)
        t.fake.settle()
        if len([x for x in legal if x["action"] == "equip" and x["args"]["card"] == args["card"]]) > 1:
            t.answer(seat, a["label"])
        return "equip-drop"
    if name == "attack" and "card" in args:
        target = _infected_card(t, view, args.get("infected"))
        t.drag(tts["cards"][args["card"]]["guid"], t.state_of(tts["cards"][target]["guid"])["pos"], seat)
        t.fake.settle()
        if len([x for x in legal if x["action"] == "attack" and x["args"]["card"] == args["card"]]) > 1:
            t.answer(seat, a["label"])
        return "attack-drop"
    if name in ("trade", "give") and not (kind == "hand_limit" and alt):
        other = args.get("with") or args.get("to")
        hand = t.fake.to_py(t.fake.api.hand_transform(other))["position"]
        t.drag(tts["cards"][args["card"]]["guid"], hand, seat)
        t.fake.settle()
        same = [x for x in legal if x["action"] in ("trade", "give") and x["args"]["card"] == args["card"]
                and other in (x["args"].get("with"), x["args"].get("to"))]
        if len(same) > 1:
            t.answer(seat, a["label"])
        return "trade-drop"
    if name == "swap":
        slot = view["column"].index(args["with"])
        guid = tts["tokens"][view["players"][seat]["character"]]
        t.drag(guid, tts["column"]["slots"][slot], seat)
        return "token-drag"
    if name == "roll" and alt:
        t.fake.randomize(tts["dice"][0], seat)
        return "die-throw"
    if kind in ASKED and name not in ("play", "skill", "pass", "equip"):
        t.answer(seat, a["label"])
        return "dialog"
    t.button(seat, "hk_escape_actions")
    t.fake.settle()
    t.answer(seat, a["label"])
    return "actions-menu"


def _infected_card(t: Table, view: dict, member: str | None) -> str:
    infected = view["infected"]
    if member is None:
        (member,) = [m for m in infected]
    return infected[member]["card"]


def test_luacheck_passes_on_escapes_lua():
    exe = shutil.which("luacheck")
    assert exe, "luacheck is missing: `make setup` installs it"
    run = subprocess.run([exe, "--no-color", "rulesets/escape/lua"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
