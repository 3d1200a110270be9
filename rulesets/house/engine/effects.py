"""The effect stack: card, room and turn steps run in order, pausing at a prompt.

A step that needs a player's decision (a roll to throw, a damage split, an
option) leaves a `pending` prompt and stops; the action that answers it
pushes the chosen continuation and the stack runs on. Everything is plain
data in the state, so a table can be saved mid-card and replayed exactly.
"""
from __future__ import annotations

from kit.draft import peek

from ..steps import STEPS
from . import traits as T

OPS: dict = {}
# Steps that still run after their character died: the card goes to its
# discard pile and the turn passes on.
DEAD_OK = frozenset({"_next_turn", "_discard", "_monster_ai"})


def op(name):
    def reg(fn):
        OPS[name] = fn
        return fn
    return reg


def push(state: dict, seat, steps: list, **extra) -> None:
    if steps:
        state["stack"].append({"seat": seat, "steps": steps, "i": 0, **extra})


def run(state: dict, rng, events: list) -> None:
    if not peek(state, "stack"):
        return
    stack = state["stack"]
    players = state["players"]
    while stack and state["pending"] is None and state["phase"] != "over":
        frame = stack[-1]
        steps, i = frame["steps"], frame["i"]
        if i >= len(steps):
            stack.pop()
            continue
        step = steps[i]
        frame["i"] = i + 1
        seat = frame["seat"]
        name = step["op"]
        if name not in DEAD_OK and seat in players and not peek(players, seat)["alive"]:
            continue        # a dead character's card and movement stop mattering
        OPS[name](state, rng, seat, step, events)


# A prompt's continuation data: what each answer runs next. The engine's own
# business, so neither the prompt event nor a view shows it.
CONTINUATION = ("then", "outcomes", "for")


def prompt(state: dict, seat: str, kind: str, events: list, **fields) -> None:
    state["pending"] = {"seat": seat, "kind": kind, **fields}
    shown = {k: v for k, v in fields.items() if k not in CONTINUATION}
    events.append({"type": "prompt", "seat": seat, "kind": kind, **shown})


def choice(state, seat, options: dict, events, purpose: str, for_seat=None, labels=None, source=None) -> None:
    """options: value -> steps run (for `for_seat`, default the chooser).
    `labels`: the content's own text per option where it wrote one (a card's
    choice); the presenter names the rest (traits, rooms, cards, words).
    `source`: the card or room asking, which the question names."""
    if labels is None:
        labels = [None] * len(options)
    extra = {"for": for_seat} if for_seat else {}
    if source:
        extra["source"] = source
    prompt(state, seat, "choice", events, purpose=purpose, options=list(options), labels=labels,
           then=options, **extra)


def is_traitor(state: dict, seat) -> bool:
    h = peek(state, "haunt")
    return bool(h) and h.get("traitor") == seat


def harm(state: dict, seat, steps: list, source: str, after: list | None = None) -> list:
    """R-HAUNT-6: the traitor may ignore the harmful part of a room effect.
    `after` runs only when it is ignored: what the harm would have stopped
    (a failed roll that ends movement lets an ignoring traitor walk on)."""
    if is_traitor(state, seat) and not peek(state, "haunt")["hidden"]:     # hidden, it passes for a hero
        offer = {"op": "_offer_ignore", "source": source, "then": steps}
        if after is not None:
            offer["after"] = after
        return [offer]
    return steps


@op("_offer_ignore")
def _offer_ignore(state, rng, seat, step, events):
    choice(state, seat, {"resolve": step["then"],
                         "ignore": [{"op": "_ignored", "source": step["source"]}] + step.get("after", [])},
           events, "traitor_ignore", source=step["source"])


@op("_ignored")
def _ignored(state, rng, seat, step, events):
    events.append({"type": "effect_ignored", "seat": seat, "source": step["source"]})


@op("roll")
def _roll(state, rng, seat, step, events):
    fields = {"purpose": step.get("purpose", "card"), "outcomes": step["outcomes"]}
    if "trait" in step:
        fields["trait"] = step["trait"]
    else:
        fields["dice"] = step["dice"]
    for k in ("check", "target"):
        if k in step:
            fields[k] = step[k]
    prompt(state, seat, "roll", events, **fields)


def outcome(outcomes: list, total: int) -> list:
    for o in outcomes:
        if o.get("min", -10**9) <= total <= o.get("max", 10**9):
            return o["then"]
    return []


def check(trait: str, target: int, ok: list, fail: list, purpose: str, key: str | None = None) -> dict:
    """A trait roll with a target (R-CHECK-4: N+ means total >= N)."""
    step = {"op": "roll", "trait": trait, "purpose": purpose, "target": target,
            "outcomes": [{"min": target, "then": ok}, {"max": target - 1, "then": fail}]}
    if key:
        step["check"] = key
    return step


def _trait_choice(state, seat, step, events, sign):
    n = step.get("steps", 1) * sign
    if step.get("trait") == "choose" or "traits" in step and "trait" not in step:
        opts = {t: [{"op": "gain", "trait": t, "steps": n}] for t in step["traits"]}
        choice(state, seat, opts, events, "trait", source=step.get("source"))
    else:
        T.change(state, seat, step["trait"], n, events)


@op("gain")
def _gain(state, rng, seat, step, events):
    _trait_choice(state, seat, step, events, 1)


@op("lose")
def _lose(state, rng, seat, step, events):
    _trait_choice(state, seat, step, events, -1)


@op("damage")
def _damage(state, rng, seat, step, events):
    amount = step.get("amount")
    if amount is None:
        amount = T.roll_dice(rng, step.get("dice", 1), events, {"seat": seat}, "damage")["total"]
    hurt(state, seat, step.get("kind", "physical"), amount, events)


def hurt(state, seat, kind, amount, events):
    """R-FIGHT-5: the damaged player splits the steps over the kind's traits."""
    if amount <= 0 or not state["players"][seat]["alive"]:
        return
    prompt(state, seat, "damage", events, damage_kind=kind, amount=amount,
           traits=list(T.DAMAGE_TRAITS[kind]))


@op("heal")
def _heal(state, rng, seat, step, events):
    p = state["players"][seat]
    for t in step.get("traits", T.DAMAGE_TRAITS["general"]):
        if p["traits"][t] < p["start"][t]:
            T.set_index(state, seat, t, p["start"][t], events)


@op("lasting")
def _lasting(state, rng, seat, step, events):
    """A modifier to a trait's rolls, remembering the card it came from. A
    card's bonus on the next roll does not add to itself (a decision; the
    cards print it): "your next roll gets 1 extra die" says what that roll
    gets, so using the card again before the roll changes nothing."""
    mod = {"trait": step["trait"], "dice": step["dice"], "until": step["until"]}
    if step.get("source"):
        mod["source"] = step["source"]
        if mod["until"] == "next_roll" and mod in state["players"][seat]["lasting"]:
            return
    state["players"][seat]["lasting"].append(mod)
    events.append({"type": "lasting_added", "seat": seat, **mod})


@op("choice")
def _choice(state, rng, seat, step, events):
    """A card's options. One whose cost cannot be paid is not offered (R-AUTH-2:
    "discard 1 of your items" is a price; with nothing to discard the reward
    after it cannot be bought)."""
    offered = [(str(i), o) for i, o in enumerate(step["options"]) if _payable(state, seat, o["then"])]
    if not offered:
        return
    labels = [o.get("label") if isinstance(o.get("label"), dict) else None for value, o in offered]
    choice(state, seat, {value: o["then"] for value, o in offered}, events, "card", labels=labels,
           source=step.get("source"))


def _payable(state, seat, steps: list) -> bool:
    return bool(discardable(state, seat)) or not any(s["op"] == "discard_item" for s in steps)


def discardable(state: dict, seat: str) -> list[str]:
    """The items an effect may make `seat` discard: not omens, and not an item
    that cannot be dropped (it cannot leave its holder's hands, R-ITEM-5)."""
    rules = state["rules"]["cards"]
    return [c for c in state["players"][seat]["held"] if rules[c]["deck"] == "item" and rules[c]["droppable"]]


@op("draw")
def _draw(state, rng, seat, step, events):
    push(state, seat, [{"op": "_draw1", "deck": step["deck"]}] * step["count"])


@op("discard_item")
def _discard_item(state, rng, seat, step, events):
    held = discardable(state, seat)
    if len(held) == 1:
        push(state, seat, [{"op": "_discard", "card": held[0]}])
    elif held:
        choice(state, seat, {c: [{"op": "_discard", "card": c}] for c in held}, events, "discard_item",
               source=step.get("source"))


@op("nothing")
def _nothing(state, rng, seat, step, events):
    pass


def check_vocabulary() -> None:
    """Every step of the vocabulary has an implementation (called once every
    module has registered its ops)."""
    missing = set(STEPS) - set(OPS)
    if missing:
        raise ImportError(f"steps of the vocabulary without an implementation: {sorted(missing)}")
