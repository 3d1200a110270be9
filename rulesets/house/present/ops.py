"""House events → table instructions (the shared vocabulary of kit/ops.py).

Every GUID, CardID and world position the Lua needs is looked up here in
the table section of the compiled content (docs/ARCHITECTURE.md, "The
table section"); where a piece stands comes from the engine's public view.
Without a table section (content compiled, no save built yet) the same
instructions come out with null GUIDs and positions, so the rules still
play and the chat still narrates.
"""
from __future__ import annotations

import math
from typing import Any

from kit.ops import Ops
from kit.present import TableView
from kit.words import LOCALES

from ..engine.resolve import splits
from . import haunt as _haunt
from .names import Namer

FIGURE_LIFT = 0.6   # figures stand on the tile, not inside it
MONSTER_RING = 5    # monsters take the ring places after the (at most six) figures
DOOR = 0.4          # a figure waiting at a door: this far from its room's centre towards the next cell


def degrees(rotation: Any) -> int:
    """Events give quarter turns (0–3); the table wants degrees."""
    r = int(rotation or 0)
    return (r * 90 if 0 <= r <= 3 else r) % 360


def cell_position(tts: dict, floor: str, x: int, y: int) -> dict | None:
    origin = ((tts.get("floors") or {}).get(floor) or {}).get("origin")
    pitch = (tts.get("tile") or {}).get("pitch")
    if origin is None or pitch is None:
        return None
    return {"x": round(origin["x"] + x * pitch, 3), "y": round(origin["y"], 3),
            "z": round(origin["z"] + y * pitch, 3)}


def _slot_offset(index: int, pitch: float) -> tuple[float, float]:
    """Figures in one room fan out on a ring so they never stack."""
    angle = math.radians(45 + 72 * index)
    radius = pitch * 0.25
    return round(radius * math.sin(angle), 3), round(radius * math.cos(angle), 3)


class Builder:
    def __init__(self, table: TableView, version: int, namer: Namer | None = None):
        self.view = table.public
        self.content = table.content or {}
        self.tts = table.tts
        self.namer = namer or Namer(self.content, self.view, table.words)
        self.words = table.words
        self.ops = Ops(version)
        self.emit = self.ops.emit

    # -- lookups ----------------------------------------------------------
    def player(self, seat: str) -> dict:
        return (self.view.get("players") or {}).get(seat) or {}

    def char_tts(self, seat: str) -> tuple[str | None, dict]:
        cid = self.player(seat).get("character")
        return cid, (self.tts.get("characters") or {}).get(cid) or {}

    def room_position(self, room: str) -> dict | None:
        tile = (self.view.get("tiles") or {}).get(room)
        if tile is None:
            return None
        return cell_position(self.tts, tile[0], tile[1], tile[2])

    def figure_position(self, room: str, index: int) -> dict | None:
        pos = self.room_position(room)
        if pos is None:
            return None
        dx, dz = _slot_offset(index, (self.tts.get("tile") or {}).get("pitch", 0))
        return {"x": round(pos["x"] + dx, 3), "y": round(pos["y"] + FIGURE_LIFT, 3), "z": round(pos["z"] + dz, 3)}

    def seat_index(self, seat: str) -> int:
        order = list(self.view.get("seats") or [])
        return order.index(seat) if seat in order else 0

    def monster_index(self, monster: str) -> int:
        ids = [m.get("id") for m in (self.view.get("haunt") or {}).get("monsters") or []]
        return ids.index(monster) if monster in ids else 0

    def card(self, card: str) -> dict:
        return (self.tts.get("cards") or {}).get(card) or {}

    def deck(self, deck: str) -> dict:
        return (self.tts.get("decks") or {}).get(deck) or {}

    def hand(self, seat: str | None) -> str | None:
        return (self.tts.get("hands") or {}).get(seat)

    # -- instructions -----------------------------------------------------
    def tile(self, room: str, floor: str, x: int, y: int, rotation: Any) -> None:
        info = (self.tts.get("rooms") or {}).get(room) or {}
        deg = degrees(rotation)
        offset = (self.tts.get("tile") or {}).get("rotation_offset", 0)
        self.emit("place", piece=room, guid=info.get("guid"),
                  bag=None if info.get("start") else self.tts.get("room_bag"),
                  position=cell_position(self.tts, floor, x, y), rot_y=(offset + deg) % 360, lock=True)

    def figure(self, seat: str, room: str) -> None:
        _, ct = self.char_tts(seat)
        self.emit("move", piece=seat, guid=ct.get("figurine"), token=None,
                  position=self.figure_position(room, self.seat_index(seat)))

    def monster(self, monster: str, room: str) -> None:
        self.emit("move", piece=monster, guid=None, token=monster,
                  position=self.figure_position(room, MONSTER_RING + self.monster_index(monster)))

    def trait(self, seat: str, trait: str, index: int) -> None:
        _, ct = self.char_tts(seat)
        slots = (ct.get("slots") or {}).get(trait) or []
        slot = index + 1          # slot 0 is the skull
        self.emit("set_clip", piece=f"{seat}.{trait}", guid=(ct.get("clips") or {}).get(trait),
                  board=ct.get("board"), offset=slots[slot] if 0 <= slot < len(slots) else None)

    def all_traits(self, seat: str) -> None:
        """A freshly chosen character's clips go to their start values."""
        for trait, index in (self.player(seat).get("traits") or {}).items():
            self.trait(seat, trait, index)

    def deal(self, ev: dict) -> None:
        c, d = self.card(ev["card"]), self.deck(ev.get("deck"))
        self.emit("deal", ev.get("visible_to"), card=ev["card"], guid=c.get("guid"), card_id=c.get("card_id"),
                  deck=ev.get("deck"), deck_guid=d.get("guid"), seat=ev.get("seat"), hand=self.hand(ev.get("seat")))

    def move_card(self, card: str, to: dict) -> None:
        if "seat" in to:
            to = {**to, "hand": self.hand(to["seat"])}
        c = self.card(card)
        self.emit("move_card", card=card, guid=c.get("guid"), card_id=c.get("card_id"), to=to)

    def to_discard(self, card: str, deck: str) -> None:
        self.move_card(card, {"position": self.deck(deck).get("discard"), "face_up": True,
                              "place": f"discard:{deck}"})

    def to_room(self, card: str, room: str) -> None:
        self.move_card(card, {"position": self.room_position(room), "face_up": True, "place": f"room:{room}"})

    def dice(self, ev: dict) -> None:
        values = [int(v) for v in ev.get("faces") or []]
        self.emit("show_dice", dice=(self.tts.get("dice") or [])[:len(values)], values=values,
                  total=ev.get("total"), tray=self.tts.get("dice_tray"),
                  seat=ev.get("seat") or ev.get("monster"), purpose=ev.get("purpose"))

    def counter(self, value: int) -> None:
        self.emit("set_counter", counter="omens", guid=self.tts.get("omen_counter"), value=int(value or 0))

    def track(self, value: Any) -> None:
        track = self.tts.get("track") or {}
        slots = track.get("slots") or []
        slot = value if isinstance(value, int) else 0
        self.emit("set_clip", piece="track", guid=track.get("clip"), board=track.get("guid"),
                  offset=slots[slot] if 0 <= slot < len(slots) else None)

    def ask(self, ev: dict) -> None:
        """A prompt as a question with its options: each option is the
        action (and args) that answers it, labelled in every locale."""
        kind, n = ev.get("kind"), self.namer
        if kind == "rotation":
            options = [(self.words.text("ask.rotate", degrees=degrees(r)), "place_tile", {"rotation": r})
                       for r in ev.get("rotations") or []]
        elif kind == "roll":
            options = [(self.words.text("ask.roll"), "roll", {})]
        elif kind == "choice":
            labels = ev.get("labels") or []
            options = [(labels[i] if i < len(labels) and labels[i] else n.option(o), "choose", {"option": o})
                       for i, o in enumerate(ev.get("options") or [])]
        elif kind == "damage":
            options = [({loc: n.word("list_sep", loc, ", ").join(f"{n.term(t, loc)} {v}" for t, v in s.items() if v)
                         for loc in LOCALES}, "split_damage", {"split": s})
                       for s in splits(ev.get("traits") or [], int(ev.get("amount") or 0))]
        else:
            options = []
        if not options:
            return
        if kind == "rotation":
            self.at_door(ev.get("seat"), ev)
        self.emit("ask", seat=ev.get("seat"), kind=kind, title=self.title(ev),
                  options=[{"label": label, "action": action, "args": args} for label, action, args in options])

    def at_door(self, seat: str, cell: dict) -> None:
        """While the new room's rotation is asked, the discovering figure
        waits at the door it opened: still inside its room (where the
        engine has it until the tile is placed), on the side of the new cell."""
        _, ct = self.char_tts(seat)
        room = self.player(seat).get("room")
        here = self.room_position(room) if room else None
        there = cell_position(self.tts, cell.get("floor"), cell.get("x", 0), cell.get("y", 0))
        if here is None or there is None:
            return
        pos = {k: round(here[k] + DOOR * (there[k] - here[k]), 3) for k in ("x", "z")}
        self.emit("move", piece=seat, guid=ct.get("figurine"), token=None,
                  position={**pos, "y": round(here["y"] + FIGURE_LIFT, 3)})

    def title(self, ev: dict) -> dict[str, str]:
        """What the question is about: the trait rolled, the damage to split,
        the room or card asking."""
        kind, n = ev.get("kind"), self.namer
        fields = {loc: {"trait": n.term(ev.get("trait"), loc) if ev.get("trait") else "",
                        "amount": ev.get("amount", ""),
                        "source": n.option(ev.get("source"))[loc] if ev.get("source") else ""}
                  for loc in LOCALES}
        if kind == "choice" and ev.get("source"):
            kind = "choice_from"
        key = f"ask.title.{kind}" if f"ask.title.{kind}" in self.words else "ask.title.other"
        return {loc: self.words.get(key, loc).format_map(fields[loc]) for loc in LOCALES}

    # -- events -----------------------------------------------------------
    def event(self, ev: dict, text: dict | None) -> None:
        kind = ev.get("type")
        if kind in ("tile_placed", "tile_moved"):
            self.tile(ev["room"], ev.get("floor"), ev.get("x", 0), ev.get("y", 0), ev.get("rotation"))
        elif kind == "figure_moved":
            if "monster" in ev:
                self.monster(ev["monster"], ev["room"])
            else:
                self.figure(ev.get("seat"), ev["room"])
                _haunt.follow(self, ev.get("seat"), ev["room"])
        elif kind in _haunt.EVENTS:
            _haunt.event(self, ev, text)      # it says its own narration
            return
        elif kind == "character_chosen":
            self.all_traits(ev["seat"])
        elif kind == "game_started":
            for seat in ev.get("order") or []:
                self.all_traits(seat)
                room = self.player(seat).get("room")
                if room:
                    self.figure(seat, room)
        elif kind == "turn_began":
            self.emit("mark_turn", seat=ev.get("seat"), turn=ev.get("turn"), phase=self.view.get("phase"))
        elif kind == "card_drawn":
            self.deal(ev)
        elif kind == "card_discarded":
            self.to_discard(ev["card"], ev.get("deck"))
        elif kind == "item_dropped":
            self.to_room(ev["card"], ev.get("room"))
        elif kind == "item_picked_up":
            self.move_card(ev["card"], {"seat": ev.get("seat")})
        elif kind in ("item_given", "item_stolen"):
            self.move_card(ev["card"], {"seat": ev.get("to")})
        elif kind == "dice_rolled":
            self.dice(ev)
        elif kind == "trait_changed":
            self.trait(ev["seat"], ev["trait"], ev.get("index", 0))
        elif kind == "omen_count":
            self.counter(ev.get("count"))
        elif kind == "track_advanced":
            self.track(ev.get("value", 0))
        elif kind == "prompt":
            self.ask(ev)
        elif kind == "monster_placed":
            self.emit("spawn", token=ev["monster"], kind="monster",
                      name=self.monster_name(ev), color=None,
                      position=self.figure_position(ev.get("room"), MONSTER_RING + self.monster_index(ev["monster"])))
        elif kind in ("monster_stunned", "monster_recovered"):
            self.emit("flip", token=ev["monster"], face_up=kind == "monster_recovered")
        elif kind == "character_died":
            self.dead_marker(ev["seat"], ev.get("room"))
        elif kind == "game_over":
            self.game_over(ev, text)
        if text and kind != "game_over":
            self.emit("say", text=text, to=None, color=None)

    def dead_marker(self, seat: str, room: str | None) -> None:
        self.emit("spawn", token=f"dead_{seat}", kind="marker",
                  name={loc: self.words.get("narrate.character_died", loc, seat=self.namer.seat(seat, loc))
                        for loc in LOCALES},
                  position=self.room_position(room), color=seat)

    def monster_name(self, ev: dict) -> dict[str, str]:
        name = ((self.view.get("haunt") or {}).get("monster_names") or {}).get(ev.get("kind"))
        return name if isinstance(name, dict) else {loc: str(ev.get("kind")) for loc in LOCALES}

    def game_over(self, ev: dict, text: dict | None) -> None:
        winners = winning_seats(self.view, ev.get("winner"))
        self.emit("game_over", winners=winners, side=ev.get("winner"), scores=None,
                  text=text or {loc: "" for loc in LOCALES})


def winning_seats(view: dict, side: str | None) -> list[str]:
    """The seats on the winning side: the traitor, or everyone else (R-HAUNT-10)."""
    traitor = (view.get("haunt") or {}).get("traitor")
    seats = [s for s in view.get("seats") or [] if s in (view.get("players") or {})]
    if side == "traitor":
        return [traitor] if traitor else []
    if side == "heroes":
        return [s for s in seats if s != traitor]
    return []


def build(events: list[dict], table: TableView, version: int, texts: list[dict | None],
          namer: Namer | None = None) -> list[dict]:
    """The instructions of one accepted action, in order; `texts` are the
    events' narrations (one per event, or None)."""
    b = Builder(table, version, namer)
    for ev, text in zip(events, texts):
        b.event(ev, text)
    return b.ops.out


def layout(table: TableView, version: int) -> list[dict]:
    """Every instruction that lays the whole table out as the view has it:
    what the Lua applies after a `sync`, a gap in the versions or a reload
    (docs/PROTOCOL.md, `GET /state`). No narration and no dice, so applying
    it twice changes nothing; a pending question is asked again, because a
    reload loses the dialog that showed it."""
    b = Builder(table, version)
    v = b.view
    for room, tile in sorted((v.get("tiles") or {}).items()):
        b.tile(room, tile[0], tile[1], tile[2], tile[3])
    for seat, p in (v.get("players") or {}).items():
        if p.get("character"):
            b.all_traits(seat)
        if p.get("room"):
            b.figure(seat, p["room"])
        for card in list(p.get("held") or []) + list(p.get("kept") or []):
            b.move_card(card, {"seat": seat})
    for room, cards in (v.get("floor_items") or {}).items():
        for card in cards or []:
            b.to_room(card, room)
    for deck, cards in (v.get("discards") or {}).items():
        if isinstance(cards, list):
            for card in cards:
                b.to_discard(card, deck)
    for seat, p in (v.get("players") or {}).items():
        if p.get("alive") is False and p.get("room") and not p.get("escaped"):
            b.dead_marker(seat, p["room"])
    haunt = v.get("haunt") or {}
    for m in haunt.get("monsters") or []:
        b.emit("spawn", token=m["id"], kind="monster", name=b.monster_name(m), color=None,
               position=b.figure_position(m.get("room"), MONSTER_RING + b.monster_index(m["id"])))
        b.emit("flip", token=m["id"], face_up=not m.get("stunned"))
    if haunt:
        b.track(haunt.get("track", 0))
        _haunt.layout(b, table)
    b.counter(v.get("omen_count", 0))
    order, turn_i = v.get("order") or [], v.get("turn_i")
    if isinstance(turn_i, int) and 0 <= turn_i < len(order) and v.get("phase") in ("explore", "haunt"):
        b.emit("mark_turn", seat=order[turn_i], turn=v.get("turn_n"), phase=v.get("phase"))
    pending = v.get("pending")
    if isinstance(pending, dict) and pending.get("seat"):
        b.ask({"type": "prompt", **pending})
    return b.ops.out
