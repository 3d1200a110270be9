"""Using, giving, dropping and picking up items and omens (R-ITEM, R-CARD-2/5)."""
from __future__ import annotations

from .cards import release, take
from .effects import choice, op, push
from .text import refuse


def _fresh(state, card):
    if card in state["turn"]["items"]:
        raise refuse("R-ITEM-1", "item_acted")


def _held(state, seat, card):
    if card not in state["players"][seat]["held"]:
        raise refuse("R-ITEM-1", "not_held")


def use(state: dict, seat: str, args: dict, events: list) -> None:
    card = args.get("card")
    _held(state, seat, card)
    c = state["rules"]["cards"][card]
    if not c["use"]:
        raise refuse("R-CARD-5" if c["weapon"] else "R-ITEM-2",
                     "weapon_only_attack" if c["weapon"] else "not_usable")
    _fresh(state, card)
    state["turn"]["items"][card] = "use"
    events.append({"type": "item_used", "seat": seat, "card": card, "room": state["players"][seat]["room"]})
    tail = [{"op": "_discard", "card": card}] if c["discard_after_use"] else []   # R-AUTH-2
    push(state, seat, c["use"] + tail)


def receiver(state: dict, seat: str, to) -> None:
    """Who may be handed a card or a token (R-ITEM-3): another living seat
    standing in the giver's room."""
    other = state["players"].get(to)
    if other is None or to == seat or not other["alive"]:
        raise refuse("BAD-ARGS", "bad_args", 400, what="to")
    if other["room"] != state["players"][seat]["room"]:
        raise refuse("R-ITEM-3", "not_same_room")


def give(state: dict, seat: str, args: dict, events: list) -> None:
    card, to = args.get("card"), args.get("to")
    _held(state, seat, card)
    if not state["rules"]["cards"][card]["tradeable"]:
        raise refuse("R-ITEM-5", "not_tradeable")
    _fresh(state, card)
    receiver(state, seat, to)
    state["turn"]["items"][card] = "give"
    gift = {"from": seat, "to": to, "card": card}
    choice(state, to, {"accept": [{"op": "_give", **gift}], "refuse": [{"op": "_refuse_gift", **gift}]},
           events, "gift", source=card)


@op("_give")
def _give(state, rng, seat, s, events):
    if s["card"] in state["players"][s["from"]]["held"]:
        release(state, s["from"], s["card"], events)
        take(state, s["to"], s["card"], events)
        events.append({"type": "item_given", "from": s["from"], "to": s["to"], "card": s["card"]})


@op("_refuse_gift")
def _refuse_gift(state, rng, seat, s, events):
    events.append({"type": "gift_refused", "from": s["from"], "to": s["to"], "card": s["card"]})


def item_list(args):
    cards = args.get("cards")
    if isinstance(cards, str):
        cards = [cards]
    if not cards or not isinstance(cards, list) or len(set(cards)) != len(cards):
        raise refuse("BAD-ARGS", "bad_args", 400, what="cards")
    return cards


def drop(state: dict, seat: str, args: dict, events: list) -> None:
    cards = item_list(args)
    rules = state["rules"]["cards"]
    for card in cards:
        _held(state, seat, card)
        if not rules[card]["droppable"]:
            raise refuse("R-ITEM-5", "not_droppable")
        _fresh(state, card)
    room = state["players"][seat]["room"]
    pile = state["floor_items"].setdefault(room, [])
    for card in cards:
        state["turn"]["items"][card] = "drop"
        release(state, seat, card, events)
        pile.append(card)
        events.append({"type": "item_dropped", "seat": seat, "card": card, "room": room})


def pick_up(state: dict, seat: str, args: dict, events: list) -> None:
    cards = item_list(args)
    room = state["players"][seat]["room"]
    pile = state["floor_items"].get(room, [])
    for card in cards:
        if card not in pile:
            raise refuse("R-ITEM-3", "not_on_floor")
        _fresh(state, card)
    for card in cards:
        state["turn"]["items"][card] = "pick_up"
        pile.remove(card)
        take(state, seat, card, events)
        events.append({"type": "item_picked_up", "seat": seat, "card": card, "room": room})
