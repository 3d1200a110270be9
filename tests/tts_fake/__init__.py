"""A Tabletop Simulator API fake: runs a save's bundled Lua in real Lua 5.2.

Usage:
    fake = TTSFake(save_doc, web=handler)
    fake.load_all()            # Global + every object script, then onLoad
    fake.click("hk_connect")   # XmlUI button, as a player would
    fake.step(1.0)             # advance Wait timers and deliver web answers

What it models (grow it as the Lua grows): objects with GUIDs, positions,
tags and values; containers with takeObject/putObject; Global.call between
scripts; XmlUI elements by id (attributes and values); broadcast/print/log
capture; Wait.time/frames/condition stepped by the test; WebRequest answered
by a pluggable Python handler `web(request) -> (status, body[, headers])` (see
`tests/tts_fake/live.py` for one that forwards to a real server over HTTP;
a handler raising `Hold` leaves the request unanswered, like a server that
hangs); seated players and their hand zones; object buttons and options
dialogs; dice faces; spawned objects; the one-card-deck quirk.
"""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from lupa import lua52

API = (Path(__file__).parent / "api.lua").read_text(encoding="utf-8")
SEATS = (Path(__file__).parent / "seats.lua").read_text(encoding="utf-8")


@dataclass
class WebCall:
    method: str
    url: str
    body: str
    headers: dict

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


class TTSError(RuntimeError):
    """A Lua error raised while running a script in the fake."""


class Hold(Exception):
    """Raised by a web handler: the request never gets an answer."""


@dataclass
class Captured:
    broadcasts: list = field(default_factory=list)
    prints: list = field(default_factory=list)
    logs: list = field(default_factory=list)
    moves: list = field(default_factory=list)
    takes: list = field(default_factory=list)
    values: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    other: list = field(default_factory=list)


class TTSFake:
    def __init__(self, save: dict, web: Callable[[WebCall], tuple[int, str]] | None = None,
                 seated: list[str] | None = None, float_numbers: bool = False):
        self.save = save
        # TTS's JSON.encode may write 3 as 3.0; with this on, every number goes out as a float.
        self.float_numbers = float_numbers
        self.web = web
        self.seated = list(seated or ["White", "Red", "Blue"])
        self.hands: dict[str, list] = {}
        self.calls: list[WebCall] = []
        self.captured = Captured()
        self._web_pending: list = []
        self.lua = lua52.LuaRuntime(unpack_returned_tuples=True)
        host = self.lua.table_from({
            "record": self._record,
            "json_encode": self._json_encode,
            "json_decode": self._json_decode,
            "web_queue": self._web_queue,
            "seated": lambda: self.lua.table_from(self.seated),
            "hand": lambda color: self.lua.table_from(self.hands.get(color, [])),
            "set_xml": self._set_xml,
        })
        self.api, self.driver, core = self.lua.execute(API, host)
        self.lua.execute(SEATS, host, self.api, self.driver, core)
        for data in save.get("ObjectStates", []):
            self.driver.add(self.to_lua(data))
        turns = save.get("Turns") or {}
        self.driver.set_turns(bool(turns.get("Enable")), turns.get("PassTurns", True), turns.get("TurnColor", ""))
        self._set_xml(save.get("XmlUI", ""))

    # -- conversions ----------------------------------------------------
    def to_lua(self, value: Any):
        if isinstance(value, dict):
            return self.lua.table_from({k: self.to_lua(v) for k, v in value.items()})
        if isinstance(value, list):
            return self.lua.table_from([self.to_lua(v) for v in value])
        return value

    def to_py(self, value: Any):
        if lua52.lua_type(value) == "table":
            keys = list(value.keys())
            if keys and all(isinstance(k, int) for k in keys) and sorted(keys) == list(range(1, len(keys) + 1)):
                return [self.to_py(value[k]) for k in sorted(keys)]
            if not keys:
                return []        # TTS's JSON cannot tell an empty list from an empty object
            return {str(k): self.to_py(v) for k, v in value.items()}
        return value

    def _json_encode(self, value):
        data = self.to_py(value)
        if self.float_numbers:
            data = _floats(data)
        return json.dumps(data, ensure_ascii=False)

    def _json_decode(self, text):
        return self.to_lua(json.loads(text))

    # -- host callbacks -------------------------------------------------
    def _record(self, kind, entry):
        data = self.to_py(entry)
        bucket = {"broadcast": "broadcasts", "print": "prints", "log": "logs", "move": "moves",
                  "take": "takes", "value": "values", "error": "errors"}.get(kind, "other")
        getattr(self.captured, bucket).append(data if bucket != "other" else (kind, data))

    def _web_queue(self, req, body, headers, callback):
        call = WebCall(req["method"], req["url"], body, self.to_py(headers) or {})
        self.calls.append(call)
        self._web_pending.append((req, call, callback))

    def _set_xml(self, xml: str):
        if not xml.strip():
            return
        root = ET.fromstring(f"<root>{xml}</root>")
        for el in root.iter():
            if "id" in el.attrib:
                text = (el.text or "").strip()
                self.driver.ui_element(el.attrib["id"], self.lua.table_from(dict(el.attrib)), text)

    # -- driving --------------------------------------------------------
    def _guarded(self, fn, *args):
        try:
            return fn(*args)
        except lua52.LuaError as exc:
            raise TTSError(str(exc)) from None

    def load_script(self, guid: str, source: str, name: str):
        return self._guarded(self.driver.load_script, guid, source, name)

    def load_all(self, script_state: str | None = None) -> None:
        """Load Global and every object script, then call each onLoad the way
        TTS does after a save has loaded."""
        state = self.save.get("LuaScriptState", "") if script_state is None else script_state
        envs = []
        for data in self.save.get("ObjectStates", []):
            if data.get("LuaScript"):
                envs.append(self.load_script(data["GUID"], data["LuaScript"],
                                             f"{data['Name']}:{data['GUID']}"))
        genv = self.load_script("-1", self.save.get("LuaScript", ""), "Global")
        for env in envs:
            if env["onLoad"]:
                self._guarded(env["onLoad"], "")
        if genv["onLoad"]:
            self._guarded(genv["onLoad"], state)

    def global_env(self):
        return self.driver.env("-1")

    def call_global(self, name: str, *args):
        fn = self.global_env()[name]
        if fn is None:
            raise TTSError(f"Global has no function {name}")
        return self._guarded(fn, *[self.to_lua(a) for a in args])

    def object(self, guid: str):
        return self.api.getObjectFromGUID(guid)

    def ui(self, element_id: str) -> dict:
        el = self.driver.ui(element_id)
        if el is None:
            raise KeyError(f"no XmlUI element {element_id!r}")
        return {"attributes": dict(el["attributes"]), "value": el["value"]}

    def click(self, element_id: str, player: str = "White"):
        handler = self.ui(element_id)["attributes"].get("onClick")
        if not handler:
            raise KeyError(f"XmlUI element {element_id!r} has no onClick")
        return self.call_global(handler, self.api.Player[player], "-1", element_id)

    def type_into(self, element_id: str, text: str, player: str = "White"):
        handler = self.ui(element_id)["attributes"].get("onEndEdit")
        if not handler:
            raise KeyError(f"XmlUI element {element_id!r} has no onEndEdit")
        return self.call_global(handler, self.api.Player[player], text, element_id)

    def step(self, seconds: float = 0.0, frames: int = 1) -> None:
        """Advance the clock: answer queued web requests, then fire timers."""
        for _ in range(frames):
            pending, self._web_pending = self._web_pending, []
            for req, call, callback in pending:
                if self._answer(req, call) and callback is not None:
                    self._guarded(callback, req)
            self._guarded(self.driver.step, seconds if _ == 0 else 0)

    def _answer(self, req, call: WebCall) -> bool:
        """Fill in the request's answer; False when the handler holds it."""
        if req["disposed"]:
            return False
        if self.web is None:
            req["is_done"] = True
            req["is_error"], req["error"] = True, "no server (the fake has no web handler)"
            return
        try:
            status, body, *headers = self.web(call)
        except Hold:
            return False
        except ConnectionError as exc:
            req["is_done"] = True
            req["is_error"], req["error"] = True, str(exc)
            return True
        req["is_done"] = True
        req["response_code"] = status
        if headers:
            req["response_headers"] = self.to_lua(dict(headers[0]))
        req["text"] = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        return True

    def settle(self, seconds: float = 0.0, rounds: int = 50) -> None:
        """Step until no web request is waiting (answers that trigger more
        requests are followed), then advance the clock by `seconds`."""
        for _ in range(rounds):
            if not self._web_pending:
                break
            self.step(0.0)
        self.step(seconds)
        for _ in range(rounds):
            if not self._web_pending:
                break
            self.step(0.0)

    # -- players' gestures ----------------------------------------------
    def drag(self, guid: str, to: dict, player: str) -> bool:
        """Pick an object up and drop it at `to`, firing its object script's
        onPickUp/onDrop and Global's onObjectPickUp/onObjectDrop, as TTS does.
        A locked object is lifted all the same; one that is not interactable
        cannot be picked up (False, nothing happens). What stands on a sticky
        object is carried along."""
        env = self.driver.env(guid)
        genv = self.global_env()
        obj = self.object(guid)
        if obj is None:
            raise TTSError(f"drag: no object {guid} on the table")
        if not self.driver.pickable(guid):
            self.captured.other.append(("not_pickable", {"guid": guid, "player": player}))
            return False
        carried = [self.object(g) for g in self.to_py(self.driver.carried(guid))]
        if env is not None and env["onPickUp"]:
            self._guarded(env["onPickUp"], player)
        if genv is not None and genv["onObjectPickUp"]:
            self._guarded(genv["onObjectPickUp"], player, obj)
        start = self.to_py(obj.getPosition())
        self._guarded(obj.setPosition, self.to_lua(to))
        for other in carried:
            q = self.to_py(other.getPosition())
            self._guarded(other.setPosition, self.to_lua({k: q[k] + to.get(k, start[k]) - start[k]
                                                          for k in ("x", "y", "z")}))
        if obj.getData()["RotationValues"]:
            self.driver.tumble(guid, 3)              # a die let go rolls before it lies still
        if env is not None and env["onDrop"]:
            self._guarded(env["onDrop"], player)
        if genv is not None and genv["onObjectDrop"]:
            self._guarded(genv["onObjectDrop"], player, obj)
        return True

    def randomize(self, guid: str, player: str) -> None:
        """A player rolls a die by hand (the R key, or shaking it): it
        tumbles a few frames to another face, and its onRandomize and
        Global's onObjectRandomize run, as in TTS."""
        obj = self.object(guid)
        faces = [str(v["Value"]) for v in self.to_py(obj.getData()["RotationValues"] or [])]
        now = obj.getRotationValue()
        other = next((f for f in faces if f != str(now)), faces[0])
        self._guarded(obj.setRotationValue, other)
        self.driver.tumble(guid, 3)
        env, genv = self.driver.env(guid), self.global_env()
        if env is not None and env["onRandomize"]:
            self._guarded(env["onRandomize"], player)
        if genv is not None and genv["onObjectRandomize"]:
            self._guarded(genv["onObjectRandomize"], obj, player)

    def pass_turn(self, player: str) -> bool:
        """A player ends the turn with TTS's own turn controls (or the host
        sets it): False when TTS does not let them."""
        return bool(self._guarded(self.driver.pass_turn, player))

    def click_button(self, guid: str, which: str, player: str):
        return self._guarded(self.driver.click_button, guid, which, player)

    def dialogs(self) -> list[dict]:
        return [{"color": d["color"], "text": d["text"], "options": self.to_py(d["options"])}
                for d in self.driver.dialogs().values()]

    def answer_dialog(self, player: str, index: int):
        return self._guarded(self.driver.answer_dialog, player, index)

    def state_of(self, guid: str) -> dict | None:
        """Position, rotation, lock, value and die face of an object on the table."""
        st = self.driver.object_state(guid)
        return None if st is None else self.to_py(st)

    def tokens(self) -> dict[str, dict]:
        """The tokens a script spawned (GMNotes `token:<id>`): id → state."""
        out = {}
        for obj in self.api.getObjectsWithTag("token").values():
            notes = obj.getGMNotes() or ""
            if notes.startswith("token:"):
                out[notes[6:]] = self.state_of(obj.getGUID())
        return out

    def contents(self, guid: str) -> list[str] | None:
        found = self.driver.contents(guid)
        return None if found is None else (self.to_py(found) or [])

    def in_hand(self, player: str, guid: str) -> bool:
        return bool(self.driver.in_hand(player, guid))

    def save_state(self) -> str:
        fn = self.global_env()["onSave"]
        return self._guarded(fn) if fn else ""

    def saved(self) -> dict:
        """The save TTS would write now (a manual save, or a rewind
        checkpoint): every object as it stands, and Global's onSave."""
        doc = {k: v for k, v in self.save.items() if k != "ObjectStates"}
        doc["ObjectStates"] = self.to_py(self.driver.saved_objects())
        doc["LuaScriptState"] = self.save_state()
        doc["Turns"] = {**(self.save.get("Turns") or {}), "Enable": bool(self.api.Turns.enable),
                        "TurnColor": self.api.Turns.turn_color or ""}
        return json.loads(json.dumps(doc))

    def reloaded(self, seated: list[str] | None = None) -> "TTSFake":
        """A new session from the save written now (a reload, or a rewind to
        this moment): the same objects where they stand, the script state
        handed to onLoad."""
        again = TTSFake(self.saved(), web=self.web, seated=seated or self.seated,
                        float_numbers=self.float_numbers)
        again.load_all()
        return again


def _floats(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, list):
        return [_floats(v) for v in value]
    if isinstance(value, dict):
        return {k: _floats(v) for k, v in value.items()}
    return value
