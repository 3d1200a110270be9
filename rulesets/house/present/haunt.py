"""The haunt at the table: what the presenter adds for the events the haunt
emits (docs/rulesets/haunts.md, "Events the haunt adds").

As the haunt begins everyone reads its title, who the traitor is (unless
hidden), its intro and the new turn order (R-HAUNT-8); the setup is laid
out (rooms and monsters by the general handlers, tokens and placed items
here); each side's book goes to a `show_text` instruction visible to that
side's seats only (R-HAUNT-7). Tokens lie on the floor of their room, and a
held token stands beside its holder's figure and follows it.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kit.words import LOCALES

from . import reading

if TYPE_CHECKING:
    from .ops import Builder

TOKEN_LIFT = 0.3
HELD = (0.7, 0.4, -0.5)     # a held token: beside its holder's figure (dx, dy, dz)
EVENTS = ("haunt_began", "traitor_chosen", "haunt_book", "token_placed", "token_picked_up", "token_dropped",
          "token_given", "item_placed", "hero_escaped", "monster_destroyed")


def haunt(b: "Builder") -> dict:
    return b.view.get("haunt") or {}


def tokens(b: "Builder") -> dict:
    return haunt(b).get("tokens") or {}


def token_name(b: "Builder", tid: str) -> dict[str, str]:
    return {loc: b.namer.token(tid, loc) for loc in LOCALES}


def floor_position(b: "Builder", room: str | None, tid: str) -> dict | None:
    """A token on a room's floor: on an outer ring, apart from the figures."""
    pos = b.room_position(room) if room else None
    if pos is None:
        return None
    order = sorted(tokens(b)) or [tid]
    i = order.index(tid) if tid in order else 0
    radius = (b.tts.get("tile") or {}).get("pitch", 0) * 0.38
    angle = math.radians(20 + 40 * i)
    return {"x": round(pos["x"] + radius * math.sin(angle), 3), "y": round(pos["y"] + TOKEN_LIFT, 3),
            "z": round(pos["z"] + radius * math.cos(angle), 3)}


def held_position(b: "Builder", seat: str, room: str | None) -> dict | None:
    pos = b.figure_position(room, b.seat_index(seat)) if room else None
    if pos is None:
        return None
    return {"x": round(pos["x"] + HELD[0], 3), "y": round(pos["y"] + HELD[1], 3), "z": round(pos["z"] + HELD[2], 3)}


def spawn_token(b: "Builder", tid: str, position: dict | None) -> None:
    b.emit("spawn", token=tid, kind="token", name=token_name(b, tid), position=position, color=None)


def move_token(b: "Builder", tid: str, position: dict | None) -> None:
    b.emit("move", piece=tid, guid=None, token=tid, position=position)


def follow(b: "Builder", seat: str, room: str) -> None:
    """The tokens `seat` holds go where its figure went."""
    for tid, tok in sorted(tokens(b).items()):
        if tok.get("holder") == seat:
            move_token(b, tid, held_position(b, seat, room))


def say(b: "Builder", text: dict | None, to: list[str] | None = None) -> None:
    if text and any(text.values()):
        b.emit("say", to, text=text, to=to, color=None)


def intro(b: "Builder") -> dict[str, str]:
    paras = reading.paragraphs(haunt(b).get("intro"), b.namer)
    return {loc: "\n".join(paras[loc]) for loc in LOCALES}


def order(b: "Builder", seats: list) -> dict[str, str]:
    sep = {loc: b.words.get("haunt.order_sep", loc) for loc in LOCALES}
    names = {loc: [b.words.get("haunt.monsters", loc) if s == "monsters" else b.namer.seat(s, loc) for s in seats]
             for loc in LOCALES}
    return {loc: b.words.get("haunt.order", loc, order=sep[loc].join(names[loc])) for loc in LOCALES}


def began(b: "Builder", ev: dict, text: dict | None) -> None:
    """The title and the traitor (the narration), the intro, the turn
    order, the clock at its start; the books and the setup follow as their
    own events."""
    say(b, text)
    say(b, intro(b))
    say(b, order(b, list(ev.get("order") or [])))
    b.track(0)


def book(b: "Builder", ev: dict) -> None:
    """R-HAUNT-7: the side's book to the seats of that side only."""
    h = haunt(b)
    shown = reading.book_text(h, ev.get("side"), ev.get("book"), b.namer)
    b.emit("show_text", ev.get("visible_to"), panel="book", title=shown["title"], paragraphs=shown["paragraphs"])


def event(b: "Builder", ev: dict, text: dict | None) -> None:
    kind = ev.get("type")
    if kind == "haunt_began":
        began(b, ev, text)
        return
    if kind == "traitor_chosen":
        seat = ev.get("seat")
        say(b, b.words.text("haunt.you_are_the_traitor"), [seat] if seat else None)
    elif kind == "haunt_book":
        book(b, ev)
    elif kind == "token_placed":
        spawn_token(b, ev["token"], floor_position(b, ev.get("room"), ev["token"]))
    elif kind == "token_picked_up":
        move_token(b, ev["token"], held_position(b, ev.get("seat"), ev.get("room")))
    elif kind == "token_dropped":
        move_token(b, ev["token"], floor_position(b, ev.get("room"), ev["token"]))
    elif kind == "token_given":
        to = ev.get("to")
        move_token(b, ev["token"], held_position(b, to, b.player(to).get("room")))
    elif kind == "item_placed":
        if ev.get("seat"):
            b.move_card(ev["card"], {"seat": ev["seat"]})
        else:
            b.to_room(ev["card"], ev.get("room"))
    elif kind == "hero_escaped":
        for tid, tok in sorted(tokens(b).items()):      # what it holds leaves with it
            if tok.get("holder") == ev.get("seat"):
                b.emit("remove", token=tid)
    elif kind == "monster_destroyed":
        b.emit("remove", token=ev["monster"])
    say(b, text)


def layout(b: "Builder", table) -> None:
    """The haunt's part of a full layout: the tokens where they are (those
    an escaped hero took are gone), and each seat's book to that seat."""
    h = haunt(b)
    if not h:
        return
    players = b.view.get("players") or {}
    for tid, tok in sorted(tokens(b).items()):
        holder = tok.get("holder")
        if holder is None:
            spawn_token(b, tid, floor_position(b, tok.get("room"), tid))
        elif holder not in (h.get("escaped") or []):
            spawn_token(b, tid, held_position(b, holder, (players.get(holder) or {}).get("room")))
    for seat in b.view.get("seats") or []:
        if seat in players:
            shown = reading.page(table, seat)
            if shown is not None:
                b.emit("show_text", [seat], panel="book", title=shown["title"], paragraphs=shown["paragraphs"])

