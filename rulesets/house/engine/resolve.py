"""Answers to prompts: rotation, roll, option, damage split."""
from __future__ import annotations

from itertools import product

from . import traits as T
from .effects import outcome, push
from .haunt import haunt_roll, hero_damaged
from .movement import place_discovered
from .text import refuse


def place_tile(state, rng, seat, pd, args, events):
    rot = args.get("rotation")
    if rot not in pd["rotations"]:
        raise refuse("R-PLACE-3", "bad_rotation")
    state["pending"] = None
    place_discovered(state, seat, pd["room"], pd["floor"], pd["x"], pd["y"], rot, pd["closes"], events)


def roll(state, rng, seat, pd, args, events):
    state["pending"] = None
    if pd["purpose"] == "haunt":
        haunt_roll(state, rng, seat, events)
        return
    if "check" in pd:
        state["turn"]["checks"].append(pd["check"])             # R-CHECK-3
    if "trait" in pd:
        total = T.roll_trait(state, rng, seat, pd["trait"], pd["purpose"], events, target=pd.get("target"))
    else:
        total = T.roll_dice(rng, pd["dice"], events, {"seat": seat}, pd["purpose"])["total"]
    push(state, seat, outcome(pd["outcomes"], total))


def choose(state, rng, seat, pd, args, events):
    opt = args.get("option")
    if opt not in pd["then"]:
        raise refuse("BAD-ARGS", "bad_option", 400)
    state["pending"] = None
    push(state, pd.get("for", seat), pd["then"][opt])


def splits(traits: list, amount: int) -> list[dict]:
    """Every way to spread `amount` steps over `traits` (R-FIGHT-5)."""
    if len(traits) == 2:
        return [{traits[0]: a, traits[1]: amount - a} for a in range(amount + 1)]
    out = []
    for combo in product(range(amount + 1), repeat=len(traits) - 1):
        rest = amount - sum(combo)
        if rest >= 0:
            out.append(dict(zip(traits, (*combo, rest))))
    return out


def split_damage(state, rng, seat, pd, args, events):
    split = args.get("split")
    if not isinstance(split, dict) or set(split) - set(pd["traits"]) or \
            any(not isinstance(v, int) or v < 0 for v in split.values()) or sum(split.values()) != pd["amount"]:
        raise refuse("R-FIGHT-5", "bad_split")
    state["pending"] = None
    events.append({"type": "damage_taken", "seat": seat, "kind": pd["damage_kind"], "amount": pd["amount"]})
    hero_damaged(state, seat, pd["amount"], events)                 # R-HAUNT-9
    for t in pd["traits"]:
        if split.get(t):
            T.change(state, seat, t, -split[t], events)


RESOLVERS = {"rotation": ("place_tile", place_tile), "roll": ("roll", roll),
             "choice": ("choose", choose), "damage": ("split_damage", split_damage)}
