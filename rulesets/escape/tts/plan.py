"""The locale-independent part of escape's save: GUIDs, CardIDs, positions.

One plan serves every locale's save and the section the server reads
(`build/content/escape.tts.json`), so the two cannot disagree. It is made
from the compiled content and the asset manifest only.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.tts import stable
from pipeline.tts.guids import GuidRegistry

from .. import INFO
from . import layout as L

DECK_KEY = {"item": 10, "explore": 20, "infected": 30, "character": 40}
CREDITS_KEY = 90
CONTENT_OF = {"item": "items", "explore": "explore", "infected": "infected", "character": "characters"}


class PlanError(ValueError):
    """Content and manifest disagree in a way no save can paper over."""


@dataclass
class DeckPlan:
    guid: str
    keys: list[int]
    cards: list[tuple[str, int, str]]          # (card id, CardID, GUID)
    position: tuple[float, float]
    discard: tuple[float, float] | None


@dataclass
class SeatPlan:
    colour: str
    x: float
    z: float
    rot_y: int
    hand: str
    mat: str
    vp: str
    stamina: str
    equipment_zone: str


@dataclass
class Plan:
    guids: GuidRegistry
    decks: dict[str, DeckPlan] = field(default_factory=dict)
    seats: dict[str, SeatPlan] = field(default_factory=dict)
    column: str = ""
    slot_zones: list[str] = field(default_factory=list)
    tokens: dict[str, str] = field(default_factory=dict)        # character id → its token
    infected_tokens: list[str] = field(default_factory=list)
    die: str = ""
    credits: str = ""


def _sheets(manifest: dict, deck: str) -> list[list[str]]:
    """Card ids per sheet; every locale must lay them out alike, or one
    CardID would name different cards in different languages."""
    found = {}
    for loc, data in sorted(manifest["locales"].items()):
        try:
            found[loc] = [list(s["cards"]) for s in data["decks"][deck]["sheets"]]
        except KeyError:
            raise PlanError(f"asset manifest: locale {loc} has no {deck} deck sheets (rebuild the assets)") from None
    first_loc, first = next(iter(found.items()))
    for loc, other in found.items():
        if other != first:
            raise PlanError(f"asset manifest: the {deck} sheets of {loc} list other cards than those of {first_loc}")
    return first


def _deck(reg: GuidRegistry, content: dict, manifest: dict, deck: str, seen: dict) -> DeckPlan:
    ids = content.get(CONTENT_OF[deck]) or {}
    cards, keys = [], []
    for s, sheet in enumerate(_sheets(manifest, deck)):
        key = DECK_KEY[deck] + s
        if key >= DECK_KEY[deck] + 10:
            raise PlanError(f"{deck}: more than 10 sheets do not fit the deck key scheme")
        keys.append(key)
        for i, cid in enumerate(sheet):
            if cid not in ids:
                raise PlanError(f"asset manifest: {deck} sheet {s} holds {cid!r}, not a {deck} card of the content")
            if cid in seen:
                raise PlanError(f"card id {cid!r} is both a {seen[cid]} and a {deck} card "
                                "(the table names cards by id: expected each id once)")
            seen[cid] = deck
            cards.append((cid, key * 100 + i, reg.guid("card", cid)))
    missing = sorted(set(ids) - {c for c, _, _ in cards})
    if missing:
        raise PlanError(f"asset manifest: {deck} cards without a sheet cell: {', '.join(missing)}")
    if len(cards) < 2:
        raise PlanError(f"{deck}: {len(cards)} card(s); a TTS deck holds two or more")
    return DeckPlan(reg.guid("deck", deck), keys, cards, L.DECKS[deck], L.DISCARDS.get(deck))


def make_plan(content: dict, manifest: dict) -> Plan:
    if manifest.get("ruleset") != INFO.name or content.get("ruleset") != INFO.name:
        raise PlanError(f"asset manifest is for {manifest.get('ruleset')!r}, content for "
                        f"{content.get('ruleset')!r} (expected {INFO.name!r} for both)")
    reg = GuidRegistry(INFO.name)
    plan = Plan(reg)
    seen: dict[str, str] = {}
    for deck in INFO.decks:
        plan.decks[deck] = _deck(reg, content, manifest, deck, seen)
    for colour, x, z, rot in L.SEATS:
        plan.seats[colour] = SeatPlan(colour, x, z, rot, hand=reg.guid("hand", colour), mat=reg.guid("mat", colour),
                                      vp=reg.guid("counter", f"{colour}.vp"),
                                      stamina=reg.guid("counter", f"{colour}.stamina"),
                                      equipment_zone=reg.guid("zone", f"{colour}.equipment"))
    plan.column = reg.guid("board", "column")
    plan.slot_zones = [reg.guid("zone", f"slot.{i}") for i in range(len(L.column_places()["slots"]))]
    plan.tokens = {cid: reg.guid("token", cid) for cid in content["characters"]}
    plan.infected_tokens = [reg.guid("token", f"infected.{i}") for i in range(L.INFECTED_TOKENS)]
    plan.die = reg.guid("die", "0")
    plan.credits = reg.guid("card", "credits")
    return plan


# -- positions the section gives the presenter ------------------------------------
def pos(p: tuple) -> dict:
    """(x, z) on the table top, or (x, y, z)."""
    return stable.pos(p[0], L.SURFACE_Y, p[1]) if len(p) == 2 else stable.pos(*p)


def seat_places(sp: SeatPlan) -> dict:
    m = L.mat_places()
    here = (sp.x, sp.z)
    return {"character": pos(L.at(here, m["character"], sp.rot_y)),
            "token": pos(L.at(here, m["token"], sp.rot_y)),
            "vp": pos(L.at(here, m["vp"], sp.rot_y)),
            "stamina": pos(L.at(here, m["stamina"], sp.rot_y)),
            "equipment_area": pos(L.at(here, m["equipment"], sp.rot_y)),
            "equipment": [pos(L.at(here, o, sp.rot_y)) for o in m["equipment_slots"]]}


def token_pool(n: int, x0: float) -> list[tuple[float, float]]:
    return [(x0 + i * L.TOKEN_STEP, L.SUPPLY_Z) for i in range(n)]


def section(plan: Plan, mod_version: str) -> dict:
    """What the server and the presenter read: content ids → TTS objects,
    and every place a piece can be put."""
    col = L.column_places()
    cascade = lambda rot: dict(zip("xz", L.turn(L.CASCADE, rot)))       # noqa: E731
    return {
        "format": 1, "mod_version": mod_version,
        "decks": {d: {"guid": p.guid, "keys": p.keys, "position": pos(p.position),
                      "discard": pos(p.discard) if p.discard else None} for d, p in plan.decks.items()},
        "cards": {cid: {"deck": d, "card_id": card_id, "guid": guid}
                  for d, p in plan.decks.items() for cid, card_id, guid in p.cards},
        "places": {"resolving": pos(L.RESOLVING), "stairs": pos(L.STAIRS),
                   "front": pos(L.at((0, 0), col["front"])), "end": pos(L.at((0, 0), col["end"]))},
        "column": {"board": plan.column, "zones": list(plan.slot_zones),
                   "slots": [pos(L.at((0, 0), s)) for s in col["slots"]],
                   "step": {"x": L.OVERFLOW_STEP, "z": 0}},
        "seats": {c: {"hand": sp.hand, "mat": sp.mat, "counters": {"vp": sp.vp, "stamina": sp.stamina},
                      "equipment_zone": sp.equipment_zone, "rot_y": sp.rot_y, "cascade": cascade(sp.rot_y),
                      "step": dict(zip("xz", L.turn({"x": L.OVERFLOW_STEP, "z": 0}, sp.rot_y))),
                      **{k: v for k, v in seat_places(sp).items() if k not in ("vp", "stamina")}}
                  for c, sp in plan.seats.items()},
        "cascade": cascade(L.UPRIGHT), "infected_card": dict(L.INFECTED_CARD), "hit_cascade": dict(zip("xz", L.turn(L.HIT_CASCADE, L.UPRIGHT))),
        "pile_lift": L.PILE_LIFT, "upright": L.UPRIGHT,
        "tokens": dict(plan.tokens),
        "token_supply": {cid: pos(p) for cid, p in zip(plan.tokens, token_pool(len(plan.tokens), L.CHARACTER_SUPPLY_X))},
        "infected_tokens": list(plan.infected_tokens),
        "infected_pool": [pos(p) for p in token_pool(len(plan.infected_tokens), L.INFECTED_POOL_X)],
        "dice": [plan.die], "dice_tray": pos(L.DIE),
        "hands": {c: sp.hand for c, sp in plan.seats.items()},
    }
