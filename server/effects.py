"""Engine events → table instructions for the Lua (docs/PROTOCOL.md).

The Lua holds no rules and no content: every GUID, CardID and world position
it needs is looked up here in the `tts` section of the compiled content
(docs/ARCHITECTURE.md, "The tts section"). Without that section (content
compiled but no save built yet) the same effects come out with null GUIDs
and positions, so the rules still play and the chat still narrates.
"""
from __future__ import annotations

import math
from typing import Any

from . import narrate

FIGURE_LIFT = 0.6   # figures stand on the tile, not inside it


def _tts(content: dict) -> dict:
    return (content or {}).get("tts") or {}


def tile_of(state: dict, room: str) -> dict | None:
    """The placed tile of `room` as {floor, x, y, rotation}; the state keeps
    `tiles` as {room: [floor, x, y, quarter turns]}."""
    tiles = (state or {}).get("tiles") or {}
    tile = tiles.get(room) if isinstance(tiles, dict) else None
    if isinstance(tile, (list, tuple)) and len(tile) >= 3:
        return {"floor": tile[0], "x": tile[1], "y": tile[2], "rotation": tile[3] if len(tile) > 3 else 0}
    return tile if isinstance(tile, dict) else None


def degrees(rotation) -> int:
    """Events give quarter turns (0–3); the table wants degrees. 90/180/270
    never collide with 1–3, so degrees pass through unchanged."""
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


class _Builder:
    def __init__(self, state: dict, content: dict, version: int):
        self.state = state or {}
        self.content = content or {}
        self.tts = _tts(content)
        self.version = version
        self.out: list[dict] = []

    def emit(self, op: str, **fields) -> None:
        self.out.append({"op": op, **fields, "version": self.version, "seq": len(self.out)})

    # -- lookups ----------------------------------------------------------
    def player(self, seat: str) -> dict:
        players = self.state.get("players") or {}
        p = players.get(seat) if isinstance(players, dict) else None
        return p if isinstance(p, dict) else {}

    def char_tts(self, seat: str) -> tuple[str | None, dict]:
        cid = self.player(seat).get("character")
        return cid, (self.tts.get("characters") or {}).get(cid) or {}

    def room_position(self, room: str) -> dict | None:
        tile = tile_of(self.state, room)
        if tile is None:
            return None
        return cell_position(self.tts, tile.get("floor"), tile.get("x", 0), tile.get("y", 0))

    def figure_position(self, room: str, index: int) -> dict | None:
        pos = self.room_position(room)
        if pos is None:
            return None
        dx, dz = _slot_offset(index, (self.tts.get("tile") or {}).get("pitch", 0))
        return {"x": round(pos["x"] + dx, 3), "y": round(pos["y"] + FIGURE_LIFT, 3), "z": round(pos["z"] + dz, 3)}

    def seat_index(self, seat: str) -> int:
        seats = self.state.get("seats")
        order = list(seats) if isinstance(seats, (list, dict)) else []
        return order.index(seat) if seat in order else 0

    def monsters(self) -> list[dict]:
        return [m for m in ((self.state.get("haunt") or {}).get("monsters") or []) if isinstance(m, dict)]

    def monster_index(self, monster: str) -> int:
        ids = [m.get("id") for m in self.monsters()]
        return ids.index(monster) if monster in ids else 0

    def card(self, card: str) -> dict:
        return (self.tts.get("cards") or {}).get(card) or {}

    def deck(self, deck: str) -> dict:
        return (self.tts.get("decks") or {}).get(deck) or {}

    # -- events -----------------------------------------------------------
    def tile(self, ev: dict) -> None:
        room = ev["room"]
        rooms = self.tts.get("rooms") or {}
        info = rooms.get(room) or {}
        rotation = degrees(ev.get("rotation"))
        offset = (self.tts.get("tile") or {}).get("rotation_offset", 0)
        self.emit("place_tile", room=room, guid=info.get("guid"),
                  bag=None if info.get("start") else self.tts.get("room_bag"),
                  floor=ev.get("floor"), cell={"x": ev.get("x"), "y": ev.get("y")}, rotation=rotation,
                  position=cell_position(self.tts, ev.get("floor"), ev.get("x", 0), ev.get("y", 0)),
                  rot_y=(offset + rotation) % 360)

    def figure(self, ev: dict) -> None:
        if "monster" in ev:
            self.emit("move_figure", figure=None, monster=ev["monster"], room=ev["room"],
                      position=self.figure_position(ev["room"], 5 + self.monster_index(ev["monster"])))
            return
        seat = ev.get("seat")
        _, ct = self.char_tts(seat)
        self.emit("move_figure", figure=ct.get("figurine"), seat=seat, room=ev["room"],
                  position=self.figure_position(ev["room"], self.seat_index(seat)))

    def trait(self, seat: str, trait: str, index: int, value: Any) -> None:
        cid, ct = self.char_tts(seat)
        slots = (ct.get("slots") or {}).get(trait) or []
        slot = index + 1
        self.emit("set_trait", seat=seat, character=cid, trait=trait, index=index, value=value,
                  board=ct.get("board"), clip=(ct.get("clips") or {}).get(trait),
                  offset=slots[slot] if 0 <= slot < len(slots) else None)

    def all_traits(self, seat: str) -> None:
        """A freshly chosen character's clips go to their start values."""
        p = self.player(seat)
        traits = p.get("traits") or {}
        cid = p.get("character")
        side = p.get("side", 0)
        try:
            tracks = self.content["characters"][cid]["sides"][int(side)]["traits"]
        except (KeyError, IndexError, TypeError, ValueError):
            tracks = {}
        for trait, index in traits.items():
            if isinstance(index, dict):
                index = index.get("index", 0)
            track = (tracks.get(trait) or {}).get("track") or []
            value = track[index] if isinstance(index, int) and 0 <= index < len(track) else None
            self.trait(seat, trait, index, value)

    def deal(self, ev: dict) -> None:
        c, d = self.card(ev["card"]), self.deck(ev.get("deck"))
        self.emit("deal_card", card=ev["card"], deck=ev.get("deck"), deck_guid=d.get("guid"),
                  card_id=c.get("card_id"), guid=c.get("guid"), to_seat=ev.get("seat"),
                  hand=self.hand(ev.get("seat")))

    def hand(self, seat: str | None) -> str | None:
        return (self.tts.get("hands") or {}).get(seat)

    def move_card(self, card: str, to: dict) -> None:
        if "seat" in to:
            to = {**to, "hand": self.hand(to["seat"])}
        c = self.card(card)
        self.emit("move_card", card=card, card_id=c.get("card_id"), guid=c.get("guid"), to=to)

    def dice(self, ev: dict) -> None:
        guids = self.tts.get("dice") or []
        faces = ev.get("faces") or []
        purpose = ev.get("purpose")
        self.emit("show_dice", seat=ev.get("seat") or ev.get("monster"), dice=guids[:len(faces)], faces=faces,
                  total=ev.get("total"), purpose=purpose, tray=self.tts.get("dice_tray"))

    def prompt(self, ev: dict) -> None:
        options = ev.get("options")
        if ev.get("kind") == "rotation":
            options = [{"label": {"zh-Hans": f"旋转{r * 90 if r < 4 else r}°", "zh-Hant": f"旋轉{r * 90 if r < 4 else r}°",
                                  "en": f"rotate {r * 90 if r < 4 else r}°"},
                        "action": "place_tile", "args": {"rotation": r}} for r in ev.get("rotations") or []]
        elif ev.get("kind") == "roll":
            options = [{"label": {"zh-Hans": "掷骰", "zh-Hant": "擲骰", "en": "Roll"}, "action": "roll", "args": {}}]
        elif ev.get("kind") == "choice":
            options = [{"label": _label(o), "action": "choose", "args": {"option": _value(o)}} for o in options or []]
        else:  # damage: the split is free-form, the Lua asks step by step
            options = []
        fields = {k: v for k, v in ev.items() if k not in ("type", "seat", "kind", "options", "rotations")}
        # The traits the prompt names, in every locale (the content's terms), for its title and
        # the damage split's buttons: the Lua keeps no game words of its own.
        traits = [ev["trait"]] if isinstance(ev.get("trait"), str) else [t for t in ev.get("traits") or []
                                                                         if isinstance(t, str)]
        terms = self.content.get("terms") or {}
        if traits:
            fields["trait_names"] = {t: terms[t] for t in traits if t in terms}
        self.emit("prompt", seat=ev.get("seat"), prompt=ev.get("kind"), options=options, **fields)

    def run(self, events: list[dict], texts: list[dict | None]) -> list[dict]:
        for ev, text in zip(events, texts):
            kind = ev.get("type")
            if kind in ("tile_placed", "tile_moved"):
                self.tile(ev)
            elif kind == "figure_moved":
                self.figure(ev)
            elif kind == "character_chosen":
                self.all_traits(ev["seat"])
            elif kind == "game_started":
                for seat in ev.get("order") or []:
                    self.all_traits(seat)
                    room = self.player(seat).get("room")
                    if room:
                        self.figure({"seat": seat, "room": room})
            elif kind == "turn_began":
                self.emit("mark_turn", seat=ev.get("seat"), turn=ev.get("turn"), phase=self.state.get("phase"))
            elif kind == "card_drawn":
                self.deal(ev)
            elif kind == "card_discarded":
                d = self.deck(ev.get("deck"))
                self.move_card(ev["card"], {"discard": ev.get("deck"), "position": d.get("discard")})
            elif kind == "item_dropped":
                self.move_card(ev["card"], {"room": ev.get("room"), "position": self.room_position(ev.get("room"))})
            elif kind == "item_picked_up":
                self.move_card(ev["card"], {"seat": ev.get("seat")})
            elif kind in ("item_given", "item_stolen"):
                self.move_card(ev["card"], {"seat": ev.get("to")})
            elif kind == "dice_rolled":
                self.dice(ev)
            elif kind == "trait_changed":
                self.trait(ev["seat"], ev["trait"], ev.get("index", 0), ev.get("value"))
            elif kind == "omen_count":
                self.emit("set_counter", counter="omen", guid=self.tts.get("omen_counter"), value=ev.get("count"))
            elif kind == "track_advanced":
                track = self.tts.get("track") or {}
                slots = track.get("slots") or []
                slot = ev.get("value", 0)
                self.emit("set_track", guid=track.get("guid"), clip=track.get("clip"), slot=slot,
                          offset=slots[slot] if isinstance(slot, int) and 0 <= slot < len(slots) else None)
            elif kind == "prompt":
                self.prompt(ev)
            elif kind == "monster_placed":
                self.emit("spawn_token", token=ev["monster"], kind="monster", name=_monster_name(self.state, ev),
                          room=ev.get("room"), color=None,
                          position=self.figure_position(ev.get("room"), 5 + self.monster_index(ev["monster"])))
            elif kind in ("monster_stunned", "monster_recovered"):
                self.emit("flip_token", token=ev["monster"], face_up=kind == "monster_recovered")
            elif kind == "character_died":
                self.emit("spawn_token", token=f"dead_{ev['seat']}", kind="marker",
                          name=narrate.message({"type": "character_died", "seat": ev["seat"]}, self.content, self.state),
                          room=ev.get("room"), position=self.room_position(ev.get("room")), color=ev["seat"])
            elif kind == "game_over":
                self.emit("game_over", winner=ev.get("winner"), text=text)
            if text and kind != "game_over":
                self.emit("broadcast", text=text, to=None, color=None)
        return self.out


def _label(option: Any) -> dict:
    if isinstance(option, dict):
        label = option.get("label")
        if isinstance(label, dict):
            return label
        if label is not None:
            return {"zh-Hans": str(label), "zh-Hant": str(label), "en": str(label)}
        option = option.get("value", option)
    return {"zh-Hans": str(option), "zh-Hant": str(option), "en": str(option)}


def _value(option: Any) -> Any:
    if isinstance(option, dict) and "value" in option:
        return option["value"]
    return option


def _monster_name(state: dict, ev: dict) -> dict:
    kind = ev.get("kind")
    spec = (state.get("haunt") or {}).get("spec") or {}
    for m in spec.get("monsters") or []:
        if isinstance(m, dict) and m.get("id") == kind and isinstance(m.get("name"), dict):
            return m["name"]
    return {"zh-Hans": str(kind), "zh-Hant": str(kind), "en": str(kind)}


def build(events: list[dict], state: dict, content: dict, version: int,
          texts: list[dict | None] | None = None) -> list[dict]:
    """The effects of one accepted action (version `version`), in order.
    `texts` are the events' narrations (narrate.per_event), if already made."""
    if texts is None:
        texts = narrate.per_event(events, content, state)
    return _Builder(state, content, version).run(events, texts)


def layout(state: dict, content: dict, version: int) -> list[dict]:
    """Every instruction that lays the whole table out as `state` has it: what
    the Lua applies after a `sync` effect, a gap in the event numbers or a
    reload (docs/PROTOCOL.md, `GET /state`). No narration and no dice, so
    applying it twice changes nothing; a pending prompt is asked again,
    because a reload loses the dialog that showed it."""
    state = state or {}
    b = _Builder(state, content, version)
    for room in sorted(state.get("tiles") or {}):
        tile = tile_of(state, room)
        if tile is not None:
            b.tile({"room": room, **tile})
    players = state.get("players") if isinstance(state.get("players"), dict) else {}
    for seat, p in players.items():
        if not isinstance(p, dict):
            continue
        if p.get("character"):
            b.all_traits(seat)
        if p.get("room"):
            b.figure({"seat": seat, "room": p["room"]})
        for card in list(p.get("held") or []) + list(p.get("kept") or []):
            if isinstance(card, str):
                b.move_card(card, {"seat": seat})
    for room, cards in (state.get("floor_items") or {}).items():
        for card in cards or []:
            b.move_card(card, {"room": room, "position": b.room_position(room)})
    for deck, cards in (state.get("discards") or {}).items():
        for card in cards or []:
            if deck != "room" and isinstance(card, str):
                b.move_card(card, {"discard": deck, "position": b.deck(deck).get("discard")})
    b.emit("set_counter", counter="omen", guid=b.tts.get("omen_counter"), value=state.get("omen_count", 0))
    order, turn_i = state.get("order") or [], state.get("turn_i")
    if isinstance(turn_i, int) and 0 <= turn_i < len(order) and state.get("phase") in ("explore", "haunt"):
        b.emit("mark_turn", seat=order[turn_i], turn=state.get("turn_n"), phase=state.get("phase"))
    pending = state.get("pending")
    if isinstance(pending, dict) and pending.get("seat"):
        b.prompt({"type": "prompt", **{k: v for k, v in pending.items() if k not in ("then", "outcomes", "for")}})
    return b.out
