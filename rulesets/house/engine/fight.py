"""Attacks, stealing and stunning (R-FIGHT, R-MONSTER-2/3/5, R-CARD-5)."""
from __future__ import annotations

from . import board as B
from . import traits as T
from .cards import discard, release, take
from .effects import choice, hurt, op
from .geometry import opposite
from .movement import side_of
from .text import refuse


def monster(state: dict, mid: str) -> dict | None:
    h = state.get("haunt")
    for m in (h["monsters"] if h else ()):
        if m["id"] == mid:
            return m
    return None


def overrides(state: dict) -> dict:
    """R-AUTH-1: the haunt's own rules replace only the general rules they
    name (scenario.norm_haunt indexes them by what they replace)."""
    h = state.get("haunt")
    return state["rules"]["haunts"][h["id"]]["rules"] if h else {}


def any_target(state: dict) -> bool:
    """R-FIGHT-2's sides lifted: by the haunt's rule, or while the traitor
    is hidden (nobody knows the sides)."""
    h = state.get("haunt")
    return bool(h) and (h["hidden"] or overrides(state)["allies_attack"])


def attacks_allowed(state: dict, seat: str) -> int:
    """R-FIGHT-2: once a turn, twice for a side the haunt gives `extra_attack`."""
    h = state.get("haunt")
    if not h:
        return 1
    side = "traitor" if seat == h["traitor"] and not h["hidden"] else "heroes"
    return 2 if side in overrides(state)["extra_attack"] else 1


def weapon_of(state: dict, card: str) -> tuple[bool, str, int, bool]:
    """(is a weapon, its trait, its extra dice, ranged): the card's own, or
    the haunt's `weapon` rule for it (R-ITEM, R-AUTH-1)."""
    c = state["rules"]["cards"][card]
    if c["weapon"]:
        return True, c["attack_trait"], c["attack_dice"], c["ranged"]
    rule = overrides(state).get("weapon", {}).get(card) if state.get("haunt") else None
    if rule:
        return True, rule["trait"], rule["dice"], False
    return False, "might", 0, False


def trait_allowed(state: dict, seat: str, target: str, trait: str) -> bool:
    """R-FIGHT-4: a trait other than Might, without a weapon: the monster's
    `attackable_with`, or the haunt's `attack_with` rule for the seat's side
    against the target's."""
    m = monster(state, target)
    if m is not None and trait in m.get("attackable_with", ()):
        return True
    h = state["haunt"]
    side = "traitor" if seat == h["traitor"] and not h["hidden"] else "heroes"
    aim = "monsters" if m is not None else ("traitor" if target == h["traitor"] and not h["hidden"] else "heroes")
    return any(r["who"] == side and r["trait"] == trait and r["target"] == aim
               for r in overrides(state)["attack_with"])


def shielded(state: dict, target: str, trait: str, weapon) -> bool:
    """R-FIGHT-4 replaced by `invulnerable`: only the way it names hurts that kind."""
    m = monster(state, target)
    if m is None or not state.get("haunt"):
        return False
    for r in overrides(state)["invulnerable"]:
        if r["kind"] == m["kind"] and not _way(r["except"], trait, weapon):
            return True
    return False


def _way(how: str, trait: str, weapon) -> bool:
    kind, _, name = how.partition(":")
    return how == "any" or (kind == "trait" and name == trait) or (kind == "item" and name == weapon)


def line_of_sight(state: dict, room: str) -> list[str]:
    """Rooms a ranged weapon reaches: straight on through connected doors."""
    out = []
    for side in range(4):
        here = room
        while True:
            if side not in B.tile_doors(state, here):
                break
            nxt = B.neighbour(state, here, side)
            if nxt is None or opposite(side) not in B.tile_doors(state, nxt):
                break
            out.append(nxt)
            here = nxt
    return out


def _guard(state: dict, seat: str, trait: str) -> str | None:
    """R-CARD-5: the weapon flagged `usable_when_defending` that helps its
    holder defend with `trait` (the one adding most dice), if any is free
    this turn (R-ITEM-1)."""
    cards = state["rules"]["cards"]
    best = None
    for c in state["players"][seat]["held"]:
        card = cards[c]
        if card["weapon"] and card["usable_when_defending"] and card["attack_trait"] == trait \
                and c not in state["turn"]["items"] and (best is None or card["attack_dice"] > cards[best]["attack_dice"]):
            best = c
    return best


def wielded(state: dict, seat: str, card: str, events: list) -> None:
    """A weapon in an attack or a defence is used (R-ITEM-1/2), with every
    flag a `use` honours: a card that says "discard after use" goes to its
    discard pile once the roll is made (R-AUTH-2)."""
    state["turn"]["items"][card] = "use"
    if state["rules"]["cards"][card]["discard_after_use"]:
        discard(state, None, seat, {"card": card}, events)


def defend(state: dict, rng, seat: str, trait: str, events: list) -> int:
    """A character's defence roll against any attack, a character's, a
    monster's or a card's: the same weapons help it (R-CARD-5)."""
    guard = _guard(state, seat, trait)
    extra = state["rules"]["cards"][guard]["attack_dice"] if guard else 0
    total = T.roll_trait(state, rng, seat, trait, "defend", events, extra=extra)
    if guard:
        wielded(state, seat, guard, events)
    return total


def _defender_roll(state, rng, target, trait, events):
    m = monster(state, target)
    if m is not None:
        return T.roll_dice(rng, m["traits"][trait], events, {"monster": target, "seat": None}, "defend",
                           trait)["total"]
    return defend(state, rng, target, trait, events)


def attack(state: dict, rng, seat: str, args: dict, events: list) -> None:
    if state["phase"] != "haunt":
        raise refuse("R-FIGHT-1", "no_attack_explore")
    turn = state["turn"]
    if turn["attacked"]:
        raise refuse("R-FIGHT-2", "attacked")
    p = state["players"][seat]
    weapon = args.get("weapon")
    ranged = False
    trait = "might"
    dice = 0
    if weapon is not None:
        if weapon not in p["held"]:
            raise refuse("R-CARD-5", "not_held")
        is_weapon, trait, dice, ranged = weapon_of(state, weapon)
        if not is_weapon:
            raise refuse("R-CARD-5", "not_weapon")
        if weapon in turn["items"]:
            raise refuse("R-ITEM-1", "item_acted")
    target = args.get("target")
    reach = [p["room"]] + (line_of_sight(state, p["room"]) if ranged else [])
    m = monster(state, target)
    wanted = args.get("trait", trait)
    if wanted != trait:
        # R-FIGHT-4, R-AUTH-1: a haunt may allow another trait; a weapon keeps its own
        if weapon is not None or not trait_allowed(state, seat, target, wanted):
            raise refuse("R-FIGHT-4", "no_trait")
        trait = wanted
    if m is not None:
        if m["stunned"]:
            raise refuse("R-MONSTER-2", "stunned")
        where = m["room"]
        if trait not in m["traits"]:
            raise refuse("R-FIGHT-4", "no_trait")
        if shielded(state, target, trait, weapon):
            raise refuse("R-FIGHT-4", "invulnerable")
    elif target in state["players"] and state["players"][target]["alive"] and target != seat:
        where = state["players"][target]["room"]
    else:
        raise refuse("BAD-ARGS", "bad_args", 400, what="target")
    if side_of(state, target) == side_of(state, seat) and not any_target(state):
        raise refuse("R-FIGHT-2", "not_opponent")
    if where not in reach:
        raise refuse("R-FIGHT-7" if ranged else "R-FIGHT-2", "not_same_room")
    turn["attacks"] = turn.get("attacks", 0) + 1
    turn["attacked"] = turn["attacks"] >= attacks_allowed(state, seat)
    h = state["haunt"]
    if h["hidden"] and seat == h["traitor"] and m is None:
        from .haunt import reveal                 # haunt reads fight's helpers: imported at call time
        reveal(state, "attack", events)
    mine = T.roll_trait(state, rng, seat, trait, "attack", events, extra=dice)
    if weapon is not None:
        wielded(state, seat, weapon, events)
    theirs = _defender_roll(state, rng, target, trait, events)
    events.append({"type": "attack", "attacker": seat, "defender": target, "trait": trait,
                   "weapon": weapon, "attacker_total": mine, "defender_total": theirs, "ranged": ranged})
    settle(state, seat, target, trait, mine - theirs, ranged, events, weapon)


def settle(state, attacker, defender, trait, diff, ranged, events, weapon=None):
    """R-FIGHT-4: the loser takes the difference; equal totals do nothing."""
    kind = "physical" if trait in T.PHYSICAL else "mental"
    if diff == 0:
        return
    loser, amount = (defender, diff) if diff > 0 else (attacker, -diff)
    lost = monster(state, loser)
    if lost is not None:
        if any(r["kind"] == lost["kind"] and _way(r["by"], trait, weapon) for r in overrides(state)["destroy"]):
            destroy(state, loser, events)
        else:
            stun(state, loser, events)
        return
    if diff > 0 and kind == "physical" and diff >= 2 and not ranged and attacker in state["players"]:
        loot = stealable(state, defender)
        if loot:                                                # R-FIGHT-6
            opts = {"damage": [{"op": "_hurt", "who": defender, "kind": kind, "amount": amount}]}
            for c in loot:
                opts["steal:" + c] = [{"op": "_steal", "from": defender, "card": c}]
            choice(state, attacker, opts, events, "attack_outcome")
            return
    hurt(state, loser, kind, amount, events)


def stealable(state: dict, seat: str) -> list[str]:
    """Seed 000 says a tradeable item (可交易物品); the content's `stealable`
    flag must allow it too."""
    cards = state["rules"]["cards"]
    return [c for c in state["players"][seat]["held"] if cards[c]["tradeable"] and cards[c]["stealable"]]


@op("_hurt")
def _hurt(state, rng, seat, s, events):
    hurt(state, s["who"], s["kind"], s["amount"], events)


@op("_steal")
def _steal(state, rng, seat, s, events):
    release(state, s["from"], s["card"], events)
    take(state, seat, s["card"], events)
    state["turn"]["items"][s["card"]] = "steal"                 # R-ITEM-1
    events.append({"type": "item_stolen", "from": s["from"], "to": seat, "card": s["card"]})


def destroy(state: dict, mid: str, events: list) -> None:
    """R-MONSTER-2 replaced by a `destroy` rule: removed for good, not
    stunned; what it carried drops (R-MONSTER-3)."""
    h = state["haunt"]
    m = monster(state, mid)
    h["monsters"].remove(m)
    h["destroyed"].append({"id": mid, "kind": m["kind"]})
    pile = state["floor_items"].setdefault(m["room"], [])
    for c in m["items"]:
        pile.append(c)
        events.append({"type": "item_dropped", "monster": mid, "seat": None, "card": c, "room": m["room"]})
    events.append({"type": "monster_destroyed", "monster": mid})


def stun(state: dict, mid: str, events: list) -> None:
    """R-MONSTER-2/3/5: defeat stuns; no trait is lost; carried items drop."""
    m = monster(state, mid)
    m["stunned"] = True
    events.append({"type": "monster_stunned", "monster": mid})
    pile = state["floor_items"].setdefault(m["room"], [])
    for c in m["items"]:
        pile.append(c)
        events.append({"type": "item_dropped", "monster": mid, "seat": None, "card": c, "room": m["room"]})
    m["items"] = []


@op("attack")
def _card_attack(state, rng, seat, step, events):
    """The card attacks its holder: N dice against Might (physical) or Sanity."""
    kind = step.get("kind", "physical")
    trait = "might" if kind == "physical" else "sanity"
    theirs = T.roll_dice(rng, step.get("dice", 1), events, {"seat": None}, "card_attack")["total"]
    mine = defend(state, rng, seat, trait, events)
    hurt(state, seat, kind, theirs - mine, events)
