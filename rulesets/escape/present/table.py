"""Where every piece of escape's table lies, read from the engine's views
and the table section (`table.tts`), and the instructions that put it there.

Each card, token and counter has one place in a view: a hand (hidden: only
its holder's view shows it), a deck, a discard pile, an equipment place, a
character card, a stack of revelations, the column. An answer moves exactly
the pieces whose place differs between the table before the action and
after it (`TableView.before`); laying the table out from scratch puts every
piece that has left its deck. An instruction that puts a card into a hand,
or takes it out of one into a deck, carries the holders as `visible_to`,
so no other seat learns which card it was.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from kit.ops import Ops

TOKEN_NUMBER = re.compile(r"(\d+)$")


@dataclass(frozen=True)
class Loc:
    place: str               # hand, deck, discard, equipment, character, revelation, spot, stairs,
    owner: str | None = None  # resolving, infected, hit · slot, token_spot, supply, pool
    index: int = 0


# -- where each piece is ---------------------------------------------------------------
def card_places(table) -> dict[str, Loc]:
    """Every card out of its deck → its place (hands from the holders' views)."""
    v = table.public
    out: dict[str, Loc] = {}

    def put(cards, place, owner=None):
        for i, c in enumerate(cards or ()):
            out[c] = Loc(place, owner, i)

    for seat, p in v["players"].items():
        if p.get("character"):
            out[p["character"]] = Loc("character", seat)
        put(p.get("equipment"), "equipment", seat)
        put(p.get("revelations"), "revelation", seat)
    for spot, pile in v["spots"].items():
        put(pile, "spot", spot)
    put(v["stairs"], "stairs")
    for deck, pile in v["discards"].items():
        put(pile, "discard", deck)
    put(v["out"], "discard", "infected")
    put(v["resolving"], "resolving")
    for member, inf in v["infected"].items():
        if inf.get("card"):
            out[inf["card"]] = Loc("infected", member)
        put(inf.get("hits"), "hit", member)
    for seat, p in v["players"].items():
        if p.get("hand_size"):
            for c in table.of(seat)["players"][seat].get("hand", ()):
                out[c] = Loc("hand", seat)          # one place: the hand orders itself
    pd = v.get("pending")
    if pd and (pd["kind"] == "keep" or pd.get("purpose") == "scout"):
        own = table.of(pd["seat"])["pending"] or {}
        for c in own.get("cards") or own.get("options") or ():
            out[c] = Loc("hand", pd["seat"])        # handed on, or scouted: in the asked seat's hand
    return out


def token_index(member: str, pool: int) -> int:
    m = TOKEN_NUMBER.search(member)
    return (int(m.group(1)) - 1) % pool if m else 0


def token_places(table) -> dict[str, tuple[str, Loc]]:
    """Token GUID → (the piece it stands for, its place)."""
    v, tts = table.public, table.tts
    seat_of = {p["character"]: s for s, p in v["players"].items() if p.get("character")}
    col = v["column"]
    out: dict[str, tuple[str, Loc]] = {}
    for cid, guid in (tts.get("tokens") or {}).items():
        seat = seat_of.get(cid)
        if seat is None:
            out[guid] = (cid, Loc("supply", cid))
        elif seat in col:
            out[guid] = (cid, Loc("slot", None, col.index(seat)))
        else:
            out[guid] = (cid, Loc("token_spot", seat))
    pool = tts.get("infected_tokens") or []
    for i, member in enumerate(col):
        inf = v["infected"].get(member)
        if pool and inf is not None and inf.get("seat") is None:
            out[pool[token_index(member, len(pool))]] = (member, Loc("slot", None, i))
    for k, guid in enumerate(pool):
        out.setdefault(guid, (f"infected.{k}", Loc("pool", None, k)))
    return out


def counter_values(table) -> dict[str, tuple[str, int]]:
    """Counter GUID → (its name, its value): fight VP while playing, the
    score at the end; stamina while a character has a stamina track."""
    v, seats = table.public, table.tts.get("seats") or {}
    result = v.get("result")
    out = {}
    for seat, p in v["players"].items():
        if seat not in seats or not p.get("character"):
            continue
        vp = (result.get("scores") or {}).get(seat, 0) if result else p.get("fight_vp", 0)
        stamina = p.get("stamina", 0) if p.get("status") in ("alive", "hidden", "dead") else 0
        counters = seats[seat]["counters"]
        out[counters["vp"]] = (f"{seat}.vp", int(vp))
        out[counters["stamina"]] = (f"{seat}.stamina", int(stamina))
    return out


# -- where a place is on the table ---------------------------------------------------------
def _plus(p: dict, off: dict, times: float = 1, lift: float = 0.0) -> dict:
    return {"x": round(p["x"] + off["x"] * times, 3), "y": round(p["y"] + lift, 3),
            "z": round(p["z"] + off["z"] * times, 3)}


def _nth(row: list[dict], step: dict, i: int) -> dict:
    return row[i] if i < len(row) else _plus(row[-1], step, i - len(row) + 1)


class Places:
    def __init__(self, table):
        self.tts = table.tts
        self.view = table.public
        self.lift = self.tts.get("pile_lift", 0.05)
        self.upright = self.tts.get("upright", 180)

    def seat(self, seat: str) -> dict:
        return self.tts["seats"][seat]

    def slot(self, i: int) -> dict:
        col = self.tts["column"]
        return _nth(col["slots"], col["step"], i)

    def infected_card(self, member: str) -> tuple[dict, float]:
        if member in self.tts.get("seats", {}) and member in self.view["players"]:
            s = self.seat(member)
            return _plus(s["character"], s["cascade"], 0, 0.2), s["rot_y"]
        col = self.view["column"]
        base = self.slot(col.index(member)) if member in col else self.tts["places"]["front"]
        return _plus(base, self.tts["infected_card"]), self.upright

    def card(self, loc: Loc) -> tuple[dict, bool, float]:
        """(position, face up, rot_y) of a card place other than a hand."""
        p, i, up = loc.place, loc.index, self.upright
        if p == "deck":
            return self.tts["decks"][loc.owner]["position"], False, up
        if p == "discard":
            return _plus(self.tts["decks"][loc.owner]["discard"], {"x": 0, "z": 0}, 0, self.lift * i), True, up
        if p in ("character", "equipment", "revelation"):
            s = self.seat(loc.owner)
            if p == "character":
                return s["character"], True, s["rot_y"]
            if p == "equipment":
                return _nth(s["equipment"], s["step"], i), True, s["rot_y"]
            return _plus(s["character"], s["cascade"], i + 1, self.lift * (i + 1)), True, s["rot_y"]
        if p == "spot":
            return _plus(self.tts["places"][loc.owner], self.tts["cascade"], i, self.lift * i), True, up
        if p in ("stairs", "resolving"):
            return _plus(self.tts["places"][p], self.tts["cascade"], i, self.lift * i), True, up
        if p == "infected":
            pos, rot = self.infected_card(loc.owner)
            return pos, True, rot
        if p == "hit":
            pos, rot = self.infected_card(loc.owner)
            return _plus(pos, self.tts["hit_cascade"], i + 1, self.lift * (i + 1)), True, rot
        raise ValueError(f"no table place for {loc}")

    def token(self, piece: str, loc: Loc) -> dict:
        if loc.place == "slot":
            return self.slot(loc.index)
        if loc.place == "token_spot":
            return self.seat(loc.owner)["token"]
        if loc.place == "supply":
            return self.tts["token_supply"][piece]
        return self.tts["infected_pool"][loc.index]


# -- the instructions ------------------------------------------------------------------------
def _audience(old: Loc | None, new: Loc) -> list[str] | None:
    """Who may see a card go from `old` to `new`: a hand's holder only."""
    seats = [loc.owner for loc in (old, new) if loc is not None and loc.place == "hand"]
    if not seats:
        return None
    if new.place == "hand" or (old is not None and old.place == "hand" and new.place == "deck"):
        return list(dict.fromkeys(seats))
    return None                      # out of a hand into the open: everyone sees it now


def _deck_of(tts: dict, card: str) -> Loc:
    return Loc("deck", tts["cards"][card]["deck"])


def place_cards(out: Ops, table, before) -> None:
    tts = table.tts
    if not tts.get("cards"):
        return
    now = card_places(table)
    was = card_places(before) if before is not None else None
    places = Places(table)
    for card, entry in tts["cards"].items():
        new = now.get(card) or _deck_of(tts, card)
        old = (was.get(card) or _deck_of(tts, card)) if was is not None else None
        if old == new or (old is None and new.place == "deck"):
            continue
        vis = _audience(old, new)
        base = {"card": card, "guid": entry["guid"], "card_id": entry["card_id"]}
        if new.place == "hand":
            hand = tts["seats"].get(new.owner, {}).get("hand")
            if old is not None and old.place == "deck":
                deck = tts["decks"][old.owner]
                out.emit("deal", visible_to=vis, **base, deck=old.owner, deck_guid=deck["guid"], seat=new.owner,
                         hand=hand)
            else:
                out.emit("move_card", visible_to=vis, **base, to={"seat": new.owner, "hand": hand})
            continue
        pos, face_up, rot = places.card(new)
        where = f"{new.place}:{new.owner}" if new.owner else new.place
        out.emit("move_card", visible_to=vis, **base,
                 to={"position": pos, "face_up": face_up, "place": where, "rot_y": rot})


def place_tokens(out: Ops, table, before) -> None:
    if not table.tts.get("tokens"):
        return
    now = token_places(table)
    was = token_places(before) if before is not None else {}
    places = Places(table)
    for guid, (piece, loc) in now.items():
        if was.get(guid) == (piece, loc) or (before is None and loc.place in ("supply", "pool")):
            continue
        out.emit("move", piece=piece, guid=guid, token=None, position=places.token(piece, loc))


def set_counters(out: Ops, table, before) -> None:
    was = counter_values(before) if before is not None else {}
    for guid, (name, value) in counter_values(table).items():
        if was.get(guid, (name, None))[1] != value:
            out.emit("set_counter", counter=name, guid=guid, value=value)


def place_all(out: Ops, table, before) -> None:
    """Every card, token and counter whose place changed since `before`
    (None: every piece not where the save starts it)."""
    place_cards(out, table, before)
    place_tokens(out, table, before)
    set_counters(out, table, before)
