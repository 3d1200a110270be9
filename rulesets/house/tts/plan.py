"""The locale-independent part of the save: GUIDs, CardIDs, table positions.

Everything here is the same for every locale, so one `tts` section serves the
server whatever language a table plays in. It is computed from the compiled
content and the asset manifest only; the save builder and the `tts` section
both read this plan, so they can never disagree.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.tts.guids import GuidRegistry
from rulesets.house.kinds.model import DECKS, TRAITS

from . import layout


DECK_KEY_BASE = {"event": 10, "item": 20, "omen": 30}
CREDITS_KEY = 90
DICE = 8


class PlanError(ValueError):
    """Content and manifest disagree in a way the save cannot paper over."""


@dataclass
class DeckPlan:
    guid: str
    keys: list[int]
    sheets: list[int]                 # index into the manifest sheet list, per key
    cards: list[tuple[str, int, str]]  # (card id, CardID, GUID), top card first
    position: tuple[float, float, float]
    discard: tuple[float, float, float]


@dataclass
class Plan:
    ruleset: str
    guids: GuidRegistry
    decks: dict[str, DeckPlan] = field(default_factory=dict)
    rooms: dict[str, dict] = field(default_factory=dict)
    room_bag: str = ""
    characters: dict[str, dict] = field(default_factory=dict)
    dice: list[str] = field(default_factory=list)
    omen_counter: str = ""
    track: dict = field(default_factory=dict)
    hands: dict[str, str] = field(default_factory=dict)


def _sheet_layout(manifest: dict, deck: str) -> list[list[str]]:
    """Card ids per sheet; every locale must lay the cards out identically,
    or a CardID would name different cards in different languages."""
    layouts = {}
    for locale, data in sorted(manifest["locales"].items()):
        try:
            sheets = data["decks"][deck]["sheets"]
        except KeyError as exc:
            raise PlanError(f"asset manifest: locale {locale} has no {deck} deck sheets") from exc
        layouts[locale] = [list(s["cards"]) for s in sheets]
    first_locale, first = next(iter(layouts.items()))
    for locale, other in layouts.items():
        if other != first:
            raise PlanError(f"asset manifest: {deck} sheets of {locale} list other cards "
                            f"than those of {first_locale}")
    return first


def make_plan(content: dict, manifest: dict, board_px: dict[str, tuple[int, int]] | None = None) -> Plan:
    """The clip slots of each board come from the render manifest (the
    renderer computes them from the layout it draws the tracks with)."""
    ruleset = content["ruleset"]
    if manifest.get("ruleset") != ruleset:
        raise PlanError(f"asset manifest is for {manifest.get('ruleset')!r}, content for {ruleset!r}")
    reg = GuidRegistry(ruleset)
    plan = Plan(ruleset, reg)
    board_px = board_px or {}

    for deck in DECKS:
        content_cards = content.get(deck + "s") or {}
        if not content_cards:
            continue                 # a ruleset without this deck gets no deck object
        sheets = _sheet_layout(manifest, deck)
        if len(sheets) > 10:
            raise PlanError(f"{deck}: {len(sheets)} sheets; at most 10 fit the deck key scheme")
        seen: set[str] = set()
        cards = []
        keys = []
        for s, ids in enumerate(sheets):
            key = DECK_KEY_BASE[deck] + s
            keys.append(key)
            for i, cid in enumerate(ids):
                if cid not in content_cards:
                    raise PlanError(f"asset manifest: {deck} sheet {s} holds {cid!r}, "
                                    f"which is not a {deck} card in the content")
                if i > 98:
                    raise PlanError(f"{deck} sheet {s}: more than 99 cards")
                seen.add(cid)
                card_id = key * 100 + i
                cards.append((cid, card_id, reg.guid("card", cid)))
        missing = sorted(set(content_cards) - seen)
        if missing:
            raise PlanError(f"asset manifest: {deck} cards without a sheet cell: {', '.join(missing)}")
        x = layout.DECK_X[deck]
        plan.decks[deck] = DeckPlan(
            guid=reg.guid("deck", deck), keys=keys, sheets=list(range(len(keys))), cards=cards,
            position=(x, layout.SURFACE_Y + 0.5, layout.ROW_DECKS_Z),
            discard=(x, layout.SURFACE_Y, layout.ROW_DISCARD_Z))

    plan.room_bag = reg.guid("bag", "rooms")
    for rid, room in (content.get("rooms") or {}).items():
        start = room.get("start")
        entry = {"guid": reg.guid("room", rid), "start": None}
        if start:
            entry["start"] = {"floor": start["floor"], "x": int(start["x"]), "y": int(start["y"]),
                              "rotation": int(start.get("rotation", 0))}
        plan.rooms[rid] = entry

    characters = content.get("characters") or {}
    xs = layout.row_x(len(characters), layout.BOARD_STEP)
    for (cid, char), x in zip(characters.items(), xs):
        size = layout.board_size(board_px.get(cid))
        uv = manifest_slots(manifest, cid)
        if uv is None:
            raise PlanError(f"asset manifest: character {cid!r} has no clip slots (rebuild the assets)")
        plan.characters[cid] = {
            "board": reg.guid("board", cid),
            "figurine": reg.guid("figure", cid),
            "clips": {t: reg.guid("clip", f"{cid}.{t}") for t in TRAITS},
            "slots": {t: layout.slot_offsets(uv[t], size) for t in TRAITS},
            "position": (x, layout.SURFACE_Y, layout.ROW_BOARDS_Z),
            "size": size,
        }

    plan.hands = {color: reg.guid("hand", color) for color, *_ in layout.HANDS}
    plan.dice = [reg.guid("die", str(i)) for i in range(DICE)]
    plan.omen_counter = reg.guid("counter", "omens")
    track_size = (6.0, 1.5)
    track_uv = [[(i % 8 + 0.5) / 8, 0.25 + 0.5 * (i // 8)] for i in range(layout.TRACK_SPACES)]
    plan.track = {"guid": reg.guid("track", "board"), "clip": reg.guid("track", "clip"),
                  "slots": layout.slot_offsets(track_uv, track_size), "size": track_size,
                  "position": (layout.TRACK_X, layout.SURFACE_Y, layout.ROW_DECKS_Z)}
    return plan


def manifest_slots(manifest: dict, character: str) -> dict | None:
    """Clip slots the renderer may publish for a board (`slots`: trait →
    9 [u, v] image fractions, skull first); None when it does not."""
    for data in manifest["locales"].values():
        entry = data.get("characters", {}).get(character, {})
        if "slots" in entry:
            return entry["slots"]
    return None


def _pos(p: tuple[float, float, float]) -> dict:
    from pipeline.tts.stable import pos
    return pos(*p)


def tts_section(plan: Plan, mod_version: str) -> dict:
    """The `tts` section of the compiled content (see docs/ARCHITECTURE.md)."""
    return {
        "format": 1,
        "mod_version": mod_version,
        "tile": {"pitch": layout.TILE_PITCH, "scale": layout.TILE_SCALE,
                 "rotation_offset": layout.ROTATION_OFFSET},
        "floors": {f: {"origin": _pos(o)} for f, o in layout.FLOOR_ORIGINS.items()},
        "room_bag": plan.room_bag,
        "rooms": {rid: dict(r) for rid, r in plan.rooms.items()},
        "decks": {d: {"guid": p.guid, "keys": p.keys, "position": _pos(p.position),
                      "discard": _pos(p.discard)} for d, p in plan.decks.items()},
        "cards": {cid: {"deck": d, "card_id": card_id, "guid": guid}
                  for d, p in plan.decks.items() for cid, card_id, guid in p.cards},
        "characters": {cid: {"board": c["board"], "figurine": c["figurine"],
                             "clips": c["clips"], "slots": c["slots"]}
                       for cid, c in plan.characters.items()},
        "hands": dict(plan.hands),
        "dice": plan.dice,
        "dice_tray": _pos((layout.DICE_X0 + layout.DICE_STEP * 3.5, layout.SURFACE_Y,
                           layout.ROW_DECKS_Z - 3)),
        "omen_counter": plan.omen_counter,
        "track": {"guid": plan.track["guid"], "clip": plan.track["clip"],
                  "slots": plan.track["slots"]},
    }
