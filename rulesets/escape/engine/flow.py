"""How the game waits and goes on: tasks, prompts and events.

The game always waits for exactly one seat, which answers `state["pending"]`
with an action (a leader's explore, a member's choice, a card kept from the
passed ones, a trade or a flee offer put to another seat). Whatever the
answer sets going is a stack of tasks (`state["stack"]`, top last): `run`
pops them until one asks a seat something, and when the stack is empty it
asks the turn order for the next turn. Tasks are plain dicts, so a state
with work in flight is still a JSON value that replays and snapshots.
"""
from __future__ import annotations

from typing import Callable

from .. import INFO

TASKS: dict[str, Callable] = {}


def task(name: str):
    def register(fn):
        TASKS[name] = fn
        return fn
    return register


def emit(events: list, etype: str, /, visible_to: list | None = None, **fields) -> dict:
    """An event: public (`visible_to` None) or seen only by the listed seats."""
    ev = {"type": etype, **fields, "visible_to": visible_to}
    events.append(ev)
    return ev


def roll_die(rng) -> int:
    """One throw of the game's die (E-KIT-5), its faces as the ruleset's info has them."""
    faces = INFO.dice.faces
    return faces[rng.randrange(len(faces))]


def push(state: dict, op: str, **fields) -> None:
    state["stack"].append({"op": op, **fields})


def push_steps(state: dict, seat: str, steps: list, card: str | None = None) -> None:
    """Card steps run first to last: pushed last to first."""
    stack = state["stack"]
    for step in reversed(steps):
        stack.append({"op": "step", "seat": seat, "step": step, "card": card})


# Prompt fields that only the asked seat may see (the cards passed to it, its
# own hand as options, the explore cards it scouted).
PRIVATE_KINDS = {"keep", "hand_limit"}
PRIVATE_PURPOSES = {"discard", "scout"}
# Never in the public prompt event: the engine's continuation, and the cards
# offered in a trade or promised in a flee (shown to the two parties only).
SECRET_FIELDS = ("task", "card", "promise")


def is_private(pd: dict) -> bool:
    return pd["kind"] in PRIVATE_KINDS or pd.get("purpose") in PRIVATE_PURPOSES


def ask(state: dict, seat: str, kind: str, events: list, /, **fields) -> None:
    """Wait for `seat` to answer a `kind` prompt. The public prompt event
    names the seat and the kind; options drawn from a hidden hand are only
    in that seat's view (E-HAND-2)."""
    pd = {"seat": seat, "kind": kind, **fields}
    state["pending"] = pd
    shown = {k: v for k, v in pd.items() if k not in SECRET_FIELDS}
    if is_private(pd):
        shown.pop("options", None)
    emit(events, "prompt", **shown)


def run(state: dict, rng, events: list, next_turn: Callable) -> None:
    stack = state["stack"]
    while state["pending"] is None and state["phase"] not in ("over", "lobby"):
        if not stack:
            next_turn(state, rng, events)
            continue
        t = stack.pop()
        TASKS[t["op"]](state, rng, t, events)
