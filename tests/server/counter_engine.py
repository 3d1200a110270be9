"""A tiny engine keeping the api.Engine verbs, for server tests that must not
depend on the house rules: a shared counter, dice, and a hidden deck."""
from __future__ import annotations

import copy

from kit.engine import RuleError, shuffle


def _refuse(code: str, en: str) -> RuleError:
    return RuleError(code, {"zh-Hans": "不行：" + en, "zh-Hant": "不行：" + en, "en": en})


class CounterEngine:
    def new_table(self, content, options, rng):
        deck = list(content["cards"])
        shuffle(deck, rng)
        # Same shape as the house state: `seats` from the options, `players` for those seated.
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
            return s, [{"type": "seated", "seat": seat}]
        if seat not in s["players"]:
            raise _refuse("R-TEST-SEATED", "sit down first")
        if name == "add":
            n = args.get("n", 1)
            if not isinstance(n, int) or not 1 <= n <= 10:
                raise _refuse("BAD-ARGS", "n must be an integer 1..10")
            s["count"] += n
            return s, [{"type": "counted", "seat": seat, "count": s["count"]}]
        if name == "roll":
            faces = [rng.randrange(3) for _ in range(4)]
            s["last_roll"] = faces
            return s, [{"type": "dice_rolled", "seat": seat, "faces": faces, "total": sum(faces), "dice": 4,
                        "purpose": "test"}]
        if name == "draw":
            if not s["deck"]:
                raise _refuse("R-TEST-EMPTY", "the deck is empty")
            card = s["deck"].pop(0)
            s["hands"].setdefault(seat, []).append(card)
            return s, [{"type": "card_drawn", "seat": seat, "deck": "item", "card": card}]
        if name == "say":
            return s, [{"type": "said", "seat": seat, "text": args.get("text", "")}]
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


def engines(name):
    if name == "counter":
        return CounterEngine()
    raise KeyError(name)


CONTENT = {"ruleset": "counter", "content_hash": "test", "cards": [f"card_{i}" for i in range(12)],
           "rooms": {}, "characters": {}}
