"""Card steps as authors write them, read against the one vocabulary table
(`rulesets.escape.steps.STEPS`) the engine also runs from.

A step is a one-key map (`- stamina: {amount: 1}`) or, without fields, a
bare word (`- distract`). Each comes out as a flat dict with `op` and every
field filled in. A roll's outcomes must cover the die's faces 1–6 exactly
once each, so the engine never meets a face with no outcome.
"""
from __future__ import annotations

from typing import Any

from pipeline.content.fields import At, Fields, check_enum
from pipeline.content.yamlsrc import LDict

from ..steps import DIE_FACES, REQUIRED, STEPS, Field

LOW, HIGH = DIE_FACES[0], DIE_FACES[-1]


def _field(f: Fields, name: str, spec: Field, ctx) -> Any:
    required = spec.default is REQUIRED
    default = None if required else spec.default
    if spec.kind == "int":
        value = f.int(name, required=required, default=default, minimum=spec.minimum, maximum=spec.maximum)
        if spec.nonzero and value == 0:
            f.at_key(name).error("got 0 (expected a non-zero number, + to gain or − to lose)")
        return value
    if spec.kind == "enum":
        return f.enum(name, spec.choices, name, required=required, default=default)
    return _outcomes(f, name, ctx)


def _outcomes(f: Fields, name: str, ctx) -> list[dict]:
    items, ats = f.list(name, expected="expected a list of {min?, max?, then}")
    out = []
    for item, at in zip(items, ats):
        o = Fields(at, item, ("min", "max", "then"))
        low = o.int("min", required=False, default=LOW, minimum=LOW, maximum=HIGH)
        high = o.int("max", required=False, default=HIGH, minimum=LOW, maximum=HIGH)
        then = check_steps(o.at_key("then"), o.data.get("then"), ctx) if o.require(
            "then", "expected a list of steps") else []
        o.close()
        if low is None or high is None:
            continue
        if high < low:
            at.error(f"max {high} is below min {low} (expected min ≤ max)")
            continue
        out.append(({"min": low, "max": high, "then": then}, at))
    out.sort(key=lambda o: o[0]["min"])
    expect = LOW
    for o, at in out:
        if o["min"] > expect:
            gap = f"face {expect} has" if o["min"] - 1 == expect else f"faces {expect}..{o['min'] - 1} have"
            at.error(f"{gap} no outcome (expected outcomes covering faces 1 to 6)")
        elif o["min"] < expect:
            at.error(f"overlaps the outcome before it at face {o['min']} (expected each face in one outcome)")
        expect = max(expect, o["max"] + 1)
    if items and expect <= HIGH:
        f.at_key(name).error(f"faces {expect}..{HIGH} have no outcome (expected outcomes covering faces 1 to 6)")
    if f.is_list(name) and not items:
        f.at_key(name).error("no outcomes (expected outcomes covering faces 1 to 6)")
    return [o for o, _ in out]


def check_step(at: At, value: Any, ctx) -> dict | None:
    if isinstance(value, str):
        op, body = value, None
    elif isinstance(value, dict) and len(value) == 1:
        op, body = next(iter(value.items()))
    else:
        at.wrong(value, "expected a one-key map naming the step, e.g. {stamina: {amount: 1}}")
        return None
    if check_enum(at, op, STEPS, "step") is None:
        return None
    spec = STEPS[op]
    step_at = at.key(op, at.line)
    if not spec.fields:
        if body not in (None, {}):
            step_at.wrong(body, f"expected nothing: '{op}' takes no fields")
        return {"op": op}
    f = Fields(step_at, LDict() if body is None else body, spec.fields)
    if not f.ok:
        return None
    out = {"op": op}
    for name, fld in spec.fields.items():
        out[name] = _field(f, name, fld, ctx)
    f.close()
    if any(out[name] is None for name, fld in spec.fields.items() if fld.default is REQUIRED):
        return None
    return out


def check_steps(at: At, value: Any, ctx) -> list[dict]:
    """A list of steps, normalized; wrong steps are reported and left out."""
    if value is None:
        return []
    if not isinstance(value, list):
        at.wrong(value, "expected a list of steps")
        return []
    steps = []
    for i, item in enumerate(value):
        step = check_step(at.index(i, value.line_of(i) if hasattr(value, "line_of") else at.line), item, ctx)
        if step is not None:
            steps.append(step)
    return steps


def ops_in(steps: list[dict]) -> set[str]:
    """Every op in the steps, those of roll outcomes included."""
    out = set()
    for s in steps:
        out.add(s["op"])
        if s["op"] == "roll":
            for o in s["outcomes"]:
                out |= ops_in(o["then"])
    return out
