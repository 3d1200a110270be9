"""Effect steps: the small language card and room effects are written in.

Authors write each step as a one-key map (`- roll: {trait: sanity, …}`) or,
for steps without fields, a bare word (`- nothing`). The engine wants one
shape, so every step is normalized to a flat dict with an `op` key and every
field present (null where unused): `{"op": "roll", "trait": "sanity",
"dice": null, "outcomes": [{"min": 4, "max": null, "then": [...]}]}`.
Roll outcomes are sorted by `min` and must cover every total from 0 up
without overlap, so the engine never meets a total with no outcome.
"""
from __future__ import annotations

from typing import Any, Callable

from pipeline.content.fields import At, Fields, check_enum, unique_members
from pipeline.content.refs import Refs
from pipeline.content.texts import text_field

from ..steps import ATTACK_KINDS, DAMAGE_KINDS, DIE_MAX, LASTING_UNTIL, MAX_TRAIT_DICE, STEPS
from .model import DECKS, TRAITS

DAMAGE_FIELDS = tuple(STEPS["damage"])


def damage_fields(f: Fields, refs: Refs | None = None) -> dict:
    """`{kind, amount}` or `{kind, dice}`: exactly one of amount and dice."""
    kind = f.enum("kind", DAMAGE_KINDS, "damage kind")
    amount = f.int("amount", required=False, minimum=1)
    dice = f.int("dice", required=False, minimum=1)
    if f.has("amount") == f.has("dice"):
        f.at.error("needs exactly one of amount and dice (expected {kind, amount: N} or {kind, dice: N})")
    return {"kind": kind, "amount": amount, "dice": dice}


def check_damage(at: At, value: Any) -> dict | None:
    f = Fields(at, value, DAMAGE_FIELDS)
    if not f.ok:
        return None
    result = damage_fields(f)
    f.close()
    return result


def _then(o: Fields, refs: Refs) -> list[dict]:
    if not o.require("then", "expected a list of effect steps"):
        return []
    return check_steps(o.at_key("then"), o.data["then"], refs)


def _roll(f: Fields, refs: Refs) -> dict:
    trait = f.enum("trait", TRAITS, "trait", required=False)
    dice = f.int("dice", required=False, minimum=1)
    if f.has("trait") == f.has("dice"):
        f.at.error("needs exactly one of trait and dice (expected a trait roll or a fixed number of dice)")
    top = DIE_MAX * (dice if dice else MAX_TRAIT_DICE)
    items, ats = f.list("outcomes", expected="expected a list of {min?, max?, then}")
    if f.is_list("outcomes") and not items:
        f.at_key("outcomes").error("no outcomes (expected outcomes covering every total from 0 up)")
    outcomes = []
    for item, at in zip(items, ats):
        o = Fields(at, item, ("min", "max", "then"))
        low = o.int("min", required=False, default=0, minimum=0)
        high = o.int("max", required=False, default=None, minimum=0)
        then = _then(o, refs)
        o.close()
        if low is None or (o.has("max") and high is None):
            continue
        if high is not None and high < low:
            at.error(f"max {high} is below min {low} (expected min ≤ max)")
            continue
        if low > top:
            at.error(f"min {low} can never be rolled (expected at most {top})")
        outcomes.append(({"min": low, "max": high, "then": then}, at))
    outcomes.sort(key=lambda o: o[0]["min"])
    expect = 0
    for i, (o, at) in enumerate(outcomes):
        if o["min"] > expect:
            at.error(f"{_totals(expect, o['min'] - 1)} no outcome "
                     "(expected outcomes covering every total from 0 up)")
        elif o["min"] < expect:
            at.error(f"overlaps the outcome before it at total {o['min']} "
                     "(expected each total in exactly one outcome)")
        if o["max"] is None:
            if i + 1 < len(outcomes):
                outcomes[i + 1][1].error(f"overlaps an open-ended outcome from {o['min']} "
                                         "(expected each total in exactly one outcome)")
            expect = None
            break
        expect = o["max"] + 1
    if expect is not None and items:
        f.at_key("outcomes").error(f"totals {expect} and up have no outcome "
                                   "(expected the last outcome without max)")
    return {"trait": trait, "dice": dice, "outcomes": [o for o, _ in outcomes]}


def _totals(low: int, high: int) -> str:
    return f"total {low} has" if low == high else f"totals {low}..{high} have"


def _gain_lose(f: Fields, refs: Refs) -> dict:
    trait = f.enum("trait", TRAITS + ("choose",), "trait")
    traits = None
    if trait == "choose":
        items, ats = f.list("traits", expected="expected a list of traits to choose from")
        traits = unique_members(f.at_key("traits"), items, ats, TRAITS, "trait")
        if f.has("traits") and len(traits) < 2:
            f.at_key("traits").error("a choice needs at least two traits (expected two or more)")
    elif f.has("traits"):
        f.at_key("traits").error("traits is only for trait: choose (expected no traits field)")
    steps = f.int("steps", minimum=1)
    return {"trait": trait, "traits": traits, "steps": steps}


def _heal(f: Fields, refs: Refs) -> dict:
    items, ats = f.list("traits", expected="expected a list of traits")
    return {"traits": unique_members(f.at_key("traits"), items, ats, TRAITS, "trait", allow_empty=False)}


def _move(f: Fields, refs: Refs) -> dict:
    to = f.str("to")
    if to:
        refs.add(f.at_key("to"), to, "rooms", "room")
    return {"to": to}


def _draw(f: Fields, refs: Refs) -> dict:
    return {"deck": f.enum("deck", DECKS, "deck"), "count": f.int("count", required=False, default=1, minimum=1)}


def _choice(f: Fields, refs: Refs) -> dict:
    items, ats = f.list("options", expected="expected a list of {label, then}")
    if f.has("options") and len(items) < 2:
        f.at_key("options").error(f"{len(items)} option(s) (expected at least two)")
    options = []
    for item, at in zip(items, ats):
        o = Fields(at, item, ("label", "then"))
        label = text_field(o, "label")
        then = _then(o, refs)
        o.close()
        options.append({"label": label, "then": then})
    return {"options": options}


def _lasting(f: Fields, refs: Refs) -> dict:
    trait = f.enum("trait", TRAITS, "trait")
    dice = f.int("dice")
    if dice == 0:
        f.at_key("dice").error("got 0 (expected a non-zero number of dice, + or -)")
    return {"trait": trait, "dice": dice, "until": f.enum("until", LASTING_UNTIL, "duration")}


def _attack(f: Fields, refs: Refs) -> dict:
    return {"dice": f.int("dice", minimum=1), "kind": f.enum("kind", ATTACK_KINDS, "attack kind")}


def _bare(f: Fields, refs: Refs) -> dict:
    return {}


# op → reader; the allowed fields are the vocabulary's (rulesets/house/steps.py).
READERS: dict[str, Callable[[Fields, Refs], dict]] = {
    "roll": _roll, "gain": _gain_lose, "lose": _gain_lose, "damage": damage_fields, "heal": _heal,
    "move": _move, "draw": _draw, "choice": _choice, "lasting": _lasting, "attack": _attack,
    "discard_item": _bare, "nothing": _bare,
}
if set(READERS) != set(STEPS):
    raise ImportError(f"step readers {sorted(READERS)} do not match the vocabulary {sorted(STEPS)}")
OPS: dict[str, tuple[tuple[str, ...], Callable[[Fields, Refs], dict]]] = {
    op: (tuple(STEPS[op]), READERS[op]) for op in STEPS}


def check_step(at: At, value: Any, refs: Refs) -> dict | None:
    if isinstance(value, str):
        op, body = value, None
    elif isinstance(value, dict) and len(value) == 1:
        op, body = next(iter(value.items()))
    else:
        at.wrong(value, "expected a one-key map naming the step, e.g. {gain: {trait: might, steps: 1}}")
        return None
    if check_enum(at, op, OPS, "effect step") is None:
        return None
    allowed, reader = OPS[op]
    step_at = at.key(op, at.line)
    if not allowed:
        if body not in (None, {}):
            step_at.wrong(body, f"expected nothing: '{op}' takes no fields")
        return {"op": op}
    f = Fields(step_at, body, allowed)
    if not f.ok:
        return None
    result = reader(f, refs)
    f.close()
    return {"op": op, **result}


def check_steps(at: At, value: Any, refs: Refs) -> list[dict]:
    """A list of steps, normalized; wrong steps are reported and left out."""
    if value is None:
        return []
    if not isinstance(value, list):
        at.wrong(value, "expected a list of effect steps")
        return []
    steps = []
    for i, item in enumerate(value):
        line = value.line_of(i) if hasattr(value, "line_of") else at.line
        step = check_step(at.index(i, line), item, refs)
        if step is not None:
            steps.append(step)
    return steps

