"""The house's card-step vocabulary: every step a card, room or haunt may
be written with, its fields and their defaults, and the card flags with
theirs. One table, read by both sides: the content validator
(`kinds/steps.py` checks each step's fields against it and reads each with
a reader of the same name) and the engine (`engine/content.py` fills the
defaults, `engine/effects.py` implements exactly these ops). A step added
here without a reader or an implementation fails at import.

A field whose default is None is either required or optional without a
default; the readers say which (and which combinations, e.g. a roll's trait
or dice).
"""
from __future__ import annotations

from typing import Any

from .game import TRAITS  # noqa: F401  (the traits steps name)
DAMAGE_KINDS = ("physical", "mental", "general")
ATTACK_KINDS = ("physical", "mental")
LASTING_UNTIL = ("end_of_turn", "next_roll", "game")
MAX_TRAIT_DICE = 8          # R-CHECK-1
DIE_MAX = 2                 # faces 0, 0, 1, 1, 2, 2 (R-CHECK-2)

# op → field → default
STEPS: dict[str, dict[str, Any]] = {
    "roll": {"trait": None, "dice": None, "outcomes": None},       # outcomes: [{min, max, then}]
    "gain": {"trait": None, "traits": None, "steps": None},         # trait may be "choose" among traits
    "lose": {"trait": None, "traits": None, "steps": None},
    "damage": {"kind": None, "amount": None, "dice": None},          # exactly one of amount, dice
    "heal": {"traits": None},
    "move": {"to": None},
    "draw": {"deck": None, "count": 1},
    "choice": {"options": None},                                     # [{label, then}]
    "lasting": {"trait": None, "dice": None, "until": "end_of_turn"},
    "attack": {"dice": None, "kind": None},
    "discard_item": {},
    "nothing": {},
}

# Flags of an item or omen (R-ITEM, R-CARD-4/5, R-FIGHT) → default.
CARD_FLAGS: dict[str, Any] = {
    "weapon": False, "ranged": False, "usable_when_defending": False, "attack_trait": "might",
    "attack_dice": 0, "tradeable": True, "stealable": True, "droppable": True,
    "discard_after_use": False, "companion": False, "traitor_may_ignore": False, "stays": False,
}


def with_defaults(step: dict) -> dict:
    """A compiled or hand-written step (`{"op": …}`) with every default filled
    and unused (null) fields left out, the shape the engine reads."""
    out = {k: v for k, v in STEPS.get(step["op"], {}).items() if v is not None}
    out.update({k: v for k, v in step.items() if v is not None})
    return out
