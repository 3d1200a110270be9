"""A tiny ruleset keeping the engine and presenter interfaces, for server
tests that must not depend on a real game: a shared counter, dice, and a
hidden deck whose draws only the drawer sees."""
from __future__ import annotations

import copy
from pathlib import Path

from kit.engine import RuleError, shuffle
from kit.info import Dice, RulesetInfo
from kit.ops import Ops

INFO = RulesetInfo(name="counter", title={"zh-Hans": "计数", "zh-Hant": "計數", "en": "Counter"}, players=(1, 6),
                   rule_prefix="R-TEST-", kinds=(), decks=("item",), dice=Dice((0, 1, 2)),
                   folder=Path(__file__).resolve().parent)


def _refuse(code: str, en: str) -> RuleError:
    return RuleError(code, {"zh-Hans": "不行：" + en, "zh-Hant": "不行：" + en, "en": en})


class CounterEngine:
    def new_table(self, content, options, rng):
        deck = list(content["cards"])
        shuffle(deck, rng)
        return {"phase": "lobby", "seats": list(options["seats"]), "players": {}, "count": 0,
                "deck": deck, "hands": {}, "last_roll": None}

    def apply(self, state, action, rng):
        s = copy.deepcopy(state)
        name, seat, args = action["action"], action.get("player"), action.get("args") or {}
        if seat not in s["seats"]:
            raise _refuse("BAD-ARGS", "no such seat")
        if name == "sit":
            if seat in s["players"]:
                raise _refuse("R-TEST-SIT", "already seated")
            s["players"][seat] = {"character": None}
            return s, [{"type": "seated", "seat": seat, "visible_to": None}]
        if seat not in s["players"]:
            raise _refuse("R-TEST-SEATED", "sit down first")
        if name == "add":
            n = args.get("n", 1)
            if not isinstance(n, int) or not 1 <= n <= 10:
                raise _refuse("BAD-ARGS", "n must be an integer 1..10")
            s["count"] += n
            return s, [{"type": "counted", "seat": seat, "count": s["count"], "visible_to": None}]
        if name == "roll":
            faces = [rng.randrange(3) for _ in range(4)]
            s["last_roll"] = faces
            return s, [{"type": "dice_rolled", "seat": seat, "faces": faces, "total": sum(faces), "dice": 4,
                        "purpose": "test", "visible_to": None}]
        if name == "draw":
            if not s["deck"]:
                raise _refuse("R-TEST-EMPTY", "the deck is empty")
            card = s["deck"].pop(0)
            s["hands"].setdefault(seat, []).append(card)
            return s, [{"type": "card_drawn", "seat": seat, "deck": "item", "card": card, "visible_to": [seat]},
                       {"type": "hand_size", "seat": seat, "size": len(s["hands"][seat]), "visible_to": None}]
        if name == "whisper":            # a word for another seat only: the sender does not see it come back
            to = args.get("to")
            return s, [{"type": "whispered", "seat": seat, "to": to, "text": args.get("text", ""), "visible_to": [to]},
                       {"type": "whisper_sent", "seat": seat, "visible_to": None}]
        if name == "say":
            return s, [{"type": "said", "seat": seat, "text": args.get("text", ""), "to": args.get("to"),
                        "visible_to": None}]
        raise _refuse("R-TEST-1", f"unknown action {name}")

    def legal_actions(self, state, seat):
        if seat not in state["players"]:
            return [{"action": "sit", "args": {}}] if seat in state["seats"] else []
        return [{"action": "add", "args": {"n": n}} for n in (1, 2, 3)] + [
            {"action": "roll", "args": {}}, {"action": "draw", "args": {}}]

    def view(self, state, seat):
        v = {k: val for k, val in state.items() if k != "deck"}
        v["deck_size"] = len(state["deck"])
        v["hands"] = {k: (h if k == seat else len(h)) for k, h in state["hands"].items()}
        return v

    def is_over(self, state):
        return state["count"] >= 100

    def to_act(self, state):
        return [] if self.is_over(state) else list(state["players"])

    def seated(self, state):
        return [s for s in state["seats"] if s in state["players"]]

    def outcome(self, state):
        return {"winners": self.seated(state), "side": None, "scores": None} if self.is_over(state) else None

    def reveals(self, events, tape):
        return bool(tape) or any(e["type"] == "card_drawn" for e in events)


class CounterPresenter:
    """Instructions from the shared vocabulary only: a private draw is dealt
    to its seat and marked so; the count is a counter."""

    def answer(self, events, table, version):
        ops = Ops(version)
        for ev in events:
            if ev["type"] == "card_drawn":
                ops.emit("deal", ev["visible_to"], card=ev["card"], guid=None, card_id=None, deck=ev["deck"],
                         deck_guid=None, seat=ev["seat"], hand=None)
            elif ev["type"] == "counted":
                ops.emit("set_counter", counter="count", guid=None, value=ev["count"])
            elif ev["type"] == "whispered":
                ops.emit("say", ev["visible_to"], text={loc: ev["text"] for loc in ("zh-Hans", "zh-Hant", "en")},
                         to=[ev["to"]], color=None)
            elif ev["type"] == "dice_rolled":
                ops.emit("show_dice", dice=[], values=ev["faces"], total=ev["total"], tray=None, seat=ev["seat"])
        said = [{loc: f"{ev['seat']}: {ev['text']}" for loc in ("zh-Hans", "zh-Hant", "en")}
                for ev in events if ev["type"] == "said"]
        return {"ops": ops.out, "messages": said}

    def layout(self, table, version):
        ops = Ops(version)
        ops.emit("set_counter", counter="count", guid=None, value=table.public["count"])
        for seat, hand in table.public["hands"].items():
            for card in table.of(seat)["hands"][seat]:
                ops.emit("deal", [seat], card=card, guid=None, card_id=None, deck="item", deck_guid=None,
                         seat=seat, hand=None)
        return ops.out

    def label(self, actions, table, seat):
        return [{**a, "label": {loc: a["action"] for loc in ("zh-Hans", "zh-Hant", "en")}} for a in actions]


def engines(name):
    """The server's ruleset lookup for these tests: (engine, presenter, info)."""
    if name == "counter":
        return CounterEngine(), CounterPresenter(), INFO
    raise KeyError(name)


CONTENT = {"ruleset": "counter", "content_hash": "test", "cards": [f"card_{i}" for i in range(12)],
           "rooms": {}, "characters": {}}
