"""Trait clips, dice and death (R-SETUP-3, R-CHECK-1/2, R-FIGHT-8, R-ITEM-6/7)."""
from __future__ import annotations

from kit.draft import peek

from .. import INFO
from ..game import MENTAL, PHYSICAL, TRAITS

FACES = INFO.dice.faces             # 0, 0, 1, 1, 2, 2 (R-CHECK-2)
DAMAGE_TRAITS = {"physical": PHYSICAL, "mental": MENTAL, "general": TRAITS}


def clamp_dice(n: int) -> int:
    """R-CHECK-1: never more than 8 dice, never fewer than 1."""
    return 1 if n < 1 else 8 if n > 8 else n


def throw(rng, n: int) -> list[int]:
    return [FACES[rng.randrange(6)] for _ in range(clamp_dice(n))]


def roll_dice(rng, n: int, events: list, who: dict, purpose: str, trait: str | None = None,
              target: int | None = None) -> dict:
    """Throw n dice and record the throw: every roll, a player's or a
    monster's, reaches the table as one `dice_rolled` event of one shape
    (`who` names the roller: `seat`, and `monster` for a monster). Returns
    the event, whose `total` is the result."""
    faces = throw(rng, n)
    total = sum(faces)
    ev = {"type": "dice_rolled", **who, "purpose": purpose, "trait": trait,
          "dice": len(faces), "faces": faces, "total": total}
    if target is not None:
        ev.update(target=target, success=total >= target)     # R-CHECK-4
    events.append(ev)
    return ev


def track(state: dict, seat: str, trait: str) -> list[int]:
    p = state["players"][seat]
    return state["rules"]["characters"][p["character"]]["sides"][p["side"]]["traits"][trait]["track"]


def value(state: dict, seat: str, trait: str) -> int:
    p = peek(state["players"], seat)          # read only (track, inline: movement asks on every step)
    idx = p["traits"][trait]
    if idx < 0:
        return 0
    return state["rules"]["characters"][p["character"]]["sides"][p["side"]]["traits"][trait]["track"][idx]


def roll_trait(state: dict, rng, seat: str, trait: str, purpose: str, events: list,
               extra: int = 0, target: int | None = None) -> int:
    """A trait roll: as many dice as the trait's value plus lasting modifiers
    (R-CHECK-1), each modifier lasting "until next roll" spent by it."""
    p = peek(state["players"], seat)              # read only: end_lasting writes what ends
    n = value(state, seat, trait) + extra + sum(m["dice"] for m in p["lasting"] if m["trait"] == trait)
    end_lasting(state, seat, lambda m: m["trait"] == trait and m["until"] == "next_roll", events)
    return roll_dice(rng, n, events, {"seat": seat}, purpose, trait, target)["total"]


def end_lasting(state: dict, seat: str, ends, events: list) -> None:
    """The modifiers `ends(mod)` picks are over. A kept event whose last
    modifier that was (R-CARD-1, seed 000 §12: an event stays only while
    its effect lasts) goes to the discard pile."""
    p = peek(state["players"], seat)              # looked at every turn's end; changed seldom
    if not p["lasting"]:
        return
    gone = [m for m in p["lasting"] if ends(m)]
    if not gone:
        return
    p = state["players"][seat]
    from .cards import discard                  # cards reads traits: imported at call time
    p["lasting"] = [m for m in p["lasting"] if not ends(m)]
    for m in gone:
        events.append({"type": "lasting_ended", "seat": seat, **m})
    left = {m.get("source") for m in p["lasting"]}
    for card in dict.fromkeys(m.get("source") for m in gone):
        if card in p["kept"] and card not in left:
            discard(state, None, seat, {"card": card}, events)


def set_index(state: dict, seat: str, trait: str, idx: int, events: list) -> None:
    p = state["players"][seat]
    top = len(track(state, seat, trait)) - 1
    floor = 0 if state["phase"] != "haunt" else -1           # R-FIGHT-8
    idx = max(floor, min(top, idx))
    if idx == p["traits"][trait]:
        return
    p["traits"][trait] = idx
    events.append({"type": "trait_changed", "seat": seat, "trait": trait, "index": idx,
                   "value": value(state, seat, trait)})
    if idx < 0 and p["alive"]:
        die(state, seat, events)


def change(state: dict, seat: str, trait: str, steps: int, events: list) -> int:
    """Move a clip; returns the steps actually moved (R-ITEM-6 needs it)."""
    before = state["players"][seat]["traits"][trait]
    set_index(state, seat, trait, before + steps, events)
    return state["players"][seat]["traits"][trait] - before


def die(state: dict, seat: str, events: list) -> None:
    """R-FIGHT-8 / R-ITEM-7: the body's room gets everything it held."""
    p = state["players"][seat]
    p["alive"] = False
    room = p["room"]
    pile = state["floor_items"].setdefault(room, [])
    for card in p["held"]:
        pile.append(card)
        events.append({"type": "item_dropped", "seat": seat, "card": card, "room": room})
    p["held"] = []
    p["bonus"] = {}
    events.append({"type": "character_died", "seat": seat, "room": room})
