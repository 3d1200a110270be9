"""The card-step vocabulary of escape: one table, read by the content
validator (which fields a step takes, their types, bounds and defaults) and
by the engine (the defaults of a hand-built step, in which phase a card with
the step may be played, which steps name a target).

Authors write a step as a one-key map (`- stamina: {amount: 1}`) or, for a
step without fields, a bare word (`- distract`). Compiled, every step is a
flat dict with `op` and every field filled: `{"op": "stamina", "amount": 1,
"target": "self"}`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

REQUIRED = object()

# Who a step acts on, seen from the seat resolving the card: itself; a player
# it chooses in the column; the player in front of / behind it; the front
# player; every player in the column.
TARGETS = ("self", "chosen", "ahead", "behind", "leader", "all")
ONE_TARGET = ("self", "chosen", "ahead", "behind", "leader")
MOVES = ("ahead", "behind", "front", "end")
PHASES = ("explore", "fight")
DIE_FACES = (1, 2, 3, 4, 5, 6)          # E-KIT-5


@dataclass(frozen=True)
class Field:
    kind: str                         # "int", "enum" or "outcomes"
    default: object = REQUIRED
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    nonzero: bool = False


@dataclass(frozen=True)
class Op:
    fields: dict = field(default_factory=dict)
    phases: tuple = PHASES            # a card whose steps include this op is played only then
    about: str = ""


def _target(default="self", choices=TARGETS) -> Field:
    return Field("enum", default, choices)


STEPS: dict[str, Op] = {
    "stamina": Op({"amount": Field("int", minimum=-3, maximum=3, nonzero=True), "target": _target()},
                  about="gain (+) or lose (−) stamina, never above the character's start; 0 kills"),
    "draw_item": Op({"count": Field("int", 1, minimum=1, maximum=3), "target": _target()},
                    about="draw item cards into the hand (none once the item deck is empty, E-DECK-1)"),
    "discard_item": Op({"count": Field("int", 1, minimum=1, maximum=3), "target": _target(choices=ONE_TARGET)},
                       about="the target discards hand cards of its choice"),
    "move": Op({"to": Field("enum", choices=MOVES), "target": _target(choices=ONE_TARGET)},
               about="the target swaps with the player ahead/behind, or goes to the front/end"),
    "peek_explore": Op({"count": Field("int", 1, minimum=1, maximum=3)},
                       about="look at the top explore cards, alone; their order is kept"),
    "remove_revelation": Op({"target": _target(choices=ONE_TARGET)},
                            about="one revelation leaves the target's character card for the discard pile"),
    "draw_explore": Op(phases=("explore",), about="draw one more explore card and resolve it"),
    "distract": Op(phases=("fight",), about="each infected next to the player skips its next attack"),
    "scout": Op({"count": Field("int", 2, minimum=2, maximum=3)}, phases=("explore",),
                about="draw several explore cards, resolve one of them, the rest go to the bottom"),
    "roll": Op({"outcomes": Field("outcomes")}, about="roll the die; the outcome covering the face runs"),
    "nothing": Op(about="no effect (a card whose text is only flavour)"),
}


def normalized(step: dict) -> dict:
    """A step with every field present, defaults filled (hand-built steps
    in tests and fixtures may leave defaults out)."""
    op = STEPS[step["op"]]
    out = {"op": step["op"]}
    for name, spec in op.fields.items():
        if name in step:
            out[name] = step[name]
        elif spec.default is not REQUIRED:
            out[name] = spec.default
        else:
            raise KeyError(f"step {step['op']}: field {name} is required")
    return out


def playable_in(steps: list[dict], phase: str) -> bool:
    """Whether a card with these steps may be played in `phase` (explore/fight)."""
    for step in steps:
        if phase not in STEPS[step["op"]].phases:
            return False
        if step["op"] == "roll":
            for o in step["outcomes"]:
                if not playable_in(o["then"], phase):
                    return False
    return True
